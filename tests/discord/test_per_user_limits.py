"""One member cannot flood the bot (issue 14, item 4): at most MAX_TABLES_PER_HOST open tables of
their own, and a wait between two uses of a command that creates something."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app import UnoBot
from bot.settings import Settings
from tests.discord.uno_driver import acknowledged

WAIT = Settings.model_fields["create_cooldown_seconds"].default


@pytest.fixture
def simcord_bot(simcord_bot: UnoBot) -> UnoBot:
    """The bot with the wait of a production bot (the suite's bots have none)."""
    simcord_bot.settings = simcord_bot.settings.model_copy(update={"create_cooldown_seconds": WAIT})
    return simcord_bot


def _text(res: Any) -> str:
    message = res.response or res.followups[0]
    return str(message.content)


async def test_a_member_hosts_at_most_three_tables(simcord_env: Any, simcord_bot: UnoBot) -> None:
    assert simcord_bot.settings.max_tables_per_host == 3
    guild = simcord_env.create_guild()
    channels = [guild.create_text_channel(f"uno-{n}") for n in range(5)]
    mallory = guild.add_member(simcord_env.create_user("mallory"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    wait = simcord_bot.settings.create_cooldown_seconds
    for channel in channels[:3]:
        res = acknowledged(await mallory.slash(channel, "uno start"))
        assert "Your table is open" in _text(res)
        await simcord_env.advance_time(wait)
    refused = acknowledged(await mallory.slash(channels[3], "uno start"))
    assert refused.ephemeral
    assert "You already host 3 open UNO tables" in _text(refused)
    assert simcord_bot.tables.in_channel(channels[3].id) is None
    # Another member still may; and ending one of hers gives Mallory her place back.
    assert "Your table is open" in _text(acknowledged(await bob.slash(channels[3], "uno start")))
    acknowledged(await mallory.slash(channels[0], "uno end"))
    await simcord_env.advance_time(wait)
    assert "Your table is open" in _text(acknowledged(await mallory.slash(channels[4], "uno start")))


async def test_uno_start_twice_in_a_row_is_refused_until_the_wait_is_over(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    wait = simcord_bot.settings.create_cooldown_seconds
    assert wait == 10  # the default
    guild = simcord_env.create_guild()
    first, second = guild.create_text_channel("one"), guild.create_text_channel("two")
    mallory = guild.add_member(simcord_env.create_user("mallory"))
    acknowledged(await mallory.slash(first, "uno start"))
    refused = acknowledged(await mallory.slash(second, "uno start"))
    assert refused.ephemeral
    assert _text(refused) == "You used `/uno start` a moment ago: you can use it again in 10 seconds."
    assert simcord_bot.tables.in_channel(second.id) is None
    await simcord_env.advance_time(wait - 4)
    assert "again in 4 seconds" in _text(acknowledged(await mallory.slash(second, "uno start")))
    await simcord_env.advance_time(4)
    assert "Your table is open" in _text(acknowledged(await mallory.slash(second, "uno start")))


async def test_each_command_that_creates_something_has_its_wait(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    carol = simcord_env.create_user("carol")
    for command in ("solitaire play", "puzzle random", "puzzle duel", "puzzle daily", "flood play"):
        options = {"difficulty": "easy"} if command == "flood play" else {}
        acknowledged(await carol.slash(command, **options))
        again = acknowledged(await carol.slash(command, **options))
        assert _text(again).startswith(f"You used `/{command}` a moment ago"), command
