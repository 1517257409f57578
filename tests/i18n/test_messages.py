"""Sentences said to players in six languages (issue 21): each message domain holds every
`text(...)` and `counted(...)` of its part of the code and nothing else, each language
translates all of it with the same fields, and `/uno rules` reads in the reader's language,
with its numbers and lists written that language's way."""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog

from bot.games.flood import Difficulty
from bot.games.uno.cards import Card
from bot.games.uno.explain import explain
from bot.games.uno.ruleset import CLASSIC
from bot.games.uno.ruleset import OFFICIAL
from bot.games.uno.ruleset import TWIST
from bot.games.uno.ruleset import Ruleset
from bot.i18n.catalogue import LANGUAGES
from bot.i18n.catalogue import MESSAGE_DOMAINS
from bot.i18n.catalogue import Domain
from bot.i18n.catalogue import load_domain
from bot.i18n.catalogue import shipped_domain
from bot.i18n.commands import COMMANDS
from bot.i18n.extract import domain_of
from bot.i18n.extract import message_strings
from bot.i18n.text import AllOf
from bot.i18n.text import AnyOf
from bot.i18n.text import counted
from bot.i18n.text import text
from bot.i18n.words import Words
from cogs.limits import pages
from cogs.uno.render import rules_text
from tests.i18n import assert_complete
from tests.i18n import assert_in_step


@pytest.fixture(scope="module", params=MESSAGE_DOMAINS)
def domain(request: pytest.FixtureRequest) -> Domain:
    return load_domain(request.param)


@pytest.fixture(scope="module")
def found() -> dict[str, dict[tuple[str | None, str], str | None]]:
    return message_strings()


def test_each_template_holds_exactly_the_sentences_of_its_part_of_the_code(
    domain: Domain, found: dict[str, dict[tuple[str | None, str], str | None]]
) -> None:
    assert_in_step(domain, found[domain.name])


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_language_translates_every_sentence_with_the_same_fields(domain: Domain, language: str) -> None:
    assert_complete(domain, language)


def test_a_sentence_said_in_two_parts_reads_the_same_in_both() -> None:
    """Words looks a msgid up in every domain: where two hold it, they must agree."""
    domains = [shipped_domain(name) for name in MESSAGE_DOMAINS]
    for language in LANGUAGES:
        seen: dict[tuple[str | None, str], tuple[str, tuple[str, ...]]] = {}
        for domain in domains:
            for context, msgid in domain.message_keys():
                forms = domain.forms(language, msgid, context)
                earlier = seen.setdefault((context, msgid), (domain.name, forms))
                assert earlier[1] == forms, (language, msgid, earlier[0], domain.name)


def test_each_part_of_the_code_speaks_in_its_own_domain() -> None:
    assert domain_of("cogs/uno/history.py") == "uno"
    assert domain_of("cogs/uno/render.py") == "table"
    assert domain_of("cogs/uno/cog.py") == "table"
    assert domain_of("bot/sessions/solo.py") == "solo"
    assert domain_of("cogs/stats/cog.py") == "common"


def _counted_domain() -> Domain:
    """A domain translating one counted sentence, as a translator writes it in a .po file."""
    template = Catalog(domain="t")
    template.add(("{count} card", "{count} cards"))
    catalogues = {}
    for language, forms in {
        "fr": ("{count} carte", "{count} cartes"),
        "de": ("eine Karte", "{count} Karten"),
    }.items():
        catalogue = Catalog(locale=language, domain="t")
        catalogue.add(("{count} card", "{count} cards"), forms)
        catalogues[language] = catalogue
    return Domain("t", template, catalogues)


@pytest.mark.parametrize(
    ("language", "count", "expected"),
    [
        ("en", 1, "1 card"),
        ("en", 0, "0 cards"),
        ("en", 1_000, "1,000 cards"),
        ("fr", 0, "0 carte"),  # French counts nought in the singular
        ("fr", 1, "1 carte"),
        ("fr", 2, "2 cartes"),
        ("de", 1, "eine Karte"),  # a form may leave the number out
        ("de", 0, "0 Karten"),
        ("de", 1_000, "1.000 Karten"),
    ],
)
def test_a_counted_sentence_takes_each_languages_plural_form(
    language: str, count: int, expected: str
) -> None:
    said = counted("{count} card", "{count} cards", count=count)
    assert Words(language, [_counted_domain()])(said) == expected


def test_lists_are_joined_each_languages_way() -> None:
    assert Words("en")(AllOf(("Ann", "Bob", "Cy"))) == "Ann, Bob, and Cy"
    assert Words("de")(AllOf(("Ann", "Bob", "Cy"))) == "Ann, Bob und Cy"
    assert str(AllOf(("Ann", "Bob"))) == "Ann and Bob"


