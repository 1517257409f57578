"""Bug reports filed on other sharded bots, checked with SimCord against a bot process that holds
some of the shards (SHARD_IDS) only, as one of several processes on one database does."""

from __future__ import annotations

import logging
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


def answered_elsewhere_next(env: Any) -> None:
    """The next interaction is answered by another process first: Discord refuses this one's."""
    env.inject_error(
        "POST",
        "/interactions/*/callback",
        status=400,
        code=40060,
        message="Interaction has already been acknowledged.",
    )


def warnings_naming_shard_ids(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.levelno == logging.WARNING and "SHARD_IDS" in r.getMessage()
    ]


# https://github.com/HuyaneMatsu/hata/issues/80 and https://github.com/AlexzanderFlores/WOKCommands/
# issues/230 ("Interaction has already been acknowledged": two instances of the bot answering one
# interaction); https://github.com/discord-jda/JDA/pull/2687 (that error now says the interaction
# "could have been acknowledged by another process running for the same bot");
# https://github.com/discord/discord-api-docs/issues/2608 (an interaction delivered to every shard).
# Two processes holding one shard (SHARD_IDS overlapping, or an old process still running beside
# its replacement) both get each click: the one Discord refuses logged a traceback as if the bot
# had failed, and tried to apologise to the member, whom the other process had answered.
async def test_a_click_another_process_answered_first_is_one_warning_naming_shard_ids(
    simcord_env: Any, simcord_bot: UnoBot, caplog: pytest.LogCaptureFixture
) -> None:
    guild = simcord_env.create_guild(shard_id=1)
    channel = guild.create_text_channel("uno")
    ann, bob = (guild.add_member(simcord_env.create_user(name)) for name in ("ann", "bob"))
    acknowledged(await ann.slash(channel, "uno start"))
    lobby = channel.last_message
    answered_elsewhere_next(simcord_env)
    await bob.click(lobby, label="Join")
    warned = warnings_naming_shard_ids(caplog)
    assert len(warned) == 1, warned
    assert "another process" in warned[0]
    table = simcord_bot.tables.in_channel(channel.id)
    assert table is not None and not table.is_seated(bob.id), "the other process seats him, not this one"
    assert not any("Something went wrong" in str(m.content) for m in channel.history(viewer=bob))
    # A command the other process answered first: the same.
    other = guild.create_text_channel("uno-2")
    answered_elsewhere_next(simcord_env)
    await bob.slash(other, "uno start")
    warned = warnings_naming_shard_ids(caplog)
    assert len(warned) == 2 and "shard 1" in warned[1], warned
    assert simcord_bot.tables.in_channel(other.id) is None
