"""Words that agree with what they stand for, in each language: a place says its own sentence
where one English word ("empty", "none", "none yet", a label before a count) served places
whose nouns differ in gender, number or case, so that no one translation fitted all of them."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC
from datetime import datetime

import pytest

from bot.games.errors import IllegalAction
from bot.games.flood import FloodOptions
from bot.games.flood import Outcome as FloodOutcome
from bot.games.flood import Phase as FloodPhase
from bot.games.puzzles import PLAYER
from bot.games.puzzles import ChainPuzzle
from bot.games.puzzles import DuelGame
from bot.games.puzzles import parse_action as puzzle_action
from bot.games.solver import parse_hand
from bot.games.tableau import TableauGame
from bot.games.tableau import parse_action as solitaire_action
from bot.games.tableau.events import MovedToFoundation
from bot.games.tableau.events import MoveUndone
from bot.games.tableau.geometry import slot_at
from bot.games.uno.cards import Card
from bot.games.uno.playing_cards import PlayingCard
from bot.games.uno.playing_cards import Rank
from bot.games.uno.playing_cards import Suit
from bot.i18n.text import text
from bot.i18n.words import Words
from bot.render.images.flood import describe as describe_flood
from bot.render.images.flood import picture_words
from bot.render.images.puzzle import describe_chain
from bot.render.images.puzzle import describe_duel
from bot.render.images.uno import PublicSeat
from bot.render.images.uno import PublicTable
from bot.render.tableau_text import describe_events
from bot.render.uno_text import card_short
from bot.sessions.solo import SoloKind
from bot.sessions.solo import SoloPhase
from bot.sessions.solo import SoloSession
from cogs.puzzle.render import chain_message
from cogs.puzzle.render import duel_message
from cogs.solitaire.render import solitaire_message
from cogs.uno.render import hand_message
from cogs.uno.render import settings_message
from cogs.uno.render import table_message
from tests.i18n import solo_session
from tests.i18n.test_table_limits import full_table
from tests.render.test_solo_images import flood_view

NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
SPANISH, PORTUGUESE, GERMAN, FRENCH = Words("es"), Words("pt_BR"), Words("de"), Words("fr")


def _solitaire(game: TableauGame) -> SoloSession:
    kind = SoloKind(
        name="solitaire", title="x", parse=solitaire_action, load=TableauGame.from_json, command="/s"
    )
    return solo_session(kind, game, "draw3", now=NOW)


def _fields(rendered: object) -> dict[str, str]:
    embed = getattr(rendered, "embed", None)
    assert embed is not None
    return {str(field.name): str(field.value) for field in embed.fields}


# ----------------------------------------------------------------- 1. "empty"


def test_an_empty_puzzle_chain_agrees_with_the_chain() -> None:
    """Before, the chain (cadena, corrente: feminine) was said "vacío", "vazio", as the
    solitaire's waste (masculine) is."""
    left = parse_hand("R5 B5 B2")
    assert "Cadena (0 de 3): ninguna carta jugada." in describe_chain("x", (), left, frozenset(), SPANISH)
    assert "Corrente (0 de 3): nenhuma carta jogada." in describe_chain(
        "x", (), left, frozenset(), PORTUGUESE
    )
    kind = SoloKind(
        name="puzzle-practice", title="x", parse=puzzle_action, load=ChainPuzzle.from_json, command="/puzzle"
    )
    given_up = ChainPuzzle(left, difficulty="easy", given_up=True)
    session = solo_session(kind, given_up, "practice", now=NOW, phase=SoloPhase.FINISHED)
    assert _fields(chain_message(session, "", SPANISH))["Cadena (0 de 3)"] == "ninguna carta jugada"


def test_an_emptied_duel_hand_says_it_has_no_cards_left() -> None:
    """Before, a hand (mano, mão: feminine) played out was "vacío", "vazio"."""
    red5, blue5, blue2 = parse_hand("R5 B5 B2")
    won = DuelGame(((red5,), (blue5, blue2)), starter=PLAYER, played=((PLAYER, red5),), winner=PLAYER)
    kind = SoloKind(
        name="puzzle-duel", title="x", parse=puzzle_action, load=DuelGame.from_json, command="/puzzle"
    )
    session = solo_session(kind, won, "duel", now=NOW, phase=SoloPhase.FINISHED)
    assert _fields(duel_message(session, "", SPANISH))["Tu mano (0)"] == "sin cartas"
    assert _fields(duel_message(session, "", PORTUGUESE))["Sua mão (0)"] == "sem cartas"


def test_the_solitaire_waste_still_reads_empty_in_its_own_gender() -> None:
    game = TableauGame.new(3)
    session = _solitaire(game)
    assert game.view().waste_top is None
    assert _fields(solitaire_message(session, "", SPANISH))["Descarte"] == "vacío"


# ----------------------------------------------------------------- 2. "none yet"


def test_a_duel_with_no_card_played_says_none_yet_of_a_card() -> None:
    """Before, Spanish said "Última carta jugada: ninguno todavía" (a carta is feminine)."""
    hand = parse_hand("R5")
    said = describe_duel(hand, hand, None, frozenset(), "x", SPANISH)
    assert "Última carta jugada: ninguna todavía." in said


