"""What a translation must keep of the English, and what one language must say one way.

tests/i18n/__init__.py holds each translation to its `{fields}`; here, what else is checked by
rule in every catalogue:

- Markdown: each backtick span (`/uno start`, `game:<number>`, `{action}`) comes through as it
  is, and so does every bold mark. A slash command in a message is copied with its English
  names: a sentence names it in the reader's language when shown (bot/i18n/commands.py), from the
  commands catalogue's own names, so a translator never writes them.
- A command's description names another command as Discord shows it in that locale
  (`/uno verlauf` in German), from the commands catalogue's own names.
- One game term, one word: in twist, the Jack's wild role is not called by the Joker's name, and
  the Joker is named as often as in English, by the language's name for it; where a language has
  two words for one thing (an UNO challenge, a puzzle, the computer), only the one the bot's
  buttons, commands and other sentences use.
- No theorem, lemma, section or rule is cited by its number: players read what it says.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

import pytest

from bot.i18n.catalogue import LANGUAGES
from bot.i18n.catalogue import MESSAGE_DOMAINS
from bot.i18n.catalogue import Domain
from bot.i18n.catalogue import load_domain
from bot.i18n.text import text
from bot.i18n.words import Words
from cogs.translator import DOMAIN
from cogs.translator import NAME

BACKTICKS = re.compile(r"`[^`]*`")
COMMAND = re.compile(r"(?<![\w`])/([a-z][\w-]*)(?: ([a-z][\w-]*))?")


@pytest.fixture(scope="module", params=MESSAGE_DOMAINS)
def domain(request: pytest.FixtureRequest) -> Domain:
    return load_domain(request.param)


def english_forms(msgid: str, plural: str | None, count: int) -> list[str]:
    """The English each translated form stands for: the plural for every form but the first."""
    return [msgid] + [plural or msgid] * (count - 1)


@pytest.mark.parametrize("language", LANGUAGES)
def test_backtick_spans_and_bold_marks_come_through_as_they_are(domain: Domain, language: str) -> None:
    wrong = []
    for (context, msgid), plural in domain.plurals().items():
        forms = domain.forms(language, msgid, context)
        for english, form in zip(english_forms(msgid, plural, len(forms)), forms, strict=True):
            spans_kept = Counter(BACKTICKS.findall(form)) == Counter(BACKTICKS.findall(english))
            if not spans_kept or form.count("**") != english.count("**") or form.count("`") % 2:
                wrong.append((msgid, form))
    assert not wrong, f"{language}: " + "\n".join(f"{m!r}\n  => {f!r}" for m, f in wrong)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_command_description_names_other_commands_as_discord_shows_them(language: str) -> None:
    commands = load_domain(DOMAIN)

    def shown(name: str) -> str:
        return commands.translate(language, name, NAME) or name

    wrong = []
    for context, msgid in commands.message_keys():
        if context == NAME:
            continue
        translated = commands.translate(language, msgid) or msgid
        for command, sub in COMMAND.findall(msgid):
            expected = f"/{shown(command)}" + (f" {shown(sub)}" if sub else "")
            if expected not in translated:
                wrong.append((msgid, translated, expected))
    assert not wrong, wrong


def _plain(said: str) -> str:
    """Lowercase, without accents: "Comodín" and "comodines" share "comodin"."""
    decomposed = unicodedata.normalize("NFKD", said.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_twist_joker_has_one_name_and_the_jack_is_not_called_by_it(language: str) -> None:
    words = Words(language)
    joker = _plain(words(text("Joker")))
    assert joker not in _plain(words(text("wild: name a suit"))), "the Jack's note in a twist hand"
    assert joker in _plain(words(text("a Joker")))
    uno = load_domain("uno")
    wrong = []
    for context, msgid in uno.message_keys():
        named = len(re.findall(r"\bjokers?\b", msgid, re.IGNORECASE))
        if not named:
            continue
        translated = uno.translate(language, msgid, context) or ""
        if len(re.findall(rf"\b{re.escape(joker)}", _plain(translated))) != named:
            wrong.append((msgid, translated))
    assert not wrong, f"{language} names the Joker {joker!r} as often as English: {wrong}"


# Where a language could name one thing two ways: English words in the msgid, then the word the
# language's buttons, commands and other sentences use for it, and the other word, not used.
ONE_WORD = {
    "de": [(r"challeng", "anzweifeln (the Challenge button)", r"anfecht")],
    "fr": [
        (r"challeng", "contester (the Challenge button)", r"\bdéfi"),
        (r"\bsuits?\b", "couleur", r"enseigne"),
        # Catching a player who did not call UNO (not a bluff caught by a challenge: "pris à bluffer").
        (r"^(?!.*bluff).*\b(?:catch|caught)", "attraper (the Catch! button)", r"\bpren|\bpris\b"),
    ],
    "it": [
        (r"challeng", "contestare (the Challenge button)", r"\bsfid"),
        (r"\b(?:catch|caught)", "beccare (the Catch! button)", r"\bcol[gt]|\bcogli"),
    ],
    "pt_BR": [
        (r"challeng", "contestar (the Challenge button)", r"desafi"),
        (r"puzzle", "quebra-cabeça (the /quebra-cabeça command)", r"desafi"),
        # A streak is a "sequência": a chain of cards is a "corrente".
        (r"^(?!.*streak).*\bchains?\b", "corrente (the puzzle's own word)", r"sequência"),
        # A Joker is a Coringa; a Wild, a Curinga.
        (r"^(?!.*\bwild).*\bjokers?\b", "Coringa (the Joker's name)", r"curinga"),
    ],
    "es": [
        (r"puzzle", "acertijo (the /acertijo command)", r"\bpuzles?\b"),
        (r"computer", "computadora", r"ordenador"),
    ],
}


@pytest.mark.parametrize("language", sorted(ONE_WORD))
def test_one_thing_is_named_one_way_in_each_language(language: str) -> None:
    wrong = []
    for name in (*MESSAGE_DOMAINS, DOMAIN):
        domain = load_domain(name)
        for context, msgid in domain.message_keys():
            forms = domain.forms(language, msgid, context)
            for english, word, other in ONE_WORD[language]:
                if re.search(english, msgid, re.IGNORECASE) and any(
                    re.search(other, form, re.IGNORECASE) for form in forms
                ):
                    wrong.append((name, msgid, forms, word))
    assert not wrong, "\n".join(f"{n}: {m!r} => {f!r}: say {w}" for n, m, f, w in wrong)


def test_italian_says_a_round_manche_and_keeps_mano_for_a_hand() -> None:
    """Before, Italian called a round and a hand both "mano": "vince la mano ... e segna le carte
    rimaste nelle altre mani", "Alla fine di una mano, ognuno ... nella propria mano"."""
    wrong = []
    for name in (*MESSAGE_DOMAINS, DOMAIN):
        domain = load_domain(name)
        for context, msgid in domain.message_keys():
            if not re.search(r"\brounds?\b", msgid, re.IGNORECASE):
                continue
            hands = len(re.findall(r"\bhands?\b", msgid, re.IGNORECASE))
            for form in domain.forms("it", msgid, context):
                if not re.search(r"\bmanche\b", form, re.IGNORECASE) or (
                    len(re.findall(r"\bman[oi]\b", form, re.IGNORECASE)) > hands
                ):
                    wrong.append((name, msgid, form))
    assert not wrong, "\n".join(f"{n}: {m!r}\n  => {f!r}" for n, m, f in wrong)


# A theorem, lemma, section or rule cited by its number ("Theorem 3.3", "rule 3", "(C7)"), in
# English or in a translation: players read plain words, and numbers belong in comments and tests.
CITED = re.compile(
    r"\b(?:theorem|th[ée]or[èe]me|teorema|satz|lemma|lema|lemme|corollary|proposition|section|"
    r"abschnitt|secci[óo]n|sezione|se[çc][ãa]o|rule|regel|r[èe]gle|regla|regola|regra)\s+\d"
    r"|\((?:C|P)\d+\)",
    re.IGNORECASE,
)


@pytest.mark.parametrize("name", (*MESSAGE_DOMAINS, DOMAIN))
def test_no_sentence_cites_a_theorem_or_rule_by_its_number(name: str) -> None:
    domain = load_domain(name)
    cited = []
    for (context, msgid), plural in domain.plurals().items():
        said = [msgid, *([plural] if plural else [])]
        said += [form for language in LANGUAGES for form in domain.forms(language, msgid, context)]
        cited += [(msgid, form) for form in said if CITED.search(form)]
    assert not cited, "\n".join(f"{m!r}\n  => {f!r}" for m, f in cited)
