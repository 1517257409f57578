"""Sentences said to players in six languages (issue 21): the `messages` catalogue holds every
`text(...)` of the code and nothing else, each language translates all of it with the same
fields, and `/uno rules` reads in the reader's language, with its numbers and lists written
that language's way."""

from __future__ import annotations

import pytest

from bot.games.uno.ruleset import CLASSIC, OFFICIAL, TWIST, Ruleset
from bot.i18n.catalogue import LANGUAGES, Domain, load_domain
from bot.i18n.extract import message_strings
from bot.i18n.text import AnyOf, text
from bot.i18n.words import MESSAGES, Words
from cogs.uno.render import rules_text
from tests.i18n import assert_complete, assert_in_step


@pytest.fixture(scope="module")
def domain() -> Domain:
    return load_domain(MESSAGES)


def test_the_template_holds_exactly_the_sentences_of_the_code(domain: Domain) -> None:
    assert_in_step(domain, message_strings())


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_translates_every_sentence_with_the_same_fields(domain: Domain, language: str) -> None:
    assert_complete(domain, language)


def test_english_is_the_text_itself_and_a_missing_translation_falls_back_to_it() -> None:
    said = text(
        "Call UNO when you play your second-to-last card. Until the next player acts, anyone may "
        "catch you if you did not: you draw {count} cards.",
        count=2,
    )
    assert Words("en")(said) == str(said) and "you draw 2 cards." in str(said)
    assert Words("de")(text("A sentence nobody has translated, {n} times.", n=3)) == (
        "A sentence nobody has translated, 3 times."
    )


def test_numbers_and_alternatives_are_written_each_languages_way() -> None:
    choices = AnyOf((text("a Draw Two"), text("a Wild Draw Four")))
    assert Words("en")(choices) == "a Draw Two or a Wild Draw Four"
    assert Words("de")(choices) == "eine Zieh Zwei oder eine Zieh-Vier-Farbwahlkarte"
    assert Words("fr")(choices) == "un +2 ou un +4"
    assert Words("de")(12_500) == "12.500" and Words("en")(12_500) == "12,500"
    assert Words("fr")(12_500).replace("\u202f", " ") == "12 500"


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("de", "Aussetzen: der nächste Spieler setzt aus"),
        ("fr", "Passe : le joueur suivant passe son tour"),
        ("es-ES", "Salta: el siguiente jugador pierde el turno"),
        ("pt-BR", "Bloqueio: o próximo jogador perde a vez"),
        ("it", "Salta: il giocatore successivo salta il turno"),
        ("en-US", "Skip skips the next player"),
    ],
)
def test_uno_rules_read_in_the_readers_language(locale: str, expected: str) -> None:
    words = Words.for_locale(locale)
    shown = rules_text(OFFICIAL, text("**{title}** (the preset):", title=OFFICIAL.title), words)
    assert expected in shown
    assert len(shown) <= 2000, "a Discord message holds 2,000 characters"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    "rules",
    [
        OFFICIAL,
        CLASSIC.with_house_rules("classic_stacking"),
        TWIST.with_options(teams="partners", time_limit=30),
        OFFICIAL.with_house_rules("seven_o", "jump_in", "stacking", "draw_to_match", "forced_play"),
    ],
)
def test_every_ruleset_is_explained_whole_in_every_language(language: str, rules: Ruleset) -> None:
    """Every sentence of every case is translated: no English left, none too long for Discord."""
    words, english = Words(language), Words("en")
    heading = text("**The rules at this table**: {summary}", summary="…")
    for line in rules.explain():
        assert words(line) != english(line), (language, str(line))
    assert len(rules_text(rules, heading, words)) <= 2000


def test_the_engines_say_things_without_loading_the_catalogues() -> None:
    """bot/games builds Text values (bot/i18n/text.py, the standard library only): importing an
    engine must not bring Babel or the catalogues in, so the engines stay pure and light."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    probe = (
        "import sys, bot.games.uno.game, bot.games.flood.game, bot.games.tableau.game; "
        "print(sorted(m for m in sys.modules if m.startswith(('babel', 'bot.i18n.catalogue', "
        "'bot.i18n.words'))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=root, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"
