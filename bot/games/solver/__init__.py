"""Solvers for the puzzles of "The complexity of UNO" (rules P1-P3 of docs/rules.md).

Pure computation on (colour, number) cards: `cards` (model and notation), `uno1` (Solitaire Uno),
`duel` (uncooperative Uno-2), `coop` (cooperative Uno-2); `reference` holds plain searches used
only to check and measure them.
"""

from bot.games.solver.cards import BadHand
from bot.games.solver.cards import Card
from bot.games.solver.cards import format_hand
from bot.games.solver.cards import parse_hand
from bot.games.solver.coop import CoopAnswer
from bot.games.solver.coop import solve_coop
from bot.games.solver.duel import DuelAnswer
from bot.games.solver.duel import DuelMove
from bot.games.solver.duel import perfect_duel_move
from bot.games.solver.duel import solve_duel
from bot.games.solver.uno1 import SearchTooLong
from bot.games.solver.uno1 import Uno1Answer
from bot.games.solver.uno1 import count_uno1_orders
from bot.games.solver.uno1 import solve_uno1

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
