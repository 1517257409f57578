"""Tables at rest: a process keeps only the packed snapshot of a table nobody has touched lately
(and of every table saved before a restart) and builds it again when a click or its deadline
reaches it. On a real store: what is woken is what was saved, and saves go on from there."""

from __future__ import annotations

import asyncio
import random
from collections import Counter
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy import update

from bot.games.uno.actions import LEAVE
from bot.sessions.manager import IdleTable
from bot.sessions.manager import TableManager
from bot.sessions.persistence import StoreTableRepository
from bot.sessions.table import Member
from bot.sessions.table import SessionError
from bot.sessions.table import Table
from bot.sessions.table import TableSettings
from bot.store import RunningGame
from bot.store import Store
from bot.store import unpack_state
from bot.store.metering import WriteMeter
from bot.store.models import running_game_table
from bot.store.packing import pack_state
from tests.sessions.tables import players
from tests.sessions.tables import seated_table
from tests.store.test_two_processes import Clock


def manager_on(store: Store, clock: Clock, warm: int) -> TableManager:
    manager = TableManager(repository=StoreTableRepository(store), now=clock)
    manager.warm_limit = warm
    return manager


async def a_move(table: Table, rng: random.Random) -> None:
    game = table.game
    assert game is not None
    seat = game.current
    action = rng.choice([a for a in game.legal_actions(seat) if a is not LEAVE])
    await table.act(table.members[seat].user_id, action, table.turn)


async def test_tables_past_the_limit_rest_and_a_click_wakes_them_as_saved(store: Store) -> None:
    manager = manager_on(store, Clock(), warm=2)
    rng = random.Random(3)
    tables = [await seated_table(manager, players(3), channel_id=100 + n, seed=n) for n in range(5)]
    assert manager.open_count == 5 and manager.resting_count == 3
    first = tables[0]
    assert manager.resting_count == 3
    # A caller that held the table from before it was put to rest plays on it: it is taken
    # back as the newest, not left behind the packed snapshot.
    for _ in range(3):
        await a_move(first, rng)
    assert manager.resting_count == 2
    # Two more tables used since: the first rests, and is built again from its snapshot.
    manager.in_channel(tables[3].channel_id)
    manager.in_channel(tables[4].channel_id)
    assert manager.resting_count == 3
    woken = manager.in_channel(first.channel_id)
    assert woken is not None and woken is not first
    assert woken.snapshot() == first.snapshot()
    # It plays on from there, one UPDATE a move (the seats it names are already stored).
    meter = WriteMeter()
    meter.watch(store)
    await a_move(woken, rng)
    assert meter.statements == 1
    saved = await store.get_running_game(woken.game_id)
    assert isinstance(saved, RunningGame) and saved.state == woken.snapshot()
    assert unpack_state(await _stored_state(store, woken.game_id)) == saved.state
    # It rests again as the store holds it, without packing its snapshot a second time.
    assert woken.saved_packed == await _stored_state(store, woken.game_id)
    await manager.close()


async def test_a_resting_tables_deadline_wakes_it_and_fires(store: Store) -> None:
    clock = Clock()
    manager = manager_on(store, clock, warm=1)
    table = await seated_table(manager, players(3), channel_id=5, seed=1)
    await seated_table(manager, players(2), channel_id=6, seed=2)
    assert manager.in_channel(6) is not None and manager.resting_count == 1
    deadline = table.next_deadline
    assert deadline is not None
    clock.time = deadline + timedelta(seconds=1)
    manager.deadlines.wake()
    for _ in range(200):
        saved = await store.get_running_game(table.game_id)
        if isinstance(saved, RunningGame) and saved.move_count > table.version:
            break
        await asyncio.sleep(0.01)
    woken = manager.get(table.game_id)
    assert woken is not None and woken.version > table.version
    assert any("ran out of time" in line for line in woken.recent)
    await manager.close()


async def test_a_restart_brings_every_table_back_resting_with_its_deadline(store: Store) -> None:
    clock = Clock()
    first = manager_on(store, clock, warm=1000)
    tables = [await seated_table(first, players(2 + n % 3), channel_id=200 + n, seed=n) for n in range(6)]
    await first.close()

    again = manager_on(store, clock, warm=1000)
    resting = await StoreTableRepository(store).resting_tables()
    assert await again.restore(resting) == 6
    assert again.resting_count == 6
    assert set(again.deadlines.armed) == {t.game_id for t in tables}
    for table in tables:
        woken = again.in_channel(table.channel_id)
        assert woken is not None and woken.snapshot() == table.snapshot()
    await again.close()


