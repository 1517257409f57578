"""Automatic players for tests, benchmarks and seeding: like the UI, they see only the view."""

from __future__ import annotations

import random
from collections import Counter
from typing import NamedTuple
from typing import Protocol

from bot.games.actions import DRAW
from bot.games.actions import RESIGN
from bot.games.flood.actions import Action
from bot.games.flood.actions import Bury
from bot.games.flood.actions import CallSuit
from bot.games.flood.actions import Play
from bot.games.flood.actions import call
from bot.games.flood.cards import Card
from bot.games.flood.cards import Role
from bot.games.flood.game import FloodGame
from bot.games.flood.game import FloodView
from bot.games.flood.game import is_legal
from bot.i18n.text import Text
from bot.i18n.text import text


class Player(Protocol):
    def choose(self, view: FloodView) -> Action: ...


class RandomPlayer:
    """Picks uniformly among the legal actions, never resigning."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: FloodView) -> Action:
        # Resign is always the last legal action while a game goes on.
        return self.rng.choice(view.legal[:-1])


class Advice(NamedTuple):
    """A move, and one line a player can read on why."""

    action: Action
    reason: Text


TAKER_REASON = text("A card that makes you draw refills your hand.")
WILD_REASON = text("The Wild lets you call a suit that stops the plays.")
WILD_REASON_UNO = text("The Wild lets you call a colour that stops the plays.")


class GreedyPlayer:
    """A player that follows the seed's advice: take cards with Draw Two and Wild Draw Four,
    reach a position where nothing is playable (and drawing may start) with the fewest cards
    spent, call a suit it lacks, and draw whenever no play obliges.

    It looks a few plays ahead through its ordinary cards only; that is cheap and already wins
    easy games most of the time.
    """

    LOOKAHEAD = 2
    # A reserve Wild (easy, master) is kept until the best ordinary play costs this many cards.
    SPEND_RESERVE_AT = 100

    def choose(self, view: FloodView) -> Action:
        return self.advise(view).action

    def advise(self, view: FloodView) -> Advice:
        """Its move, with one line of why (the Hint in /flood)."""
        legal = view.legal
        calls = [a for a in legal if isinstance(a, CallSuit)]
        if calls:
            counts = Counter(c.suit for c in view.hand if not c.is_wild)
            suit = min((a.suit for a in calls), key=lambda s: counts[s])
            reason = (
                text("Call the colour you hold least of: fewer of your cards will be obliged.")
                if view.options.has_colours
                else text("Call the suit you hold least of: fewer of your cards will be obliged.")
            )
            return Advice(call(suit), reason)
        buries = [a for a in legal if isinstance(a, Bury)]
        if buries:
            counts = Counter(c.suit for c in view.hand)
            return Advice(
                max(buries, key=lambda a: counts[a.card.suit]),
                text("Bury a card of the colour you hold most: your hand keeps its variety.")
                if view.options.has_colours
                else text("Bury a card of the suit you hold most: your hand keeps its variety."),
            )
        if DRAW in legal and not view.obliged:
            # F10: reserve specials need not be played; drawing fills the hand
            return Advice(DRAW, text("Nothing obliges you to play: draw, and your hand grows."))
        plays = [a.card for a in legal if isinstance(a, Play)]
        if not plays:
            if DRAW in legal:
                return Advice(DRAW, text("No card can be played: draw."))
            return Advice(RESIGN, text("Nothing can be played or drawn."))
        takers = [c for c in plays if c.role is Role.DRAW_TWO or c.role is Role.WILD_DRAW_FOUR]
        if takers:
            return Advice(Play(takers[0]), TAKER_REASON)
        wilds = [c for c in plays if c.role is Role.WILD]
        ordinary = [c for c in plays if not c.is_special]
        costs = {c: self._cost_after(c, view.hand) for c in ordinary}
        best = min(ordinary, key=costs.__getitem__) if ordinary else None
        if wilds and (
            best is None
            or wilds[0] not in view.reserve  # a Wild in the hand obliges until it is played
            or costs[best] >= self.SPEND_RESERVE_AT
        ):
            return Advice(Play(wilds[0]), WILD_REASON_UNO if view.options.has_colours else WILD_REASON)
        if best is None:
            return Advice(Play(plays[0]), text("It is the only kind of card you may play."))
        return Advice(
            Play(best), text("Of your plays, it spends the fewest cards before nothing more can follow.")
        )

    def _cost_after(self, card: Card, hand: tuple[Card, ...]) -> int:
        """Cards spent to reach a dead end (no ordinary card playable) by playing `card` first."""
        rest = list(hand)
        rest.remove(card)
        return 1 + self._cost(card, tuple(c for c in rest if not c.is_special), self.LOOKAHEAD)

    def _cost(self, top: Card, hand: tuple[Card, ...], depth: int) -> int:
        if not hand:
            return 100  # the hand would run dry
        options = [c for c in hand if is_legal(c, top, top.suit)]
        if not options:
            return 0
        if depth == 0:
            return 1 + len(options)
        best = 100
        for card in dict.fromkeys(options):
            rest = list(hand)
            rest.remove(card)
            best = min(best, 1 + self._cost(card, tuple(rest), depth - 1))
            if best == 1:
                break
        return best


def play_out(game: FloodGame, player: Player, max_moves: int = 1_000_000) -> int:
    """Let `player` finish the game; returns the number of moves made."""
    moves = 0
    while not game.is_over and moves < max_moves:
        game.apply(player.choose(game.view()))
        moves += 1
    return moves
