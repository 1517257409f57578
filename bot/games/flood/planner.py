"""A Survive the Flood planner: plans the order of plays that keeps the hand alive.

It sees only a `FloodView` (the hand, the reserve, the discard pile, the suit in force): the
cards it has not seen are the full deck less those, and it weighs a draw by how many of each
unseen card are left, never by the order of the draw pile, which the view does not carry.

A position is worth, roughly, the cards that will be in the counted hand when the player next
has to draw, plus what its special cards will bring, plus what the next draw is expected to add
or cost given the unseen cards. From the position reached by a move the planner searches the
orders of plays to the next draw by iterative deepening (fewest cards spent first, cut when even
playing out the cheapest suit would overrun, and within a fixed budget of positions so that a
move is quick), and weighs the special cards met on the way by the cards they draw.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import NamedTuple

from bot.games.flood.actions import DRAW, RESIGN, Action, Bury, CallSuit, Play, call
from bot.games.flood.cards import Card, Role, Suit
from bot.games.flood.game import FloodView, Phase, card_sort_key, is_legal, legal_cards

LOSS = -1000.0
# What a special card still held is worth, in cards of the counted hand: a Draw Two or a Wild
# Draw Four brings cards in when it is played, a Wild lets the player call a suit they lack.
SPECIAL_WORTH = {Role.DRAW_TWO: 2.0, Role.WILD_DRAW_FOUR: 4.0, Role.WILD: 3.0}

# A drawn card that can be played and then opens plays from the hand costs about this much.
OPENED_COST = 1.5
# Nothing left to draw: a voluntary draw would lose (F7).
STALEMATE_RISK = 5.0
MAX_PLAYS = 12  # the longest line of plays searched before a draw
NODE_BUDGET = 300  # positions searched per decision: a hint must come at once
PENALTY_COST = 3  # F14


class Advice(NamedTuple):
    action: Action
    reason: str


class Hand(NamedTuple):
    """A hypothetical position between draws: the top card, the suit in force, the cards held."""

    top: Card
    suit: Suit | None
    cards: tuple[Card, ...]  # sorted by card_sort_key
    reserve: tuple[Card, ...]

    def key(self) -> tuple[int, Suit | None, tuple[int, ...], tuple[int, ...]]:
        # Cards of the same order behave the same (wild Queens of any suit are alike).
        return (
            self.top.order,
            self.suit,
            tuple(c.order for c in self.cards),
            tuple(c.order for c in self.reserve),
        )


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _with(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    return tuple(sorted((*cards, card), key=card_sort_key))


@dataclass
class _Search:
    """One decision's search: the rules in force and the unseen cards, with a memo."""

    view: FloodView
    unseen: list[tuple[Card, int]]
    unseen_total: int
    memo: dict[tuple[object, ...], float]
    nodes: int = 0

    @classmethod
    def of(cls, view: FloodView) -> _Search:
        seen = Counter(view.hand)
        seen.update(view.reserve)
        seen.update(view.discard)
        unseen = Counter(view.options.full_deck())
        unseen.subtract(seen)
        cards = sorted(((c, n) for c, n in unseen.items() if n > 0), key=lambda cn: cn[0].order)
        return cls(view, cards, sum(n for _, n in cards), {})

    @property
    def in_reserve(self) -> bool:
        return self.view.options.difficulty.specials_in_reserve

    def worth(self, position: Hand) -> float:
        """A position where the player draws next: the counted hand (F9), what its specials
        will bring, and what the next draw is expected to add or cost."""
        key = position.key()
        known = self.memo.get(key)
        if known is None:
            held = len(position.cards)
            specials = sum(SPECIAL_WORTH.get(c.role, 0.0) for c in position.cards + position.reserve)
            known = held + specials + self.next_draw(position)
            self.memo[key] = known
        return known

    def next_draw(self, position: Hand) -> float:
        """A drawn card is kept (+1) unless it can be played; a played one that shares a suit or
        a rank with the hand opens more plays, which cost at least one card more."""
        if not self.unseen_total:
            return -STALEMATE_RISK
        top, suit, cards = position.top, position.suit, position.cards
        suits = {c.suit for c in cards if not c.is_wild}
        ranks = {c.rank for c in cards if not c.is_wild}
        change = 0.0
        for card, count in self.unseen:
            if not is_legal(card, top, suit):
                change += count
            elif not card.is_wild and (card.suit in suits or card.rank in ranks):
                change -= count * OPENED_COST
        return change / self.unseen_total

    # ------------------------------------------------------------------ lines of play

    def settle(self, position: Hand) -> float:
        """The best worth reachable from `position` by plays before the next draw.

        Iterative deepening over the number of cards played: the first depth where the player
        may draw holds the lines that spend the fewest cards; one depth more is searched for a
        better-shaped hand. A line is cut when even emptying its cheapest suit would overrun."""
        best = LOSS
        self.nodes = 0
        found_at: int | None = None
        for limit in range(MAX_PLAYS + 1):
            seen: dict[tuple[object, ...], int] = {}
            best = max(best, self._search(position, 0, limit, seen))
            if best > LOSS and found_at is None:
                found_at = limit
            if (found_at is not None and limit > found_at) or self.nodes > NODE_BUDGET:
                break
        return best

    def obliged(self, position: Hand) -> bool:
        return self.legal(position)[1]

    def legal(self, position: Hand) -> tuple[list[Card], bool]:
        return legal_cards(
            position.cards,
            position.reserve,
            position.top,
            position.suit,
            self.view.options.difficulty.specials_first,
        )

    def _search(self, position: Hand, spent: int, limit: int, seen: dict[tuple[object, ...], int]) -> float:
        self.nodes += 1
        legal, obliged = self.legal(position)
        best = LOSS if obliged else self.worth(position)
        if spent >= limit:
            return best if spent == limit else LOSS
        for card in legal:
            after = self._played(position, card)
            if card.is_special:
                if spent == 0:  # specials end a line, so they are weighed once, at its start
                    best = max(best, self.after_special(after, card.role))
                continue
            if not after.cards or spent + 1 + self._least_to_empty(after) > limit:
                continue
            key = after.key()
            if seen.get(key, MAX_PLAYS + 1) <= spent + 1 or self.nodes > NODE_BUDGET:
                continue
            seen[key] = spent + 1
            best = max(best, self._search(after, spent + 1, limit, seen))
        return best

    @staticmethod
    def _least_to_empty(position: Hand) -> int:
        """Plays needed at least before a draw: the suit the hand ends on must be empty of it,
        so some suit held (or the one in force) must be played out."""
        counts = Counter(c.suit for c in position.cards if not c.is_special)
        if not counts:
            return 0
        in_force = counts.get(position.suit, 0) if position.suit is not None else 0
        return min(in_force, min(counts.values()))

    def _played(self, position: Hand, card: Card) -> Hand:
        from_reserve = card.is_special and self.in_reserve
        cards = position.cards if from_reserve else _without(position.cards, card)
        reserve = _without(position.reserve, card) if from_reserve else position.reserve
        return Hand(card, card.suit, cards, reserve)

    def after_play(self, position: Hand, card: Card) -> float:
        after = self._played(position, card)
        if card.is_special:
            return self.after_special(after, card.role)
        return self.settle(after) if after.cards else LOSS

    def after_special(self, after: Hand, role: Role) -> float:
        if role is Role.DRAW_TWO:
            return self.draws(after, 2)
        if not after.cards and role is Role.WILD:
            return LOSS  # F9: a last Wild draws nothing
        return max(self.after_call(after, suit, role) for suit in self.view.options.suits)

    def after_call(self, position: Hand, suit: Suit, role: Role) -> float:
        key = ("call", role, suit, *position.key())
        known = self.memo.get(key)
        if known is None:
            called = position._replace(suit=suit)
            four = role is Role.WILD_DRAW_FOUR
            known = self.draws(called, 4) if four else self.quick_settle(called)
            self.memo[key] = known
        return known

    def quick_settle(self, position: Hand) -> float:
        """After a special card, without a search of its own (the search would nest at every
        special): drawing at once if nothing is playable, else about one card more spent."""
        if not self.obliged(position):
            return self.worth(position)
        return self.worth(position) - OPENED_COST

    # ------------------------------------------------------------------ draws

    def draws(self, position: Hand, count: int) -> float:
        """A Draw Two or Wild Draw Four: `count` unseen cards come in; each is kept unless it can
        be played, and one played costs about nothing (it was drawn)."""
        kept = self._share_kept(position) * count
        if not position.cards:
            return LOSS if kept < 1 else kept
        return self.quick_settle(position) + kept

    def _share_kept(self, position: Hand) -> float:
        if not self.unseen_total:
            return 0.0
        top, suit = position.top, position.suit
        kept = sum(n for c, n in self.unseen if not is_legal(c, top, suit))
        return kept / self.unseen_total


