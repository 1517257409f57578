"""Survive the Flood says "colour" to a player of the UNO deck and "suit" to a player of the
standard deck, as the UNO game does for its two decks: in the message, its controls, the hint,
the picture's words and the engine's refusals, in English and in the languages whose word for a
suit is not their word for a colour (German "Farbe" and French "couleur" serve both).

Each game is played by the greedy player; at every position, and at a Wild's call, everything
the player reads is rendered and searched for the other deck's word."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC
from datetime import datetime

import discord
import pytest

from bot.games.errors import IllegalAction
from bot.games.flood import DRAW
from bot.games.flood import CallSuit
from bot.games.flood import FloodGame
from bot.games.flood import FloodOptions
from bot.games.flood import GreedyPlayer
from bot.games.flood import Play
from bot.games.flood import Suit
from bot.games.flood.actions import call
from bot.games.flood.game import Phase
from bot.i18n.text import Text
from bot.i18n.words import Words
from bot.render.images.flood import picture_words
from cogs.flood.cog import FLOOD
from cogs.flood.render import flood_message
from cogs.flood.render import hint_note
from tests.i18n import solo_session

NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)

# Each language's word for a suit of playing cards, and for a colour of UNO cards, where the two
# differ. A standard deck's Wild is "cambio colore" in Italian: its word for colour is not checked.
SUIT_WORD = {
    "en": r"\bsuits?\b",
    "es": r"\bpalos?\b",
    "it": r"\bsem[ei]\b",
    "pt_BR": r"\bnaipes?\b",
}
COLOUR_WORD = {"en": r"\bcolou?rs?\b", "es": r"\bcolor(es)?\b", "pt_BR": r"\bcor(es)?\b"}


def positions(deck: str) -> Iterator[FloodGame]:
    """Games of `deck` at many positions, among them a Wild's call on every difficulty."""
    for difficulty in ("easy", "medium", "hard", "master"):
        for seed in range(3):
            game, _ = FloodGame.new(FloodOptions.make(difficulty, deck), seed)
            for _ in range(40):
                if game.is_over:
                    break
                yield game
                game.apply(GreedyPlayer().choose(game.view()))


def refusals(game: FloodGame) -> list[Text]:
    """What the engine says to the moves it refuses here (each tried on a copy of the game): a
    call of the other deck's suit, a draw, a card that does not match."""
    said = []
    saved = game.to_json()
    wrong_suit = Suit.HEARTS if game.options.has_colours else Suit.RED
    moves = [call(wrong_suit), DRAW, *(Play(card) for card in game.hand if not game.is_legal(card))]
    for action in moves[:4]:
        try:
            FloodGame.from_json(saved).apply(action)
        except IllegalAction as refused:
            said.append(refused.said)
    return said


def shown(game: FloodGame, words: Words) -> list[str]:
    """Every word the player of `game` reads now, in `words`."""
    session = solo_session(FLOOD, game, f"x/{game.options.deck.value}", now=NOW)
    rendered = flood_message(session, hint_note(session), words)
    embed = rendered.embed
    assert embed is not None
    said = [embed.title or "", embed.description or "", embed.footer.text or ""]
    said += [f"{field.name}: {field.value}" for field in embed.fields]
    for item in rendered.view.children if rendered.view else ():
        if isinstance(item, discord.ui.Button):
            said.append(item.label or "")
        if isinstance(item, discord.ui.Select):
            said += [item.placeholder or "", *(option.label for option in item.options)]
    said += list(picture_words(game.view(), words))
    said += [words(refusal) for refusal in refusals(game)]
    return said


@pytest.mark.parametrize(
    ("deck", "other_word"), [("uno", SUIT_WORD), ("standard", COLOUR_WORD)], ids=["uno", "standard"]
)
def test_each_deck_is_spoken_of_in_its_own_words(deck: str, other_word: dict[str, str]) -> None:
    calls = 0
    for game in positions(deck):
        calls += game.phase is Phase.CALLING_SUIT
        for language, pattern in other_word.items():
            for line in shown(game, Words(language)):
                assert not re.search(pattern, line, re.IGNORECASE), (deck, language, line)
    assert calls >= 5, "the Wild's call was seen"


def test_the_uno_deck_asks_for_a_colour_and_the_standard_deck_for_a_suit() -> None:
    english = Words("en")
    for deck, word in (("uno", "colour"), ("standard", "suit")):
        game = next(g for g in positions(deck) if g.phase is Phase.CALLING_SUIT)
        assert any(isinstance(action, CallSuit) for action in game.view().legal)
        lines = shown(game, english)
        assert f"**Call a {word}** for your wild card." in lines[1]
        assert f"{word.capitalize()} in force: to be called" in lines
