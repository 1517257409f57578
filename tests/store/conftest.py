"""Store fixtures: a real SQLite file in a temporary folder, and PostgreSQL when TEST_DATABASE_URL
names a server.

On PostgreSQL the tests make their own database (dropped at the end), so they never touch tables
that other test runs keep in the database TEST_DATABASE_URL names; each test starts from an empty
one. Without the right to create databases, they fall back to that database itself.
"""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import AsyncIterator
from collections.abc import Iterator

import asyncpg  # type: ignore[import-untyped]
import pytest
from sqlalchemy.engine import URL
from sqlalchemy.engine import make_url

from bot.store import Store
from bot.store.models import metadata

PG_URL = os.environ.get("TEST_DATABASE_URL")

BACKENDS = [
    pytest.param("sqlite", id="sqlite"),
    pytest.param(
        "postgresql",
        id="postgresql",
        marks=pytest.mark.skipif(not PG_URL, reason="TEST_DATABASE_URL is not set"),
    ),
]


def _asyncpg_dsn(url: URL) -> str:
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


async def _pg_execute(url: URL, *statements: str) -> None:
    connection = await asyncpg.connect(_asyncpg_dsn(url))
    try:
        for statement in statements:
            await connection.execute(statement)
    finally:
        await connection.close()


@pytest.fixture(scope="session")
def pg_database() -> Iterator[URL]:
    assert PG_URL is not None
    base = make_url(PG_URL)
    name = f"unobot_store_test_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    try:
        asyncio.run(_pg_execute(base, f'CREATE DATABASE "{name}"'))
    except asyncpg.InsufficientPrivilegeError:
        yield base
        return
    try:
        yield base.set(database=name)
    finally:
        asyncio.run(_pg_execute(base, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def empty_pg_database(url: URL) -> None:
    """Drop the store's tables and Alembic's, so the test meets an empty database."""
    names = ", ".join(f'"{table.name}"' for table in metadata.sorted_tables)
    asyncio.run(_pg_execute(url, f"DROP TABLE IF EXISTS {names}, alembic_version CASCADE"))


@pytest.fixture(params=BACKENDS)
def database_url(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    """The URL of an empty database, not yet migrated."""
    if request.param == "sqlite":
        # A folder that does not exist yet: opening the store has to create it.
        folder = tmp_path_factory.mktemp("store") / "data"
        return f"sqlite+aiosqlite:///{folder / 'bot.db'}"
    url: URL = request.getfixturevalue("pg_database")
    empty_pg_database(url)
    return url.render_as_string(hide_password=False)


@pytest.fixture
async def store(database_url: str) -> AsyncIterator[Store]:
    opened = await Store.open(database_url)
    try:
        yield opened
    finally:
        await opened.close()
