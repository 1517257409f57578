"""The planner behind the Hint in /flood: the same move for the same view, and what it counts on
drawing read from the view (test_flood_hint checks its moves are legal and ignore the hidden draw
pile's order)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest
from flood_rig import stacked

from bot.games.flood import DeckKind
from bot.games.flood import Difficulty
from bot.games.flood import FloodGame
from bot.games.flood import FloodOptions
from bot.games.flood import FloodView
from bot.games.flood.cards import Card
from bot.games.flood.cards import Suit
from bot.games.flood.planner import COLOUR_WEIGHT
from bot.games.flood.planner import DEPTH
from bot.games.flood.planner import HELD_COLOUR_VALUE
from bot.games.flood.planner import HELD_DRAW_TWO_VALUE
from bot.games.flood.planner import HUGE_HAND
from bot.games.flood.planner import HUGE_HAND_DEPTH
from bot.games.flood.planner import MEDIUM_DEPTH
from bot.games.flood.planner import UNO_HELD_DRAW_TWO_VALUE
from bot.games.flood.planner import Planner
from bot.games.flood.planner import Tuning
from bot.games.flood.planner import _Search
from bot.games.flood.planner import tuning
from bot.games.flood.planner import unseen_cards

MOVES = 80


def test_the_planner_is_deterministic() -> None:
    options = FloodOptions.make(Difficulty.MEDIUM, DeckKind.STANDARD)
    logs = []
    for _ in range(2):
        game, _ = FloodGame.new(options, 4)
        planner = Planner()
        for _ in range(MOVES):
            if game.is_over:
                break
            game.apply(planner.choose(game.view()))
        logs.append(game.log)
    assert logs[0] == logs[1]


def test_the_unseen_cards_are_the_draw_pile_as_a_multiset() -> None:
    """What the planner counts on drawing is exactly what the draw pile holds, read from the view."""
    game, _ = FloodGame.new(FloodOptions.make(Difficulty.MEDIUM, DeckKind.UNO), 2)
    planner = Planner()
    for _ in range(40):
        if game.is_over:
            break
        unseen = unseen_cards(game.view())
        assert unseen.by_card == Counter(game.draw_pile)
        assert unseen.total == len(game.draw_pile)
        game.apply(planner.choose(game.view()))


def _dead_end_value(view: FloodView, hand: tuple[Card, ...]) -> float:
    """What the planner makes of a dead end with `hand` under the view's top card."""
    assert view.suit is not None
    search = _Search(view, unseen_cards(view), tuning(view.options))
    return search.value(view.discard_top, view.suit, hand, 0)


def test_a_dead_end_counts_the_draws_that_would_force_the_last_card_out() -> None:
    """Medium: with the Jack of spades alone under the 5 of hearts, a drawn Jack of hearts must be
    played and then the Jack of spades, which empties the hand. Once that Jack of hearts has been
    played (it is in the discard pile, so it cannot be drawn) the dead end is worth far more than
    the one card fewer the planner expects to draw before a playable one."""
    options = FloodOptions.make(Difficulty.MEDIUM, DeckKind.STANDARD)
    hand = [Card.parse(code) for code in ("JS", "2C", "3C", "4C", "6D", "7D", "8D")]
    starter = Card.parse("5H")
    jack_of_hearts = Card.parse("JH")
    rest = Counter(options.full_deck())
    rest.subtract([*hand, starter])
    game, _ = FloodGame.from_deck(options, [*hand, starter, *sorted(rest.elements(), key=str)])
    view = game.view()
    seen = view._replace(discard=(jack_of_hearts, *view.discard))
    assert jack_of_hearts in unseen_cards(view).by_card
    assert jack_of_hearts not in +unseen_cards(seen).by_card
    alone = (Card.parse("JS"),)
    assert _dead_end_value(seen, alone) - _dead_end_value(view, alone) > 1.0


def searched(difficulty: Difficulty, deck: DeckKind = DeckKind.STANDARD) -> Tuning:
    return tuning(FloodOptions.make(difficulty, deck))


def test_hard_looks_further_with_a_small_hand_only() -> None:
    """Hard (F12) searches a small hand deeper, the hand a chain can drain; easy and a big hard
    hand keep the usual depth."""
    hard, easy = searched(Difficulty.HARD), searched(Difficulty.EASY)
    assert hard.depth(5) > easy.depth(5) == DEPTH
    assert hard.depth(8) > DEPTH
    assert hard.depth(20) == easy.depth(20) == DEPTH - 1


def test_hard_uno_looks_further_and_weighs_draws_more() -> None:
    """On the UNO deck hard hands stay bigger (25 cards a colour): the deep search reaches hands of
    up to 12 cards, and the expected draws weigh more; hard standard keeps its weight. Medium, on
    both decks, weighs the expected draws most of all: they decide nearly alone, the cards kept
    break ties."""
    hard, hard_uno = searched(Difficulty.HARD), searched(Difficulty.HARD, DeckKind.UNO)
    assert hard_uno.depth(11) > hard.depth(11) == DEPTH
    assert hard_uno.depth(7) == hard.depth(6)
    assert hard_uno.depth(20) == DEPTH - 1
    assert hard_uno.gain_weight > hard.gain_weight
    medium, medium_uno = searched(Difficulty.MEDIUM), searched(Difficulty.MEDIUM, DeckKind.UNO)
    assert medium.gain_weight == medium_uno.gain_weight > 5 * hard_uno.gain_weight


