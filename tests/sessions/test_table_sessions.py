"""Table sessions without Discord: concurrency against a real SQLite store, phases, refusals."""

from __future__ import annotations

import asyncio
import random
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bot.games.uno.actions import DRAW, PASS, Play
from bot.games.uno.game import Phase
from bot.sessions.manager import TableManager
from bot.sessions.persistence import StoreTableRepository
from bot.sessions.table import TRANSITIONS, Member, SessionError, Table, TablePhase, TableSettings
from bot.store import RunningGame, Store


def clock() -> datetime:
    return datetime(2026, 11, 21, tzinfo=UTC)


async def started_table(manager: TableManager, channel_id: int) -> Table:
    host, guest = Member(channel_id * 10 + 1, "host"), Member(channel_id * 10 + 2, "guest")
    table = await manager.open_table(guild_id=1, channel_id=channel_id, host=host, settings=TableSettings())
    await table.open()
    await table.join(guest)
    await table.start(host.user_id)
    return table


async def a_move(table: Table) -> None:
    """The player to move draws (and keeps the card when it could be played)."""
    game = table.game
    assert game is not None
    user_id = table.members[game.current].user_id
    if game.drawn_card is not None:
        await table.act(user_id, PASS)
    elif game.phase.value == "awaiting colour":
        await table.act(
            user_id, next(a for a in game.legal_actions(game.current) if str(a).startswith("colour"))
        )
    elif game.phase.value == "awaiting challenge":
        await table.act(user_id, next(a for a in game.legal_actions(game.current) if str(a) == "accept"))
    else:
        await table.act(user_id, DRAW)


async def test_200_moves_across_20_tables_on_one_sqlite_file(tmp_path: Path) -> None:
    """No "database is locked", no lost update, each table's saved move count right."""
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'busy.db'}")
    manager = TableManager(repository=StoreTableRepository(store), now=clock)
    manager.rng = random.Random(1)
    try:
        tables = [await started_table(manager, channel_id) for channel_id in range(1, 21)]
        versions_before = [t.version for t in tables]

        async def ten_moves(table: Table) -> None:
            for _ in range(10):
                await a_move(table)

        await asyncio.gather(*(ten_moves(t) for t in tables))
        saved = {g.game_id: g for g in await store.load_running_games("uno")}
        assert len(saved) == 20
        for table, before in zip(tables, versions_before, strict=True):
            record = saved[table.game_id]
            assert isinstance(record, RunningGame)
            assert table.version == before + 10
            assert record.move_count == table.version, "a save was lost"
            assert record.state["game"]["log"] == [list(entry) for entry in table.game.log]
    finally:
        await manager.close()
        await store.close()


async def test_two_moves_at_once_on_one_table_apply_once() -> None:
    manager = TableManager(now=clock)
    manager.rng = random.Random(2)
    table = await started_table(manager, 1)
    game = table.game
    assert game is not None
    if game.phase is not Phase.PLAYING:
        await a_move(table)
    user_id = table.members[game.current].user_id
    turn = game.turn
    plays = [a for a in game.legal_actions(game.current) if isinstance(a, Play)]
    first = plays[0] if plays and not plays[0].card.is_wild else DRAW
    results = await asyncio.gather(
        table.act(user_id, first, turn), table.act(user_id, first, turn), return_exceptions=True
    )
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert sum(isinstance(r, SessionError) for r in results) == 1
    await manager.close()


async def test_phase_transitions_follow_the_table() -> None:
    assert TablePhase.LOBBY in TRANSITIONS[TablePhase.LOBBY]
    assert not TRANSITIONS[TablePhase.FINISHED] and not TRANSITIONS[TablePhase.ABORTED]
    assert TablePhase.LOBBY not in TRANSITIONS[TablePhase.PLAYING], "a game never returns to its lobby"
    manager = TableManager(now=clock)
    table = await manager.open_table(
        guild_id=1, channel_id=5, host=Member(1, "host"), settings=TableSettings()
    )
    with pytest.raises(SessionError, match="At least 2 players"):
        await table.start(1)
    await table.join(Member(2, "guest"))
    with pytest.raises(SessionError, match="Only the host"):
        await table.start(2)
    with pytest.raises(SessionError, match="already running"):
        await manager.open_table(guild_id=1, channel_id=5, host=Member(3, "other"), settings=TableSettings())
    await table.end("closed by test")
    assert table.phase is TablePhase.ABORTED
    assert manager.in_channel(5) is None
    with pytest.raises(SessionError, match="ended"):
        await table.join(Member(4, "late"))
    await manager.close()
