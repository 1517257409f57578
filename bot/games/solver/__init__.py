"""Solvers for the puzzles of "The complexity of UNO" (rules P1-P3 of docs/rules.md).

Pure computation on (colour, number) cards: `cards` (model and notation), `uno1` (Solitaire Uno),
`duel` (uncooperative Uno-2), `coop` (cooperative Uno-2); `reference` holds plain searches used
only to check and measure them.
"""

from bot.games.solver.cards import BadHand, Card, format_hand, parse_hand
from bot.games.solver.coop import CoopAnswer, solve_coop
from bot.games.solver.duel import DuelAnswer, DuelMove, perfect_duel_move, solve_duel
from bot.games.solver.uno1 import SearchTooLong, Uno1Answer, count_uno1_orders, solve_uno1

__all__ = [
    "BadHand",
    "Card",
    "CoopAnswer",
    "DuelAnswer",
    "DuelMove",
    "SearchTooLong",
    "Uno1Answer",
    "count_uno1_orders",
    "format_hand",
    "parse_hand",
    "perfect_duel_move",
    "solve_coop",
    "solve_duel",
    "solve_uno1",
]