async def test_a_restart_reads_each_table_saved_without_a_deadline_once(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table saved with no deadline is read at a start: one saved as it ended, its result not
    recorded, is recorded; one paused before pauses had a limit is given its day. Once each: the
    first pass found the ended ones, and the manager read the others a second time to date them."""
    clock = Clock()
    first = manager_on(store, clock, warm=1000)
    paused = await seated_table(first, players(2), channel_id=300, seed=1)
    await paused.pause(1)  # p1 hosts it
    ended = await seated_table(first, players(2), channel_id=301, seed=2)
    record = store.record_finished_game

    async def fails(**kwargs: Any) -> int | None:
        raise ConnectionResetError("the database went away")

    monkeypatch.setattr(store, "record_finished_game", fails)
    await ended.leave(2)
    monkeypatch.setattr(store, "record_finished_game", record)
    await first.close()
    # As a pause was saved before it had a limit: no end to it, and no deadline on the row.
    state = unpack_state(await _stored_state(store, paused.game_id))
    state["paused"] = state["paused"][:2]
    async with store.engine.begin() as connection:
        await connection.execute(
            update(running_game_table)
            .where(running_game_table.c.game_id == paused.game_id)
            .values(state_json=pack_state(state), deadline=None)
        )

    reads: Counter[str] = Counter()
    from_snapshot = Table.from_snapshot.__func__  # type: ignore[attr-defined]

    def counted(cls: type[Table], snapshot: dict[str, Any], *args: Any, **kwargs: Any) -> Table:
        reads[snapshot["game_id"]] += 1
        return from_snapshot(cls, snapshot, *args, **kwargs)  # type: ignore[no-any-return]

    monkeypatch.setattr(Table, "from_snapshot", classmethod(counted))
    again = manager_on(store, clock, warm=1000)
    assert await again.restore(await StoreTableRepository(store).resting_tables()) == 1
    assert reads == {paused.game_id: 1, ended.game_id: 1}
    assert (await store.player_stats(1)).for_kind("uno") is not None
    saved = await store.get_running_game(paused.game_id)
    assert isinstance(saved, RunningGame) and saved.deadline is not None, "its day is armed"
    assert await store.get_running_game(ended.game_id) is None
    await again.close()


async def test_a_damaged_resting_table_is_dropped_and_reported_when_woken(store: Store) -> None:
    manager = manager_on(store, Clock(), warm=0)
    reported: list[tuple[str, int]] = []

    async def report(game_id: str, channel_id: int) -> None:
        reported.append((game_id, channel_id))

    manager.on_damaged = report
    await manager.restore([IdleTable("bad", 1, 9, (1, 2), None, '{"game_id": "bad"}')])
    assert manager.in_channel(9) is None
    await manager.close()
    assert reported == [("bad", 9)]
    assert manager.open_count == 0


async def test_the_host_cap_and_forgetting_reach_resting_tables(store: Store) -> None:
    manager = manager_on(store, Clock(), warm=0)
    manager.max_tables_per_host = 2
    host, guest = Member(1, "host"), Member(2, "guest")
    for channel in (1, 2):
        await seated_table(manager, [host, guest], channel_id=channel, seed=channel)
    other = await seated_table(manager, [Member(3, "c"), Member(4, "d")], channel_id=3, seed=3)
    assert manager.resting_count == 2, "all but the last one used"
    with pytest.raises(SessionError, match="2 open UNO tables"):
        await manager.open_table(guild_id=1, channel_id=4, host=host, settings=TableSettings())
    manager.in_channel(1)  # the other table rests now
    await manager.forget_player(guest.user_id)
    # Only the tables that name the guest were woken to forget them.
    assert manager.open_count == manager.resting_count == 1
    assert manager.get(other.game_id) is not None
    for channel in (1, 2):
        assert manager.in_channel(channel) is None, "two players, one forgotten: the game ends"
    await manager.close()


async def test_a_damaged_resting_table_keeps_nobody_from_being_forgotten(store: Store) -> None:
    """A resting table is only read for its recent lines when someone asks to be forgotten: one
    whose lines cannot be read back (damaged, as the manager closes it once woken) names nobody,
    and the player is still taken out of the table they sit at."""
    manager = manager_on(store, Clock(), warm=0)
    leaver, other = Member(1, "ann"), Member(2, "bob")
    seated = await seated_table(manager, [leaver, other], channel_id=1, seed=1)
    damaged = '{"game_id": "bad", "recent": [5, ["said without whom it names"]]}'
    await manager.restore([IdleTable("bad", 1, 9, (3, 4), None, damaged)])
    await manager.forget_player(leaver.user_id)
    assert manager.in_channel(seated.channel_id) is None, "two players, one forgotten: the game ends"
    await manager.close()


async def _stored_state(store: Store, game_id: str) -> str:
    async with store.engine.connect() as connection:
        text = await connection.scalar(
            select(running_game_table.c.state_json).where(running_game_table.c.game_id == game_id)
        )
    assert isinstance(text, str) and text.startswith("z:"), "kept packed"
    return text
