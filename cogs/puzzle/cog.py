"""`/puzzle`: the daily chain, practice chains, the solver and the duel. Thin: the session and
the engines decide; this file turns commands into games and answers into messages."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from collections.abc import Callable
from datetime import UTC
from datetime import date
from datetime import datetime
from datetime import time
from datetime import timedelta
from typing import TYPE_CHECKING
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.puzzles import PRACTICE_SIZES
from bot.games.puzzles import ChainPuzzle
from bot.games.puzzles import DuelGame
from bot.games.puzzles import daily_puzzle
from bot.games.puzzles import parse_action
from bot.games.puzzles import practice_puzzle
from bot.games.puzzles.duel import HAND_SIZES
from bot.games.puzzles.generate import COUNT_CAP
from bot.games.puzzles.generate import COUNTED_SIZE
from bot.games.solver import BadHand
from bot.games.solver import SearchTooLong
from bot.games.solver import count_uno1_orders
from bot.games.solver import parse_hand
from bot.games.solver import solve_uno1
from bot.i18n.text import Text
from bot.i18n.text import text
from bot.i18n.words import Words
from bot.render.puzzle_text import HELP_TITLE
from bot.render.puzzle_text import describe_chain_events
from bot.render.puzzle_text import help_lines
from bot.render.puzzle_text import solve_answer_lines
from bot.sessions.records import PuzzleStats
from bot.sessions.solo import SoloEngine
from bot.sessions.solo import SoloKind
from bot.sessions.solo import SoloPhase
from bot.sessions.solo import SoloSession
from cogs.guards import creates_something
from cogs.language import private_words
from cogs.limits import EMBED_DESCRIPTION
from cogs.limits import HandText
from cogs.limits import clip
from cogs.puzzle.render import DUEL_COLOUR
from cogs.puzzle.render import GIVE_UP
from cogs.puzzle.render import PUZZLE_COLOUR
from cogs.puzzle.render import chain_game_picture
from cogs.puzzle.render import chain_message
from cogs.puzzle.render import daily_done_message
from cogs.puzzle.render import duel_game_picture
from cogs.puzzle.render import duel_message
from cogs.replies import game_group
from cogs.solo.front import Question
from cogs.solo.front import SoloFront

if TYPE_CHECKING:
    from bot.app import UnoBot

Interaction = discord.Interaction[Any]
DAILY, PRACTICE, DUEL = "puzzle-daily", "puzzle-practice", "puzzle-duel"
DEFAULT_PRACTICE_SIZE = 10
# What the paper's Theorem 3.3 gives (Solitaire Uno, rule P1, is NP-complete), said plainly.
TOO_HARD = text(
    "❔ I could not decide this hand within my search budget. The paper *The complexity of UNO* "
    "proves that telling whether a hand can be played as one chain is NP-complete: no method is "
    "known that answers quickly for every hand. This hand is one of the hard ones: try fewer cards."
)
RUNNING = text("Here is the one you are playing. Finish it, or press **Give up** to start another.")
DAILY_NAME = text("daily puzzle")
PRACTICE_NAME = text("practice puzzle")
DUEL_NAME = text("duel")
NOT_SOLVED = text("Give up this puzzle? It counts as not solved.")


DEFAULT_DUEL_SIZE = 7
FIRST_CHOICES = [
    app_commands.Choice(name="me", value="me"),
    app_commands.Choice(name="the bot", value="bot"),
]


def load_chain(data: dict[str, Any]) -> ChainPuzzle:
    return ChainPuzzle.from_json(data)


def load_duel(data: dict[str, Any]) -> DuelGame:
    return DuelGame.from_json(data)


def today() -> date:
    """The daily puzzle's date: UTC, on discord.utils' clock (SimCord's virtual one in tests)."""
    return discord.utils.utcnow().date()


def midnight_after(day: date) -> datetime:
    return datetime.combine(day + timedelta(days=1), time(), tzinfo=UTC)


class PuzzleFront(SoloFront):
    """A solo game's Discord side whose start may be refused once the command is acknowledged
    (the daily puzzle asks the store whether today's result is in)."""

    async def open(
        self,
        interaction: Interaction,
        *,
        variant: str,
        build: Callable[[int], SoloEngine],
        done: Callable[[Words], Awaitable[discord.Embed | None]] | None = None,
        running_note: Callable[[SoloSession], Text | str] | None = None,
    ) -> None:
        await interaction.response.defer(ephemeral=interaction.guild_id is not None, thinking=True)
        user = interaction.user
        running = self.bot.solo.of(user.id, self.kind.name)
        if running is not None:
            note = running_note(running) if running_note else ""
            await self._show_fresh(
                interaction,
                running,
                note or RUNNING,
            )
            return
        if done is not None:
            answer = await done(private_words(interaction))
            if answer is not None:
                await interaction.edit_original_response(embed=answer)
                return
        await self.start_new(interaction, variant=variant, build=build)


def _puzzle_day(game: Any) -> date | None:
    """The UTC day a daily puzzle counts for (a practice puzzle has none)."""
    assert isinstance(game, ChainPuzzle)
    return game.day


class PuzzleCog(commands.Cog, name="Puzzle"):
    puzzle = game_group("puzzle", "Puzzles from the paper 'The complexity of UNO': chains, a solver, duels")

    def __init__(self, bot: UnoBot) -> None:
        self.bot = bot
        self.daily_front = self._front(
            DAILY,
            DAILY_NAME,
            "/puzzle daily",  # not shown to players
            self._count_daily,
            self._daily_question,
        )
        self.practice_front = self._front(
            PRACTICE,
            PRACTICE_NAME,
            "/puzzle random",  # not shown to players
            self._count_practice,
            self._practice_question,
        )
        self.duel_front = PuzzleFront(
            bot,
            SoloKind(
                name=DUEL,
                title=DUEL_NAME,
                parse=parse_action,
                load=load_duel,
                command="/puzzle duel",  # not shown to players
                count=self._count_duel,
            ),
            duel_message,
            words_picture=duel_game_picture,
            resign_label=GIVE_UP,
            resign_question=self._duel_question,
        )

    def _front(
        self,
        name: str,
        title: Text,
        command: str,
        count: Callable[[SoloSession], Awaitable[Any]],
        question: Question,
    ) -> PuzzleFront:
        kind = SoloKind(
            name=name,
            title=title,
            parse=parse_action,
            load=load_chain,
            command=command,
            describe=describe_chain_events,
            count=count,
            puzzle_day=_puzzle_day,
        )
        return PuzzleFront(
            self.bot,
            kind,
            chain_message,
            words_picture=chain_game_picture,
            resign_label=GIVE_UP,
            resign_question=question,
        )

    # ------------------------------------------------------------------ counting results

    async def _count_daily(self, session: SoloSession) -> PuzzleStats | None:
        """A solved or given-up daily puzzle counts for its own date (even when finished after
        midnight); one left idle until it expired is not counted, so it can be played again."""
        game = session.game
        assert isinstance(game, ChainPuzzle)
        if session.phase is SoloPhase.EXPIRED or game.day is None:
            return None
        return await self.bot.records.count_daily_puzzle(
            session, game.day, solved=game.won, moves=game.plays, undos=game.undos
        )

    async def _count_practice(self, session: SoloSession) -> PuzzleStats | None:
        game = session.game
        assert isinstance(game, ChainPuzzle)
        if session.phase is SoloPhase.EXPIRED:
            return None
        return await self.bot.records.count_practice_puzzle(session, solved=game.won)

    async def _count_duel(self, session: SoloSession) -> None:
        """Duels are played for the fun of it: no record (and not a solo streak)."""
        return None

    # ------------------------------------------------------------------ what Give up asks first

    async def _daily_question(self, session: SoloSession) -> Text:
        """Giving up a day's puzzle ends the run of solved days before it, measured on its own
        day (one finished after midnight still counts for its day)."""
        game = session.game
        assert isinstance(game, ChainPuzzle)
        streak = 0
        if game.day is not None:
            streak = (await self.bot.records.puzzle_stats(session.user_id, today=game.day)).current_streak
        if streak:
            return text(
                "Give up this puzzle? It counts as not solved and ends your daily streak of {streak}.",
                streak=streak,
            )
        return NOT_SOLVED

    async def _practice_question(self, session: SoloSession) -> Text:
        return NOT_SOLVED

    async def _duel_question(self, session: SoloSession) -> Text:
        return text("Give up this duel? The bot wins it.")

    # ------------------------------------------------------------------ commands

    @puzzle.command(name="daily", description="Today's puzzle: play a hand as one chain (UTC day)")
    @creates_something()
    async def daily(self, interaction: Interaction) -> None:
        day = today()
        user_id = interaction.user.id

        async def done(words: Words) -> discord.Embed | None:
            solved = await self.bot.records.daily_puzzle_result(user_id, day)
            if solved is None:
                return None
            stats = await self.bot.records.puzzle_stats(user_id, today=day)
            solution = daily_puzzle(day).game(day).solution()
            return daily_done_message(day, solved, stats, solution, midnight_after(day), words)

        words = private_words(interaction)

        def running_note(session: SoloSession) -> Text | str:
            game = session.game
            assert isinstance(game, ChainPuzzle)
            if game.day is not None and game.day != day:
                return text(
                    "This is the puzzle of {day}, still open: finish it or give up before playing today's.",
                    day=words.long_day(game.day),
                )
            return ""

        await self.daily_front.open(
            interaction,
            variant="daily",
            build=lambda _seed: daily_puzzle(day).game(day),
            done=done,
            running_note=running_note,
        )

    @puzzle.command(name="random", description="A practice puzzle: a random hand to play as one chain")
    @creates_something()
    @app_commands.describe(
        size=f"How many cards ({PRACTICE_SIZES.start} to {PRACTICE_SIZES.stop - 1}, "
        f"default {DEFAULT_PRACTICE_SIZE})"
    )
    async def practice(
        self,
        interaction: Interaction,
        size: app_commands.Range[int, PRACTICE_SIZES.start, PRACTICE_SIZES.stop - 1] = DEFAULT_PRACTICE_SIZE,
    ) -> None:
        await self.practice_front.open(
            interaction,
            variant="practice",
            build=lambda seed: practice_puzzle(seed, size).game(),
        )

    @puzzle.command(name="duel", description="The open-hand duel against the bot, which plays perfectly")
    @creates_something()
    @app_commands.describe(
        cards=f"Cards in each hand ({HAND_SIZES.start} to {HAND_SIZES.stop - 1}, "
        f"default {DEFAULT_DUEL_SIZE})",
        first="Who opens",
    )
    @app_commands.choices(first=FIRST_CHOICES)
    async def duel(
        self,
        interaction: Interaction,
        cards: app_commands.Range[int, HAND_SIZES.start, HAND_SIZES.stop - 1] = DEFAULT_DUEL_SIZE,
        first: str = "me",
    ) -> None:
        await self.duel_front.open(
            interaction,
            variant="duel",
            build=lambda seed: DuelGame.new(seed, cards, player_starts=first != "bot"),
        )

    @puzzle.command(name="solve", description="Can this hand be played as one chain? The order, or why not")
    @app_commands.describe(cards="The cards, like R1 R5 B5 G5 (see /puzzle help)")
    async def solve(self, interaction: Interaction, cards: HandText) -> None:
        private = interaction.guild_id is not None
        words = private_words(interaction)
        try:
            hand = parse_hand(cards)
        except BadHand as refusal:
            await interaction.response.send_message(
                words(text("❌ {refusal}", refusal=refusal.said)), ephemeral=True
            )
            return
        await interaction.response.defer(ephemeral=private, thinking=True)
        # Off the event loop: a hard hand must not hold up every other game; and bounded, since a
        # hand built from a hard Hamiltonian path instance could otherwise keep a core busy.
        try:
            limit = self.bot.settings.puzzle_solve_max_steps
            answer = await asyncio.to_thread(solve_uno1, hand, max_steps=limit)
        except SearchTooLong:
            await interaction.followup.send(words(TOO_HARD))
            return
        chains = None
        if answer.playable and len(hand) <= COUNTED_SIZE:
            chains = await asyncio.to_thread(count_uno1_orders, hand, COUNT_CAP)
        embed = discord.Embed(
            title=words(text("🧩 Solitaire Uno solver")),
            description=clip(
                "\n".join(words(line) for line in solve_answer_lines(hand, answer, chains, COUNT_CAP)),
                EMBED_DESCRIPTION,
            ),
            colour=PUZZLE_COLOUR if answer.playable else discord.Colour.red(),
        )
        await interaction.followup.send(embed=embed)

    @puzzle.command(name="help", description="How the puzzles work, and how to write cards")
    async def show_help(self, interaction: Interaction) -> None:
        words = private_words(interaction)
        embed = discord.Embed(
            title=words(HELP_TITLE),
            description=clip(
                "\n".join(words(line) for line in help_lines(PRACTICE_SIZES)), EMBED_DESCRIPTION
            ),
            colour=DUEL_COLOUR,
        )
        await interaction.response.send_message(embed=embed, ephemeral=interaction.guild_id is not None)
