"""A paused table runs no timer, so nothing else would ever end it: a pause lasts at most
`PAUSE_LIMIT` (24 hours), a deadline like the turn's, kept with the table and re-armed after a
restart; past it the table ends as `/uno end` ends it (unrecorded), and `/uno resume` before
clears it."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from bot.i18n.words import Words
from bot.sessions import table as table_module
from bot.sessions.manager import TableManager
from bot.sessions.table import Table
from bot.sessions.table import TablePhase
from tests.sessions.tables import START
from tests.sessions.tables import Clock
from tests.sessions.tables import Recorder
from tests.sessions.tables import players
from tests.sessions.tables import seated_table

DAY = timedelta(hours=24)


async def paused_table() -> tuple[Clock, Recorder, TableManager, Table]:
    """Two people; the host pauses the timer as the game starts."""
    clock, recorder = Clock(), Recorder()
    tables = TableManager(now=clock, repository=recorder)
    table = await seated_table(tables, players(2), seed=5)
    await table.pause(1)
    return clock, recorder, tables, table


async def test_a_pause_is_a_deadline_24_hours_on_and_then_the_table_ends_as_uno_end_ends_it() -> None:
    assert timedelta(hours=table_module.PAUSE_LIMIT_HOURS) == DAY
    clock, recorder, tables, table = await paused_table()
    assert table.paused is not None and table.deadline is None
    # The only deadline of a paused table: saved with it, armed by the manager.
    assert table.next_deadline == START + DAY
    assert recorder.saved[-1]["deadline"] is None and recorder.saved[-1]["paused"] == [
        60.0,
        None,
        (START + DAY).isoformat(),
    ]
    assert table.game_id in tables.deadlines.armed
    turn = table.turn

    clock.now = START + DAY - timedelta(seconds=1)
    await table.deadline_passed(table.version)
    assert not table.phase.is_over and table.turn == turn and table.paused is not None, (
        "nothing of the turn's is due while paused"
    )

    # The scheduler wakes for it (the clock jumped: tell it to look again).
    clock.now = START + DAY
    tables.deadlines.wake()
    for _ in range(100):
        if table.phase.is_over:
            break
        await asyncio.sleep(0.01)
    assert table.phase is TablePhase.ABORTED, "ended as `/uno end` ends a table: not recorded"
    assert table.ended_reason is not None
    said = "The table was paused for 24 hours and has ended."
    assert str(table.ended_reason) == said and table.recent[-1] == said
    assert Words("de")(table.ended_reason) != said
    assert recorder.finished == [table]
    assert tables.in_channel(table.channel_id) is None and tables.deadlines.armed == ()
    await tables.close()


async def test_resuming_before_the_24_hours_clears_the_pause_deadline() -> None:
    clock, _, tables, table = await paused_table()
    clock.now = START + DAY - timedelta(hours=1)
    await table.resume(1)
    assert table.next_deadline == table.deadline == clock.now + timedelta(seconds=60)
    turn = table.turn
    clock.now = START + DAY + timedelta(minutes=1)
    await table.deadline_passed(table.version)
    assert not table.phase.is_over, "the resumed table plays on"
    assert table.turn > turn, "its turn timer runs again"
    assert any("ran out of time" in line for line in table.recent)
    await tables.close()


async def test_the_pause_deadline_holds_across_a_restart() -> None:
    clock, _, tables, table = await paused_table()
    clock.now = START + timedelta(hours=5)
    restored = Table.from_snapshot(table.snapshot(), clock)
    assert restored.paused == table.paused and restored.next_deadline == START + DAY
    # A pause saved before pauses had a limit counts its 24 hours from when it is read back.
    old = table.snapshot()
    old["paused"] = old["paused"][:2]  # type: ignore[index]
    restored = Table.from_snapshot(old, clock)
    assert restored.paused is not None and restored.next_deadline == clock.now + DAY
    await tables.close()
