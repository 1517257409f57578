"""What a seat infers from the public history: the habits of keeping Wilds for last and of
playing what goes."""

from __future__ import annotations

from bot.games.uno.ai.history import HiddenDraw
from bot.games.uno.ai.knowledge import _Reader
from bot.games.uno.cards import Card
from bot.games.uno.cards import Colour
from bot.games.uno.events import CardPlayed
from bot.games.uno.events import ColourChosen
from bot.games.uno.events import DrawReason
from bot.games.uno.events import FirstCardTurned
from bot.games.uno.events import Passed
from bot.games.uno.ruleset import OFFICIAL


def read(habits: bool, *cards: str) -> _Reader:
    reader = _Reader(OFFICIAL, strict=False, habits=habits)
    reader.read(FirstCardTurned(Card.parse("R5")))
    for code in cards:
        reader.read(CardPlayed(1, Card.parse(code)))
        if code == "W":
            reader.read(ColourChosen(1, Colour.BLUE))
    return reader


def test_a_plain_wild_is_read_as_holding_nothing_else_that_would_go() -> None:
    void = read(True, "W").voids[1]
    assert void.excludes(Card.parse("R9")) and void.excludes(Card.parse("G5"))
    assert not void.excludes(Card.parse("B7")) and not void.fresh
    assert 1 not in read(False, "W").voids


def test_a_card_played_against_the_belief_ends_it() -> None:
    assert 1 in read(True, "W", "B7").voids
    assert 1 not in read(True, "W", "B7", "R2").voids


def drawn_and_passed(reader: _Reader, top: str) -> None:
    """Seat 1 draws by choice on `top` (its colour in force) and passes."""
    reader.read(CardPlayed(0, Card.parse(top)))
    reader.read(HiddenDraw(1, 1, DrawReason.CHOSE_TO_DRAW))
    reader.read(Passed(1))


def test_voids_of_two_draws_add_up_while_no_card_escaped_them() -> None:
    reader = read(True)
    drawn_and_passed(reader, "R3")
    drawn_and_passed(reader, "B4")
    void = reader.voids[1]
    assert void.excludes(Card.parse("R9")) and void.excludes(Card.parse("B9"))
    assert void.excludes(Card.parse("W")) and not void.excludes(Card.parse("G9"))
    # The card drawn last could be red: it misses only what would have gone on the blue 4.
    assert void.fresh == 1


def test_a_drawn_card_passed_is_as_little_free_as_the_hand() -> None:
    reader = read(True)
    drawn_and_passed(reader, "R3")
    assert reader.voids[1].fresh == 0


def test_cards_drawn_since_an_old_void_keep_it_from_adding_up() -> None:
    reader = read(True)
    drawn_and_passed(reader, "R3")
    reader.read(HiddenDraw(1, 2, DrawReason.DRAW_TWO))
    drawn_and_passed(reader, "B4")
    void = reader.voids[1]
    assert void.excludes(Card.parse("B9")) and not void.excludes(Card.parse("R9"))


def test_without_habits_a_new_void_replaces_the_old() -> None:
    reader = read(False)
    drawn_and_passed(reader, "R3")
    drawn_and_passed(reader, "B4")
    void = reader.voids[1]
    assert not void.excludes(Card.parse("R9")) and not void.excludes(Card.parse("W"))
