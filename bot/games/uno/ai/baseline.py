"""AI players. Like the hand UI, they see only a seat's view, never the whole game."""

from __future__ import annotations

import random
from collections import Counter
from typing import Protocol

from bot.games import draws
from bot.games.uno.actions import ACCEPT
from bot.games.uno.actions import CALL_UNO
from bot.games.uno.actions import CATCH
from bot.games.uno.actions import CHALLENGE
from bot.games.uno.actions import DRAW
from bot.games.uno.actions import LEAVE
from bot.games.uno.actions import PASS
from bot.games.uno.actions import Action
from bot.games.uno.actions import ChooseColour
from bot.games.uno.actions import Play
from bot.games.uno.actions import SwapWith
from bot.games.uno.actions import choose
from bot.games.uno.actions import play
from bot.games.uno.actions import swap_with
from bot.games.uno.cards import Role
from bot.games.uno.game import SeatView
from bot.games.uno.playing_cards import AnyCard
from bot.games.uno.playing_cards import AnyColour


class Player(Protocol):
    def choose(self, view: SeatView) -> Action: ...


class RandomPlayer:
    """Picks uniformly among the legal actions.

    With `eager=True` it plays a card whenever one is playable and draws only when stuck, the way
    most card-game toolkits' random agents do; games then last tens of moves, not thousands.
    """

    def __init__(self, rng: random.Random, *, eager: bool = True) -> None:
        self.rng = rng
        self.eager = eager

    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        if self.eager:
            plays = [a for a in legal if type(a) is Play]
            if plays:
                return draws.choice(self.rng, plays)
        return draws.choice(self.rng, [a for a in legal if a is not LEAVE])


class HeuristicPlayer:
    """A simple player: calls UNO, catches, keeps its Wilds for last, hurts a leader close to winning."""

    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        if CALL_UNO in legal:
            return CALL_UNO
        if CATCH in legal:
            return CATCH
        colours = [a.colour for a in legal if isinstance(a, ChooseColour)]
        if colours:
            return choose(self._best_colour(view.hand, colours))
        swaps = [a.seat for a in legal if isinstance(a, SwapWith)]
        if swaps:
            # Seven-O: take the smallest hand.
            return swap_with(min(swaps, key=lambda seat: view.hand_counts[seat]))
        if CHALLENGE in legal:
            # A player with many cards probably held the colour in force.
            offender = (view.seat - view.direction) % view.seat_count
            return CHALLENGE if view.hand_counts[offender] >= 5 else ACCEPT
        plays = [a.card for a in legal if isinstance(a, Play)]
        if not plays:
            return PASS if PASS in legal else DRAW if DRAW in legal else legal[0]  # LEAVE comes last
        next_count = view.hand_counts[view.next_seat]
        return play(max(plays, key=lambda c: self._play_score(c, next_count)))

    @staticmethod
    def _play_score(card: AnyCard, next_player_cards: int) -> tuple[int, int]:
        threat = next_player_cards <= 2
        role = card.role
        if role is Role.WILD_DRAW_FOUR or role is Role.DRAW_FIVE:
            rank = 3 if threat else 0
        elif role is Role.WILD:
            rank = 1
        elif role in (Role.DRAW_TWO, Role.SKIP, Role.REVERSE):
            rank = 4 if threat else 2
        else:
            rank = 2
        return rank, card.points

    @staticmethod
    def _best_colour(hand: tuple[AnyCard, ...], choices: list[AnyColour]) -> AnyColour:
        """The colour (or suit) the hand holds most of, wild cards aside."""
        counts = Counter(c.colour for c in hand if not c.role.is_wild)
        if not counts:
            return choices[0]
        return max(choices, key=lambda colour: counts[colour])
