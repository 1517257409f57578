"""`/preferences pictures:` switches card pictures on or off for one player, everywhere."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.ext import commands

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


class PreferencesCog(commands.Cog):
    def __init__(self, bot: UnoBot) -> None:
        self.bot = bot

    @app_commands.command(name="preferences", description="How the bot shows your games")
    @app_commands.describe(pictures="Card pictures with your hand and the table (the text always stays)")
    @app_commands.choices(pictures=CHOICES)
    async def preferences(self, interaction: Interaction, pictures: str | None = None) -> None:
        user_id = interaction.user.id
        guild_id = interaction.guild.id if interaction.guild else None
        if pictures is not None:
            choice = {"on": True, "off": False}.get(pictures)
            await self.bot.preferences.set_my_pictures(user_id, choice)
        on = await self.bot.preferences.pictures_for(user_id, guild_id)
        said = (
            text("Card pictures are on. Change it with `/preferences pictures:`.")
            if on
            else text("Card pictures are off: you get text only. Change it with `/preferences pictures:`.")
        )
        await say(interaction, private_words(interaction)(said))
