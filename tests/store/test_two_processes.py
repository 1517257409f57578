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
from bot.sessions.core import StaleClick
from bot.sessions.manager import TableManager
from bot.sessions.persistence import StoreTableRepository
from bot.sessions.table import Table
from bot.sessions.table import TableSettings
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

    async def show(self, table: Table, events: Sequence[Event]) -> None:
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
    second.manager.restore(saved for saved in resting if saved.game_id == table.game_id)
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
