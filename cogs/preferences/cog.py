"""`/preferences`: a player's own choices, everywhere: card pictures on or off (`pictures:`), and
whether they are mentioned when their turn comes at a server table, or the table names them to
deal the next round (`turn_pings:`), which a server's admins may also switch off for everyone there."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.ext import commands

from bot.i18n.text import Lines
from bot.i18n.text import Text
from bot.i18n.text import text
from cogs.language import private_words
from cogs.replies import Interaction
from cogs.replies import say

if TYPE_CHECKING:
    from bot.app import UnoBot

CHOICES = [
    app_commands.Choice(name="on", value="on"),
    app_commands.Choice(name="off (text only)", value="off"),
    app_commands.Choice(name="as the server says", value="server"),
]
SERVER_PINGS_OFF = text("This server has turn pings off, so you are not mentioned here whatever you choose.")
TURN_PING_CHOICES = [
    app_commands.Choice(name="on", value="on"),
    app_commands.Choice(name="off", value="off"),
]


class PreferencesCog(commands.Cog):
    def __init__(self, bot: UnoBot) -> None:
        self.bot = bot

    @app_commands.command(name="preferences", description="How the bot shows your games")
    @app_commands.describe(
        pictures="Card pictures with your hand and the table (the text always stays)",
        turn_pings="A message mentioning you when it is your turn or your deal (a server may turn them off)",
    )
    @app_commands.choices(pictures=CHOICES, turn_pings=TURN_PING_CHOICES)
    async def preferences(
        self, interaction: Interaction, pictures: str | None = None, turn_pings: str | None = None
    ) -> None:
        """Changes what is given and says where each choice given now stands (both, when
        nothing is given)."""
        user_id = interaction.user.id
        guild_id = interaction.guild.id if interaction.guild else None
        # Acknowledged before the store is asked: it may take longer than Discord's 3 seconds.
        await interaction.response.defer(ephemeral=True, thinking=True)
        said: list[Text] = []
        if pictures is not None or turn_pings is None:
            if pictures is not None:
                await self.bot.preferences.set_my_pictures(user_id, {"on": True, "off": False}.get(pictures))
            on = await self.bot.preferences.pictures_for(user_id, guild_id)
            said.append(_following_text(on, guild_id) if pictures == "server" else _pictures_text(on))
        if turn_pings is not None or pictures is None:
            if turn_pings is not None:
                await self.bot.preferences.set_my_turn_pings(user_id, turn_pings == "on")
            said.extend(await self._turn_pings_said(user_id, guild_id))
        await say(interaction, private_words(interaction)(Lines(tuple(said))))

    async def _turn_pings_said(self, user_id: int, guild_id: int | None) -> list[Text]:
        """The player's own choice, and, in a server that has turn pings off, that their "on"
        does nothing there."""
        preferences = self.bot.preferences
        said = [_turn_pings_text(await preferences.my_turn_pings(user_id))]
        if guild_id is not None and not await preferences.server_turn_pings(guild_id):
            said.append(SERVER_PINGS_OFF)
        return said


def _pictures_text(on: bool) -> Text:
    if on:
        return text("Card pictures are on. Change it with `/preferences pictures:`.")
    return text("Card pictures are off: you get text only. Change it with `/preferences pictures:`.")


def _following_text(on: bool, guild_id: int | None) -> Text:
    """`pictures:server` said back: the choice follows each server, and where it stands here."""
    if guild_id is None:
        return text(
            "Card pictures now follow each server's setting (on in DMs with the bot). "
            "Change it with `/preferences pictures:`."
        )
    if on:
        return text(
            "Card pictures now follow each server's setting: on in this server. "
            "Change it with `/preferences pictures:`."
        )
    return text(
        "Card pictures now follow each server's setting: off in this server. "
        "Change it with `/preferences pictures:`."
    )


def _turn_pings_text(on: bool) -> Text:
    if on:
        return text(
            "Turn pings are on: at a server table with other people, a short message mentions you "
            "when your turn comes, and between rounds when the table names you to deal. "
            "Change it with `/preferences turn_pings:`."
        )
    return text(
        "Turn pings are off: nobody mentions you when your turn comes or the table names you to deal; "
        "the table still shows whose turn it is and who deals. Change it with `/preferences turn_pings:`."
    )
