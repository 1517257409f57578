"""Running games: saved on every move, loaded back after a restart, damaged rows reported."""

from __future__ import annotations

import logging
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from datetime import timezone
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy import update
from sqlalchemy.engine import make_url

from bot.store import CorruptRunningGame
from bot.store import RunningGame
from bot.store import StaleGameSave
from bot.store import Store
from bot.store.models import running_game_table

GUILD = 1_100_000_000_000_000_001
CHANNEL = 1_100_000_000_000_000_002
MESSAGE = 1_100_000_000_000_000_003
ALICE = 1_100_000_000_000_000_010
BOB = 1_100_000_000_000_000_011
CAROL = 1_100_000_000_000_000_012


async def save_uno(store: Store, game_id: str, move_count: int = 0, **overrides: object) -> RunningGame:
    fields: dict[str, object] = {
        "kind": "uno",
        "guild_id": GUILD,
        "channel_id": CHANNEL,
        "state": {"seed": 7, "log": ["r5"] * move_count, "nested": {"hands": [[1, 2], []]}},
        "settings": {"ruleset": "official", "timeout": 60},
        "message_ids": [MESSAGE],
        "deadline": datetime(2030, 1, 2, 3, 4, 5, 678000, tzinfo=UTC),
        "move_count": move_count,
        "user_ids": [ALICE, BOB],
    }
    fields.update(overrides)
    return await store.save_running_game(game_id, **fields)  # type: ignore[arg-type]


async def test_a_saved_game_loads_back_equal(store: Store) -> None:
    saved = await save_uno(store, "uno-1", move_count=3)
    loaded = await store.load_running_games()
    assert loaded == [saved]
    game = loaded[0]
    assert isinstance(game, RunningGame)
    assert game.state["log"] == ["r5", "r5", "r5"]
    assert game.user_ids == (ALICE, BOB)
    assert game.message_ids == (MESSAGE,)
    assert game.guild_id == GUILD > 2**31
    assert game.deadline == datetime(2030, 1, 2, 3, 4, 5, 678000, tzinfo=UTC)
    assert game.updated_at.tzinfo is not None
    assert await store.get_running_game("uno-1") == saved


async def test_a_game_survives_closing_and_reopening_the_store(database_url: str) -> None:
    first = await Store.open(database_url)
    saved = await save_uno(first, "uno-1", move_count=5)
    await first.close()
    second = await Store.open(database_url)
    try:
        assert await second.load_running_games() == [saved]
    finally:
        await second.close()


async def test_saving_again_replaces_the_game_and_its_seats(store: Store) -> None:
    await save_uno(store, "uno-1", move_count=1)
    later = await save_uno(
        store,
        "uno-1",
        move_count=2,
        user_ids=[CAROL, BOB],
        message_ids=[],
        deadline=None,
        guild_id=None,
        settings={},
    )
    assert await store.load_running_games() == [later]
    assert later.message_ids == () and later.deadline is None and later.guild_id is None
    # Seating order, not id order.
    assert later.user_ids == (CAROL, BOB)
    assert await store.running_game_ids_for_user(ALICE) == ()
    assert await store.running_game_ids_for_user(CAROL) == ("uno-1",)


async def test_deadlines_in_any_zone_come_back_as_utc(store: Store) -> None:
    paris = timezone(timedelta(hours=2))
    await save_uno(store, "uno-1", deadline=datetime(2030, 6, 1, 12, 0, tzinfo=paris))
    game = await store.get_running_game("uno-1")
    assert isinstance(game, RunningGame)
    assert game.deadline == datetime(2030, 6, 1, 10, 0, tzinfo=UTC)
    assert game.deadline is not None and game.deadline.utcoffset() == timedelta(0)


async def test_a_naive_deadline_is_refused(store: Store) -> None:
    with pytest.raises(ValueError, match="naive"):
        await save_uno(store, "uno-1", deadline=datetime(2030, 1, 1))
    assert await store.load_running_games() == []


