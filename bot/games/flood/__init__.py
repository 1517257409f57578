"""Survive the Flood: a single-player UNO where the hand must never run dry (docs/rules.md)."""

from bot.games.flood.actions import (
    DRAW,
    RESIGN,
    Action,
    Bury,
    CallSuit,
    Draw,
    Play,
    Resign,
    bury,
    call,
    parse_action,
    play,
)
from bot.games.flood.cards import Card, Rank, Role, Suit
from bot.games.flood.events import DrawReason, Event, GameEnded, Outcome
from bot.games.flood.game import FloodGame, FloodView, Phase, is_legal
from bot.games.flood.options import (
    DeckKind,
    Difficulty,
    FloodOptions,
    TargetBelowMinimum,
    minimum_target,
)
from bot.games.flood.planner import Planner
from bot.games.flood.players import GreedyPlayer, Player, RandomPlayer, play_out

__all__ = [
    "DRAW",
    "RESIGN",
    "Action",
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