async def test_a_hand_before_the_first_wild_is_called_leaves_the_suit_to_be_named() -> None:
    """Before, a Brazilian hand said "naipe: nenhuma ainda" (naipe is masculine); the table's
    own field says the colour or suit is yet to be called, and so does the hand now."""
    table = await full_table("pt_BR", ruleset="twist")
    game = table.game
    assert game is not None
    game.colour = None
    hand = table.hand_of(table.members[game.current].user_id)
    shown = hand_message(hand, PORTUGUESE).content or ""
    assert "naipe: a escolher" in shown and "nenhuma" not in shown
    official = await full_table("es")
    assert official.game is not None
    official.game.colour = None
    shown = hand_message(official.hand_of(official.members[0].user_id), SPANISH).content or ""
    assert "color: por elegir" in shown and "ninguno" not in shown


# ----------------------------------------------------------------- 3. "none"


async def test_a_table_with_no_time_limit_says_so_in_the_limits_gender() -> None:
    """Before, "Limite de tempo: nenhuma" (limite is masculine) and German "Zeitlimit: keine"."""
    lobby = await full_table("pt_BR", start=False)
    lobby.settings = lobby.settings.with_option("time_limit", 0)
    assert _fields(table_message(lobby))["Limite de tempo"] == "nenhum"
    german = await full_table("de", start=False)
    german.settings = german.settings.with_option("time_limit", 0)
    assert _fields(table_message(german))["Zeitlimit"] == "keines"


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "No time limit."),
        ("de", "Kein Zeitlimit."),
        ("es", "Sin límite de tiempo."),
        ("fr", "Pas de limite de temps."),
        ("it", "Nessun limite di tempo."),
        ("pt_BR", "Sem limite de tempo."),
    ],
)
async def test_the_settings_of_a_table_with_no_time_limit_say_so_once(language: str, expected: str) -> None:
    """Before, the host's settings read "Time limit: no limit." ("Zeitlimit: keines.", "Límite de
    tiempo: ninguno."): the limit named twice, once to say there is none."""
    lobby = await full_table(language, start=False)
    lobby.settings = lobby.settings.with_option("time_limit", 0)
    lines = (settings_message(lobby, Words(language)).content or "").splitlines()
    assert expected in lines, lines
    assert not any(line.startswith(Words(language)(text("Time limit"))) for line in lines), lines
    limited = await full_table(language, start=False)
    said = settings_message(limited, Words(language)).content or ""
    assert expected not in said and "600" in said, said


def test_the_table_picture_before_the_first_call_leaves_the_suit_to_be_named() -> None:
    """Before, the picture said "naipe nenhuma" in Brazilian Portuguese."""
    seats = (PublicSeat("ann", 7, 0), PublicSeat("bob", 7, 0))
    eight = PlayingCard.of(Suit.HEARTS, Rank.EIGHT)
    said = PORTUGUESE(PublicTable(seats, eight, None, 1, 0, 50, 0).describe())
    assert "naipe a escolher" in said and "nenhum" not in said
    said = SPANISH(PublicTable(seats, Card.parse("W"), None, 1, 0, 50, 0).describe())
    assert "color por elegir" in said and "ninguno" not in said


def test_a_flood_over_on_a_wild_has_no_suit_in_the_suits_gender() -> None:
    """Before, the Brazilian picture said "naipe: nenhuma" (naipe is masculine)."""
    over = flood_view(phase=FloodPhase.FINISHED)._replace(suit=None, outcome=FloodOutcome.WON, legal=())
    standard = over._replace(options=FloodOptions.make("easy", "standard"))
    assert picture_words(standard, PORTUGUESE).suit == "naipe: nenhum"
    assert "naipe em vigor nenhum." in PORTUGUESE(describe_flood(standard, frozenset(), frozenset()))
    assert picture_words(over, PORTUGUESE).suit == "cor: nenhuma"
    assert "cor em vigor nenhuma." in PORTUGUESE(describe_flood(over, frozenset(), frozenset()))


# ----------------------------------------------------------------- 4. and 5. the points target


async def test_the_table_footer_says_the_target_with_its_nouns_capitalised() -> None:
    """Before, the footer lowercased the translated label and put the bare number after it."""
    table = await full_table("de", ruleset="classic")
    footer = table_message(table).embed.footer.text  # type: ignore[union-attr]
    assert footer is not None and "raus bei über 250 Punkten" in footer, footer


async def test_the_settings_name_the_target_in_one_sentence_per_scoring() -> None:
    """Before, German put "Spielende bei" before "500 Punkte", which its "bei" cannot govern."""
    table = await full_table("de", ruleset="twist", start=False)
    rendered = settings_message(table, GERMAN)
    assert "Spielende bei 500 Punkten." in (rendered.content or "")
    assert rendered.view is not None
    selects = [getattr(child, "item", child) for child in rendered.view.children]
    labels = [option.label for select in selects for option in getattr(select, "options", ())]
    assert "Spielende bei 500 Punkten" in labels, labels


