"""What a seat infers from the public history: the habit of keeping Wilds for last."""

from __future__ import annotations

from bot.games.uno.ai.knowledge import _Reader
from bot.games.uno.cards import Card
from bot.games.uno.cards import Colour
from bot.games.uno.events import CardPlayed
from bot.games.uno.events import ColourChosen
from bot.games.uno.events import FirstCardTurned
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
