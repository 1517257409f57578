"""Two processes of the bot holding the same table on one database (a misconfigured shard split,
a rolling restart): every click and every timer applies once, never twice, never overwritten.

Each "process" here is what a bot process has: its own Store (engine and connection pool) and its
own TableManager with its own tables, locks and presenter. Only the database is shared.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from datetime import UTC
from datetime import datetime
from datetime import timedelta

import pytest
from prometheus_client import REGISTRY

from bot.games.uno.actions import LEAVE
from bot.games.uno.events import Event
from bot.i18n.text import text
from bot.sessions.core import SessionError
from bot.sessions.core import StaleClick
from bot.sessions.manager import TableManager
from bot.sessions.persistence import StoreTableRepository
from bot.sessions.records import Records
from bot.sessions.solo import SoloManager
from bot.sessions.table import Table
from bot.sessions.table import TableSettings
from bot.sessions.table import TurnPing
from bot.store import Store
from tests.sessions.tables import players
from tests.sessions.tables import seated_table

RACES = 200


def conflicts() -> float:
    return REGISTRY.get_sample_value("unobot_store_conflicts_total") or 0.0


class Clock:
    def __init__(self) -> None:
        self.time = datetime(2026, 11, 24, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.time


@dataclass
class Shown:
    """What one process showed its players: (game id, version) per change presented."""

    changes: list[tuple[str, int]] = field(default_factory=list)

    async def show(self, table: Table, events: Sequence[Event], ping: TurnPing) -> None:
        self.changes.append((table.game_id, table.version))


@dataclass
class Process:
    store: Store
    manager: TableManager
    shown: Shown


@pytest.fixture
async def two(database_url: str) -> AsyncIterator[tuple[Process, Process, Clock]]:
    clock = Clock()
    processes = []
    for _ in range(2):
        store = await Store.open(database_url)
        shown = Shown()
        manager = TableManager(repository=StoreTableRepository(store), presenter=shown, now=clock)
        processes.append(Process(store, manager, shown))
    try:
        yield processes[0], processes[1], clock
    finally:
        for process in processes:
            await process.manager.close()
            await process.store.close()


async def same_table_in_both(
    first: Process, second: Process, seed: int, channel_id: int
) -> tuple[Table, Table]:
    """`first` opens and starts a table; `second` loads it from the store, as after a restart."""
    settings = TableSettings().with_option("target_score", 100)
    table = await seated_table(first.manager, players(3), channel_id=channel_id, settings=settings, seed=seed)
    resting = await StoreTableRepository(second.store).resting_tables()
    await second.manager.restore(saved for saved in resting if saved.game_id == table.game_id)
    copy = second.manager.get(table.game_id)
    assert copy is not None
    return table, copy


async def test_the_same_click_sent_to_both_processes_applies_exactly_once(
    two: tuple[Process, Process, Clock],
) -> None:
    first, second, _ = two
    rng = random.Random(7)
    conflicts_before = conflicts()
    applied = stale = tables = 0
    pair: tuple[Table, Table] | None = None
    while applied < RACES:
        if pair is None or pair[0].phase.is_over:
            tables += 1
            pair = await same_table_in_both(first, second, seed=tables, channel_id=100 + tables)
        a, b = pair
        game = a.game
        assert game is not None and b.game is not None
        assert a.version == b.version and game.to_json() == b.game.to_json()
        seat = game.current
        action = rng.choice([x for x in game.legal_actions(seat) if x is not LEAVE])
        user = a.members[seat].user_id
        # Which process the click reaches first is left to the event loop, then to the database.
        clicks = [a.act(user, action, a.turn), b.act(user, action, b.turn)]
        if rng.random() < 0.5:
            clicks.reverse()
        results = await asyncio.gather(*clicks, return_exceptions=True)
        refused = [r for r in results if isinstance(r, BaseException)]
        assert len(refused) == 1, results
        assert isinstance(refused[0], StaleClick), refused[0]
        assert "look at it again" in str(refused[0])
        applied += 1
        stale += 1
        # The loser now holds the winner's game: the next click starts from one state.
        assert a.version == b.version
        assert (a.game.to_json() if a.game else None) == (b.game.to_json() if b.game else None)
    # Every applied change was shown once, by the process whose save won.
    shown = first.shown.changes + second.shown.changes
    assert len(shown) == len(set(shown))
    assert stale == applied == RACES
    # Each refused save is counted for the operators (bot/ops.py, /metrics).
    assert conflicts() - conflicts_before == RACES


async def settled(*tables: Table, version: int) -> None:
    """Wait until every table holds `version` and no change is under way."""
    for _ in range(500):
        if all(t.version == version and not t.lock.locked() for t in tables):
            await asyncio.sleep(0.02)  # a late second firing would show up here
            return
        await asyncio.sleep(0.01)
    raise AssertionError([t.version for t in tables])


async def test_a_due_turn_timer_fires_exactly_once_across_both(two: tuple[Process, Process, Clock]) -> None:
    first, second, clock = two
    for race in range(20):
        a, b = await same_table_in_both(first, second, seed=race, channel_id=500 + race)
        assert a.deadline == b.deadline and a.deadline is not None
        version = a.version
        # The turn's time runs out in both processes: each one's scheduler wakes for it.
        clock.time = a.deadline + timedelta(seconds=1)
        for process in (first, second):
            process.manager.deadlines.wake()
        await settled(a, b, version=version + 1)
        # (The earlier races' tables come due too as the clock jumps: only this table counts.)
        shown = [c for c in first.shown.changes + second.shown.changes if c[0] == a.game_id]
        assert shown.count((a.game_id, version + 1)) == 1 and len(shown) == len(set(shown))
        assert a.game is not None and b.game is not None
        assert a.game.to_json() == b.game.to_json()
        assert a.timeouts_in_row == b.timeouts_in_row and sum(a.timeouts_in_row.values()) == 1


async def test_forgetting_a_player_seated_at_the_other_processes_table_leaves_that_game_alone(
    two: tuple[Process, Process, Clock],
) -> None:
    """/privacy forget reaches the process the command came to. A table the other process holds
    (another server's shard) cannot be changed from here: deleting its row would end that game,
    silently, for everyone at it (its next save finds no row). The player is asked to leave it
    first, and nothing is deleted."""
    first, second, _ = two
    table = await seated_table(second.manager, players(3), channel_id=900, seed=3)
    await first.store.record_solo_result(2, "flood", "easy/uno", True, display_name="p2")
    records = Records(first.store, first.manager, SoloManager())
    with pytest.raises(SessionError, match="/uno leave"):
        await records.forget_user(2)
    assert (await first.store.solo_stats(2, "flood"))[0].wins == 1
    game = table.game
    assert game is not None
    seat = game.current
    action = next(x for x in game.legal_actions(seat) if x is not LEAVE)
    version = table.version
    await table.act(table.members[seat].user_id, action, table.turn)
    assert table.version == version + 1 and not table.phase.is_over
    # Having left a game under way, they are still owed its result: still refused.
    await table.leave(2)
    with pytest.raises(SessionError, match="ended"):
        await records.forget_user(2)
    # Once that game has ended, forgetting them goes through.
    await table.end(text("ended by the host"))
    await records.forget_user(2)
    assert await first.store.solo_stats(2, "flood") == ()
    assert await first.store.running_game_ids_for_user(2) == ()


async def test_forgetting_a_player_at_a_table_of_this_process_takes_them_out_of_it(
    two: tuple[Process, Process, Clock],
) -> None:
    first, _, _ = two
    table = await seated_table(first.manager, players(3), channel_id=901, seed=4)
    await Records(first.store, first.manager, SoloManager()).forget_user(2)
    assert not table.phase.is_over and 2 not in table.user_ids
    assert await first.store.running_game_ids_for_user(2) == ()
    saved = await first.store.get_running_game(table.game_id)
    assert saved is not None and 2 not in saved.user_ids


async def test_a_saved_table_nobody_holds_does_not_keep_a_player_from_forgetting(
    two: tuple[Process, Process, Clock],
) -> None:
    """A saved table of a place this process serves, which it does not hold (left over from a
    process gone, say), is played by nobody: forgetting goes through and takes it away. A
    place another process serves still refuses (the test above)."""
    first, second, _ = two
    table = await seated_table(second.manager, players(3), channel_id=902, seed=5)
    elsewhere = Records(first.store, first.manager, SoloManager(), serves=lambda guild_id: False)
    with pytest.raises(SessionError, match="/uno leave"):
        await elsewhere.forget_user(2)
    assert await first.store.get_running_game(table.game_id) is not None
    here = Records(first.store, first.manager, SoloManager(), serves=lambda guild_id: True)
    await here.forget_user(2)
    assert await first.store.running_game_ids_for_user(2) == ()
