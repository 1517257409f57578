"""The UNO pictures' words and alt text in the reader's language (issue 21): what a screen reader
reads of the hand and the table, and the words drawn on the table, through `Words`; every
sentence translated, and the alt text within Discord's 1,024 characters in every language."""

from __future__ import annotations

import pytest

from bot.games.uno.cards import Card
from bot.games.uno.cards import Colour
from bot.games.uno.cards import Face
from bot.games.uno.playing_cards import PlayingCard
from bot.games.uno.playing_cards import Rank
from bot.games.uno.playing_cards import Suit
from bot.i18n.catalogue import LANGUAGES
from bot.i18n.catalogue import SOURCE
from bot.i18n.words import Words
from bot.render.images.uno import DESCRIPTION_LIMIT
from bot.render.images.uno import PublicSeat
from bot.render.images.uno import PublicTable
from bot.render.images.uno import hand_description
from bot.render.images.uno import hand_picture
from bot.render.images.uno import sample_hand
from bot.render.images.uno import table_picture
from tests.i18n.test_uno_refusals import untranslated

RED5 = Card.of(Colour.RED, Face.FIVE)
NAMES = tuple(f"{chr(ord('A') + n)}{'w' * 31}" for n in range(10))


def _full_table() -> PublicTable:
    seats = tuple(PublicSeat(name, 108, 99_999) for name in NAMES)
    return PublicTable(seats, RED5, Colour.RED, -1, 3, 108, 40)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_pictures_alt_text_is_translated_and_fits(language: str) -> None:
    words = Words(language)
    table = _full_table()
    assert untranslated(table.describe(), words) == []
    hand = sample_hand(108)
    playable = frozenset(range(0, 108, 2))
    assert untranslated(hand_description(hand, playable), words) == []
    twist = [PlayingCard.of(Suit.HEARTS, Rank.ACE), PlayingCard.of(None, Rank.JOKER)]
    assert untranslated(hand_description(twist, frozenset({0})), words) == []
    pictures = (
        table_picture(table, words),
        hand_picture(hand, playable, say=words),
        hand_picture([], say=words),
    )
    for picture in pictures:
        assert 0 < len(picture.description) <= DESCRIPTION_LIMIT


def test_the_pictures_speak_german_and_english_stays_as_it_was() -> None:
    german = Words("de")
    seats = (PublicSeat("anna", 1, 10), PublicSeat("bert", 7, 0))
    table = PublicTable(seats, RED5, Colour.RED, 1, 0, 50, 2)
    assert table_picture(table, german).description == (
        "Oberste Karte Rot 5, Farbe Rot, es wird im Uhrzeigersinn gespielt. "
        "2 Karten zum Ziehen sind gestapelt. anna (am Zug): 1 Karte, 10 Punkte. bert: 7 Karten, 0 Punkte."
    )
    assert table_picture(table).description == (
        "Top card Red 5, colour Red, play goes clockwise. 2 cards to draw are stacked. "
        "anna (to play): 1 card, 10 points. bert: 7 cards, 0 points."
    )
    hand = [RED5, Card.of(None, Face.WILD_DRAW_FOUR)]
    assert hand_picture(hand, frozenset({1}), say=german).description == (
        "Deine Hand: 1 Rot 5, 2 Zieh-Vier-Farbwahlkarte (spielbar)"
    )
    assert hand_picture(hand, frozenset({1})).description == "Your hand: 1 Red 5, 2 Wild Draw Four (playable)"
    assert Words(SOURCE)(hand_description(hand, frozenset())) == "Your hand: 1 Red 5, 2 Wild Draw Four"