@pytest.mark.parametrize(
    ("language", "code", "expected"),
    [
        ("en", "GR", "Green Reverse"),
        ("en", "B7", "Blue 7"),
        ("fr", "GR", "Inversion verte"),
        ("fr", "BR", "Inversion bleue"),
        ("fr", "GD", "+2 vert"),
        ("fr", "G7", "7 vert"),
        ("es", "RR", "Reversa roja"),
        ("es", "YR", "Reversa amarilla"),
        ("es", "R7", "7 rojo"),
        ("de", "GS", "Grün Aussetzen"),
    ],
)
def test_a_coloured_cards_name_agrees_with_its_face(language: str, code: str, expected: str) -> None:
    assert Words(language)(Card.parse(code).named) == expected


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
    assert all(len(part) <= 2000 for part in pages(shown)), "a Discord message holds 2,000 characters"


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("fr", "le joueur suivant pioche 1 carte et passe"),
        ("it", "il giocatore successivo pesca 1 carta e salta"),
    ],
)
def test_a_wild_that_draws_one_card_says_card_in_the_singular(language: str, expected: str) -> None:
    """The classic ruleset's Wild makes the next player draw 1: it read "1 cartes" in French."""
    said = " ".join(Words(language)(line) for line in explain(CLASSIC))
    assert expected in said


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
    for line in explain(rules):
        assert words(line) != english(line), (language, str(line))
    shown = rules_text(rules, heading, words)
    parts = pages(shown)
    assert all(len(part) <= 2000 for part in parts), "a Discord message holds 2,000 characters"
    assert "\n".join(parts) == shown, "nothing is cut off"
    assert shown.endswith(words(explain(rules)[-1]))


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
    done = subprocess.run([sys.executable, "-c", probe], cwd=root, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_sentence_reads_as_its_catalogue_says_when_said_again(language: str) -> None:
    # Words keeps what each msgid was found as, per language: said a second time (by another
    # reader of the language), a sentence must read as the catalogues say, in every count.
    domains = [shipped_domain(name) for name in MESSAGE_DOMAINS]
    for domain in domains:
        for (context, msgid), plural in domain.plurals().items():
            if context is not None:
                continue
            for count in (0, 1, 2, 5, 21) if plural is not None else (None,):
                said = text(msgid) if plural is None else counted(msgid, plural, count=count or 0)
                expected = next(
                    (
                        found
                        for each in domains
                        if (
                            found := each.translate(language, msgid)
                            if count is None
                            else each.translate_counted(language, msgid, count)
                        )
                        is not None
                    ),
                    said.english_pattern(),
                )
                for words in (Words(language), Words(language), Words(language, domains)):
                    assert words._pattern(said) == expected


def test_the_card_a_penalty_came_on_is_declined_after_its_preposition() -> None:
    """German stacking read "auf ein Joker: ein Joker" (the answer's nominative after "auf")."""
    said = " ".join(Words("de")(line) for line in explain(TWIST))
    assert "(auf eine 2: eine 2; auf einen Joker: ein Joker)" in said


def test_a_game_is_named_in_the_command_menu_as_its_messages_name_it() -> None:
    """A choice or description of the command menu that is also a sentence of the messages (a
    game's title, a board's name) reads the same in both. Before, Spanish and Portuguese menus
    offered "Survive the Flood" and "UNO Solitaire" in English beside translated messages."""
    commands = shipped_domain(COMMANDS)
    messages = [shipped_domain(name) for name in MESSAGE_DOMAINS]
    for language in LANGUAGES:
        for context, msgid in commands.message_keys():
            if context is not None or " " not in msgid:
                # A command's or option's name; or a one-word choice, a keyword said alone in
                # the menu ("medium": "moyen" as a level) that a sentence may decline apart
                # ("moyenne" as a difficulty).
                continue
            said = commands.forms(language, msgid, None)
            for domain in messages:
                if (None, msgid) in set(domain.message_keys()):
                    assert domain.forms(language, msgid, None) == said, (language, msgid, domain.name)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_flood_menu_names_each_difficulty_as_the_game_titles_it(language: str) -> None:
    """The `difficulty` choices of `/flood play` are the levels the game's messages title ("Medium",
    "Master (in hand)"), lower-cased where the language does. Before, the Spanish menu offered
    "media" and "maestro en mano" beside the game's "Medio" and "Maestro (en la mano)", and the
    German one "Meister mit Hand" beside "Meister (auf der Hand)"."""
    commands = shipped_domain(COMMANDS)
    words = Words(language)
    listed = commands.translate(language, "easy, medium, hard, master or master-inhand") or ""
    for level in Difficulty:
        choice = commands.translate(language, level.value) or level.value
        title = words(level.said).replace("(", "").replace(")", "")
        assert choice.casefold() == title.casefold(), (choice, title)
        assert choice in listed, (choice, listed)
