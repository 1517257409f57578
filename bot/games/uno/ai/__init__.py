"""Computer players for UNO.

A computer player sees what a person in its seat sees: its seat's view (`SeatView`: its own
hand, the others' card counts, the table) and the public history of the round
(`PublicHistory`: what was played, how many cards each seat drew, never which). Nothing it is
given holds another seat's cards. Three levels, each seeded with its own `random.Random`:

- `easy`: a legal card with little thought; forgets UNO now and then.
- `normal`: a careful heuristic (the engine's first AI player, improved).
- `hard`: searches over the hidden cards (determinized rollouts).

`RandomPlayer` and `HeuristicPlayer` are the engine's first players (view only); the sessions'
turn timer and the engine's golden games use them, so they stay exactly as they were.
"""

from __future__ import annotations

from typing import Protocol

from bot.games.uno.actions import Action
from bot.games.uno.ai.baseline import HeuristicPlayer
from bot.games.uno.ai.baseline import Player
from bot.games.uno.ai.baseline import RandomPlayer
from bot.games.uno.ai.easy import EasyPlayer
from bot.games.uno.ai.hard import HardPlayer
from bot.games.uno.ai.history import HistoryRecorder
from bot.games.uno.ai.history import PublicEvent
from bot.games.uno.ai.history import PublicHistory
from bot.games.uno.ai.normal import NormalPlayer
from bot.games.uno.ai.rlcard_rule import RlcardRulePlayer
from bot.games.uno.game import SeatView
from bot.i18n.text import Text
from bot.i18n.text import text


class ComputerPlayer(Protocol):
    level: str

    def choose(self, view: SeatView, history: PublicHistory) -> Action:
        """The seat's move when the game waits on it (its turn, its colour, its challenge, the
        next deal): one of `view.legal`."""
        ...

    def react(self, view: SeatView, history: PublicHistory) -> Action | None:
        """Out of turn: call UNO, catch a player, jump in; None to let the moment pass."""
        ...


LEVELS: tuple[str, ...] = ("easy", "normal", "hard")
# Each level as players read it ("Computer 1 (leicht)"): the level itself is what `/uno start
# level:` sends, a keyword in English.
LEVEL_WORDS: dict[str, Text] = {"easy": text("easy"), "normal": text("normal"), "hard": text("hard")}


def computer_player(level: str, seed: int) -> ComputerPlayer:
    """A computer player of `level` (one of LEVELS, or the outside baseline "rlcard-rule-v1")."""
    if level == "easy":
        return EasyPlayer(seed)
    if level == "normal":
        return NormalPlayer(seed)
    if level == "hard":
        return HardPlayer(seed)
    if level == RlcardRulePlayer.level:
        return RlcardRulePlayer(seed)
    if level == "heuristic":
        return ViewOnly(HeuristicPlayer(), level)
    raise ValueError(f"There is no computer level called {level!r}: {', '.join(LEVELS)}.")


__all__ = [
    "LEVELS",
    "ComputerPlayer",
    "EasyPlayer",
    "HardPlayer",
    "HeuristicPlayer",
    "HistoryRecorder",
    "NormalPlayer",
    "Player",
    "PublicEvent",
    "PublicHistory",
    "RandomPlayer",
    "RlcardRulePlayer",
    "ViewOnly",
    "computer_player",
]


class ViewOnly:
    """A view-only player (`RandomPlayer`, `HeuristicPlayer`) as a computer player that never
    reacts out of turn: for comparisons in tests and the ladder."""

    def __init__(self, player: Player, level: str) -> None:
        self.player = player
        self.level = level

    def choose(self, view: SeatView, history: PublicHistory) -> Action:
        return self.player.choose(view)

    def react(self, view: SeatView, history: PublicHistory) -> Action | None:
        return None
