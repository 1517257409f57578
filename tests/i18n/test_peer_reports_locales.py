"""Peer projects' reports on localisation, checked against ours without Discord: cutting text to
Discord's limits, the catalogues' fallbacks, plural rules, numbers and the locales Discord
sends. Each test cites the report it answers; the ones that drive the bot are in
tests/discord/test_peer_reports_locales.py."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from datetime import date
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import write_po
from PIL import Image

from bot.games.errors import QUOTE_LIMIT
from bot.games.errors import quoted
from bot.i18n.catalogue import load_domain
from bot.i18n.catalogue import read_catalogue
from bot.i18n.counts import points
from bot.i18n.extract import RETIRED_DAYS
from bot.i18n.extract import write_domain
from bot.i18n.markdown import escaped
from bot.i18n.text import AllOf
from bot.i18n.text import counted
from bot.i18n.text import labelled
from bot.i18n.text import symbols
from bot.i18n.text import text
from bot.i18n.words import Words
from bot.i18n.words import message_domains
from bot.render.images.uno import DESCRIPTION_LIMIT
from bot.render.images.uno import encode
from bot.sessions.table import Line
from bot.sessions.table import Member
from bot.sessions.table import named
from cogs.limits import ELLIPSIS
from cogs.limits import clip
from tests.i18n import EVERY_LANGUAGE
from tests.i18n.test_command_catalogue import translated_payloads

FLAG = "🇩🇪"  # two regional indicators: alone, the first reads as a boxed letter "D"
FAMILY = "👨\u200d👩\u200d👧"  # three people joined by zero-width joiners
THUMB = "👍🏽"  # a thumb and its skin tone
ACCENT = "e\u0301"  # "é" as a letter and its combining accent
ENGLAND = "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f"  # a black flag and its tags


def regional(char: str) -> bool:
    return "\U0001f1e6" <= char <= "\U0001f1ff"


def whole_clusters(cut: str, original: str) -> bool:
    """Whether `cut` (without its ellipsis) ends where one of `original`'s characters as a reader
    sees them ends: no flag, joined emoji, skin tone or accent left in half."""
    kept = cut.removesuffix(ELLIPSIS)
    assert original.startswith(kept)
    if kept == original:
        return True
    following = original[len(kept)]
    flags_before = len(kept) - len(kept.rstrip("".join(c for c in kept if regional(c))))
    return not (
        unicodedata.combining(following)
        or "\U0001f3fb" <= following <= "\U0001f3ff"  # a skin tone
        or "\U000e0020" <= following <= "\U000e007f"  # a flag's tag
        or following in ("\u200d", "\ufe0f")  # a joiner, an emoji's presentation
        or kept.endswith("\u200d")
        or (regional(following) and flags_before % 2 == 1)
    )


# Truncating by code point can cut a character a reader sees as one: half a flag reads as a boxed
# letter, half a family drops a child, an accent falls off its letter. bluesky-social/social-app#11568,
# d12frosted/vui.el#140, handochan/aelix-ai#181 (a cut regional indicator shows another letter),
# open-telemetry/opentelemetry-specification#2779 (a rainbow flag cut into a white one).
@pytest.mark.parametrize("cluster", [FLAG, FAMILY, THUMB, ACCENT, "🏳️\u200d🌈", ENGLAND])
def test_clipping_never_cuts_a_character_in_half(cluster: str) -> None:
    for before in range(90, 100):
        said = "a" * before + cluster + "z" * 10
        cut = clip(said, 100)
        assert len(cut) <= 100 and cut.endswith(ELLIPSIS)
        assert whole_clusters(cut, said), (before, cut[-6:])


# The same cut where a refusal quotes what a player typed, and in a picture's alt text.
@pytest.mark.parametrize("cluster", [FLAG, FAMILY, THUMB, ACCENT])
def test_a_quote_and_a_pictures_description_never_cut_a_character_in_half(cluster: str) -> None:
    for before in range(QUOTE_LIMIT - 10, QUOTE_LIMIT):
        typed = "a" * before + cluster + "z" * 10
        assert whole_clusters(quoted(typed).typed, typed), (before, quoted(typed).typed[-6:])
    for before in range(DESCRIPTION_LIMIT - 10, DESCRIPTION_LIMIT):
        described = "a" * before + cluster + "z" * 10
        shown = encode(Image.new("RGB", (2, 2)), "x.png", described).description
        assert whole_clusters(shown, described), (before, shown[-6:])


# Discord counts a message's length in code points (its API is Python: discord/discord-api-docs#1315,
# "the API calculates length based on the number of codepoints"), which is Python's len(): an emoji
# of two UTF-16 units counts once, and the limits are not halved for them
# (DiscordBot-PMMP/DiscordBot#133 counted otherwise).
def test_a_limit_counts_code_points_as_discord_does() -> None:
    assert clip("😀" * 100, 100) == "😀" * 100
    assert len(clip("😀" * 101, 100)) == 100


# A cut inside an escaped name leaves its backslash alone before the ellipsis, where Discord shows
# it: the escape belonged to the character cut off.
def test_clipping_leaves_no_escape_without_its_character() -> None:
    for before in range(90, 100):
        said = escaped("a" * before + "*_*_*_*_*_")
        cut = clip(said, 100).removesuffix(ELLIPSIS)
        trailing = len(cut) - len(cut.rstrip("\\"))
        assert trailing % 2 == 0, (before, cut[-4:])


ISOLATES = {"\u2066", "\u2067", "\u2068"}  # LRI, RLI, FSI: each closed by a PDI


def direction(line: str) -> str:
    """The direction a client lays `line` out in (Unicode's bidi algorithm, rules P2 and P3):
    that of its first letter with a strong direction, skipping what an isolate holds; "L" when it
    has none."""
    depth = 0
    for char in line:
        if char in ISOLATES:
            depth += 1
        elif char == "\u2069":
            depth = max(depth - 1, 0)
        elif depth == 0 and unicodedata.bidirectional(char) in ("L", "R", "AL"):
            return "R" if unicodedata.bidirectional(char) == "AL" else unicodedata.bidirectional(char)
    return "L"


# A name in a right-to-left script put into a left-to-right sentence turns the whole line around
# where it leads it (a client lays a line out in the direction of its first letter), and its
# punctuation and numbers jump to the wrong side: feditext/feditext#342 (an Arabic name reorders a
# notification), openclaw/openclaw#68105 (no bidi isolation in what is sent to Discord),
# hasadna/Open-Knesset#93 (user names isolated). The name goes between isolates, and reads as
# written; a name without such letters is unchanged.
@pytest.mark.parametrize("language", EVERY_LANGUAGE)
@pytest.mark.parametrize("name", ["محمد", "שרה", "Ali علي"])
def test_a_right_to_left_name_keeps_the_sentence_in_its_own_direction(language: str, name: str) -> None:
    words = Words(language)
    for said in (
        text("{name} drew a card.", name=name),
        labelled(symbols("**{name}**", name=name), counted("{count} card", "{count} cards", count=7)),
        text("{winner} wins the game!", winner=AllOf((name, "Bob"))),
    ):
        for shown in (words(said), words.plain(said)):
            assert direction(shown) == "L", shown
            assert name in shown


def test_a_left_to_right_name_is_put_in_as_it_is() -> None:
    assert Words("de")(text("{name} drew a card.", name="Ann")).startswith("Ann ")


# gettext keeps a catalogue's header under the empty msgid, and a lookup of "" returned the whole
# header ("Project-Id-Version: ...") to users: php-gettext/Gettext#109, leonelquinteros/gotext#74,
# qooxdoo/qooxdoo-compiler#442. An empty sentence stays empty, in every language.
@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_an_empty_sentence_never_reads_as_the_catalogues_header(language: str) -> None:
    assert Words(language)(text("")) == ""
    assert Words(language)(symbols("{name}", name="")) == ""
    for domain in message_domains():
        assert domain.translate(language, "") is None


# CLDR gave French, Spanish, Italian and Portuguese a third plural form for whole millions, which
# Babel writes into a new catalogue's header (php-gettext/Languages#42); and French and Brazilian
# Portuguese say 0 in the singular (kenn-io/agentsview#1151). Our catalogues declare two forms and
# fill both, so a million points is plural and nothing falls back to English.
@pytest.mark.parametrize(
    ("language", "none", "million"),
    [
        ("fr", "0 point", "1 000 000 points"),
        ("pt_BR", "0 ponto", "1.000.000 pontos"),
        ("es", "0 puntos", "1.000.000 puntos"),
        ("it", "0 punti", "1.000.000 punti"),
        ("de", "0 Punkte", "1.000.000 Punkte"),
    ],
)
def test_zero_and_a_million_take_each_languages_plural_form(language: str, none: str, million: str) -> None:
    words = Words(language)
    assert words(points(0)).replace("\u202f", " ") == none
    assert words(points(1_000_000)).replace("\u202f", " ") == million
    for domain in message_domains():
        assert domain.catalogues[language].num_plurals == 2, (domain.name, language)


def translated(root: Path, domain: str, language: str, said: dict[str, str]) -> None:
    """`said` (msgid: translation) filled into `language`'s catalogue of `domain` under `root`."""
    path = root / language / "LC_MESSAGES" / f"{domain}.po"
    catalogue = read_catalogue(path, language)
    for msgid, translation in said.items():
        message = catalogue.get(msgid)
        assert message is not None
        message.string = translation
    with path.open("wb") as file:
        write_po(file, catalogue, width=110)


# A sentence reworded in the code is a new msgid: the old one's translation was dropped from the
# catalogues, so a table's recent lines saved under it before the update read in English until
# they scrolled away. The translation of a retired sentence is kept a while as an obsolete entry
# (`#~`, as msgmerge keeps them: elixir-gettext/gettext#210, exelearning/iteexe#241 lost such
# translations with --ignore-obsolete) and said for what was saved under it; it goes after
# RETIRED_DAYS (uim/uim#326, amule-project/amule#889: obsolete entries piling up for good).
def test_a_line_saved_under_a_reworded_sentence_reads_in_the_tables_language(tmp_path: Path) -> None:
    old, new = "{name} drew a card.", "{name} draws a card."
    day = date(2026, 11, 29)
    write_domain("lines", {(None, old): None}, root=tmp_path, today=day)
    translated(tmp_path, "lines", "de", {old: "{name} hat eine Karte gezogen."})
    write_domain("lines", {(None, new): None}, root=tmp_path, today=day)
    translated(tmp_path, "lines", "de", {new: "{name} zieht eine Karte."})

    german = Words("de", [load_domain("lines", tmp_path)])
    saved = Line.from_json(Line(text(old, name=named(0)), (Member(1, "anna"),)).to_json())
    assert saved.render(german) == "anna hat eine Karte gezogen."
    assert german(text(new, name="bert")) == "bert zieht eine Karte."
    assert load_domain("lines", tmp_path).message_keys() == {(None, new)}, "the template holds the new one"

    # Kept while a line saved before may still be shown; gone after.
    write_domain("lines", {(None, new): None, (None, "{name} passed."): None}, root=tmp_path, today=day)
    assert (
        Words("de", [load_domain("lines", tmp_path)])(text(old, name="anna"))
        == "anna hat eine Karte gezogen."
    )
    later = day + timedelta(days=RETIRED_DAYS + 1)
    write_domain("lines", {(None, new): None}, root=tmp_path, today=later)
    assert Words("de", [load_domain("lines", tmp_path)])(text(old, name="anna")) == "anna drew a card."


SHIPPED_LOCALES = ("de", "fr", "es-ES", "es-419", "pt-BR", "it")


# Libraries dropped the localisations of subcommands, groups or options when syncing, so a group
# or an option showed in English inside a translated command: hikari-lightbulb#325, pycord#1469,
# DisnakeDev/disnake#1285. Every command, group, subcommand, option and choice the bot sends
# Discord carries its name and description in each shipped locale.
async def test_every_node_of_the_command_tree_is_sent_in_every_shipped_locale() -> None:
    def walk(node: dict[str, Any], path: str) -> Iterator[tuple[str, dict[str, Any]]]:
        yield path, node
        for option in node.get("options") or []:
            yield from walk(option, f"{path} {option['name']}")
        for choice in node.get("choices") or []:
            yield f"{path}={choice['name']}", choice

    for payload in await translated_payloads():
        for path, node in walk(payload, payload["name"]):
            fields = ("name",) if "=" in path else ("name", "description")
            for field in fields:
                sent = node.get(f"{field}_localizations") or {}
                assert set(SHIPPED_LOCALES) <= set(sent), (path, field, sorted(sent))
