"""Puzzles on the paper's card model (rules P1-P2): a Solitaire-Uno chain to build with undo,
restart and give up; the daily and practice puzzles chosen with the solver; the duel against a
perfect player. Pure: the solver decides, these keep the state of a game in progress."""

from bot.games.puzzles.actions import (
    GIVE_UP,
    RESTART,
    UNDO,
    Action,
    GiveUp,
    PlayCard,
    Restart,
    Undo,
    parse_action,
)
from bot.games.puzzles.chain import (
    CardPlayed,
    CardTakenBack,
    ChainCleared,
    ChainPuzzle,
    GaveUp,
    PuzzleSolved,
)
from bot.games.puzzles.duel import BOT, PLAYER, DuelCardPlayed, DuelGame, DuelWon
from bot.games.puzzles.generate import (
    PRACTICE_SIZES,
    Difficulty,
    PuzzleSpec,
    daily_puzzle,
    difficulty_of,
    practice_puzzle,
)

__all__ = [
    "BOT",
    "GIVE_UP",
    "PLAYER",
    "PRACTICE_SIZES",
    "RESTART",
    "UNDO",
    "Action",
    "CardPlayed",
    "CardTakenBack",
    "ChainCleared",
    "ChainPuzzle",
    "Difficulty",
    "DuelCardPlayed",
    "DuelGame",
    "DuelWon",
    "GaveUp",
    "GiveUp",
    "PlayCard",
    "PuzzleSolved",
    "PuzzleSpec",
    "Restart",
    "Undo",
    "daily_puzzle",
    "difficulty_of",
    "parse_action",
    "practice_puzzle",
]
