"""Puzzles on the paper's card model (rules P1-P2): a Solitaire-Uno chain to build with undo,
restart and give up; the daily and practice puzzles chosen with the solver; the duel against a
perfect player. Pure: the solver decides, these keep the state of a game in progress."""

from bot.games.actions import RESIGN
from bot.games.actions import UNDO
from bot.games.actions import Resign
from bot.games.actions import Undo
from bot.games.puzzles.actions import RESTART
from bot.games.puzzles.actions import Action
from bot.games.puzzles.actions import PlayCard
from bot.games.puzzles.actions import Restart
from bot.games.puzzles.actions import parse_action
from bot.games.puzzles.chain import CardPlayed
from bot.games.puzzles.chain import CardTakenBack
from bot.games.puzzles.chain import ChainCleared
from bot.games.puzzles.chain import ChainPuzzle
from bot.games.puzzles.chain import GaveUp
from bot.games.puzzles.chain import PuzzleSolved
from bot.games.puzzles.duel import BOT
from bot.games.puzzles.duel import PLAYER
from bot.games.puzzles.duel import DuelCardPlayed
from bot.games.puzzles.duel import DuelGame
from bot.games.puzzles.duel import DuelWon
from bot.games.puzzles.generate import PRACTICE_SIZES
from bot.games.puzzles.generate import Difficulty
from bot.games.puzzles.generate import PuzzleSpec
from bot.games.puzzles.generate import daily_puzzle
from bot.games.puzzles.generate import difficulty_of
from bot.games.puzzles.generate import practice_puzzle

__all__ = [
    "BOT",
    "PLAYER",
    "PRACTICE_SIZES",
    "RESIGN",
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
    "PlayCard",
    "PuzzleSolved",
    "PuzzleSpec",
    "Resign",
    "Restart",
    "Undo",
    "daily_puzzle",
    "difficulty_of",
    "parse_action",
    "practice_puzzle",
]
