"""What an operator sees: /healthz and Prometheus metrics answered over real HTTP, and a process
that holds some of the shards restores only its own servers' games."""

from __future__ import annotations

import random
from typing import Any

import aiohttp
import pytest

from bot.app import UnoBot
from bot.app import create_bot
from bot.settings import Settings
from tests.discord.conftest import BotFactory
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import open_table
from tests.discord.uno_driver import take_turn
from tests.discord.uno_driver import whose_turn


@pytest.fixture
def bot_settings(bot_settings: Settings) -> Settings:
    """The suite's settings, with health and metrics on any free port (the bot says which)."""
    return bot_settings.model_copy(update={"metrics_port": 0})


async def get(bot: UnoBot, path: str) -> tuple[int, str]:
    assert bot.ops is not None and bot.ops.port
    url = f"http://127.0.0.1:{bot.ops.port}{path}"
    async with aiohttp.ClientSession() as http, http.get(url) as response:
        return response.status, await response.text()


def sample(metrics: str, name: str, **labels: str) -> float:
    """One sample's value from Prometheus' text format (0 when absent)."""
    wanted = name + ("{" + ",".join(f'{k}="{v}"' for k, v in labels.items()) + "}" if labels else "")
    for line in metrics.splitlines():
        if line.startswith(wanted + " "):
            return float(line.split()[-1])
    return 0.0


async def test_health_and_metrics_answer_over_http(simcord_env: Any, simcord_bot: UnoBot) -> None:
    status, body = await get(simcord_bot, "/healthz")
    assert status == 200 and "ready" in body
    _, before = await get(simcord_bot, "/metrics")

    channel, players = await open_table(simcord_env, ["alice", "bob"], start=True)
    by_id = {p.id: p for p in players}
    rng = random.Random(3)
    for _ in range(4):
        await take_turn(by_id[whose_turn(channel_table_message(channel))], channel, players, rng)

    _, after = await get(simcord_bot, "/metrics")
    assert sample(after, "unobot_open_tables") == 1
    assert sample(after, "unobot_solo_games") == 0
    commands = sample(after, "unobot_interactions_total", kind="command", outcome="ok")
    assert commands > sample(before, "unobot_interactions_total", kind="command", outcome="ok")
    clicks = sample(after, "unobot_interactions_total", kind="button", outcome="ok") + sample(
        after, "unobot_interactions_total", kind="select", outcome="ok"
    )
    assert clicks >= 4
    assert sample(after, "unobot_interaction_handling_seconds_count", kind="button") > 0
    assert "unobot_gateway_latency_seconds" in after
    assert "unobot_store_conflicts_total" in after and "unobot_store_errors_total" in after


async def test_health_says_starting_until_the_games_are_restored(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    simcord_bot.restored = False
    status, body = await get(simcord_bot, "/healthz")
    assert status == 503 and "starting" in body
    simcord_bot.restored = True
    assert (await get(simcord_bot, "/healthz"))[0] == 200


def serves_only_shard(settings: Settings, shard: int) -> Settings:
    return settings.model_copy(
        update={
            "shard_count": 2,
            "shard_ids": (shard,),
            "metrics_port": None,
            "sync_commands_on_start": False,
        }
    )


async def test_a_process_restores_only_the_tables_of_its_shards(
    simcord_env: Any, simcord_bot: UnoBot, bot_settings: Settings, make_bot: BotFactory
) -> None:
    env = simcord_env
    # SimCord's servers all fall on one shard of two (their ids differ only below bit 22): the
    # process holding that shard restores them all, the other none.
    shard_of: dict[int, int] = {}
    for n in range(2):
        channel, _ = await open_table(env, [f"a{n}", f"b{n}"], start=True)
        shard_of[channel.guild.id] = (channel.guild.id >> 22) % 2
    kept = {}
    for shard in (0, 1):
        process = create_bot(serves_only_shard(bot_settings, shard))
        await process.setup_hook()  # the restore, without a second connection to SimCord
        kept[shard] = {table.guild_id for table in process.tables.tables}
        await process.tables.close()
        await process.solo.close()
        await process.store.close()
    for guild_id, shard in shard_of.items():
        assert guild_id in kept[shard] and guild_id not in kept[1 - shard]


def test_a_server_belongs_to_the_shard_its_id_names_and_direct_messages_to_shard_0() -> None:
    def process(*shards: int) -> Settings:
        return Settings(_env_file=None, shard_count=4, shard_ids=shards)  # type: ignore[call-arg]

    on_shard_3 = (1_234_567 << 22) + 99  # (id >> 22) % 4 == 3
    assert (on_shard_3 >> 22) % 4 == 3
    assert process(3).serves(on_shard_3) and not process(0, 1, 2).serves(on_shard_3)
    assert process(0).serves(None) and not process(1, 2, 3).serves(None)
    assert Settings(_env_file=None).serves(on_shard_3)  # type: ignore[call-arg]  # one process: all
    with pytest.raises(ValueError, match="SHARD_COUNT"):
        Settings(_env_file=None, shard_ids=(1,))  # type: ignore[call-arg]
