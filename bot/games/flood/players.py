"""Automatic players for tests, benchmarks and seeding: like the UI, they see only the view."""

from __future__ import annotations

import random
from collections import Counter
from typing import Protocol

from bot.games.flood.actions import DRAW, RESIGN, Action, Bury, CallSuit, Play, call
from bot.games.flood.cards import Card, Role
from bot.games.flood.game import FloodGame, FloodView, is_legal


class Player(Protocol):
    def choose(self, view: FloodView) -> Action: ...


class RandomPlayer:
    """Picks uniformly among the legal actions, never resigning."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: FloodView) -> Action:
        return self.rng.choice([a for a in view.legal if a is not RESIGN])


class GreedyPlayer:
    """A one-step player that follows the seed's advice: take cards with Draw Two and Wild Draw
    Four, keep wilds for when the last counted card would otherwise go, call a suit it lacks,
    and prefer the play after which the fewest hand cards stay playable (so drawing comes soon)."""

    def choose(self, view: FloodView) -> Action:
        legal = view.legal
        calls = [a for a in legal if isinstance(a, CallSuit)]
        if calls:
            counts = Counter(c.suit for c in view.hand if not c.is_wild)
            return call(min((a.suit for a in calls), key=lambda s: counts[s]))
        buries = [a for a in legal if isinstance(a, Bury)]
        if buries:
            counts = Counter(c.suit for c in view.hand)
            return max(buries, key=lambda a: counts[a.card.suit])
        plays = [a.card for a in legal if isinstance(a, Play)]
        if DRAW in legal and not view.obliged:
            return DRAW  # F10: reserve specials need not be played; drawing fills the hand
        if not plays:
            return DRAW if DRAW in legal else RESIGN
        return Play(max(plays, key=lambda c: self._score(c, view)))

    @staticmethod
    def _score(card: Card, view: FloodView) -> tuple[int, int]:
        if card.role is Role.DRAW_TWO or card.role is Role.WILD_DRAW_FOUR:
            return (3, 0)
        hand = list(view.hand)
        if card.role is Role.WILD:
            # Worth spending only when every ordinary play would empty the counted hand.
            return (2 if len(hand) <= 1 else 0, 0)
        hand.remove(card)
        if not hand:
            return (-1, 0)
        still_playable = sum(is_legal(c, card, card.suit) for c in hand if not c.is_wild)
        return (1, -still_playable)


def play_out(game: FloodGame, player: Player, max_moves: int = 1_000_000) -> int:
    """Let `player` finish the game; returns the number of moves made."""
    moves = 0
    while not game.is_over and moves < max_moves:
        game.apply(player.choose(game.view()))
        moves += 1
    return moves
