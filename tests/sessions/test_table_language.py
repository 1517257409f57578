"""A table's language and its log as Text (issue 21): saved with the table, read back, and a
table or line saved before either existed still read, in English."""

from __future__ import annotations

import json
from dataclasses import replace

from bot.i18n.text import AllOf
from bot.i18n.text import AnyOf
from bot.i18n.text import Lines
from bot.i18n.text import Text
from bot.i18n.text import counted
from bot.i18n.text import from_json
from bot.i18n.text import text
from bot.i18n.text import to_json
from bot.i18n.words import Words
from bot.sessions.manager import TableManager
from bot.sessions.table import Line
from bot.sessions.table import Member
from bot.sessions.table import Table
from bot.sessions.table import TableSettings
from tests.sessions.tables import clock
from tests.sessions.tables import players
from tests.sessions.tables import seated_table


def test_a_text_goes_to_json_and_back_whole() -> None:
    said = text(
        "{a} {b} {c} {d} {e}",
        a=counted("{count} card", "{count} cards", count=3, name="x"),
        b=AllOf(("ann", text("Red"))),
        c=AnyOf((text("Blue"), text("Green"))),
        d=Lines((text("Done."), "plain")),
        e=2.5,
    )
    assert from_json(json.loads(json.dumps(to_json(said)))) == said


async def test_a_table_keeps_its_language_and_its_lines_as_text_across_a_save() -> None:
    settings = replace(TableSettings(), language="de")
    table = await seated_table(TableManager(now=clock), players(3), settings=settings)
    assert table.language == "de"
    restored = Table.from_snapshot(json.loads(json.dumps(table.snapshot())), clock)
    assert restored.language == "de"
    assert [line.said for line in restored.log] == [line.said for line in table.log]
    assert all(isinstance(line.said, Text) for line in restored.log)
    assert restored.recent == table.recent  # English
    german = restored.recent_in(Words("de"))
    assert german != restored.recent and "p2" in "\n".join(german)


async def test_a_table_saved_before_languages_and_text_lines_reads_as_english() -> None:
    table = await seated_table(TableManager(now=clock), players(2))
    table.ended_reason = text("Everyone left the table.")
    old = table.snapshot()
    del old["settings"]["language"]
    old["recent"] = ["p1 joined.", ["\x000\x00 left.", [[2, "p2"]]]]
    old["ended_reason"] = "The table was closed."
    restored = Table.from_snapshot(old, clock)
    assert restored.language == "en"
    assert restored.recent == ["p1 joined.", "p2 left."]
    assert restored.recent_in(Words("fr")) == ["p1 joined.", "p2 left."]
    assert str(restored.ended_reason) == "The table was closed."


def test_a_forgotten_player_is_a_former_player_in_the_tables_language() -> None:
    line = Line(text("{name} joined.", name="\x000\x00"), (Member(5, "eve"),)).without(5)
    assert line.render() == "a former player joined."
    assert line.render(Words("de")) == "ein ehemaliger Spieler ist beigetreten."
