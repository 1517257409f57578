"""The two ways to start the bot: on Discord (needs a token) and the offline demo."""

from __future__ import annotations

import logging
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from bot.app import UnoBot
from bot.app import command_tree
from bot.demo import DEMO_INTRO
from bot.demo import demo_settings
from bot.demo import run_demo
from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


# The Docker image says it is the image with this variable (Dockerfile): `python -m bot` there
# tells how to give the container a token, not to run ./start.sh, which the image does not hold.
IN_IMAGE = "UNOBOT_IN_DOCKER"


def _run_without_token(tmp_path: Path, **extra: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", IN_IMAGE)}
    env |= {"PYTHONPATH": str(ROOT), **extra}
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,  # no .env here
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_without_a_token_the_bot_says_what_to_do_and_exits_2(tmp_path: Path) -> None:
    result = _run_without_token(tmp_path)
    assert result.returncode == 2
    assert "DISCORD_TOKEN" in result.stderr
    assert "Run ./start.sh again." in result.stderr
    assert "./start.sh demo" in result.stderr
    assert "docker" not in result.stderr.lower()


def test_without_a_token_in_the_docker_image_it_says_how_to_give_the_container_one(tmp_path: Path) -> None:
    result = _run_without_token(tmp_path, **{IN_IMAGE: "1"})
    assert result.returncode == 2
    assert "DISCORD_TOKEN=" in result.stderr
    assert "docker compose up" in result.stderr
    assert "docker run --env-file .env" in result.stderr
    assert "Run ./start.sh again." not in result.stderr  # the image holds no start.sh


def test_the_docker_image_says_it_is_the_image() -> None:
    # The run stage (the last FROM) sets the variable the bot reads; the build stage does not matter.
    run_stage = (ROOT / "Dockerfile").read_text().rsplit("\nFROM ", 1)[1]
    settings = [line.split(None, 1)[1] for line in run_stage.splitlines() if line.startswith("ENV ")]
    assert any(f"{IN_IMAGE}=1" in line.split() for line in settings)


def _run_bot(tmp_path: Path, **settings: str) -> subprocess.CompletedProcess[str]:
    """`python -m bot` in a folder without .env, with only these settings in its environment."""
    env = {k: v for k, v in os.environ.items() if k.lower() not in Settings.model_fields}
    env |= {"PYTHONPATH": str(ROOT), **settings}
    return subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )


def test_a_setting_out_of_bounds_is_named_without_a_traceback(tmp_path: Path) -> None:
    result = _run_bot(tmp_path, DISCORD_TOKEN="a-token", TURN_TIMEOUT_SECONDS="5")
    assert result.returncode == 2
    assert "TURN_TIMEOUT_SECONDS: Input should be greater than or equal to 15" in result.stderr
    assert ".env.example" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_settings_error_never_shows_the_token(tmp_path: Path) -> None:
    # The check across settings (SHARD_IDS needs SHARD_COUNT) once printed every value given.
    result = _run_bot(tmp_path, DISCORD_TOKEN="MTIz.secret-token", SHARD_IDS="0")
    assert result.returncode == 2
    assert "SHARD_IDS needs SHARD_COUNT" in result.stderr
    assert "secret-token" not in result.stderr + result.stdout
    assert "Traceback" not in result.stderr


def test_a_database_the_bot_does_not_run_on_is_named_without_its_password(tmp_path: Path) -> None:
    result = _run_bot(tmp_path, DISCORD_TOKEN="a-token", DATABASE_URL="mysql://bot:hunter2@db/uno")
    assert result.returncode == 2
    assert "DATABASE_URL: the bot runs on sqlite+aiosqlite://... or postgresql+asyncpg://..." in result.stderr
    assert "hunter2" not in result.stderr + result.stdout
    assert "Traceback" not in result.stderr


def test_a_log_level_is_one_of_those_listed_in_any_case() -> None:
    assert Settings(_env_file=None, log_level="debug").log_level == "DEBUG"  # type: ignore[call-arg]
    with pytest.raises(ValidationError, match="log_level"):
        Settings(_env_file=None, log_level="verbose")  # type: ignore[call-arg]


async def test_the_demo_serves_a_page_with_an_open_table(tmp_path: Path) -> None:
    settings = demo_settings(Settings(_env_file=None))  # type: ignore[call-arg]
    assert "unobot-demo-" in settings.database_url
    url = await run_demo(settings, ticks=2)
    assert url.startswith("http://127.0.0.1:")


INVITE = "discord.com/oauth2/authorize"


@pytest.fixture
def info_logs(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    caplog.set_level(logging.INFO)
    return caplog


async def test_a_bot_on_discord_logs_its_invite_link_at_start(
    info_logs: pytest.LogCaptureFixture, simcord_env: Any, simcord_bot: UnoBot
) -> None:
    assert any(INVITE in r.getMessage() for r in info_logs.get_records("setup"))


async def test_the_demo_logs_no_invite_link_its_application_exists_only_offline(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # The demo's application id is the simulated Discord's: a newcomer following the link got
    # Discord's "Unknown application".
    caplog.set_level(logging.INFO)
    await run_demo(demo_settings(Settings(_env_file=None)), ticks=1)  # type: ignore[call-arg]
    assert "restored" in caplog.text  # the start was logged
    assert INVITE not in caplog.text


async def test_the_commands_the_demo_suggests_are_the_bots() -> None:
    suggested = set(re.findall(r"/[a-z]+ [a-z]+", DEMO_INTRO))
    assert "/flood play" in suggested and "/uno solo" in suggested
    offered = {f"/{command.qualified_name}" for command in (await command_tree()).walk_commands()}
    assert suggested <= offered


def _warnings_of(code: str) -> str:
    """What a fresh process logs to stderr while it runs `code` (discord.py warns once a process)."""
    prelude = "import logging; logging.basicConfig(level=logging.WARNING)\n"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-c", prelude + code],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return result.stderr


def test_the_bot_starts_without_warning_of_voice_libraries_it_never_uses() -> None:
    code = "from bot.app import create_bot\nfrom bot.settings import Settings\n"
    code += "create_bot(Settings(_env_file=None))"
    assert "voice" not in _warnings_of(code)
    # The demo imports SimCord after bot.app, and SimCord makes a client of its own on import.
    assert "voice" not in _warnings_of("import bot.app\nimport simcord")


def test_the_demo_hides_the_intents_warning_of_simcords_probe_only() -> None:
    # SimCord's probe is a client of no intents; the bot's own has the guilds intent.
    code = "import discord\nfrom bot.logs import quiet_simcord_probe\nquiet_simcord_probe()\n"
    code += (
        "discord.Client(intents=discord.Intents.none())\nlogging.getLogger('discord.state').warning('kept')"
    )
    warnings = _warnings_of(code)
    assert "Guilds intent" not in warnings
    assert "kept" in warnings
