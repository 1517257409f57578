"""Colour-blind players, checked against reports filed on other card games: every UNO card's
colour is said by a word in text, not only by the hue of an emoji square (🟥 and 🟩 are one
brownish square to a player with red-green colour blindness)."""

from __future__ import annotations

import pytest

from bot.games.flood.cards import Rank as FloodRank
from bot.games.flood.cards import uno_deck
from bot.games.uno.cards import Card
from bot.games.uno.cards import Colour
from bot.games.uno.cards import Face
from bot.i18n.words import Words
from bot.render.flood_text import card_short as flood_card_short
from bot.render.uno_text import card_short
from bot.render.uno_text import hand_text

LANGUAGES = ["en", "de", "es", "fr", "it", "pt_BR"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_colour_row_of_the_hand_names_its_colour(language: str) -> None:
    # https://github.com/ackwell/ninjabot/issues/24 (UNO: "R:[6][8], Y:[1], B:[2]": the colour
    # said once per group) and https://github.com/ackwell/ninjabot/issues/22 (letters or symbols
    # before the cards, for colour-blind players). Before, a row read `🟥 3  5  Skip`.
    words = Words(language)
    hand = [Card.of(colour, Face.FIVE) for colour in Colour] + [Card.of(None, Face.WILD)]
    rows = words(hand_text(hand)).splitlines()
    for colour, row in zip(Colour, rows, strict=False):
        assert words(colour.title) in row, (colour, row)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("face", [Face.SEVEN, Face.SKIP, Face.REVERSE, Face.DRAW_TWO])
def test_a_card_on_its_own_says_its_colour_in_words(language: str, face: Face) -> None:
    # https://github.com/kubowania/memory-game/issues/69 (cards told apart by colour only:
    # WCAG 1.4.1) and https://www.toyroyalty.com/2320/uno-coloradd/ (UNO ColorADD: each colour
    # also carries a mark). The top card, the log's "played 🟥 7", "You drew 🟩 5" and the jump-in
    # buttons used the square alone.
    words = Words(language)
    said = [words(card_short(Card.of(colour, face))) for colour in Colour]
    # Without the squares, the four colours' cards still read apart (a language agrees the
    # colour with the face's gender: "reversa roja"), and English says the colour word.
    hueless = {line.translate({ord(square): None for square in "🟥🟨🟩🟦"}).strip() for line in said}
    assert len(hueless) == len(Colour), said
    if language == "en":
        assert all(colour.label in line for colour, line in zip(Colour, said, strict=True)), said


@pytest.mark.parametrize("language", LANGUAGES)
def test_survive_the_floods_uno_cards_say_their_colour_in_words(language: str) -> None:
    # https://github.com/ackwell/ninjabot/issues/22 (letters or words before UNO cards for
    # colour-blind players). Survive the Flood's buttons and log read `🟥 7`, `🟩 7`: one
    # brownish square each to a red-green colour-blind player.
    words = Words(language)
    sevens = [card for card in uno_deck() if card.rank is FloodRank("7")]
    said = {words(flood_card_short(card)) for card in sevens}
    hueless = {line.translate({ord(square): None for square in "🟥🟨🟩🟦"}).strip() for line in said}
    assert len(hueless) == len(Colour), said
