"""UNO Solitaire in six languages (issue 21): the fullest message, its selects and buttons, its
hints and refusals within Discord's limits in every language, and read in the reader's own."""

from __future__ import annotations

import re
from datetime import UTC
from datetime import datetime
from functools import cache
from typing import Any

import discord
import pytest

from bot.games.actions import DRAW
from bot.games.errors import GameError
from bot.games.tableau import GreedyPlayer
from bot.games.tableau import TableauGame
from bot.games.tableau import parse_action
from bot.games.tableau.actions import Place
from bot.games.tableau.actions import ToFoundation
from bot.games.tableau.events import CardPlaced
from bot.games.tableau.events import CardsDrawn
from bot.games.tableau.events import GameEnded
from bot.games.tableau.events import MovedToFoundation
from bot.games.tableau.events import MoveUndone
from bot.games.tableau.events import Outcome
from bot.games.tableau.events import SlotLeftEmpty
from bot.games.tableau.events import SlotRefilled
from bot.games.tableau.events import WasteTurnedOver
from bot.games.tableau.geometry import slot_at
from bot.games.uno.cards import Card
from bot.i18n.text import Text
from bot.i18n.words import Words
from bot.render.images.tableau import describe
from bot.render.tableau_text import describe_events
from bot.render.tableau_text import foundation_lines
from bot.sessions.solo import SoloKind
from bot.sessions.solo import SoloPhase
from bot.sessions.solo import SoloSession
from cogs.limits import BUTTON_LABEL
from cogs.limits import EMBED_DESCRIPTION
from cogs.limits import EMBED_FIELD_NAME
from cogs.limits import EMBED_FIELD_VALUE
from cogs.limits import EMBED_FOOTER
from cogs.limits import EMBED_TITLE
from cogs.limits import EMBED_TOTAL
from cogs.limits import SELECT_OPTION_LABEL
from cogs.limits import SELECT_PLACEHOLDER
from cogs.solitaire.cog import hint_note
from cogs.solitaire.render import solitaire_message
from tests.i18n import EVERY_LANGUAGE
from tests.i18n import solo_session

KIND = SoloKind(
    name="solitaire",
    title="UNO Solitaire",
    parse=parse_action,
    load=TableauGame.from_json,
    command="/solitaire play",
)
NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
# The longest lines a move adds, one of each kind.
LONGEST_EVENTS: list[Any] = [
    CardsDrawn((Card.parse("W4"), Card.parse("W4"), Card.parse("YD"))),
    WasteTurnedOver(88),
    MovedToFoundation(Card.parse("W4"), slot_at(12, 5)),
    CardPlaced(Card.parse("W4"), slot_at(12, 5)),
    SlotRefilled(slot_at(0, 6), Card.parse("W4")),
    SlotLeftEmpty(slot_at(0, 6)),
    MoveUndone("f 12.5", 99, (Card.parse("W4"),)),
    MoveUndone("p 12.5", 99, (Card.parse("W4"),)),
    MoveUndone("draw", 99, (Card.parse("W4"), Card.parse("W4"), Card.parse("YD"))),
    GameEnded(Outcome.STUCK),
]


def _session(game: TableauGame, **state: Any) -> SoloSession:
    return solo_session(KIND, game, "draw3", now=NOW, **{"move": 9999, **state})


@cache
def _positions() -> tuple[TableauGame, ...]:
    """Positions of a greedy game: the deal, then every tenth move and the most crowded one."""
    game = TableauGame.new(3)
    positions = [TableauGame.from_json(game.to_json())]
    crowded, most = positions[0], 0
    for step in range(400):
        view = game.view()
        if game.outcome is not None:
            break
        options = sum(1 for a in view.legal if not isinstance(a, type(DRAW)))
        if options > most or len(view.rows) > len(crowded.view().rows):
            crowded, most = TableauGame.from_json(game.to_json()), options
        if step % 10 == 0:
            positions.append(TableauGame.from_json(game.to_json()))
        game.apply(GreedyPlayer().choose(view))
    positions.append(crowded)
    return tuple(positions)


def _longest_refusal() -> Text:
    """The longest refusal the engine says in any language, trying every slot of every position
    (a card that cannot cover another, a covered card, a taken slot...)."""
    refusals = []
    for position in _positions():
        game = TableauGame.from_json(position.to_json())
        for row in game.view().rows:
            for slot in row:
                for action in (Place(slot.slot), ToFoundation(slot.slot)):
                    try:
                        game.apply(action)
                    except GameError as error:
                        refusals.append(error.said)
                    else:
                        game = TableauGame.from_json(position.to_json())
    return max(refusals, key=lambda said: max(len(Words(lang)(said)) for lang in EVERY_LANGUAGE))