def test_a_hand_of_most_of_the_deck_is_searched_two_plays_deep() -> None:
    """A hand of dozens of cards has dozens of plays each step: above HUGE_HAND cards every
    difficulty looks two plays ahead (medium's three took seconds for a Hint); up to it, medium
    keeps its three."""
    for difficulty in Difficulty:
        for deck in DeckKind:
            assert searched(difficulty, deck).depth(HUGE_HAND + 1) <= HUGE_HAND_DEPTH == 2
    assert searched(Difficulty.MEDIUM).depth(HUGE_HAND) == MEDIUM_DEPTH - 1 == 3


def test_medium_tries_one_plain_card_of_the_suit_in_force() -> None:
    """Medium: under the 5 of hearts, the 2, 3 and 9 of hearts share their rank with no card of
    another suit in the hand, so whichever is played first the same plays follow: one of them is
    tried (the one whose rank the draw pile holds most of: the others are better last cards),
    beside the 7 of hearts (the 7 of clubs shares its rank), the 5 of clubs (by rank) and one of
    the two Wilds."""
    options = FloodOptions.make(Difficulty.MEDIUM, DeckKind.STANDARD)
    game, _ = stacked(options, "2H 3H 9H 7H 7C 5C QS", "5H", pile="9S 9D 9C")
    view = game.view()
    search = _Search(view, unseen_cards(view), tuning(options))
    assert search.tuned.distinct
    hand = (*view.hand, Card.parse("QD"))
    options_ = [c for c in hand if c.is_wild or c.suit is view.suit or c.rank is view.discard_top.rank]
    assert view.suit is not None
    tried = search.distinct(options_, hand, view.suit)
    plain = [c for c in tried if str(c) in ("2H", "3H", "9H")]
    assert len(plain) == 1
    assert search.rank_unseen(plain[0]) == max(search.rank_unseen(Card.parse(c)) for c in ("2H", "3H", "9H"))
    assert {"7H", "5C"} <= {str(c) for c in tried}
    assert sum(c.is_wild for c in tried) == 1


def test_medium_looks_further_than_the_other_difficulties() -> None:
    medium = searched(Difficulty.MEDIUM)
    assert medium.depth(8) == MEDIUM_DEPTH > searched(Difficulty.EASY).depth(8)
    assert medium.depth(20) == MEDIUM_DEPTH - 1
    assert medium.distinct and not searched(Difficulty.HARD).distinct


def test_medium_weighs_down_a_small_hand_that_a_drawn_card_would_play_out() -> None:
    """Medium: stuck under the 9 of spades with the 2, 6 and 8 of diamonds, a drawn 9 of diamonds
    must be played and then all three diamonds, which empties the hand; with the 2 of diamonds and
    the 6 of hearts every playable draw leaves a card that cannot follow. Hard has no such cost,
    nor medium on the UNO deck."""

    def cost(difficulty: Difficulty, hand: str) -> float:
        game, _ = stacked(FloodOptions.make(difficulty, DeckKind.STANDARD), "AC 3C 4C 5C 7C 10C JC", "9S")
        view = game.view()
        assert view.suit is not None
        search = _Search(view, unseen_cards(view), tuning(view.options))
        return search.drain_cost(view.discard_top, view.suit, tuple(Card.parse(c) for c in hand.split()))

    assert cost(Difficulty.MEDIUM, "2D 6D 8D") > 0
    assert cost(Difficulty.MEDIUM, "2D 6H") == 0
    assert cost(Difficulty.HARD, "2D 6D 8D") == 0
    assert searched(Difficulty.MEDIUM, DeckKind.UNO).drain_hand == 0


def test_the_drain_check_tries_one_plain_card_of_the_suit_in_force() -> None:
    """Whichever plain card (a rank no other suit in the hand holds) is played, the same plays and
    so the same stops follow: a hand of seven plain diamonds is judged drained along one line, not
    over every order, and a hand that can stop is still seen to."""
    game, _ = stacked(FloodOptions.make(Difficulty.MEDIUM, DeckKind.STANDARD), "AC 3C 4C 5C 7C 10C JC", "9S")
    view = game.view()
    search = _Search(view, unseen_cards(view), tuning(view.options))
    diamonds = tuple(Card.parse(c) for c in ("AD", "2D", "3D", "4D", "5D", "6D", "7D"))
    assert not search.can_stop_after(Card.parse("9D"), diamonds)
    assert len(search.stops_memo) <= len(diamonds)  # every order would be 2^7 positions
    assert search.can_stop_after(Card.parse("9D"), (*diamonds, Card.parse("7H")))


