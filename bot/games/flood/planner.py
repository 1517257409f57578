"""A planner for Survive the Flood that reads only the player's view.

The player knows which cards are still to be drawn (the deck less the hand, the reserve and the
discard pile), only not their order. The planner searches the plays its hand forces (a few plays
deep) and values the position where nothing more is playable by the cards it can expect to draw
before a drawn card must be played again, plus (medium, hard, master-inhand) the cards it keeps
after the chain that drawn card starts, averaged over the unseen cards that can be it: a look ahead
over the unseen cards, exact and without sampling. (Easy and master value the cards kept at the
dead end instead, as before.) It needs no random numbers: the same view always gets the same move.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import NamedTuple

from bot.games.flood.actions import Action
from bot.games.flood.actions import CallSuit
from bot.games.flood.actions import Play
from bot.games.flood.actions import call
from bot.games.flood.actions import play
from bot.games.flood.cards import Card
from bot.games.flood.cards import Rank
from bot.games.flood.cards import Role
from bot.games.flood.cards import Suit
from bot.games.flood.game import FloodView
from bot.games.flood.game import is_legal
from bot.games.flood.game import sorted_legal
from bot.games.flood.options import DeckKind
from bot.games.flood.options import Difficulty
from bot.games.flood.options import FloodOptions
from bot.games.flood.players import Advice
from bot.games.flood.players import GreedyPlayer
from bot.i18n.text import text

LOST = -1000.0
GAIN_WEIGHT = 1.0
# With the look past the dead end (medium, hard, master-inhand) the expected draws weigh more: on
# medium standard seeds 200-599, weight 1 won 133/400, 2 won 162, 3 won 175, 5 won 155; medium UNO
# seeds 0-399, 1: 75/400, 3: 97/400; hard standard seeds 0-399, 1: 72/400, 2: 92, 3: 97; hard UNO
# seeds 0-399, 1: 42/400, 3: 41/400.
LOOKAHEAD_GAIN_WEIGHT = 3.0
# Hard on the UNO deck: the draws weigh more still, with the deeper search for hands up to 12 cards
# (UNO_SMALL_HAND_DEPTHS); see there for the paired figures.
HARD_UNO_GAIN_WEIGHT = 5.0
# Medium: the draws expected before a drawn card plays decide nearly alone (the cards kept only
# break ties): a dead end that few unseen cards can follow keeps the hand growing through a long
# run of draws. UNO deck, paired on the same deals against weight 3: deals 10000-10399 (tuning)
# weight 6 won 101 against 85 of 400, 10: 121, 20: 128, 40: 143 (107 deals won only with it, 49
# only without), 100: 132, 1000: 134; confirmed on deals 10400-10799, 40 won 130 against 103 of
# 400 (90 against 63 discordant, sign test p = 0.035), at 1.15 times the CPU; bench/flood.py
# --versus on deals 10800-11099: 86 against 66 of 300 (57 against 37), at 1.1 times the CPU.
# Standard deck (with distinct plays, four deep), against weight 3: deals 10000-10199 124 against
# 103 of 200 (58/37), 10200-10349 77 against 78 of 150 (31/32), --versus on deals 11000-11399
# 226 against 191 of 400 (111/76; p = 0.004 over the 750), at 1.2 times the CPU.
MEDIUM_GAIN_WEIGHT = 40.0
# Plays searched in the chain that the next playable draw starts (0: a dead end is valued by the
# cards kept and the draws expected only). One play deep won 133 of 400 medium standard deals
# (seeds 200-599) against 106 without it, and 72 against 56 of 400 hard ones (seeds 0-399), at
# twice the CPU; two plays deep won no more (64 against 67 of 200) at 3.5 times the CPU.
NEXT_DEPTH = 1
# Medium on the standard deck: most deals are lost by a small hand that a chain plays out, so a
# dead end holding at most DRAIN_HAND cards costs DRAIN_COST (five draws at MEDIUM_GAIN_WEIGHT)
# times the chance that the next playable draw starts a chain that empties the hand whatever the
# order of plays (its chain is searched to the end: a small hand has few plays). Paired on the same
# deals against no such cost: deals 10000-10399 (tuning) won 251 against 220 of 400 (74 deals won
# only with it, 43 only without; sign test p = 0.005); bench/flood.py --versus on deals
# 11400-11799 62.3% against 55.0% (80 against 51; p = 0.014), at 1.25 times the CPU. On the UNO
# deck it did not hold: deals 10000-10399 won 164 against 141 (83/60), but --versus on deals
# 11900-12299 42.0% against 43.8% (65/72), so UNO has no such cost (a cost of 400 won 156 of the
# first 400). A plain deeper search did not do it on the standard deck (deals 10000-10399, against
# 220 of 400): searching the next draw's chain to the end for hands of at most 6 cards (its dead
# ends valued by their draws) won 206, the whole chain of a hand of at most 7 cards 218; valuing the
# cut-off by its draws as well won 210; going past the cut-off to the best dead end within 20 more
# positions won 6 against 8 of 10 deals at 25 times the CPU.
DRAIN_HAND = 8
DRAIN_COST = 200.0
# Medium on the UNO deck: a dead end whose hand is mostly one colour costs up to COLOUR_WEIGHT
# (three draws at MEDIUM_GAIN_WEIGHT), from nothing at half the hand in one colour to all of it
# at one colour: the chain that a playable draw of that colour starts plays such a hand out. (Lost
# deals were seen to die from hands like 12 yellows under a red 8.) Paired on the same deals
# against no such cost: deals 13200-13599 (tuning) weight 120 won 186 against 158 of 400 (108
# deals won only with it, 80 only without; sign test p = 0.049), weight 40 won 178 (101/81);
# confirmed on deals 14000-14399, 160 against 133 of 400 (98/71, p = 0.045); CPU 0.9-1.05 times.
# Deals 0-1999: 45.0% against 41.4%.
COLOUR_WEIGHT = 120.0
# Medium (both decks): a dead end is worth more for each colour its hand holds and each Draw
# Two kept, by weights fitted to outcomes (issue #19). Main's planner played medium UNO deals
# 30000-30299 (128 won); at each of the 40,304 dead ends reached, a logistic regression of "the deal
# is lost within the next 15 draws" on the dead end's features gave, per 100 of this value, +0.668
# log-odds for the next chain's value and -0.702 for the one-colour cost (so the two scales agree),
# +0.51 for each colour held (z = 8.9) and +0.275 for each Draw Two held (z = 8.6); the draws
# expected (gain), the hand size and the cards left to draw carried no weight (|z| < 1.6). So a
# colour is worth 100 * 0.51 / 0.668 (about 76.5) and a Draw Two 100 * 0.275 / 0.668 (about 41.25).
# (Fitted on the deal's outcome instead, the dead end's value carried no weight at all: too far
# from the choice.) Paired on the same deals against main: deals 15000-15399 (tuning) won 251
# against 175 of 400 (127 deals won only with it, 51 only without; sign test p < 0.001);
# confirmed by bench/flood.py --versus on deals 16000-16399, 248 against 189 of 400 (124 against
# 65; p < 0.001), at 1.2 times the CPU a deal (won deals last longer). The same weights on medium
# standard (a suit held counts only for non-wild cards: a Queen keeps its suit for display only;
# a King is the Draw Two), paired against main: deals 15000-15399 won 300 against 247 of 400 (106
# deals won only with them, 53 only without; sign test p < 0.001); confirmed on deals
# 16000-16399, 303 against 228 of 400 (127 against 52; p < 0.001), at 1.15-1.17 times the CPU a deal.
# Larger weights on medium UNO only did not hold (paired against main, which has these): deals
# 17000-17399 (tuning) both weights doubled won 240 against 236 of 400 (57 deals won only with
# them, 53 only without; sign test p = 0.78), tripled 245 against 236 (65/56, p = 0.47); tripled
# on fresh deals 18000-18399 259 against 259 (61/61), 18400-18799 267 against 255 (66/54; pooled
# fresh 127/115, p = 0.48), CPU 0.93-1.03 times. (Doubled on deals 15000-16399: 129/99, p = 0.055.)
HELD_COLOUR_VALUE = 76.5
HELD_DRAW_TWO_VALUE = 41.25
# Medium UNO values a Draw Two a dead end's hand holds at 100 (a whole card kept) rather than 41.25,
# as the fit above, redone on medium UNO's own games with these weights, suggested.
# Paired against 41.25 on the same deals: 20000-20399 (tuning) won 254 against 247 of 400 (60
# deals won only with it, 53 only without); fresh deals 21000-21399 265 against 249, 22000-22299
# 198 against 186, 23000-23599 401 against 354 (pooled fresh 229 deals won only with it, 154 only
# without; sign test p < 0.001), at the same CPU a deal. Medium standard keeps 41.25 (a King).
UNO_HELD_DRAW_TWO_VALUE = 100.0
# Plays looked ahead with a hand of at most SMALL_HAND cards, one fewer with a bigger hand (it
# has many plays each step, and little to fear), unless a schedule below says otherwise.
DEPTH = 3
SMALL_HAND = 12
# Hard: a small hand looks further (hand size at most, plays looked ahead), for it is the hand
# a chain can drain, and it has few plays each step; hard's specials-first rule (F12) leaves
# fewer plays still. Paired on the same deals (against DEPTH alone): hard standard
# 10000-10299 won 93 against 66 of 300 (60 deals won only deeper, 33 only shallower), hard UNO
# 10000-10149 21 against 18 of 150, at 1.3 times the CPU; looking one play further still
# ((5, 6), (7, 5), (10, 4)) won 47 against 49 of 150 hard standard. On medium it won no more
# (standard 10000-10299: 124 against 121 of 300; UNO 10000-10099: 22 against 20) at 1.25
# times the CPU, so medium keeps DEPTH.
SMALL_HAND_DEPTHS = ((6, 5), (9, 4))
# Hard on the UNO deck (4 draw decks of 108 cards, 25 cards a colour): hands stay bigger, so the
# deep search reaches further up, and the draws weigh 5 (HARD_UNO_GAIN_WEIGHT, not 3). Paired
# against the schedule above with weight 3: deals 10000-10299 (tuning) won 45 against 36 of 300,
# deals 10300-10599 56 against 31 (15.3% -> 23.7%), at 1.8 times the CPU; the deeper schedule
# alone won 32/28 and 40/23, weight 5 alone 40/32 and 35/38.
UNO_SMALL_HAND_DEPTHS = ((7, 5), (12, 4))
# Medium looks one play further than DEPTH (hands over SMALL_HAND: DEPTH), which the search
# affords once it tries only the plays that lead to different positions (_Search.distinct).
# Medium standard, against DEPTH without distinct: deals 10000-10099 won 56 against 41 of
# 100, deals 10100-10299 96 against 82 of 200 (41% -> 51% over the 300), at 5 times the CPU;
# distinct at DEPTH alone won 39 of 100, one play further still (6) 54 of 100 at 28 times.
# Medium UNO (draws weighed MEDIUM_GAIN_WEIGHT), bench/flood.py --versus against DEPTH
# without distinct: deals 11100-11499 won 151 against 131 of 400 (91 against 71 discordant),
# deals 11500-11899 168 against 118 (119 against 69; p = 0.0003 over the 800), at 3.4 times
# the CPU (0.42 s a deal). At weight 3 it had won no more (10000-10099: 19 against 20 of 100).
MEDIUM_DEPTH = 4
# Every difficulty: a hand of more than HUGE_HAND cards looks at most HUGE_HAND_DEPTH plays ahead.
# A player who holds most of the deck has dozens of plays each step, and medium's three plays deep
# took 8 s for a Hint on a hand of 100 cards (medium UNO, worst of 5 hands; 3.8 s for 50 cards of
# the standard deck); two deep takes 0.4 s and 0.2 s. The planner's own games stay below it (the
# largest hand in medium deals 50000-50029: 35 cards on the UNO deck, 37 on the standard deck).
HUGE_HAND = 40
HUGE_HAND_DEPTH = 2


@dataclass(frozen=True, slots=True)
class Tuning:
    """How the planner searches one difficulty and deck (made by `tuning`)."""

    small_hands: tuple[tuple[int, int], ...]  # (hand size at most, plays looked ahead): the first that fits
    big_hand_depth: int  # plays looked ahead with a bigger hand: many plays each step, little to fear
    gain_weight: float  # of the draws expected at a dead end, against the cards kept
    distinct: bool = False  # only the plays that lead to different positions (_Search.distinct)
    drain_hand: int = 0  # a dead end of at most this many cards pays for its risk (DRAIN_COST)
    colour_weight: float = 0.0  # the most a dead end's hand of one colour costs (COLOUR_WEIGHT)
    held_colour: float = 0.0  # what each suit a dead end's hand holds adds (HELD_COLOUR_VALUE)
    held_draw_two: float = 0.0  # what each Draw Two (King) a dead end's hand holds adds

    def depth(self, hand_size: int) -> int:
        if hand_size > HUGE_HAND:
            return min(HUGE_HAND_DEPTH, self.big_hand_depth)
        return next((depth for most, depth in self.small_hands if hand_size <= most), self.big_hand_depth)


def tuning(options: FloodOptions) -> Tuning:
    """The one place the search tells the difficulties and decks apart; the figures behind each
    choice are with its constant above."""
    difficulty = options.difficulty
    uno = options.deck is DeckKind.UNO
    usual = ((SMALL_HAND, DEPTH),)
    if difficulty.specials_in_reserve:  # easy and master: a dead end is valued by the cards kept
        return Tuning(usual, DEPTH - 1, GAIN_WEIGHT)
    if difficulty is Difficulty.MEDIUM:
        drain_hand = 0 if uno else DRAIN_HAND
        colour_weight = COLOUR_WEIGHT if uno else 0.0
        schedule = ((SMALL_HAND, MEDIUM_DEPTH),)
        held = (HELD_COLOUR_VALUE, UNO_HELD_DRAW_TWO_VALUE if uno else HELD_DRAW_TWO_VALUE)
        return Tuning(schedule, MEDIUM_DEPTH - 1, MEDIUM_GAIN_WEIGHT, True, drain_hand, colour_weight, *held)
    if difficulty.specials_first and uno:
        return Tuning((*UNO_SMALL_HAND_DEPTHS, *usual), DEPTH - 1, HARD_UNO_GAIN_WEIGHT)
    if difficulty.specials_first:
        return Tuning((*SMALL_HAND_DEPTHS, *usual), DEPTH - 1, LOOKAHEAD_GAIN_WEIGHT)
    return Tuning(usual, DEPTH - 1, LOOKAHEAD_GAIN_WEIGHT)  # master-inhand


CALL_REASON = text("Call the suit that leaves you the most cards to draw before you must play again.")
CALL_REASON_UNO = text("Call the colour that leaves you the most cards to draw before you must play again.")
PLAY_REASON = text("Of your plays, it keeps the most cards once nothing more can follow.")


class Unseen(NamedTuple):
    """The draw pile as a multiset: what a drawn card may be."""

    total: int
    special: int  # kept in the reserve on easy and master: never played at once
    by_card: Counter[Card]


def unseen_cards(view: FloodView) -> Unseen:
    cards = Counter(view.options.full_deck())
    cards.subtract(view.hand)
    cards.subtract(view.reserve)
    cards.subtract(view.discard)
    left = +cards
    special = sum(count for card, count in left.items() if card.is_special)
    return Unseen(sum(left.values()), special, left)


class Planner:
    """Plays, Wild suits and draws chosen by a short search of the forced plays (the Hint)."""

    def __init__(self) -> None:
        self.greedy = GreedyPlayer()

    def choose(self, view: FloodView) -> Action:
        return self.advise(view).action

    def advise(self, view: FloodView) -> Advice:
        calls = [a.suit for a in view.legal if isinstance(a, CallSuit)]
        plays = [a.card for a in view.legal if isinstance(a, Play)]
        if not calls and (len(plays) < 2 or not view.obliged):
            return self.greedy.advise(view)
        search = _Search(view, unseen_cards(view), tuning(view.options))
        if calls:
            suit = max(calls, key=lambda s: search.after_call(s, view.hand, 0))
            return Advice(call(suit), CALL_REASON_UNO if view.options.has_colours else CALL_REASON)
        if view.options.difficulty.specials_in_reserve:
            return self._reserve_aware(view, search, plays)
        best = max(plays, key=lambda c: search.after_play(c, _without(view.hand, c), 0))
        return Advice(play(best), PLAY_REASON)

    def _reserve_aware(self, view: FloodView, search: _Search, plays: list[Card]) -> Advice:
        """Easy and master: the best ordinary play, unless every one drains the hand; then the
        greedy player's use of the reserve. (Spending reserve cards whenever the search valued
        them higher, less 3 cards for keeping them, lost more easy UNO deals: 86% against 94%.)"""
        ordinary = [c for c in plays if not c.is_special]
        if not ordinary:
            return self.greedy.advise(view)
        values = {c: search.after_play(c, _without(view.hand, c), 0) for c in ordinary}
        best = max(ordinary, key=values.__getitem__)
        if values[best] > LOST:
            return Advice(play(best), PLAY_REASON)
        return self.greedy.advise(view)


class _Search:
    """One decision's search: what the view tells, how this difficulty searches (`tuned`), and
    the positions already valued (a decision meets the same ones again through other orders)."""

    def __init__(self, view: FloodView, unseen: Unseen, tuned: Tuning) -> None:
        self.view = view
        self.unseen = unseen
        self.tuned = tuned
        self.reserve_mode = view.options.difficulty.specials_in_reserve
        self.specials_first = view.options.difficulty.specials_first
        self.suits = view.options.suits
        # How far the search looks now: the next draw's chain is searched NEXT_DEPTH plays deep.
        self.depth = tuned.depth(len(view.hand))
        self.next_depth = NEXT_DEPTH
        self.inner = False
        self.memo: dict[tuple[Card, Suit, tuple[Card, ...]], float] = {}
        self.hits: dict[tuple[Card, Suit], int] = {}
        self.rank_counts: dict[Rank, int] = {}
        self.drains: dict[tuple[Card, Suit, tuple[Card, ...]], float] = {}
        self.stops_memo: dict[tuple[Card, Suit, tuple[Card, ...]], bool] = {}

    def next_chain(self, top: Card, suit: Suit, hand: tuple[Card, ...]) -> float:
        """At a dead end: the cards kept after the chain the next playable draw starts, averaged
        over the unseen cards that can be that draw (the drawn misses are not counted here: the
        gain counts them)."""
        key = (top, suit, hand)
        known = self.memo.get(key)
        if known is not None:
            return known
        total = 0.0
        weight = 0
        outer_depth = self.depth
        self.inner, self.depth = True, self.next_depth
        try:
            for card, count in self.unseen.by_card.items():
                if is_legal(card, top, suit):
                    total += count * self.after_play(card, hand, 0)
                    weight += count
        finally:
            self.inner, self.depth = False, outer_depth
        result = total / weight if weight else len(hand)
        self.memo[key] = result
        return result

    def drain_cost(self, top: Card, suit: Suit, hand: tuple[Card, ...]) -> float:
        """Medium on the standard deck, at a dead end with a small hand: DRAIN_COST times the
        chance that the next playable draw starts a chain that must play the whole hand out."""
        if len(hand) > self.tuned.drain_hand:
            return 0.0
        key = (top, suit, hand)
        known = self.drains.get(key)
        if known is not None:
            return known
        drained = weight = 0
        for card, count in self.unseen.by_card.items():
            if is_legal(card, top, suit):
                weight += count
                if not self.can_stop_after(card, hand):
                    drained += count
        cost = DRAIN_COST * drained / weight if weight else 0.0
        self.drains[key] = cost
        return cost

    def colour_risk(self, hand: tuple[Card, ...]) -> float:
        """Medium on the UNO deck, at a dead end: what a hand mostly of one colour costs, nothing
        at half the hand in one colour (wilds count in the hand, in no colour: their `group`),
        colour_weight at all of it."""
        weight = self.tuned.colour_weight
        if not weight or len(hand) < 2:
            return 0.0
        most = max(Counter(c.group for c in hand if c.group is not None).values(), default=0)
        return weight * max(0.0, most / len(hand) - 0.5) * 2

    def held(self, hand: tuple[Card, ...]) -> float:
        """Medium, at a dead end: what its hand's suits and Draw Twos are worth (the fitted weights
        of HELD_COLOUR_VALUE). A wild's suit is not held: a standard Queen keeps one for display."""
        colour_value, draw_two_value = self.tuned.held_colour, self.tuned.held_draw_two
        if not colour_value and not draw_two_value:
            return 0.0
        colours = len({c.group for c in hand if c.group is not None})
        draw_twos = sum(1 for c in hand if c.role is Role.DRAW_TWO)
        return colour_value * colours + draw_two_value * draw_twos

    def can_stop_after(self, card: Card, hand: tuple[Card, ...]) -> bool:
        """Whether some order of plays after `card` stops with cards left in `hand`."""
        role = card.role
        if role is Role.DRAW_TWO or role is Role.WILD_DRAW_FOUR:
            return True  # it draws: the hand is not empty after it
        if not hand:
            return False
        if role is Role.WILD:
            return any(self.can_stop(_WILD_TOP, s, hand) for s in self.suits)
        assert card.suit is not None
        return self.can_stop(card, card.suit, hand)

    def can_stop(self, top: Card, suit: Suit, hand: tuple[Card, ...]) -> bool:
        key = (top, suit, hand)
        known = self.stops_memo.get(key)
        if known is None:
            options, _ = sorted_legal(list(hand), (), top, suit, self.specials_first)
            if len(options) > 1:  # any plain card leaves the same plays, so the same stops
                options = self.distinct(options, hand, suit)
            known = not options or any(self.can_stop_after(c, _without(hand, c)) for c in options)
            self.stops_memo[key] = known
        return known

    def gain(self, top: Card, suit: Suit) -> float:
        """Cards expected to be drawn and kept before a drawn card can be played."""
        u = self.unseen
        hits = self.playable_draws(top, suit)
        misses = u.total - hits
        if self.reserve_mode:
            misses -= u.special
        return self.tuned.gain_weight * max(0, misses) / (hits + 1)

    def playable_draws(self, top: Card, suit: Suit) -> int:
        """How many unseen cards could be played at once if drawn now (F4; on easy and master a
        drawn special goes to the reserve, so it neither plays nor stays in the hand)."""
        key = (top, suit)
        hits = self.hits.get(key)
        if hits is None:
            hits = self.hits[key] = sum(
                count
                for card, count in self.unseen.by_card.items()
                if not (self.reserve_mode and card.is_special) and is_legal(card, top, suit)
            )
        return hits

    def value(self, top: Card, suit: Suit, hand: tuple[Card, ...], depth: int) -> float:
        """The best that can follow with `top` on the pile and `suit` in force."""
        # The hand is in hand order, as the engine's scan wants it; one try per distinct card.
        options, _ = sorted_legal(list(hand), (), top, suit, self.specials_first)
        if not options:
            if self.next_depth and not self.inner and not self.reserve_mode:
                return (
                    self.gain(top, suit)
                    + self.next_chain(top, suit, hand)
                    - self.drain_cost(top, suit, hand)
                    - self.colour_risk(hand)
                    + self.held(hand)
                )
            return len(hand) + self.gain(top, suit)
        # Medium: where the search stops with plays still to make (its cut-off), the hand is worth what it
        # holds (HELD_COLOUR_VALUE, the Draw Two values) as at a dead end; without it, a line that reaches a
        # dead end within the search's depth outranked one that keeps playing past it, whatever its hand.
        # The next draw's chain (searched one play deep) is valued as before. Paired on the same deals against
        # the cut-off without it, medium UNO: deals 24000-24799 (tuning) won 559 against 525 of 800 (153
        # deals won only with it, 119 only without), fresh deals 25000-25799 569 against 544 (151/126; both
        # together p = 0.013); medium standard, deals 24000-24399, 302 against 298 of 400 (66/62). It searches
        # less, 0.63-0.78 times the CPU a deal. Also costing the cut-off its one-colour risk (118/105 of deals
        # 24000-24799, 1.3 times the CPU) or crediting it with its draws (135/173) did not hold.
        if depth >= self.depth:
            return len(hand) - len(options) + (0.0 if self.inner else self.held(hand))
        if self.tuned.distinct and len(options) > 1:
            options = self.distinct(options, hand, suit)
        return max(self.after_play(card, _without(hand, card), depth + 1) for card in options)

    def distinct(self, options: list[Card], hand: tuple[Card, ...], suit: Suit) -> list[Card]:
        """The plays that lead to different positions. Ordinary cards of the suit in force whose
        rank no card of another suit in the hand shares ("plain" cards) lead on to that suit only:
        whichever is played first, the same plays follow, so only one is tried, the one whose rank
        the draw pile holds most of (the others are better kept as a last card: fewer draws match
        them). All Wilds are alike, and all Wild Draw Fours."""
        # The suits that hold each rank: copies of a card (UNO deck) link nothing.
        suits_of: dict[Rank, set[Suit | None]] = {}
        for c in hand:
            suits_of.setdefault(c.rank, set()).add(c.suit)
        kept: list[Card] = []
        plain: Card | None = None
        wild_roles: set[Role] = set()
        for card in options:
            role = card.role
            if role is Role.WILD or role is Role.WILD_DRAW_FOUR:
                if role in wild_roles:
                    continue
                wild_roles.add(role)
            elif role is Role.ORDINARY and card.suit is suit and len(suits_of[card.rank]) == 1:
                if plain is None or self.rank_unseen(card) > self.rank_unseen(plain):
                    plain = card
                continue
            kept.append(card)
        if plain is not None:
            kept.append(plain)
        return kept

    def rank_unseen(self, card: Card) -> int:
        """Unseen cards of the card's rank."""
        count = self.rank_counts.get(card.rank)
        if count is None:
            count = self.rank_counts[card.rank] = sum(
                n for c, n in self.unseen.by_card.items() if c.rank is card.rank
            )
        return count

    def after_play(self, card: Card, left: tuple[Card, ...], depth: int) -> float:
        """The best that can follow playing `card`, with `left` the hand without it."""
        role = card.role
        if role is Role.DRAW_TWO:
            return 2 + self.value(card, card.suit, left, depth) if card.suit else LOST
        if role is Role.WILD_DRAW_FOUR:
            return 4 + max(self.after_call(s, left, depth) for s in self.suits)
        if not left:
            return LOST
        if role is Role.WILD:
            return max(self.after_call(s, left, depth) for s in self.suits)
        assert card.suit is not None
        return self.value(card, card.suit, left, depth)

    def after_call(self, suit: Suit, hand: tuple[Card, ...], depth: int) -> float:
        return self.value(_WILD_TOP, suit, hand, depth)


# After a Wild only the called suit matters (F4): any wild top card stands for it.
_WILD_TOP = Card.of(None, Rank.WILD)


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """The hand less one copy of `card` (a reserve card leaves the hand as it is)."""
    if card not in hand:
        return hand
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]
