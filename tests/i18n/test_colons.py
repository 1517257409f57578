"""A label and its value ("**ann**: 7 cards") are written with each language's colon: French
spaces it off ("**ann** : 7 cartes"), as every other French sentence of the bot does. Before,
the table's seat lines, its team lines, a Flood hand's lines and a replay's final scores put the
colon in code, English style, beside translated lines that spaced it."""

from __future__ import annotations

import pytest

from bot.games.flood.cards import Card as FloodCard
from bot.games.flood.cards import Rank
from bot.games.flood.cards import Suit
from bot.games.uno.explain import explain
from bot.games.uno.ruleset import TWIST
from bot.i18n.words import Words
from bot.render.flood_text import hand_lines
from bot.sessions.table import MAX_PLAYERS
from cogs.uno.render import table_message
from tests.i18n.test_table_limits import full_table


@pytest.mark.parametrize(("language", "colon"), [("fr", " : "), ("de", ": "), ("en", ": ")])
async def test_a_tables_seat_and_team_lines_use_the_languages_colon(language: str, colon: str) -> None:
    table = await full_table(language, ruleset="twist", teams="partners")
    embed = table_message(table).embed
    assert embed is not None
    seats, teams = embed.fields[3].value or "", embed.fields[4].value or ""
    assert len(seats.split("\n")) == MAX_PLAYERS
    for line in seats.split("\n"):
        assert f"**{colon}" in line, line
    for line in teams.split("\n"):
        assert f"){colon}" in line, line


def test_a_flood_hands_lines_use_the_languages_colon() -> None:
    hand = [FloodCard(Suit.HEARTS, Rank.SEVEN), FloodCard(Suit.SPADES, Rank.KING)]
    french = Words("fr")
    for line in hand_lines(hand):
        assert " : " in french(line), french(line)


@pytest.mark.parametrize(
    ("language", "expected"),
    [("fr", "(sur un 2 : un 2 ; sur un Joker : un Joker)"), ("en", "(on a 2, a 2; on a Joker, a Joker)")],
)
def test_clauses_are_joined_with_the_languages_semicolon(language: str, expected: str) -> None:
    """Before, the clauses of a sentence were joined in code, English style, in a French line
    whose every other semicolon was spaced off."""
    said = " ".join(Words(language)(line) for line in explain(TWIST))
    assert expected in said
