"""The card notation of the paper's model: round trips and refusals a player can read."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from bot.games.errors import MalformedAction
from bot.games.solver.cards import COLOUR_LIMIT
from bot.games.solver.cards import MAX_HAND
from bot.games.solver.cards import NUMBER_LIMIT
from bot.games.solver.cards import BadHand
from bot.games.solver.cards import Card
from bot.games.solver.cards import format_hand
from bot.games.solver.cards import parse_card
from bot.games.solver.cards import parse_hand
from bot.games.solver.cards import real_deck_number_cards

cards = st.builds(Card, st.integers(0, COLOUR_LIMIT - 1), st.integers(0, NUMBER_LIMIT - 1))


@settings(max_examples=300, deadline=None)
@given(st.lists(cards, min_size=1, max_size=MAX_HAND))
def test_hand_notation_round_trips(hand: list[Card]) -> None:
    """P1: any hand the solver accepts is written and read back unchanged."""
    assert parse_hand(format_hand(hand)) == tuple(hand)


def test_short_and_general_forms_name_the_same_card() -> None:
    assert parse_hand("R1 r5, B5 g5") == (Card(0, 1), Card(0, 5), Card(3, 5), Card(2, 5))
    assert parse_card("c0n5") == parse_card("R5") == Card(0, 5)
    assert parse_card("C12N7") == Card(12, 7)
    assert format_hand([Card(3, 9), Card(4, 0), Card(1, 12)]) == "B9 c4n0 c1n12"


def test_real_deck_number_cards() -> None:
    deck = real_deck_number_cards()
    assert len(deck) == 76
    assert deck.count(Card(0, 0)) == 1 and deck.count(Card(3, 9)) == 2


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("   ,  ", "empty"),
        ("R1 X5", "unknown colour `X`"),
        ("R10", "c0n10"),
        ("R1 5", "not a card"),
        ("R1 Rx", "not a card"),
        ("c100n1", "c99"),
        ("c1n100", "n99"),
        ("R1 W4", "unknown colour"),
    ],
)
def test_bad_hands_are_refused_with_a_reason(text: str, words: str) -> None:
    with pytest.raises(BadHand) as refused:
        parse_hand(text)
    assert words in str(refused.value)
    assert isinstance(refused.value, MalformedAction)


def test_oversized_hand_is_refused() -> None:
    parse_hand(" ".join(["R1"] * MAX_HAND))
    with pytest.raises(BadHand, match="109 cards"):
        parse_hand(" ".join(["R1"] * (MAX_HAND + 1)))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("Q" * 5_000, "not a card"),
        ("R" + "1" * 5_000, "deck numbers go from 0 to 9"),
        ("c" + "1" * 5_000 + "n1", "colours go from c0 to c99"),
        ("c1n" + "1" * 5_000, "numbers go from n0 to n99"),
        ("R1 " + "7" * 5_000, "not a card"),
    ],
    ids=["letters", "short form", "general colour", "general number", "digits"],
)
def test_pasted_walls_of_text_are_refused_briefly(text: str, words: str) -> None:
    """`/puzzle solve` takes up to 6,000 typed characters: a refusal names the fault, quotes only
    the start of the card and fits a Discord message."""
    with pytest.raises(BadHand) as refused:
        parse_hand(text)
    assert words in str(refused.value) and len(str(refused.value)) < 300
