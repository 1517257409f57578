"""A name, or what a player typed, put into a sentence reads as written (bot/i18n/markdown.py):
in Markdown each formatting character gets a backslash, which Discord hides; where Discord
shows no Markdown (`Words.plain`) nothing is added."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.games.errors import quoted
from bot.i18n.markdown import escaped
from bot.i18n.text import AllOf
from bot.i18n.text import Code
from bot.i18n.text import Markup
from bot.i18n.text import from_json
from bot.i18n.text import symbols
from bot.i18n.text import text
from bot.i18n.text import to_json
from bot.i18n.words import Words

NAMES = [
    "**ann**",
    "__bob__",
    "~~cy~~",
    "||spoiler||",
    "`tick`",
    "a\\b",
    "# Heading",
    "-# small",
    "> quoted",
    ">>> all quoted",
    "1. first",
    "- item",
    "[free nitro](https://example.com/x_y)",
    "*",
]


def shown(markdown: str) -> str:
    """What Discord shows of `markdown` once its escapes are read: a backslash before anything
    but a letter, a digit or a space hides itself."""
    return re.sub(r"\\([^0-9A-Za-z\s])", r"\1", markdown)


def formatting_left(markdown: str) -> list[str]:
    """The formatting characters of `markdown` that no backslash escapes, and the starts of
    Discord's own markup (a mention, a channel, a time, an emoji, @everyone)."""
    unescaped = re.sub(r"\\[^0-9A-Za-z\s]|https?://\S+", "", markdown)
    return re.findall(r"[*_~|`\[\]]|<(?:[@#/:]|a:|t:|id:)|@everyone|@here", unescaped)


@pytest.mark.parametrize("name", NAMES)
def test_a_name_reads_as_written_and_formats_nothing(name: str) -> None:
    said = escaped(name)
    assert shown(said) == name
    assert formatting_left(said) == []
    # ">>> " quotes the rest of the message, every line after it too.
    assert not re.match(r"\s*(#{1,3}|-#|>>>|>|-|\d+\.)\s", said), (
        "a line started by the name is no heading, quote or list"
    )


@given(st.text(max_size=40))
def test_any_name_reads_as_written(name: str) -> None:
    said = escaped(name)
    assert shown(said) == name
    assert formatting_left(said) == []


def test_plain_names_and_links_are_left_alone() -> None:
    for name in ("alice", "Bob 2", "Zoë", "+2", "-1", "#1", "<3", "a@b", "https://example.com/a_b_c"):
        assert escaped(name) == name


# What a nickname may hold that Discord would show as a person's, a role's or a channel's chip, a
# command, an emoji, a date, or a ping to everyone.
LOOKALIKES = [
    "<@123>",
    "<@!123>",
    "<@&5>",
    "<#9>",
    "</uno start:1>",
    "<:pepe:1>",
    "<a:dance:2>",
    "<t:0:R>",
    "<id:customize>",
    "@everyone",
    "hi @here",
]


@pytest.mark.parametrize("name", LOOKALIKES)
def test_a_name_that_looks_like_a_mention_reads_as_written(name: str) -> None:
    said = escaped(name)
    assert shown(said) == name
    assert formatting_left(said) == [], said
    assert Words("en")(text("{mention}, your turn.", mention=name)) == f"{said}, your turn."


def test_the_bots_own_mentions_and_times_are_never_escaped() -> None:
    english = Words("en")
    ann = Markup.user(42)
    assert english(text("{mention}, your turn.", mention=ann)) == "<@42>, your turn."
    assert english(AllOf((ann, Markup.user(7)))) == "<@42> and <@7>"
    assert english(text("Try {channels}.", channels=AllOf((Markup.channel(9),)))) == "Try <#9>."
    assert english(text("Needs {role}.", role=Markup.role(5))) == "Needs <@&5>."
    assert english.plain(text("{mention}!", mention=ann)) == "<@42>!"
    assert from_json(to_json(text("{mention}!", mention=ann))) == text("{mention}!", mention=ann)


def test_a_sentence_escapes_its_names_in_markdown_only() -> None:
    english = Words("en")
    said = text("Only the host, {host}, can start the game.", host="**ann**")
    assert english(said) == "Only the host, \\*\\*ann\\*\\*, can start the game."
    assert english.plain(said) == "Only the host, **ann**, can start the game."
    assert Words("de")(said) == "Nur der Gastgeber, \\*\\*ann\\*\\*, kann das Spiel starten."
    # In a list, each name; a sentence's own Markdown and a nested sentence are left as they are.
    listed = text(
        "**{team}** ({members}): {points}", team=text("Team 1"), members=AllOf(("a_b_", "c")), points=3
    )
    assert english(listed) == "**Team 1** (a\\_b\\_ and c): 3"
    assert english(symbols("{emoji} {name}", emoji="🟥", name=text("Red"))) == "🟥 Red"


def test_a_field_inside_the_sentences_own_code_is_not_escaped() -> None:
    said = text("No finished games yet. Start one with `{command}`!", command="/flood play")
    assert Words("en")(said).endswith("`/flood play`!")
    assert Words("de")(said).endswith("`/flood spielen`!")


def test_what_a_player_typed_is_quoted_as_code_even_with_backticks() -> None:
    english = Words("en")
    assert english(text("{card} is not a card.", card=quoted("R5_x"))) == "`R5_x` is not a card."
    assert english(text("{card} is not a card.", card=quoted("a`b"))) == "`` a`b `` is not a card."
    assert english.plain(text("{card} is not a card.", card=quoted("a`b"))) == "a`b is not a card."
    # A log saved with a quote shows it the same after a restart.
    said = text("{action} is not possible now.", action=Code("draw"))
    assert from_json(to_json(said)) == said
    assert str(said) == "`draw` is not possible now."
