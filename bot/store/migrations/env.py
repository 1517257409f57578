"""Alembic environment, async-aware.

Two ways in: `Store.open` hands over a connection it already holds (config.attributes
["connection"]); the `alembic` command line builds its own engine from `sqlalchemy.url` when a
caller set one, else from DATABASE_URL (default: the bot's SQLite file).
"""

from __future__ import annotations

import asyncio
import logging.config
from collections.abc import Collection
from collections.abc import Mapping
from typing import Any

from alembic import context
from alembic.runtime.migration import MigrationContext
from alembic.runtime.migration import MigrationInfo
from sqlalchemy import text
from sqlalchemy.engine import Connection

from bot.settings import Settings
from bot.store.engine import make_engine
from bot.store.migrate import SchemaTooNew
from bot.store.models import metadata

config = context.config

# Only the command line configures logging from alembic.ini: inside the bot (no file) or a test
# (configure_logger=False) the process's own logging stays in charge.
if config.config_file_name is not None and config.attributes.get("configure_logger", True):
    logging.config.fileConfig(config.config_file_name, disable_existing_loggers=False)

# Any constant will do: it only has to be the same for every process migrating this database.
PG_MIGRATION_LOCK = 0x554E4F  # "UNO"


def run_migrations_offline() -> None:
    context.configure(
        url=database_url(),
        target_metadata=metadata,
        literal_binds=True,
        dialect_opts={"paramstyle": "named"},
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def database_url() -> str:
    return config.get_main_option("sqlalchemy.url") or Settings().database_url


def refuse_a_newer_schema() -> None:
    """A database a newer version of the bot migrated: said so (`SchemaTooNew`), not left to
    Alembic's "Can't locate revision"."""
    script = context.script
    known = {revision.revision for revision in script.walk_revisions()}
    found = context.get_context().get_current_heads()
    if unknown := [revision for revision in found if revision not in known]:
        raise SchemaTooNew(unknown, script.get_current_head())


def note_applied(
    ctx: MigrationContext, step: MigrationInfo, heads: Collection[Any], run_args: Mapping[str, Any]
) -> None:
    """A migration applied, noted for `upgrade_to_head` to log once its transaction is committed
    (the `alembic` command line logs its own)."""
    applied = config.attributes.get("applied")
    if applied is not None and step.is_upgrade:
        applied.extend(step.up_revision_ids)


def do_run_migrations(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        # SQLite cannot ALTER most things: batch mode recreates the table instead.
        render_as_batch=True,
        # SQLite does run DDL in transactions: a failed migration then leaves nothing half done.
        transactional_ddl=True,
        compare_type=True,
        on_version_apply=note_applied,
    )
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            # Two bots starting at once on one database: the second waits, then finds head.
            connection.execute(text(f"SELECT pg_advisory_xact_lock({PG_MIGRATION_LOCK})"))
        refuse_a_newer_schema()
        context.run_migrations()


async def run_async_migrations() -> None:
    engine = make_engine(database_url(), for_migrations=True)
    try:
        async with engine.connect() as connection:
            await connection.run_sync(do_run_migrations)
    finally:
        await engine.dispose()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        do_run_migrations(connection)
    else:
        asyncio.run(run_async_migrations())


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
