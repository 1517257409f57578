"""UNO Solitaire names a slot in words wherever a player reads it, in every language: its
refusals said "slot 0.0" (the log's notation), and French, Spanish, Italian and Portuguese
dropped the article before a slot ("a quitté rangée 0, case 3", "de fila 1, hueco 4", "da fila 0,
posto 2", "em fileira 1, posição 4")."""

from __future__ import annotations

import re

import pytest

from bot.games.errors import GameError
from bot.games.tableau import TableauGame
from bot.games.tableau.actions import Place
from bot.games.tableau.actions import ToFoundation
from bot.games.tableau.events import CardPlaced
from bot.games.tableau.events import MovedToFoundation
from bot.games.tableau.events import MoveUndone
from bot.games.tableau.events import SlotLeftEmpty
from bot.games.tableau.events import SlotRefilled
from bot.games.tableau.geometry import Slot
from bot.games.tableau.geometry import slot_at
from bot.games.uno.cards import Card
from bot.i18n.text import Text
from bot.i18n.words import Words
from bot.render.tableau_text import card_from
from bot.render.tableau_text import describe_events
from cogs.solitaire.render import place_text
from tests.i18n import EVERY_LANGUAGE
from tests.i18n.test_solitaire_messages import _positions

# A slot written as the log writes it: `1.4`.
SLOT_CODE = re.compile(r"\b\d+\.\d+\b")
# Where a sentence names a row or a slot, an article comes before it (alone, or joined to its
# preposition); a label may start with the slot.
BARE = {
    "fr": re.compile(r"(?<!\bla )\b(?:rangée|case) \d", re.I),
    "es": re.compile(r"(?<!\bla )(?<!\bel )(?<!\bdel )\b(?:fila|hueco) \d", re.I),
    "it": re.compile(
        r"(?<=.)(?<!\bil )(?<!\bnel )(?<!\bdal )(?<!\bdella )(?<!\bnella )\b(?:fila|posto) \d", re.I
    ),
    "pt_BR": re.compile(r"(?<=.)(?<!\ba )(?<!\bna )(?<!\bda )\b(?:fileira|posição) \d", re.I),
}


def _refusals() -> list[Text]:
    """Every refusal the engine gives for a move to or from a slot, over the positions of a greedy
    game: an empty slot, a covered card, a taken slot, a slot with nothing to rest on, a card that
    cannot cover another, a slot off the tableau."""
    said: list[Text] = []
    for position in _positions():
        for row in position.view().rows:
            for slot in row:
                for action in (Place(slot.slot), ToFoundation(slot.slot)):
                    game = TableauGame.from_json(position.to_json())
                    try:
                        game.apply(action)
                    except GameError as error:
                        said.append(error.said)
    game = TableauGame.from_json(_positions()[0].to_json())
    with pytest.raises(GameError) as off_the_tableau:
        game.apply(Place(Slot(200, 0)))
    said.append(off_the_tableau.value.said)
    return said


def _slot_lines() -> list[Text]:
    """The lines, labels and hints that name a slot."""
    card, slot = Card.parse("G5"), slot_at(1, 3)
    events = [
        MovedToFoundation(card, slot),
        CardPlaced(card, slot),
        SlotRefilled(slot_at(0, 6), card),
        SlotLeftEmpty(slot_at(0, 6)),
        MoveUndone("f 1.3", 2, (card,)),
        MoveUndone("p 1.3", 2, (card,)),
    ]
    view = _positions()[-1].view()
    places = [place_text(view, s.slot) for row in view.rows[1:] for s in row]
    return [*describe_events(events), card_from("🟩 5", slot), *places]


def test_the_refusals_cover_every_kind() -> None:
    english = {Words("en")(said).split(" ")[0] for said in _refusals()}
    assert len(_refusals()) > 20 and len(english) >= 3, english


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_a_refusal_names_its_slots_in_words(language: str) -> None:
    words = Words(language)
    for said in _refusals():
        shown = words(said)
        assert not SLOT_CODE.search(shown), shown


@pytest.mark.parametrize("language", sorted(BARE))
def test_a_slot_comes_with_its_article(language: str) -> None:
    words = Words(language)
    for said in [*_refusals(), *_slot_lines()]:
        shown = words(said)
        assert not BARE[language].search(shown), shown
