"""Alembic: `upgrade head` on an empty database builds exactly the schema the models describe."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect
from sqlalchemy.engine import Connection

from bot.store import Store
from bot.store.engine import make_engine
from bot.store.migrate import alembic_config
from bot.store.models import metadata

ROOT = Path(__file__).resolve().parents[2]


def cli_config() -> Config:
    """What `alembic ...` reads at the repository root."""
    config = Config(str(ROOT / "alembic.ini"))
    config.attributes["configure_logger"] = False
    return config


def schema_report(database_url: str) -> tuple[list[Any], set[str], str | None]:
    """The differences between the database and the models, its tables, its Alembic revision."""

    def inspect_schema(connection: Connection) -> tuple[list[Any], set[str], str | None]:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        diff = compare_metadata(context, metadata)
        return diff, set(inspect(connection).get_table_names()), context.get_current_revision()

    async def run() -> tuple[list[Any], set[str], str | None]:
        engine = make_engine(database_url)
        try:
            async with engine.connect() as connection:
                return await connection.run_sync(inspect_schema)
        finally:
            await engine.dispose()

    return asyncio.run(run())


def head() -> str | None:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def test_the_command_line_config_and_the_bot_use_the_same_migrations() -> None:
    assert ScriptDirectory.from_config(cli_config()).get_current_head() == head() is not None


def test_upgrade_head_on_an_empty_database_matches_the_models(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_URL", database_url)
    command.upgrade(cli_config(), "head")
    diff, tables, revision = schema_report(database_url)
    assert diff == []
    assert tables == {table.name for table in metadata.sorted_tables} | {"alembic_version"}
    assert revision == head()


def test_downgrade_to_base_then_up_again(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DATABASE_URL", database_url)
    command.upgrade(cli_config(), "head")
    command.downgrade(cli_config(), "base")
    diff, tables, revision = schema_report(database_url)
    assert (tables, revision) == ({"alembic_version"}, None)
    assert diff, "an empty database must differ from the models, or the comparison proves nothing"
    command.upgrade(cli_config(), "head")
    assert schema_report(database_url)[0] == []


async def test_store_open_migrates_and_opening_again_changes_nothing(database_url: str) -> None:
    for _ in range(2):
        store = await Store.open(database_url)
        await store.close()
    diff, _, revision = await asyncio.to_thread(schema_report, database_url)
    assert (diff, revision) == ([], head())


async def test_two_bots_opening_one_new_database_at_once(database_url: str) -> None:
    stores = await asyncio.gather(Store.open(database_url), Store.open(database_url))
    for store in stores:
        await store.close()
    diff, _, revision = await asyncio.to_thread(schema_report, database_url)
    assert (diff, revision) == ([], head())


OPEN_AND_SAVE = """
import asyncio, sys
from bot.store import Store

async def main() -> None:
    store = await Store.open(sys.argv[1])
    await store.save_running_game(
        "uno-1", kind="uno", guild_id=None, channel_id=1, state={}, move_count=1
    )
    await store.close()

asyncio.run(main())
"""


def test_the_alembic_command_and_a_starting_bot_at_once(database_url: str) -> None:
    """The real `alembic upgrade head` in one process while another process opens the store."""
    env = {**os.environ, "DATABASE_URL": database_url}
    processes = [
        subprocess.Popen(
            [sys.executable, "-m", "alembic", "upgrade", "head"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        ),
        subprocess.Popen(
            [sys.executable, "-c", OPEN_AND_SAVE, database_url],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        ),
    ]
    for process in processes:
        output, _ = process.communicate(timeout=60)
        assert process.returncode == 0, output.decode()
    diff, _, revision = schema_report(database_url)
    assert (diff, revision) == ([], head())
