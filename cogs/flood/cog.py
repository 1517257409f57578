"""`/flood`: Survive the Flood, solo, in a DM or privately in a server. Thin: the session decides."""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.errors import GameError
from bot.games.flood import Difficulty
from bot.games.flood import FloodGame
from bot.games.flood import FloodOptions
from bot.games.flood import parse_action
from bot.i18n.text import text
from bot.render.flood_text import describe_events
from bot.sessions.solo import SoloKind
from cogs.flood.render import HINT
from cogs.flood.render import VARIANTS
from cogs.flood.render import flood_game_picture
from cogs.flood.render import flood_message
from cogs.flood.render import hint_note
from cogs.flood.render import variant_label
from cogs.flood.render import variant_of
from cogs.flood.rules import rules_text
from cogs.guards import creates_something
from cogs.language import private_words
from cogs.limits import EMBED_DESCRIPTION
from cogs.limits import clip
from cogs.replies import game_group
from cogs.solo.front import SoloFront
from cogs.solo.replay import show_replay
from cogs.threads import THREAD_HELP

if TYPE_CHECKING:
    from bot.app import UnoBot

Interaction = discord.Interaction[Any]
KIND = "flood"
DIFFICULTY_CHOICES = [app_commands.Choice(name=d.value, value=d.value) for d in Difficulty]
DECK_CHOICES = [
    app_commands.Choice(name="UNO deck (108 cards)", value="uno"),
    app_commands.Choice(name="standard deck with jokers", value="standard"),
]


def load_flood(data: dict[str, Any]) -> FloodGame:
    return FloodGame.from_json(data)


# Survive the Flood as the sessions know it; the cog's front makes itself its presenter.
FLOOD = SoloKind(
    name=KIND,
    title=text("Survive the Flood"),
    parse=parse_action,
    load=load_flood,
    command="/flood play",  # not shown to players as words: a command
    describe=describe_events,
)


class FloodCog(commands.Cog, name="Flood"):
    flood = game_group("flood", "Survive the Flood: solo UNO where your hand must never run dry")

    def __init__(self, bot: UnoBot) -> None:
        self.bot = bot
        self.front = SoloFront(
            bot,
            FLOOD,
            flood_message,
            words_picture=flood_game_picture,
            local_actions={HINT: hint_note},
        )

    @flood.command(name="play", description="Play Survive the Flood (privately when in a server)")
    @creates_something()
    @app_commands.describe(
        difficulty="easy, medium, hard, master or master-inhand",
        deck="UNO deck or standard deck with jokers (default: UNO)",
        decks="Draw decks to survive (default and minimum: the difficulty's)",
        penalty_draws="Table rule: allow drawing while you could play, at a cost of 3 cards",
        thread=THREAD_HELP,
    )
    @app_commands.choices(difficulty=DIFFICULTY_CHOICES, deck=DECK_CHOICES)
    async def play(
        self,
        interaction: Interaction,
        difficulty: str,
        deck: str = "uno",
        decks: app_commands.Range[int, 1, 100] | None = None,
        penalty_draws: bool = False,
        thread: bool = False,
    ) -> None:
        try:
            options = FloodOptions.make(difficulty, deck, decks, penalty_draws)
        except GameError as refusal:
            words = private_words(interaction)
            await interaction.response.send_message(f"❌ {words(refusal.said)}", ephemeral=True)
            return
        await self.front.play(
            interaction,
            variant=variant_of(options.difficulty, options.deck),
            build=lambda seed: FloodGame.new(options, seed)[0],
            thread=thread,
        )

    @flood.command(name="rules", description="How Survive the Flood is played here")
    @app_commands.describe(difficulty="One difficulty in detail (default: all of them)")
    @app_commands.choices(difficulty=DIFFICULTY_CHOICES)
    async def rules(self, interaction: Interaction, difficulty: str | None = None) -> None:
        chosen = Difficulty(difficulty) if difficulty else None
        words = private_words(interaction)
        embed = discord.Embed(
            title=words(text("🌊 Survive the Flood: the rules")),
            description=clip(words(rules_text(chosen)), EMBED_DESCRIPTION),
            colour=discord.Colour.blue(),
        )
        await interaction.response.send_message(embed=embed, ephemeral=interaction.guild_id is not None)

    @flood.command(name="stats", description="Games, wins and win streaks per difficulty and deck")
    @app_commands.describe(user="Whose stats (default: yours)")
    async def stats(self, interaction: Interaction, user: discord.User | None = None) -> None:
        await self.front.show_stats(
            interaction,
            user,
            emoji="🌊",
            colour=discord.Colour.blue(),
            label=variant_label,
            variants=VARIANTS,
        )

    @flood.command(name="replay", description="One of your finished games again, move by move")
    @app_commands.describe(game="The game's number, as /flood stats lists it (default: pick one)")
    async def replay(
        self, interaction: Interaction, game: app_commands.Range[int, 1, 2**53] | None = None
    ) -> None:
        await show_replay(self.front, interaction, game, variant_label)
