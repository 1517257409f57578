"""Building the async engine: the SQLite file's folder, its pragmas, its transactions."""

from __future__ import annotations

import os
import sqlite3
import time
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Connection
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.ext.asyncio import create_async_engine

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///data/bot.db"

# A writer waits this long for another writer's lock instead of failing with "database is locked".
SQLITE_BUSY_TIMEOUT_MS = 30_000
WAL_RETRY_SECONDS = 0.02

# Execution option naming a unit of work that will write: on SQLite it takes the write lock at
# BEGIN, see `_begin` below.
WRITE_OPTION = "store_writes"


def ensure_sqlite_folder(database_url: str) -> None:
    """Create the folder of a SQLite file, so the default URL works on a fresh checkout.

    PermissionError, naming the folder (or the file) and the process's user, where the bot cannot
    write: SQLite itself says only "unable to open database file". It is how a folder Docker made
    for a bind mount (root's) meets the image's own user."""
    url = make_url(database_url)
    if url.get_backend_name() != "sqlite":
        return
    database = url.database
    if not database or database == ":memory:" or database.startswith("file:"):
        return
    path = Path(database).expanduser().absolute()
    user = f"user id {os.geteuid()}" if hasattr(os, "geteuid") else "its user"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except PermissionError as error:
        raise PermissionError(f"the folder {path.parent} cannot be made by this process ({user})") from error
    # SQLite writes its journal (-wal, -shm) beside the file: the folder must be writable too.
    for what, place in (("folder", path.parent), ("file", path)):
        if place.exists() and not os.access(place, os.W_OK):
            raise PermissionError(f"the {what} {place} cannot be written by this process ({user})")


# The connections one process opens to a database server at most (DATABASE_POOL_SIZE): SQLAlchemy's
# own default, 5 kept open and 10 more while busy.
DEFAULT_POOL_SIZE = 15
KEPT_OPEN = 5

# SQLite's `synchronous` pragma for the bot's file: "full" (the default) or "normal" (SQLITE_SYNCHRONOUS).
SYNCHRONOUS = ("full", "normal")


def make_engine(
    database_url: str,
    *,
    for_migrations: bool = False,
    synchronous: str = "full",
    pool_size: int = DEFAULT_POOL_SIZE,
) -> AsyncEngine:
    """The async engine for `database_url`, with the SQLite settings the store relies on; on a
    database server, at most `pool_size` connections.

    `for_migrations` leaves SQLite's foreign keys off: a batch migration recreates tables, and
    with foreign keys on, dropping the old table would cascade into the rows that refer to it.
    """
    ensure_sqlite_folder(database_url)
    # A migration writes from its first statement: two bots starting at once then queue up.
    options = {WRITE_OPTION: True} if for_migrations else {}
    # A pooled connection to a server may have been closed since it was last used (the server
    # restarted or failed over, a proxy reaped it idle): checked first, and replaced, rather than
    # fail the click that uses it. A SQLite file has no server.
    server = make_url(database_url).get_backend_name() != "sqlite"
    pool = {"pool_size": min(KEPT_OPEN, pool_size), "max_overflow": max(pool_size - KEPT_OPEN, 0)}
    engine = create_async_engine(
        database_url, execution_options=options, pool_pre_ping=server, **(pool if server else {})
    )
    if synchronous not in SYNCHRONOUS:
        raise ValueError(f"synchronous must be one of {', '.join(SYNCHRONOUS)}, not {synchronous!r}")
    if engine.dialect.name == "sqlite":
        _configure_sqlite(engine, foreign_keys=not for_migrations, synchronous=synchronous)
    return engine


def _enter_wal(cursor: Any) -> None:
    """Switch the database to WAL, trying again while another connection holds it. On a new
    database two processes (a bot and `alembic upgrade`) switch at once, and SQLite may answer the
    second "database is locked" at once, not after the busy timeout: it will not wait for a write
    lock while the pragma holds a read lock, for the two could wait on each other. Trying again
    from the start releases that read lock."""
    deadline = time.monotonic() + SQLITE_BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            cursor.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
        # Blocks the thread briefly: it happens only while a connection opens on a busy database.
        time.sleep(WAL_RETRY_SECONDS)


def _configure_sqlite(engine: AsyncEngine, *, foreign_keys: bool, synchronous: str) -> None:
    @event.listens_for(engine.sync_engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy, not the sqlite3 module, say when a transaction begins (see `_begin`).
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            # First, so that switching to WAL below waits where SQLite lets it wait (where it
            # does not, `_enter_wal` tries again).
            cursor.execute(f"PRAGMA busy_timeout = {SQLITE_BUSY_TIMEOUT_MS}")
            # WAL: readers never block the writer, and the writer never blocks readers.
            _enter_wal(cursor)
            # FULL by default, not NORMAL: in WAL mode NORMAL already survives a killed process
            # (the commit is in the WAL file, in the OS cache, before the players are shown the
            # move: tests/discord/test_uno_crash.py kills the bot under both), but a commit may
            # still vanish with a power cut or a kernel crash. FULL syncs the WAL at every commit,
            # so "shown" means "on disk"; that fsync is most of a move's time on a slow disk
            # (bench/bot.py prints it), which is what an operator may trade with NORMAL.
            cursor.execute(f"PRAGMA synchronous = {synchronous.upper()}")
            cursor.execute(f"PRAGMA foreign_keys = {'ON' if foreign_keys else 'OFF'}")
        finally:
            cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _begin(connection: Connection) -> None:
        # A deferred transaction that reads and then writes cannot wait for the write lock: when
        # another writer committed in between, SQLite answers SQLITE_BUSY at once, whatever the
        # busy timeout. Units of work that write therefore take the lock up front, and wait.
        if connection.get_execution_options().get(WRITE_OPTION):
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        else:
            connection.exec_driver_sql("BEGIN")
