"""A thousand open tables in one bot (issue 15): SimCord keeps answering while people play at
tables picked at random, most of them resting (kept packed, built again by the click)."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from bot.app import UnoBot
from bot.settings import Settings
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import take_turn
from tests.discord.uno_driver import whose_turn

TABLES = 1000
MOVES = 300


@pytest.fixture
def bot_settings(bot_settings: Settings) -> Settings:
    # Two members host every table here; the turn timer is long so no time-out plays for them.
    return bot_settings.model_copy(update={"max_tables_per_host": 100})


@pytest.mark.slow
async def test_a_thousand_tables_answer_clicks_at_random_tables(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env, bot = simcord_env, simcord_bot
    bot.tables.warm_limit = 50  # most tables rest: every click at one of them wakes it
    guild = env.create_guild()
    hosts = [guild.add_member(env.create_user(f"host{n}")) for n in range(TABLES // 100)]
    guest = guild.add_member(env.create_user("guest"))
    channels = []
    for n in range(TABLES):
        channel = guild.create_text_channel(f"uno-{n}")
        host = hosts[n // 100]
        acknowledged(await host.slash(channel, "uno start", turn_timer=600))
        acknowledged(await guest.click(channel.last_message, label="Join"))
        acknowledged(await host.click(channel.last_message, label="Start"))
        channels.append((channel, [host, guest]))
    assert bot.tables.open_count == TABLES
    assert bot.tables.resting_count >= TABLES - 50

    rng = random.Random(15)
    for _ in range(MOVES):
        channel, players = rng.choice(channels)
        message = channel_table_message(channel)
        by_id = {p.id: p for p in players}
        turn = bot.tables.in_channel(channel.id)
        assert turn is not None
        before = turn.version
        await take_turn(by_id[whose_turn(message)], channel, players, rng)
        after = bot.tables.in_channel(channel.id)
        assert after is None or after.version > before, "the move was applied"
    # Deadlines of every table are one scheduler's: one sleeping task, not a thousand.
    timers = [t for t in asyncio.all_tasks() if t.get_name().startswith("table-")]
    assert [t.get_name() for t in timers] == ["table-deadlines"]
