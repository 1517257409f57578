"""The two ways to start the bot: on Discord (needs a token) and the offline demo."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bot.demo import demo_settings
from bot.demo import run_demo
from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


def test_without_a_token_the_bot_says_what_to_do_and_exits_2(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    result = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,  # no .env here
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert "DISCORD_TOKEN" in result.stderr
    assert "./start.sh demo" in result.stderr


async def test_the_demo_serves_a_page_with_an_open_table(tmp_path: Path) -> None:
    settings = demo_settings(Settings(_env_file=None))  # type: ignore[call-arg]
    assert "unobot-demo-" in settings.database_url
    url = await run_demo(settings, ticks=2)
    assert url.startswith("http://127.0.0.1:")
