"""Survive the Flood: a single-player UNO where the hand must never run dry (docs/rules.md)."""

from bot.games.actions import DRAW
from bot.games.actions import RESIGN
from bot.games.actions import Draw
from bot.games.actions import Resign
from bot.games.flood.actions import Action
from bot.games.flood.actions import Bury
from bot.games.flood.actions import CallSuit
from bot.games.flood.actions import Play
from bot.games.flood.actions import bury
from bot.games.flood.actions import call
from bot.games.flood.actions import parse_action
from bot.games.flood.actions import play
from bot.games.flood.cards import Card
from bot.games.flood.cards import Rank
from bot.games.flood.cards import Role
from bot.games.flood.cards import Suit
from bot.games.flood.events import DrawReason
from bot.games.flood.events import Event
from bot.games.flood.events import GameEnded
from bot.games.flood.events import Outcome
from bot.games.flood.game import Asked
from bot.games.flood.game import FloodGame
from bot.games.flood.game import FloodView
from bot.games.flood.game import Phase
from bot.games.flood.game import is_legal
from bot.games.flood.options import DeckKind
from bot.games.flood.options import Difficulty
from bot.games.flood.options import FloodOptions
from bot.games.flood.options import TargetBelowMinimum
from bot.games.flood.options import minimum_target
from bot.games.flood.planner import Planner
from bot.games.flood.players import GreedyPlayer
from bot.games.flood.players import Player
from bot.games.flood.players import RandomPlayer
from bot.games.flood.players import play_out

__all__ = [
    "DRAW",
    "RESIGN",
    "Action",
    "Asked",
    "Bury",
    "CallSuit",
    "Card",
    "DeckKind",
    "Difficulty",
    "Draw",
    "DrawReason",
    "Event",
    "FloodGame",
    "FloodOptions",
    "FloodView",
    "GameEnded",
    "GreedyPlayer",
    "Outcome",
    "Phase",
    "Planner",
    "Play",
    "Player",
    "RandomPlayer",
    "Rank",
    "Resign",
    "Role",
    "Suit",
    "TargetBelowMinimum",
    "bury",
    "call",
    "is_legal",
    "minimum_target",
    "parse_action",
    "play",
    "play_out",
]