# ----------------------------------------------------------------- 6. the action pile's next card


def test_the_action_pile_names_the_next_face_with_its_own_article() -> None:
    """Before, Spanish said "un Reversa" and French "un Inversion" (both feminine)."""
    game = TableauGame.new(3)
    game.foundations.action_pile = [Card.parse("GR")]
    session = _solitaire(game)
    assert (
        "una carta de acción verde, una Reversa o un Comodín"
        in _fields(solitaire_message(session, "", SPANISH))["Fundaciones"]
    )
    assert "une carte action verte, une Inversion ou un Joker" in FRENCH(game.view().action_pile.next_said)


@pytest.mark.parametrize(("language", "expected"), [("en", "Draw pile 1 card,"), ("fr", "Pioche 1 carte,")])
def test_a_flood_pictures_last_card_in_the_draw_pile_is_one_card(language: str, expected: str) -> None:
    """Before, the picture's description said "Draw pile 1 cards" in every language."""
    last = flood_view()._replace(draw_pile_size=1)
    assert expected in Words(language)(describe_flood(last, frozenset(), frozenset()))


# ----------------------------------------------------------------- 7. a card said again by a pronoun

# A sentence that says a card's name and then "it" (a pronoun, a participle) names the card as a
# card first: the pronoun then agrees with that noun (Karte, carte, carta: feminine), whatever the
# card's own name is ("Joker", "Comodín", "Jolly", "Coringa": masculine).
A_CARD_NAMED = {
    "de": "die Karte 🃏 Joker",
    "fr": "la carte 🃏 Joker",
    "es": "la carta 🃏 Comodín",
    "it": "la carta 🃏 Jolly",
    "pt_BR": "a carta 🃏 Coringa",
}


@pytest.mark.parametrize("language", sorted(A_CARD_NAMED))
@pytest.mark.parametrize("forced", [False, True], ids=["may-pass", "must-play"])
async def test_a_drawn_card_said_again_as_it_agrees_with_the_card(language: str, forced: bool) -> None:
    """Before, a drawn Joker read "Du hast 🃏 Joker gezogen: spiel sie oder passe", "Robaste 🃏
    Comodín: juégala o pasa", "Hai pescato 🃏 Jolly: giocala o passa": a feminine "it" for a
    masculine name."""
    table = await full_table(language, ruleset="twist")
    game = table.game
    assert game is not None
    game.ruleset = replace(game.ruleset, forced_play=forced)
    joker = PlayingCard.of(None, Rank.JOKER)
    game.hands[game.current].append(joker)
    game.drawn_card = joker
    hand = table.hand_of(table.members[game.current].user_id)
    said = hand_message(hand, Words(language)).content or ""
    assert A_CARD_NAMED[language] in said, said


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("de", "Rot Aussetzen auf Reihe 0, Platz 1 ist verdeckt"),
        ("fr", "La carte Passe rouge dans la case 1 de la rangée 0 est couverte"),
        ("es", "La carta Salta rojo en el hueco 1 de la fila 0 está cubierta"),
        ("it", "La carta Salta rosso nel posto 1 della fila 0 è coperta"),
        ("pt_BR", "A carta Bloqueio vermelho na posição 1 da fileira 0 está coberta"),
    ],
)
def test_a_covered_solitaire_card_is_said_covered_as_a_card(language: str, expected: str) -> None:
    """Before, "Salta rojo del hueco 0.0 está cubierta", "Salta rosso nel posto 0.0 è coperta":
    a masculine name with a feminine participle."""
    game = TableauGame.new(3)
    game.rows[0][0] = Card.parse("RS")
    game.rows.append([Card.parse("G5"), None, None, None, None, None])
    with pytest.raises(IllegalAction) as refused:
        game.apply(solitaire_action("f 0.0"))
    assert expected in Words(language)(refused.value.said)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("de", "🟩 Grün Aussetzen ging von Reihe 0, Platz 2 auf den passenden Zielstapel."),
        ("it", "La carta 🟩 Salta verde è passata dal posto 2 della fila 0 alla sua fondazione."),
    ],
)
def test_a_card_gone_to_its_foundation_agrees_with_the_card(language: str, expected: str) -> None:
    """Before, German sent a Skip (das Aussetzen) "auf ihren Zielstapel", and Italian said
    "🟩 Salta è passata": a feminine possessive, a feminine participle, for a card whose name is
    neuter, masculine."""
    words = Words(language)
    moved = describe_events([MovedToFoundation(Card.parse("GS"), slot_at(0, 1))])
    assert [words(line) for line in moved] == [expected]
    undone = MoveUndone("f 0.1", 1, (Card.parse("GS"),))
    hinted = text("💡 Hint: move {card} to its foundation.", card=card_short(Card.parse("GS")))
    if language == "de":
        assert "auf den passenden Zielstapel" in words(describe_events([undone])[0])
        assert words(hinted) == "💡 Tipp: Lege 🟩 Grün Aussetzen auf den passenden Zielstapel."
