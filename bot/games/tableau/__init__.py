"""UNO Solitaire on a tableau of overlapping rows (S1-S12 of docs/rules.md)."""

from bot.games.tableau.actions import Action
from bot.games.tableau.actions import parse_action
from bot.games.tableau.ai import GreedyPlayer
from bot.games.tableau.ai import play_greedy
from bot.games.tableau.events import Event
from bot.games.tableau.events import Outcome
from bot.games.tableau.game import TableauGame
from bot.games.tableau.geometry import Slot
from bot.games.tableau.planner import Planner
from bot.games.tableau.planner import hint
from bot.games.tableau.planner import play_planned
from bot.games.tableau.planner import remember
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