def test_medium_uno_weighs_down_a_dead_end_of_mostly_one_colour() -> None:
    """Medium on the UNO deck: a dead end whose hand is all yellow costs the most (a playable
    yellow draw starts a chain that plays it out), one of four colours evenly nothing, and the
    search's value of the dead end carries that cost. The other cells have no such cost."""
    game, _ = stacked(FloodOptions.make(Difficulty.MEDIUM, DeckKind.UNO), "G1 G2 G3 G4 G5 G6 G7", "R8")
    view = game.view()
    assert view.suit is not None
    search = _Search(view, unseen_cards(view), tuning(view.options))
    yellows = tuple(Card.parse(c) for c in ("Y1", "Y2", "Y3", "Y4"))
    mixed = tuple(Card.parse(c) for c in ("Y1", "B2", "G3", "R4"))
    assert search.colour_risk(yellows) == COLOUR_WEIGHT
    assert search.colour_risk(mixed) == 0
    assert 0 < search.colour_risk((*yellows[:3], Card.parse("B2"))) < COLOUR_WEIGHT
    plain = _Search(view, unseen_cards(view), replace(tuning(view.options), colour_weight=0.0))
    top = Card.parse("B9")
    gap = plain.value(top, Suit.BLUE, yellows, 0) - search.value(top, Suit.BLUE, yellows, 0)
    assert abs(gap - COLOUR_WEIGHT) < 1e-9
    assert searched(Difficulty.MEDIUM).colour_weight == 0
    assert searched(Difficulty.HARD, DeckKind.UNO).colour_weight == 0


@pytest.mark.parametrize(
    ("deck", "hand", "starter", "kept", "top", "suit", "draw_two"),
    [
        (
            DeckKind.UNO,
            "G1 G2 G3 G4 G5 G6 G7",
            "R8",
            "Y1 Y2 RD G3 G3",
            "B9",
            Suit.BLUE,
            UNO_HELD_DRAW_TWO_VALUE,
        ),
        # The Queen of Hearts is a Wild: it keeps its suit for display only, so Hearts is not held.
        (
            DeckKind.STANDARD,
            "AC 3C 4C 5C 7C 10C JC",
            "9S",
            "2D 3D KS 4C 4C QH",
            "9H",
            Suit.HEARTS,
            HELD_DRAW_TWO_VALUE,
        ),
    ],
)
def test_medium_values_the_suits_and_draw_twos_a_dead_end_holds(
    deck: DeckKind, hand: str, starter: str, kept: str, top: str, suit: Suit, draw_two: float
) -> None:
    """Medium: a dead end is worth HELD_COLOUR_VALUE more for each suit its hand holds (a wild's
    never counts) and HELD_DRAW_TWO_VALUE for each Draw Two (UNO_HELD_DRAW_TWO_VALUE on the UNO
    deck; weights fitted to outcomes); the search's value of the dead end carries it. The other
    difficulties value neither."""
    game, _ = stacked(FloodOptions.make(Difficulty.MEDIUM, deck), hand, starter)
    view = game.view()
    search = _Search(view, unseen_cards(view), tuning(view.options))
    cards = tuple(Card.parse(c) for c in kept.split())
    expected = 3 * HELD_COLOUR_VALUE + draw_two
    assert search.held(cards) == expected
    off = replace(tuning(view.options), held_colour=0.0, held_draw_two=0.0)
    plain = _Search(view, unseen_cards(view), off)
    dead = tuple(c for c in cards if not c.is_wild)  # a wild is always playable: no dead end
    gap = search.value(Card.parse(top), suit, dead, 0) - plain.value(Card.parse(top), suit, dead, 0)
    assert abs(gap - expected) < 1e-9
    for difficulty in (Difficulty.EASY, Difficulty.HARD):
        assert searched(difficulty, deck).held_colour == searched(difficulty, deck).held_draw_two == 0


@pytest.mark.parametrize("deck", list(DeckKind))
def test_medium_values_what_the_hand_holds_where_the_search_stops(deck: DeckKind) -> None:
    """Medium: where the search stops with plays still to make, the hand is worth what it holds, as
    at a dead end, so a line that keeps playing past the search's depth is not outranked by every
    dead end within it. The next draw's chain, searched one play deep, is valued by its cards."""
    hand = "G1 G2 G3 G4 G5 G6 G7" if deck is DeckKind.UNO else "AC 3C 4C 5C 7C 10C JC"
    game, _ = stacked(
        FloodOptions.make(Difficulty.MEDIUM, deck), hand, "R8" if deck is DeckKind.UNO else "8H"
    )
    view = game.view()
    search = _Search(view, unseen_cards(view), tuning(view.options))
    plain = _Search(
        view, unseen_cards(view), replace(tuning(view.options), held_colour=0.0, held_draw_two=0.0)
    )
    top = view.discard_top
    assert view.suit is not None
    kept = "G1 G2 B8" if deck is DeckKind.UNO else "AC 3C 8S"  # an 8 can follow the 8 on the pile
    playing_on = tuple(Card.parse(c) for c in kept.split())
    cut = search.depth
    gap = search.value(top, view.suit, playing_on, cut) - plain.value(top, view.suit, playing_on, cut)
    assert gap == search.held(playing_on) > 0
    search.inner = plain.inner = True
    assert search.value(top, view.suit, playing_on, cut) == plain.value(top, view.suit, playing_on, cut)
