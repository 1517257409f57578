"""UNO Solitaire on a tableau of overlapping rows (S1-S12 of docs/rules.md)."""

from bot.games.tableau.actions import Action, parse_action
from bot.games.tableau.ai import GreedyPlayer, play_greedy
from bot.games.tableau.events import Event, Outcome
from bot.games.tableau.game import TableauGame
from bot.games.tableau.geometry import Slot
from bot.games.tableau.planner import Planner, hint, play_planned, remember
from bot.games.tableau.view import TableauView

__all__ = [
    "Action",
    "Event",
    "GreedyPlayer",
    "Outcome",
    "Planner",
    "Slot",
    "TableauGame",
    "TableauView",
    "hint",
    "parse_action",
    "play_greedy",
    "play_planned",
    "remember",
]
