"""AI players. Like the hand UI, they see only a seat's view, never the whole game."""

from __future__ import annotations

import random
from typing import Protocol

from bot.games import draws
from bot.games.uno.actions import ACCEPT
from bot.games.uno.actions import CHALLENGE
from bot.games.uno.actions import DRAW
from bot.games.uno.actions import LEAVE
from bot.games.uno.actions import PASS
from bot.games.uno.actions import Action
from bot.games.uno.actions import ChooseColour
from bot.games.uno.actions import Play
from bot.games.uno.actions import SwapWith
from bot.games.uno.actions import play
from bot.games.uno.ai.tactics import colour_choice
from bot.games.uno.ai.tactics import first_duty
from bot.games.uno.ai.tactics import swap_choice
from bot.games.uno.cards import Role
from bot.games.uno.game import SeatView
from bot.games.uno.playing_cards import AnyCard


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
    """A simple player: calls UNO, catches, keeps its Wilds for last, hurts a leader close to
    winning. It makes a timed-out player's move; its judgements of colour and swap are the
    computer players' own (`tactics`), without what they infer from the history."""

    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        duty = first_duty(legal)
        if duty is not None:
            return duty
        if any(isinstance(a, ChooseColour) for a in legal):
            return colour_choice(view, None)
        if any(isinstance(a, SwapWith) for a in legal):
            return swap_choice(view)
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
