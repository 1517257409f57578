"""A token Discord refuses, no network or a missing intent: one sentence and a non-zero exit, no
traceback (issue 14, item 8)."""

from __future__ import annotations

import socket
from pathlib import Path

import aiohttp
import discord
import pytest

from bot.app import UnoBot
from bot.app import run
from bot.app import why_it_failed
from bot.settings import Settings


class RefusedLogin(UnoBot):
    """The bot as it meets Discord answering 401 to its token: discord.py's login raises this."""

    async def login(self, token: str) -> None:
        raise discord.LoginFailure("Improper token has been passed.")


class DiscordAccepts(UnoBot):
    """The bot as Discord lets it in (no network here): the start goes on to open the store."""

    async def login(self, token: str) -> None:
        await self.setup_hook()


def _settings(tmp_path: Path) -> Settings:
    return Settings(  # type: ignore[call-arg]
        _env_file=None,
        discord_token="not-a-real-token",
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}",
    )


def test_a_refused_token_is_one_sentence_and_exit_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    settings = _settings(tmp_path)
    status = run(settings, RefusedLogin(settings))
    err = capsys.readouterr().err
    assert status == 1
    assert "Discord refused the token" in err
    assert "DISCORD_TOKEN" in err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_each_failure_to_reach_discord_has_its_sentence() -> None:
    assert "token" in (why_it_failed(discord.LoginFailure("Improper token")) or "")
    intents = discord.PrivilegedIntentsRequired(shard_id=None)
    assert "privileged intent" in (why_it_failed(intents) or "")
    unreachable = aiohttp.ClientConnectionError("Cannot connect to host discord.com:443")
    assert "Could not reach Discord" in (why_it_failed(unreachable) or "")
    assert "Could not reach Discord" in (why_it_failed(OSError("Network is unreachable")) or "")
    # A bug is not dressed as a connection problem: it keeps its traceback.
    assert why_it_failed(ValueError("a bug")) is None


def test_a_database_that_does_not_answer_is_named_not_discord(capsys: pytest.CaptureFixture[str]) -> None:
    # A refused connection is an OSError, which was read as "Could not reach Discord".
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # closed again: nothing answers there
    settings = Settings(  # type: ignore[call-arg]
        _env_file=None,
        discord_token="not-a-real-token",
        database_url=f"postgresql+asyncpg://unobot:hunter2@127.0.0.1:{port}/unobot",
    )
    status = run(settings, DiscordAccepts(settings))
    err = capsys.readouterr().err
    assert status == 1
    assert (
        f"Could not open the database (DATABASE_URL in .env) at postgresql+asyncpg://unobot:***@127.0.0.1:{port}"
        in err
    )
    assert "hunter2" not in err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
