"""Run by test_uno_crash.py in a subprocess: the real bot makes one move, says so, then hangs
until the test kills it with SIGKILL."""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time

import simcord

from bot.app import create_bot
from bot.settings import Settings


async def main(database_url: str, synchronous: str) -> None:
    settings = Settings(_env_file=None, database_url=database_url, sqlite_synchronous=synchronous)  # type: ignore[call-arg]
    bot = create_bot(settings)
    bot.tables.rng = random.Random(99)
    async with simcord.run(bot, shard_count=bot.shard_count or 1, check_errors=False) as env:
        guild = env.create_guild()
        channel = guild.create_text_channel("uno")
        alice = guild.add_member(env.create_user("alice"))
        bob = guild.add_member(env.create_user("bob"))
        await alice.slash(channel, "uno start")
        await bob.click(channel.last_message, label="Join")
        await alice.click(channel.last_message, label="Start")
        table = bot.tables.in_channel(channel.id)
        assert table is not None and table.game is not None
        mover = alice if table.members[table.game.current].user_id == alice.id else bob
        result = await mover.slash(channel, "uno draw")
        assert result.response is not None  # the player has seen the outcome of the move
        print(
            json.dumps(
                {"game_id": table.game_id, "turn": table.turn, "log": table.game.log},
            ),
            flush=True,
        )
        time.sleep(600)  # noqa: ASYNC251 - blocks the loop on purpose until the kill


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