class FloodPlanner:
    """Chooses every Survive the Flood action from the player's view alone."""

    def choose(self, view: FloodView) -> Action:
        return self.advise(view).action

    def advise(self, view: FloodView) -> Advice:
        """The planner's move, with one line of why."""
        search = _Search.of(view)
        if view.phase is Phase.CALLING_SUIT:
            return self._call(view, search)
        if view.phase is Phase.BURYING:
            return self._bury(view, search)
        if view.phase is Phase.FINISHED:
            return Advice(RESIGN, "The game is over.")
        return self._play(view, search)

    def _call(self, view: FloodView, search: _Search) -> Advice:
        position = Hand(view.discard_top, None, view.hand, view.reserve)
        choices = [a for a in view.legal if isinstance(a, CallSuit)]
        role = view.discard_top.role
        pending = view.options.difficulty.calls_before_drawing and role is Role.WILD_DRAW_FOUR

        def worth(action: CallSuit) -> float:
            called = position._replace(suit=action.suit)
            if pending:
                return search.draws(called, 4)
            return search.settle(called)

        best = max(choices, key=worth)
        held = sum(c.suit is best.suit for c in view.hand if not c.is_wild)
        why = (
            f"You hold no {best.suit.label.lower()} card, so nothing will oblige you to play."
            if not held
            else f"Calling {best.suit.label.lower()} keeps the most cards in your hand."
        )
        return Advice(call(best.suit), why)

    def _bury(self, view: FloodView, search: _Search) -> Advice:
        position = Hand(view.discard_top, view.suit, view.hand, view.reserve)
        choices = [a for a in view.legal if isinstance(a, Bury)]

        def worth(action: Bury) -> float:
            rest = position._replace(cards=_without(position.cards, action.card))
            return search.settle(rest) if rest.cards else LOSS

        best = max(choices, key=worth)
        return Advice(best, f"The {best.card.label} is the card your hand misses least.")

    def _play(self, view: FloodView, search: _Search) -> Advice:
        position = Hand(view.discard_top, view.suit, view.hand, view.reserve)
        plays = [a.card for a in view.legal if isinstance(a, Play)]
        if view.can_draw and not view.obliged:
            # Reserve specials (F10) are kept for the moment a play would drain the hand.
            return Advice(DRAW, "Nothing obliges you to play: draw.")
        worth: dict[Card | None, float] = {card: search.after_play(position, card) for card in plays}
        if view.can_draw:
            worth[None] = self._draw_worth(view, search, position)
        chosen = max(worth, key=lambda card: worth[card])
        return self._explain(view, chosen, len(plays))

    def _draw_worth(self, view: FloodView, search: _Search, position: Hand) -> float:
        """Drawing now: free when nothing obliges, else the F14 penalty of three cards."""
        rest = search.worth(position)
        if not view.obliged:
            return rest
        if search.in_reserve and len(position.cards) <= PENALTY_COST:
            return LOSS
        return rest - PENALTY_COST

    @staticmethod
    def _explain(view: FloodView, card: Card | None, options: int) -> Advice:
        if card is None:
            if view.obliged:
                return Advice(DRAW, "Every play here costs more than the three-card penalty: draw.")
            return Advice(DRAW, "Drawing now keeps your hand growing.")
        action = Play(card)
        if options == 1:
            return Advice(action, f"The {card.label} is your only play.")
        role = card.role
        if role is Role.DRAW_TWO or role is Role.WILD_DRAW_FOUR:
            return Advice(action, f"The {card.label} brings cards into your hand.")
        if role is Role.WILD:
            return Advice(action, f"The {card.label} lets you call a suit you do not hold.")
        return Advice(action, f"The {card.label} leads to a draw with the most cards left in your hand.")
