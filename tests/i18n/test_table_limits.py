"""Issue 21's limits for the `table` domain: every message a table shows, in every language,
within Discord's limits (cogs/limits.py). The longest translation is the one that breaks one, so
each is rendered at its fullest: ten players with the longest names, a hand of 70 cards, twist's
settings with every select, the host panel, and every sentence of the domain with long fields."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import discord
import pytest

from bot.i18n.catalogue import LANGUAGES
from bot.i18n.catalogue import load_domain
from bot.i18n.catalogue import placeholders
from bot.i18n.text import text
from bot.i18n.words import Words
from bot.render.uno_text import team_name
from bot.sessions.manager import TableManager
from bot.sessions.table import MAX_PLAYERS
from bot.sessions.table import PAUSE_LIMIT
from bot.sessions.table import Member
from bot.sessions.table import Paused
from bot.sessions.table import Table
from bot.sessions.table import TableSettings
from bot.sessions.table import named
from cogs import limits
from cogs.replies import Rendered
from cogs.uno.host_panel import host_panel
from cogs.uno.render import hand_message
from cogs.uno.render import settings_message
from cogs.uno.render import table_message
from tests.i18n import EVERY_LANGUAGE
from tests.sessions.tables import clock

LONG_NAME = "W" * 32  # Discord's longest display name
PLACEHOLDER = 150
OPTION_DESCRIPTION = 100


def members(count: int) -> list[Member]:
    return [Member(n, f"{LONG_NAME[:-2]}{n:02d}") for n in range(1, count + 1)]


async def full_table(
    language: str,
    *,
    ruleset: str = "official",
    start: bool = True,
    seated: list[Member] | None = None,
    teams: str | None = None,
) -> Table:
    """Ten players with the longest names, a time limit, paused, and a log of the longest lines."""
    manager = TableManager(now=clock)
    settings = replace(TableSettings.of(ruleset), language=language)
    settings = settings.with_option("time_limit", 600)
    if teams is not None:
        settings = settings.with_option("teams", teams)
    seated = seated or members(MAX_PLAYERS)
    table = await manager.open_table(guild_id=1, channel_id=7, host=seated[0], settings=settings)
    for member in seated[1:]:
        await table.join(member)
    if start:
        await table.start(seated[0].user_id)
        table.paused = Paused(30.0, 600.0, clock() + PAUSE_LIMIT)
    for _ in range(6):
        table._note(
            text("{by} handed the host role to {name}.", name=named(0), by=named(1)), seated[1], seated[2]
        )
    return table


def check_embed(embed: discord.Embed | None) -> None:
    assert embed is not None
    assert len(embed.title or "") <= limits.EMBED_TITLE
    assert len(embed.description or "") <= limits.EMBED_DESCRIPTION
    assert len(embed.footer.text or "") <= limits.EMBED_FOOTER
    total = len(embed.title or "") + len(embed.description or "") + len(embed.footer.text or "")
    for shown in embed.fields:
        assert len(shown.name or "") <= limits.EMBED_FIELD_NAME
        assert len(shown.value or "") <= limits.EMBED_FIELD_VALUE, (shown.name, shown.value)
        assert shown.value, shown.name
        total += len(shown.name or "") + len(shown.value or "")
    assert total <= limits.EMBED_TOTAL


def check_controls(rendered: Rendered) -> None:
    assert len(rendered.content or "") <= limits.MESSAGE
    if rendered.view is None:
        return
    for item in rendered.view.children:
        if isinstance(item, discord.ui.Button):
            assert item.label is None or len(item.label) <= limits.BUTTON_LABEL, item.label
        if isinstance(item, discord.ui.Select):
            assert len(item.placeholder or "") <= PLACEHOLDER, item.placeholder
            assert len(item.options) <= 25
            for option in item.options:
                assert len(option.label) <= limits.SELECT_OPTION_LABEL, option.label
                assert len(option.description or "") <= OPTION_DESCRIPTION, option.description


def items(rendered: Rendered) -> list[Any]:
    return list(rendered.view.children) if rendered.view is not None else []


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
@pytest.mark.parametrize("ruleset", ["official", "twist"])
async def test_the_fullest_table_message_fits_in_every_language(language: str, ruleset: str) -> None:
    lobby = await full_table(language, ruleset=ruleset, start=False)
    shown = table_message(lobby)
    check_embed(shown.embed)
    check_controls(shown)
    table = await full_table(language, ruleset=ruleset)
    shown = table_message(table)
    check_embed(shown.embed)
    check_controls(shown)
    assert shown.embed is not None
    assert shown.embed.title == Words(language)(text("UNO: round {number}", number=1))


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
async def test_the_biggest_hand_fits_in_every_language(language: str) -> None:
    table = await full_table(language, ruleset="twist")
    game = table.game
    assert game is not None
    seat = game.current
    game.hands[seat].extend(game.draw_pile[:70])
    hand = table.hand_of(table.members[seat].user_id)
    assert len(hand.view.hand) >= 70
    for page in (0, 1, 2):
        shown = hand_message(hand, Words(language), page=page)
        # Nothing was cut off to fit: the message ends with the sentence of the turn.
        assert len(shown.content or "") < limits.MESSAGE
        check_controls(shown)
    waiting = table.hand_of(table.members[(seat + 1) % MAX_PLAYERS].user_id)
    check_controls(hand_message(waiting, Words(language)))


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
async def test_the_host_settings_and_panel_fit_in_every_language(language: str) -> None:
    table = await full_table(language, ruleset="twist", start=False)
    words = Words(language)
    shown = settings_message(table, words, text("⚠️ Not changed: {reason}", reason="x" * 200))
    assert len(items(shown)) == 5
    check_controls(shown)
    check_controls(host_panel(table, table.host_id, words, text("Saved.")))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_sentence_of_the_table_fits_a_message_with_long_fields(language: str) -> None:
    """Each sentence (refusals, answers, lines), its fields filled with 100 characters, fits a
    message; and a button's label or a select's option is short."""
    domain = load_domain("table")
    for _, msgid in domain.message_keys():
        for form in domain.forms(language, msgid):
            filled = form
            for field in placeholders(form):
                filled = filled.replace(field, "x" * 100)
            assert len(filled) <= limits.MESSAGE, msgid
            if len(msgid) <= 20 and not placeholders(msgid):  # a label: as short as its English allows
                assert len(form) <= limits.BUTTON_LABEL, (msgid, form)


MARKDOWN_NAME = "*_" * 16  # 32 characters, each escaped: 64 in the message


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
async def test_every_seat_keeps_a_whole_line_when_names_full_of_markdown_outgrow_the_field(
    language: str,
) -> None:
    """Before, the Players field was cut at 1,024 characters: the last seats lost their lines and
    a line could end inside a name's escape, and the Recent field was cut inside its first line."""
    seated = [Member(n, MARKDOWN_NAME) for n in range(1, MAX_PLAYERS + 1)]
    table = await full_table(language, ruleset="twist", seated=seated, teams="partners")
    game = table.game
    assert game is not None
    for hand in game.hands:  # "12 cards": the longest count a seat line says
        hand.extend(game.draw_pile[:5])
        del game.draw_pile[:5]
    embed = table_message(table).embed
    check_embed(embed)
    assert embed is not None
    fields = {field.name: field.value or "" for field in embed.fields}
    words = Words(language)
    seats = fields[words(text("Players"))].split("\n")
    assert len(seats) == MAX_PLAYERS, seats
    for seat, line in enumerate(seats):
        assert line.count("**") - line.count("\\*\\*") == 2, f"the name is bold, whole: {line}"
        assert "\\*\\_" in line, line
        assert line.endswith(words(team_name(game.team_of(seat)))), f"the line is whole: {line}"
    recent = fields[words(text("Recent"))].split("\n")
    assert set(recent) <= set(table.recent_in(words)), "the log keeps whole lines"
    assert recent[-1] == table.recent_in(words)[-1]
