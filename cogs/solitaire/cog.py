"""`/solitaire`: UNO Solitaire, solo, in a DM or privately in a server. Thin: the session decides."""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.tableau import TableauGame
from bot.games.tableau import hint
from bot.games.tableau import parse_action
from bot.games.tableau.actions import Place
from bot.games.tableau.actions import ToFoundation
from bot.i18n.text import Text
from bot.i18n.text import text
from bot.render.tableau_text import describe_events
from bot.render.tableau_text import slot_text
from bot.sessions.solo import SoloKind
from bot.sessions.solo import SoloSession
from cogs.guards import creates_something
from cogs.replies import game_group
from cogs.solitaire.render import HINT
from cogs.solitaire.render import VARIANT
from cogs.solitaire.render import solitaire_message
from cogs.solitaire.render import solitaire_picture
from cogs.solitaire.render import source_text
from cogs.solitaire.render import variant_label
from cogs.solo.front import SoloFront
from cogs.solo.replay import show_replay
from cogs.threads import THREAD_HELP

if TYPE_CHECKING:
    from bot.app import UnoBot

Interaction = discord.Interaction[Any]
KIND = "solitaire"


def load_tableau(data: dict[str, Any]) -> TableauGame:
    return TableauGame.from_json(data)


def hint_note(session: SoloSession) -> Text:
    """S-Hint: a legal move that does not lose at once (the planner's choice), in words."""
    game = session.game
    assert isinstance(game, TableauGame)
    action = hint(game)
    if action is None:
        return text("💡 Every move left loses: the game cannot be won from here.")
    view = game.view()
    if isinstance(action, ToFoundation):
        return text("💡 Hint: move {card} to its foundation.", card=source_text(view, action.source))
    if isinstance(action, Place):
        return text("💡 Hint: place the waste card in {slot}.", slot=slot_text(action.slot))
    return text("💡 Hint: draw.") if view.stock_size else text("💡 Hint: turn over the waste.")


GAME_NAME = text("UNO Solitaire")


class SolitaireCog(commands.Cog, name="Solitaire"):
    solitaire = game_group("solitaire", "UNO Solitaire: clear the tableau onto the foundations")

    def __init__(self, bot: UnoBot) -> None:
        self.bot = bot
        self.front = SoloFront(
            bot,
            SoloKind(
                name=KIND,
                title=GAME_NAME,
                parse=parse_action,
                load=load_tableau,
                command="/solitaire play",  # not shown to players
                describe=describe_events,
            ),
            solitaire_message,
            local_actions={HINT: hint_note},
            words_picture=solitaire_picture,
        )

    @solitaire.command(name="play", description="Play UNO Solitaire (privately when in a server)")
    @creates_something()
    @app_commands.describe(thread=THREAD_HELP)
    async def play(self, interaction: Interaction, thread: bool = False) -> None:
        await self.front.play(interaction, variant=VARIANT, build=TableauGame.new, thread=thread)

    @solitaire.command(name="stats", description="Games, wins and win streaks at UNO Solitaire")
    @app_commands.describe(user="Whose stats (default: yours)")
    async def stats(self, interaction: Interaction, user: discord.User | None = None) -> None:
        await self.front.show_stats(
            interaction, user, emoji="🃏", colour=discord.Colour.dark_teal(), label=variant_label
        )

    @solitaire.command(name="replay", description="One of your finished games again, move by move")
    @app_commands.describe(game="The game's number, as /solitaire stats lists it (default: pick one)")
    async def replay(
        self, interaction: Interaction, game: app_commands.Range[int, 1, 2**53] | None = None
    ) -> None:
        await show_replay(self.front, interaction, game, variant_label)