def _check(message: Any) -> None:
    embed = message.embed
    assert isinstance(embed, discord.Embed)
    assert embed.title is not None and len(embed.title) <= EMBED_TITLE
    assert embed.description is not None and len(embed.description) <= EMBED_DESCRIPTION
    for field in embed.fields:
        assert field.name is not None and len(field.name) <= EMBED_FIELD_NAME
        assert field.value is not None and len(field.value) <= EMBED_FIELD_VALUE
    assert embed.footer.text is not None and len(embed.footer.text) <= EMBED_FOOTER
    assert len(embed) <= EMBED_TOTAL
    view = message.view
    if view is None:
        return
    for child in view.children:
        item = getattr(child, "item", child)
        if isinstance(item, discord.ui.Select):
            assert item.placeholder is not None and len(item.placeholder) <= SELECT_PLACEHOLDER
            for option in item.options:
                assert len(option.label) <= SELECT_OPTION_LABEL
        elif isinstance(item, discord.ui.Button):
            assert item.label is not None and len(item.label) <= BUTTON_LABEL


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_the_fullest_solitaire_message_fits_in_every_language(language: str) -> None:
    words = Words(language)
    note = _longest_refusal()
    recent = describe_events(LONGEST_EVENTS)
    for game in _positions():
        for phase in (SoloPhase.PLAYING, SoloPhase.EXPIRED):
            session = _session(game, recent=recent, phase=phase)
            _check(solitaire_message(session, note, words))
        assert describe(game.view(), words)
        _check(solitaire_message(_session(game, recent=recent), hint_note(_session(game)), words))


def test_every_solitaire_line_is_read_in_the_readers_language() -> None:
    game = _positions()[-1]
    french = Words("fr")
    rendered = solitaire_message(_session(game), hint_note(_session(game)), french)
    embed = rendered.embed
    assert embed is not None and embed.title == "🃏 UNO Solitaire"
    assert embed.fields[0].name == "Fondations" and embed.fields[1].name == "Défausse"
    assert "💡 Indice" in (embed.description or "")
    items = [getattr(child, "item", child) for child in rendered.view.children]
    labels = {item.label for item in items if isinstance(item, discord.ui.Button)}
    assert {"Indice", "Abandonner"} <= labels
    lines = [french(line) for line in describe_events(LONGEST_EVENTS)]
    assert lines[0].startswith("Vous avez pioché ") and lines[-1].startswith("Partie terminée : ")
    with pytest.raises(GameError) as refused:
        parse_action("f 99.9")
    assert french(refused.value.said) == "`f 99.9` n'est pas une action de solitaire."


def test_the_foundations_name_their_cards_as_a_hand_does_not_by_the_grids_codes() -> None:
    """Before, a German player read "oben G7 · als Nächstes G8" (G for Green, as in English; Gelb
    is yellow) and a Spanish one "arriba GR" for a Green Reverse."""
    german = Words("de")
    lines = [german(line) for game in _positions() for line in foundation_lines(game.view())]
    tops = [line for line in lines if "oben —" not in line]
    assert tops, "the greedy game puts cards on the foundations"
    for line in lines:
        assert not re.search(r"\b[RYGB](?:\d|S|R|\+2)\b", line), line
    assert any(re.search(r"oben [🟥🟨🟩🟦] (?:Rot|Gelb|Grün|Blau) \d", line) for line in tops), tops


def test_the_selects_and_the_hint_name_their_cards_as_a_hand_does_not_by_the_grids_codes() -> None:
    """Before, a German player picked "GS vom Ablagestapel auf ihren Zielstapel" and read
    "💡 Tipp: Bring BR …" (the grid's English letters: G for Green, S for Skip), and placed the
    waste card "(auf R5 und YS)"; the foundations already said "🟩 Aussetzen"."""
    german = Words("de")
    said: list[str] = []
    for game in _positions():
        rendered = solitaire_message(_session(game), hint_note(_session(game)), german)
        # The grid is drawn in its codes, three columns a card: the words around it are checked.
        said.append(re.sub(r"```.*?```", "", rendered.embed.description or "", flags=re.S))
        for child in rendered.view.children:
            item = getattr(child, "item", child)
            if isinstance(item, discord.ui.Select):
                said += [item.placeholder or "", *(option.label for option in item.options)]
    picks = [line for line in said if "Zielstapel" in line or "Reihe" in line]
    assert picks, "the positions offer cards to move up and slots to fill"
    for line in said:
        assert not re.search(r"\b(?:[RYGB](?:\d|S|R|\+2)|W\+?4?)(?=[\s,)….]|$)", line), line
    named = r"[🟥🟨🟩🟦] (?:Rot|Gelb|Grün|Blau) (?:\d|Aussetzen|Richtungswechsel|Zieh Zwei)"
    assert any(re.search(named, line) for line in picks), picks


def test_the_grid_is_followed_by_what_its_codes_stand_for_in_the_readers_words() -> None:
    """Before, the grid's codes (`RR` a Red Reverse, `G+2`, `W+4`) were explained nowhere."""
    german = Words("de")
    for game in _positions():
        description = solitaire_message(_session(game), "", german).embed.description or ""  # type: ignore[union-attr]
        grid = description.split("```")[1]
        legend = description.split("```")[2].strip()
        assert legend.startswith("-# Erst die Farbe, dann das Symbol: `R` Rot, `Y` Gelb, `G` Grün, `B` Blau;")
        codes = set(re.findall(r"`([^`]+)`", legend))
        for cell in grid.split():
            if cell.isdigit() or cell == ".":
                continue  # a row's number, an empty slot
            colour, face = (cell[0], cell[1:]) if cell[0] in "RYGB" else ("", cell)
            assert (not colour or colour in codes) and (face.isdigit() or face in codes), cell
