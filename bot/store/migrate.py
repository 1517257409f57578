"""Applying the Alembic migrations from code: what `alembic upgrade head` does, on startup."""

from __future__ import annotations

import asyncio
import logging
import weakref
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.script import Script
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError

from bot.store.engine import make_engine
from bot.store.records import StoreError

log = logging.getLogger(__name__)

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


class NotConnected(StoreError):
    """The database refused the connection itself: no such role or database, a password refused, a
    file that is not a database. The message is the database's own, without SQLAlchemy's link."""

    def __init__(self, error: DBAPIError) -> None:
        super().__init__(str(error.orig).strip() or type(error.orig).__name__)


class SchemaTooNew(StoreError):
    """The database was migrated by a newer version of the bot than this one: this version cannot
    read it, nor take it back (only the version that migrated it knows the way down). Alembic said
    only "Can't locate revision", with a traceback; the migrations' env.py checks it first."""

    def __init__(self, found: list[str], head: str | None) -> None:
        super().__init__(
            f"it was migrated by a newer version of the bot (schema {', '.join(found)}; this one knows up "
            f"to {head}): run that version again, or restore a backup made before it ran"
        )


def _upgrade(connection: Connection) -> list[Script]:
    """The migrations applied, in order."""
    config = alembic_config()
    config.attributes["connection"] = connection
    applied: list[str] = []
    config.attributes["applied"] = applied
    command.upgrade(config, "head")
    scripts = ScriptDirectory.from_config(config)
    return [scripts.get_revision(revision) for revision in applied]


def what_it_changes(migration: Script) -> str:
    """A migration's first sentence, on one line: what it changes, in words."""
    words = " ".join((migration.doc or "").split())
    return words.split(". ")[0].removesuffix(".")


async def upgrade_to_head(database_url: str) -> None:
    """Bring the database at `database_url` to the newest schema; a SQLite file is created.
    `NotConnected` when the database refuses the connection, `SchemaTooNew` for a database a newer
    version of the bot migrated."""
    lock = _migration_locks.setdefault(asyncio.get_running_loop(), asyncio.Lock())
    async with lock:
        engine = make_engine(database_url, for_migrations=True)
        try:
            try:
                connection = await engine.connect()
            except DBAPIError as error:
                raise NotConnected(error) from error
            try:
                async with connection.begin():
                    applied = await connection.run_sync(_upgrade)
            finally:
                await connection.close()
        finally:
            await engine.dispose()
    # Alembic's own lines ("Context impl ...", "Running upgrade ...") are for LOG_LEVEL=DEBUG
    # (bot/logs.py): these say the same, once the migrations are committed.
    for migration in applied:
        log.info("Database updated to schema %s: %s.", migration.revision, what_it_changes(migration))
