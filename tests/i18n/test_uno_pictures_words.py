"""The UNO pictures' words and alt text in the reader's language (issue 21): what a screen reader
reads of the hand and the table, and the words drawn on the table, through `Words`; every
sentence translated, and the alt text within Discord's 1,024 characters in every language."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from bot.games.uno.cards import Card
from bot.games.uno.cards import Colour
from bot.games.uno.cards import Face
from bot.games.uno.cards import official_deck
from bot.games.uno.playing_cards import AnyCard
from bot.games.uno.playing_cards import PlayingCard
from bot.games.uno.playing_cards import Rank
from bot.games.uno.playing_cards import Suit
from bot.games.uno.playing_cards import playing_card_deck
from bot.i18n.catalogue import LANGUAGES
from bot.i18n.catalogue import SOURCE
from bot.i18n.text import text
from bot.i18n.words import Words
from bot.render.images.uno import DESCRIPTION_LIMIT
from bot.render.images.uno import PublicSeat
from bot.render.images.uno import PublicTable
from bot.render.images.uno import hand_description
from bot.render.images.uno import hand_forms
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
    twist = [PlayingCard.of(Suit.HEARTS, Rank.ACE), PlayingCard.of(None, Rank.JOKER)]
    # Every form a hand may be said in (a long one is said colour by colour), each way a colour
    # may be said: some cards playable, all of them, the cards of no colour all playable.
    wild, wild_four = Card.of(None, Face.WILD), Card.of(None, Face.WILD_DRAW_FOUR)
    for cards, up in (
        (hand, playable),
        (twist, frozenset({0})),
        ([RED5, RED5, wild, wild_four], frozenset(range(4))),
    ):
        for form in hand_forms(cards, up):
            assert untranslated(text("Your hand: {cards}", cards=form), words) == []
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


def _longest_uno_hand(size: int) -> list[Card]:
    """`size` cards of an UNO deck, the long-named ones first (every action card and Wild, then
    numbers), in hand order."""
    deck = sorted(official_deck(), key=lambda card: (card.face.is_number, card.order))
    return sorted(deck[:size], key=lambda card: card.order)


def _longest_twist_hand(size: int, decks: int) -> list[PlayingCard]:
    """`size` cards of twist's `decks` decks, the long-named ranks first (Jokers, Queens, Kings,
    Jacks, Aces), in hand order."""
    first = (Rank.JOKER, Rank.QUEEN, Rank.KING, Rank.JACK, Rank.ACE)
    deck = sorted(
        playing_card_deck(decks),
        key=lambda card: (first.index(card.rank) if card.rank in first else len(first), card.order),
    )
    return sorted(deck[:size], key=lambda card: card.order)


def _playable(hand: Sequence[AnyCard], top: AnyCard) -> frozenset[int]:
    """What may be played on `top` in its colour (suit): its colour, its face, any wild card."""
    return frozenset(
        index
        for index, card in enumerate(hand)
        if card.colour == top.colour or card.face == top.face or card.role.is_wild
    )


BIGGEST_HANDS = {
    # Stacking and drawing to match give a player 40 to 60 cards.
    "60 UNO cards": _longest_uno_hand(60),
    "60 twist cards": _longest_twist_hand(60, 4),
    # One player holding every card the others and the discard pile leave.
    "a whole UNO deck": _longest_uno_hand(108 - 2),
    "eight twist decks": _longest_twist_hand(54 * 8 - 2, 8),
}


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
@pytest.mark.parametrize("which", BIGGEST_HANDS)
def test_the_biggest_hands_alt_text_says_every_card_in_every_language(language: str, which: str) -> None:
    """Discord keeps 1,024 characters of an alt text: a hand said card by card lost its end
    (before: 60 cards, cut with '…' in every language). Every card, and which may be played."""
    words = Words(language)
    hand = BIGGEST_HANDS[which]
    for top in (hand[0], hand[len(hand) // 2], hand[-1]):
        playable = _playable(hand, top)
        described = hand_picture(hand, playable, say=words).description
        assert not described.endswith("…"), described
        assert len(described) <= DESCRIPTION_LIMIT
        # Said whole in one of the hand's forms: card by card, by colour, or copies counted.
        forms = [words(text("Your hand: {cards}", cards=said)) for said in hand_forms(hand, playable)]
        assert described in forms


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_the_fullest_tables_alt_text_is_whole_in_every_language(language: str) -> None:
    """Ten seats with names of Discord's longest (32 characters), hundreds of cards in each hand
    and six-figure scores: the table's alt text says every seat without being cut."""
    seats = tuple(PublicSeat(name, 432, 999_999) for name in NAMES)
    for top, colour in ((RED5, Colour.RED), (PlayingCard.of(Suit.HEARTS, Rank.QUEEN), Suit.HEARTS)):
        for direction in (1, -1):
            table = PublicTable(seats, top, colour, direction, 3, 432, 400)
            assert len(Words(language)(table.describe())) <= DESCRIPTION_LIMIT
