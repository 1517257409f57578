"""Reports filed on other Discord bots about setting one up and running it (a token, a database,
Docker, stopping it, its logs), checked against ours. Each test names the reports it answers."""

from __future__ import annotations

import inspect
import os
from pathlib import Path

import asyncpg
import pytest
from pydantic import ValidationError

from bot.__main__ import settings_problem
from bot.settings import Settings
from bot.store.engine import make_engine

ROOT = Path(__file__).resolve().parents[1]
PG_URL = os.environ.get("TEST_DATABASE_URL")


def _settings(**values: object) -> Settings:
    return Settings(_env_file=None, **values)  # type: ignore[call-arg, arg-type]


# --- The token and the other settings, as people paste them ---------------------------------------


# https://github.com/LinusPotocnik/ExampleBot/pull/45 (a token quoted in .env: "invalid token")
# https://github.com/TBI-SCC-ICT-Diensten/acc-mcp-server/issues/26 (`docker run --env-file` keeps
# the quotes of KEY="value"; the service then refuses the value, and the message blames the value)
# https://github.com/bwmarrin/disgord/pull/1 (tokens written with the "Bot " prefix of the header)
@pytest.mark.parametrize(
    "pasted",
    ['"MTIz.abc.def"', "'MTIz.abc.def'", "  MTIz.abc.def \n", "Bot MTIz.abc.def", '"Bot MTIz.abc.def"'],
)
def test_a_token_pasted_with_quotes_spaces_or_the_bot_prefix_is_the_token(
    pasted: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", pasted)
    assert _settings().discord_token == "MTIz.abc.def"


def test_every_setting_given_in_quotes_by_docker_run_env_file_is_read_as_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The same report (acc-mcp-server#26): docker run --env-file .env passes "60" with its quotes.
    monkeypatch.setenv("TURN_TIMEOUT_SECONDS", '"90"')
    monkeypatch.setenv("DATABASE_URL", '"sqlite+aiosqlite:///data/other.db"')
    monkeypatch.setenv("SHARD_COUNT", "'2'")
    monkeypatch.setenv("SHARD_IDS", '"0,1"')
    settings = _settings()
    assert settings.turn_timeout_seconds == 90
    assert settings.database_url == "sqlite+aiosqlite:///data/other.db"
    assert settings.shard_ids == (0, 1)


# --- DATABASE_URL as hosts and guides write it ------------------------------------------------------


# https://github.com/simonw/db-to-sqlite/issues/34 and https://github.com/sqlalchemy/sqlalchemy/issues/11705
# (Heroku, Render and others hand out postgres://...; SQLAlchemy refuses it) and
# https://github.com/smnorris/fwapg/issues/159 (a README's postgres:// URL)
@pytest.mark.parametrize(
    ("given", "read"),
    [
        ("postgres://bot:p%40ss@db:5432/uno", "postgresql+asyncpg://bot:p%40ss@db:5432/uno"),
        ("postgresql://bot:pw@db/uno", "postgresql+asyncpg://bot:pw@db/uno"),
        ("postgresql+asyncpg://bot:pw@db/uno", "postgresql+asyncpg://bot:pw@db/uno"),
        ("sqlite:///data/bot.db", "sqlite+aiosqlite:///data/bot.db"),
        ("sqlite:////srv/unobot/bot.db", "sqlite+aiosqlite:////srv/unobot/bot.db"),
    ],
)
def test_a_database_url_without_the_async_driver_is_read_with_it(given: str, read: str) -> None:
    assert _settings(database_url=given).database_url == read


# https://github.com/sqlalchemy/sqlalchemy/issues/6275, https://github.com/MagicStack/asyncpg/issues/737
# and https://github.com/aegra/aegra/issues/388: a managed PostgreSQL's URL ends in ?sslmode=require,
# which asyncpg refused with a TypeError traceback at start.
def test_sslmode_reaches_asyncpg_as_ssl() -> None:
    url = _settings(database_url="postgres://bot:pw@db.example.com/uno?sslmode=require").database_url
    assert url == "postgresql+asyncpg://bot:pw@db.example.com/uno?ssl=require"
    engine = make_engine(url)
    _, connect_args = engine.dialect.create_connect_args(engine.url)
    assert connect_args["ssl"] == "require" and "sslmode" not in connect_args


def test_an_option_asyncpg_does_not_take_is_named_at_start() -> None:
    # Neon's URLs add channel_binding=require, which reached asyncpg as a TypeError traceback.
    with pytest.raises(ValidationError) as refused:
        _settings(database_url="postgresql://bot:hunter2@db/uno?sslmode=require&channel_binding=require")
    said = settings_problem(refused.value)
    assert "DATABASE_URL: " in said and "channel_binding" in said
    assert "hunter2" not in said
    # The options the settings let through are asyncpg's own (or SQLAlchemy's).
    from bot.settings import ASYNCPG_OPTIONS

    accepted = set(inspect.signature(asyncpg.connect).parameters)
    assert set(ASYNCPG_OPTIONS) - {"prepared_statement_cache_size"} <= accepted


# https://github.com/PowerDNS-Admin/PowerDNS-Admin/issues/727 (three slashes or four: a SQLite
# path written the other way); ours raised SQLAlchemy's ArgumentError with a traceback.
def test_a_sqlite_url_with_a_host_is_refused_with_the_forms_that_work() -> None:
    with pytest.raises(ValidationError) as refused:
        _settings(database_url="sqlite+aiosqlite://data/bot.db")
    said = settings_problem(refused.value)
    assert "DATABASE_URL: " in said
    assert "sqlite+aiosqlite:///data/bot.db" in said  # the relative form, three slashes
    assert "sqlite+aiosqlite:////" in said  # the absolute one, four
