"""Solvers for the puzzles of "The complexity of UNO" (rules P1-P3 of ../shared/rules/puzzles.md).

Pure computation on (colour, number) cards: `cards` (model and notation), `uno1` (Solitaire Uno),
`duel` (uncooperative Uno-2), `coop` (cooperative Uno-2); `reference` holds plain searches used
only to check and measure them.
"""

from bot.games.solver.cards import BadHand, Card, format_hand, parse_hand
from bot.games.solver.uno1 import Uno1Answer, solve_uno1

__all__ = ["BadHand", "Card", "Uno1Answer", "format_hand", "parse_hand", "solve_uno1"]
