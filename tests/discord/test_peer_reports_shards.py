"""Bug reports filed on other sharded bots, checked with SimCord against a bot process that holds
some of the shards (SHARD_IDS) only, as one of several processes on one database does."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app import UnoBot
from bot.settings import Settings
from tests.discord.uno_driver import acknowledged


@pytest.fixture
def bot_settings(bot_settings: Settings) -> Settings:
    """A process holding shard 1 of 2: some servers' shard, not the DMs' (Discord sends direct
    messages, and the clicks made in them, on shard 0 only)."""
    return bot_settings.model_copy(update={"shard_count": 2, "shard_ids": (1,)})


# https://github.com/discord/discord-api-docs/pull/6853 and
# https://github.com/discord/discord-api-docs/pull/7578 (only the session with shard 0 receives
# DMs); https://github.com/Top-gg-Community/node-sdk/issues/38 (a process without shard 0 DMing a
# user: the answers come back to another process). /uno solo asked in a server opened the table
# in this process and posted it in the player's DMs, where every click reached shard 0's process,
# which does not hold the table: the player could not play it, and the next restart gave it to the
# other process while this one still ran it. Asked here, it now says to ask in the DMs.
async def test_uno_solo_asked_in_a_server_of_a_process_without_the_dms_says_to_ask_there(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    guild = simcord_env.create_guild(shard_id=1)
    lobby = guild.create_text_channel("general")
    user = simcord_env.create_user("eve")
    eve = guild.add_member(user)
    res = acknowledged(await eve.slash(lobby, "uno solo", opponents=2, level="easy"))
    said = str((res.followups or [res.response])[-1].content)
    assert res.ephemeral
    assert "`/uno solo` in your DMs with me" in said, said
    assert simcord_bot.tables.in_channel(user.dm_channel.id) is None, "a table nobody here can be clicked at"
    assert await simcord_bot.store.load_running_games("uno") == []
    assert user.dm_channel.history() == [], "nothing was posted in the DMs"
