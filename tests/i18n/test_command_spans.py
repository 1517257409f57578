"""Every command a sentence names is named as the reader's client shows it (bot/i18n/commands.py).

Each sentence of every catalogue, in every language, is rendered as a reader of that language
reads it; each command span in it (`/uno start turn_timer:`, and an option written after the
command, `level:hard`) must then name a command of the tree that Discord shows in that language,
with its options (tests/i18n/commands_shown.py). A translator who wrote a name that is no
command's, or a command catalogue that renamed one, fails here. English reads as written."""

from __future__ import annotations

import pytest

from bot.games.solver import BadHand
from bot.games.solver import parse_hand
from bot.i18n.catalogue import MESSAGE_DOMAINS
from bot.i18n.catalogue import SOURCE
from bot.i18n.catalogue import placeholders
from bot.i18n.catalogue import shipped_domain
from bot.i18n.commands import command_names
from bot.i18n.text import Text
from bot.i18n.text import text
from bot.i18n.words import Words
from tests.i18n import EVERY_LANGUAGE
from tests.i18n.commands_shown import mentioned_problems
from tests.i18n.commands_shown import shown_commands


def forms(language: str) -> set[str]:
    """Every form of every sentence in `language` (English: the msgids and their plurals)."""
    found: set[str] = set()
    for name in MESSAGE_DOMAINS:
        domain = shipped_domain(name)
        for (context, msgid), plural in domain.plurals().items():
            if language == SOURCE:
                found.update(form for form in (msgid, plural) if form)
            else:
                found.update(domain.forms(language, msgid, context))
    return found


def read(language: str, form: str) -> str:
    """`form` as a reader of `language` reads it, each `{field}` left as it is written (a name
    in Markdown would be escaped: bot/i18n/markdown.py)."""
    fields = tuple((field[1:-1], field) for field in placeholders(form))
    return Words(language, domains=(), markdown=False)(Text(form, fields))


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
async def test_every_command_a_sentence_names_is_one_the_readers_client_shows(language: str) -> None:
    commands = await shown_commands(language)
    wrong = {}
    for form in forms(language):
        said = read(language, form)
        problems = mentioned_problems(said, commands)
        if language == SOURCE and said != form:
            problems.append("English changed")
        elif language != SOURCE and command_names(language).sentence(said) != said:
            problems.append("named twice, it changes again")
        if problems:
            wrong[said] = problems
    assert not wrong, f"{language}:\n" + "\n".join(f"{s!r}\n  {p}" for s, p in wrong.items())


def test_a_word_is_a_command_an_option_or_a_value_by_where_it_stands() -> None:
    """ "puzzle" is a command and a choice's value, "points" an option and a choice's name, each
    translated apart; a value the client does not list under its own word stays as written."""
    said = text(
        "`/puzzle daily`, `/leaderboard game:puzzle metric:points`, `/uno settings points:` and "
        "`/uno start bots:2 level:hard`, then `takeover:normal`; `/puzzle random [size]`, "
        "`/puzzle solve cards:R1 B5 G0`, `/uno replay game:<number>`, `/flood play thread:true`, "
        "`{{action}}`, `R5`, `none`, `level`."
    )
    assert Words("de")(said) == (
        "`/rätsel täglich`, `/bestenliste spiel:puzzle kriterium:Punkte`, `/uno einstellungen punkte:` "
        "and `/uno starten computer:2 stufe:schwer`, then `übernahme:normal`; `/rätsel zufall [größe]`, "
        "`/rätsel lösen karten:R1 B5 G0`, `/uno wiederholung spiel:<Nummer>`, "
        "`/flood spielen thread:true`, `{action}`, `R5`, `none`, `level`."
    )
    assert Words(SOURCE)(said) == str(said)


async def test_a_name_written_in_the_readers_language_stays_and_a_wrong_one_is_caught() -> None:
    """Translations copy the English spans (tests/i18n/test_catalogue_wording.py); a name a
    translator wrote in the language itself is no English name, so it stays as written."""
    german = await shown_commands("de")
    assert Words("de")(text("Eröffne einen mit `/uno starten`.")) == "Eröffne einen mit `/uno starten`."
    assert mentioned_problems(Words("de")(text("Eröffne einen mit `/uno starten`.")), german) == []
    assert mentioned_problems(Words("de")(text("Eröffne einen mit `/uno beginnen`.")), german) == [
        "/uno beginnen is not a command of the bot"
    ]
    assert mentioned_problems("`/preferences zug_pings:aus`", german) == [
        "/preferences is not a command of the bot"
    ]


def test_what_a_player_typed_and_a_name_are_said_as_they_are() -> None:
    """Only the sentence's own spans name commands: a field outside them is a player's name or
    what they typed, quoted back as written even where it reads like an option (`level:hard`) or
    a command, and a backtick in it pairs with none of the sentence's. A field inside a span is
    part of the command (`{command}`: "/flood play")."""
    german = Words("de")
    with pytest.raises(BadHand) as typed:
        parse_hand("R1 level:hard")
    assert german(typed.value.said).startswith("`level:hard` ist keine Karte;"), german(typed.value.said)
    host = text("Only the host, {host}, can change the table's settings.", host="`/uno end`")
    # The name's backticks are escaped (bot/i18n/markdown.py): shown as typed, not as code.
    assert german(host) == "Nur der Gastgeber, \\`/uno end\\`, kann die Tischeinstellungen ändern."
    assert german.plain(host) == "Nur der Gastgeber, `/uno end`, kann die Tischeinstellungen ändern."
    # A backtick in a name pairs with none of the sentence's: the command after it is still named.
    theirs = text(
        "This game belongs to {name}, so its buttons are not yours. Start your own with `{command}`.",
        name="a`b",
        command="/flood play",
    )
    assert german(theirs).startswith("Diese Partie gehört a\\`b,"), german(theirs)
    assert german.plain(theirs).startswith("Diese Partie gehört a`b,"), german.plain(theirs)
    assert german(theirs).endswith("`/flood spielen`."), german(theirs)


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "`/uno replay game:<number>`"),
        ("fr", "`/uno revoir jeu:<numéro>`"),
        ("de", "`/uno wiederholung spiel:<Nummer>`"),
    ],
)
def test_what_stands_for_a_value_to_type_is_said_in_the_readers_language(
    language: str, expected: str
) -> None:
    """Before, every language read `game:<number>` with its English placeholder."""
    said = Words(language)(text("\nReplay one with `/uno replay game:<number>`."))
    assert expected in said