async def test_a_state_that_is_not_json_is_refused_before_writing(store: Store) -> None:
    with pytest.raises((TypeError, ValueError)):
        await save_uno(store, "uno-1", state={"bad": object()})
    with pytest.raises(ValueError):
        await save_uno(store, "uno-1", state={"bad": float("nan")})
    assert await store.load_running_games() == []


async def test_load_filters_by_kind_and_delete_removes(store: Store) -> None:
    uno = await save_uno(store, "uno-1")
    flood = await save_uno(store, "flood-1", kind="flood", guild_id=None, user_ids=[CAROL])
    assert await store.load_running_games("uno") == [uno]
    assert await store.load_running_games("flood") == [flood]
    assert await store.load_running_games() == [flood, uno]
    assert await store.delete_running_game("uno-1") is True
    assert await store.delete_running_game("uno-1") is False
    assert await store.load_running_games() == [flood]
    assert await store.get_running_game("uno-1") is None
    assert await store.running_game_ids_for_user(ALICE) == ()


async def test_compare_and_set_refuses_a_stale_save(store: Store) -> None:
    await save_uno(store, "uno-1", move_count=4)
    await save_uno(store, "uno-1", move_count=5, expected_move_count=4)
    with pytest.raises(StaleGameSave) as refused:
        await save_uno(store, "uno-1", move_count=5, expected_move_count=4)
    assert (refused.value.expected_move_count, refused.value.found_move_count) == (4, 5)
    with pytest.raises(StaleGameSave) as gone:
        await save_uno(store, "uno-2", move_count=1, expected_move_count=0)
    assert gone.value.found_move_count is None
    game = await store.get_running_game("uno-1")
    assert isinstance(game, RunningGame) and game.move_count == 5
    assert await store.get_running_game("uno-2") is None


async def test_an_ordinary_moves_save_stores_what_a_seated_save_stores(store: Store) -> None:
    # Seats unchanged, the save is one UPDATE (sent straight to the driver on SQLite); with the
    # seats rewritten it is a transaction through SQLAlchemy. Both must write the same row.
    await save_uno(store, "one", move_count=1)
    await save_uno(store, "two", move_count=1)
    moved = {
        "move_count": 2,
        "expected_move_count": 1,
        "deadline": datetime(2031, 5, 6, 7, 8, 9, 10, tzinfo=UTC),
    }
    ordinary = await save_uno(store, "one", seats_changed=False, **moved)
    seated = await save_uno(store, "two", seats_changed=True, **moved)
    assert await store.get_running_game("one") == ordinary
    assert await store.get_running_game("two") == seated
    query = text(
        "SELECT kind, guild_id, channel_id, message_ids_json, state_json, settings_json, deadline,"
        " move_count FROM running_game WHERE game_id = :id"
    )
    async with store.engine.connect() as connection:
        rows = [(await connection.execute(query, {"id": game_id})).one() for game_id in ("one", "two")]
    assert rows[0] == rows[1]
    with pytest.raises(StaleGameSave) as refused:
        await save_uno(store, "one", seats_changed=False, **moved)
    assert refused.value.found_move_count == 2
    with pytest.raises(StaleGameSave) as gone:
        await save_uno(store, "three", seats_changed=False, **moved)
    assert gone.value.found_move_count is None


