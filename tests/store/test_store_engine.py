"""The SQLite engine's settings hold when another connection holds the new database."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from sqlalchemy import text

from bot.store.engine import make_engine

HELD_SECONDS = 0.3


def hold_write_lock(path: Path) -> sqlite3.Connection:
    """Another process's connection in the middle of a write: a new database (rollback journal,
    as SQLite makes it) with its write lock taken, as alembic holds it while the bot opens."""
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("CREATE TABLE opened (at TEXT)")
    holder.execute("BEGIN IMMEDIATE")
    holder.execute("INSERT INTO opened VALUES ('now')")
    return holder


def test_switching_to_wal_fails_at_once_while_another_connection_writes(tmp_path: Path) -> None:
    # Why the engine tries again: SQLite does not wait for this one, whatever the busy timeout.
    path = tmp_path / "bot.db"
    holder = hold_write_lock(path)
    try:
        waiting = sqlite3.connect(path, isolation_level=None)
        waiting.execute("PRAGMA busy_timeout = 2000")
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            waiting.execute("PRAGMA journal_mode = WAL")
        waiting.close()
    finally:
        holder.close()


async def test_the_engine_opens_in_wal_once_the_other_writer_commits(tmp_path: Path) -> None:
    path = tmp_path / "bot.db"
    holder = hold_write_lock(path)
    release = threading.Timer(HELD_SECONDS, holder.execute, args=("COMMIT",))
    release.start()
    engine = make_engine(f"sqlite+aiosqlite:///{path}")
    try:
        async with engine.connect() as connection:
            mode = await connection.scalar(text("PRAGMA journal_mode"))
            opened = await connection.scalar(text("SELECT count(*) FROM opened"))
    finally:
        await engine.dispose()
        release.join()
        holder.close()
    assert mode == "wal"
    assert opened == 1
