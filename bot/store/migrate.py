"""Applying the Alembic migrations from code: what `alembic upgrade head` does, on startup."""

from __future__ import annotations

import asyncio
import weakref
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Connection

from bot.store.engine import make_engine

MIGRATIONS = Path(__file__).resolve().parent / "migrations"

# Alembic keeps its running environment in module globals (`alembic.context`, `alembic.op`), and
# an async migration yields to the event loop at every statement: two upgrades interleaved in one
# process would trample each other's environment. One at a time per event loop, then; between
# processes the database's own lock (BEGIN IMMEDIATE, an advisory lock) does the same job.
_migration_locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = (
    weakref.WeakKeyDictionary()
)


def alembic_config() -> Config:
    """The configuration of the root alembic.ini, built in code: the bot may run from anywhere."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def _upgrade(connection: Connection) -> None:
    config = alembic_config()
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


async def upgrade_to_head(database_url: str) -> None:
    """Bring the database at `database_url` to the newest schema; a SQLite file is created."""
    lock = _migration_locks.setdefault(asyncio.get_running_loop(), asyncio.Lock())
    async with lock:
        engine = make_engine(database_url, for_migrations=True)
        try:
            async with engine.begin() as connection:
                await connection.run_sync(_upgrade)
        finally:
            await engine.dispose()
