"""SimCord: the real bot against a simulated Discord, offline."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from bot.app import UnoBot, create_bot
from bot.settings import Settings


@pytest.fixture
def bot_settings(tmp_path: Path) -> Settings:
    return Settings(
        _env_file=None,  # type: ignore[call-arg]
        discord_token="",
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}",
    )


@pytest.fixture
def simcord_bot(bot_settings: Settings) -> UnoBot:
    bot = create_bot(bot_settings)
    bot.tables.rng = random.Random(20261121)  # the same decks every run
    return bot