@pytest.mark.parametrize(
    ("column", "damage"),
    [
        ("state_json", '{"seed": 7, "log": ["r5"'),
        ("state_json", "[1, 2, 3]"),
        ("settings_json", "not json"),
        ("message_ids_json", '["x"]'),
        ("state_json", "[" * 100_000),
    ],
    ids=["truncated", "not-an-object", "settings", "message-ids", "hostile-nesting"],
)
async def test_a_damaged_row_is_reported_and_the_others_still_load(
    store: Store, column: str, damage: str, caplog: pytest.LogCaptureFixture
) -> None:
    before = await save_uno(store, "uno-1")
    damaged = await save_uno(store, "uno-2", user_ids=[CAROL], message_ids=[MESSAGE + 1])
    after = await save_uno(store, "uno-3")
    async with store.engine.begin() as connection:
        await connection.execute(
            update(running_game_table).where(running_game_table.c.game_id == "uno-2").values({column: damage})
        )
    with caplog.at_level(logging.ERROR, logger="bot.store"):
        loaded = await store.load_running_games()
    assert loaded[0] == before and loaded[2] == after
    corrupt = loaded[1]
    assert isinstance(corrupt, CorruptRunningGame)
    assert (corrupt.game_id, corrupt.kind, corrupt.guild_id, corrupt.channel_id) == (
        "uno-2",
        "uno",
        GUILD,
        CHANNEL,
    )
    assert corrupt.user_ids == damaged.user_ids
    expected_messages = () if column == "message_ids_json" else (MESSAGE + 1,)
    assert corrupt.message_ids == expected_messages
    assert corrupt.error
    assert any("uno-2" in record.getMessage() for record in caplog.records)
    assert await store.get_running_game("uno-2") == corrupt
    # The caller closes it: deleting a damaged game works like any other.
    assert await store.delete_running_game("uno-2") is True
    assert await store.load_running_games() == [before, after]


async def test_sqlite_file_is_created_in_wal_mode_with_full_sync(tmp_path: Path) -> None:
    path = tmp_path / "fresh" / "folder" / "bot.db"
    store = await Store.open(f"sqlite+aiosqlite:///{path}")
    try:
        assert path.exists()
        async with store.engine.connect() as connection:
            pragmas = {
                name: (await connection.exec_driver_sql(f"PRAGMA {name}")).scalar()
                for name in ("journal_mode", "synchronous", "busy_timeout", "foreign_keys")
            }
        # synchronous 2 is FULL; the busy timeout is in milliseconds.
        assert pragmas == {
            "journal_mode": "wal",
            "synchronous": 2,
            "busy_timeout": 30_000,
            "foreign_keys": 1,
        }
    finally:
        await store.close()


async def test_sqlite_synchronous_normal_is_an_operators_choice(tmp_path: Path) -> None:
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}", synchronous="normal")
    try:
        async with store.engine.connect() as connection:
            # 1 is NORMAL; the journal stays WAL, which is what lets NORMAL survive a kill.
            assert (await connection.exec_driver_sql("PRAGMA synchronous")).scalar() == 1
            assert (await connection.exec_driver_sql("PRAGMA journal_mode")).scalar() == "wal"
    finally:
        await store.close()
    with pytest.raises(ValueError, match="synchronous"):
        await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}", synchronous="off")


async def test_a_committed_save_is_on_disk_for_another_connection(database_url: str) -> None:
    """Persist, then present: once save returns, an independent reader sees the move."""
    store = await Store.open(database_url)
    try:
        await save_uno(store, "uno-1", move_count=9)
        if make_url(database_url).get_backend_name() == "sqlite":
            import sqlite3

            database = make_url(database_url).database
            assert database is not None
            with sqlite3.connect(database) as raw:
                (count,) = raw.execute("SELECT move_count FROM running_game").fetchone()
        else:
            other = await Store.open(database_url)
            try:
                async with other.engine.connect() as connection:
                    count = (await connection.execute(text("SELECT move_count FROM running_game"))).scalar()
            finally:
                await other.close()
        assert count == 9
    finally:
        await store.close()


@pytest.mark.parametrize(
    ("field", "value"),
    [("game_id", ""), ("game_id", "g" * 65), ("kind", "k" * 17)],
)
async def test_a_key_too_long_for_its_column_is_refused(store: Store, field: str, value: str) -> None:
    """The same limits on SQLite as on PostgreSQL, checked before anything is written."""
    with pytest.raises(ValueError, match="characters"):
        if field == "kind":
            await save_uno(store, "uno-1", kind=value)
        else:
            await save_uno(store, value)
    assert await store.load_running_games() == []
