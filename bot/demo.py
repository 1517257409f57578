"""`python -m bot demo`: the real bot against SimCord's simulated Discord, in your browser.

No token and no network: a local page shows a server channel where you act as three players
(switch between them to see that each hand is private). The simulated clock is moved on once a
second so turn timers and lobby expiry fire as they would on Discord.
"""

from __future__ import annotations

import asyncio
import logging
import tempfile
from pathlib import Path

import discord

from bot.app import create_bot
from bot.settings import Settings

PLAYERS = ("alice", "bob", "carol")


async def run_demo(
    settings: Settings, *, port: int | None = None, ticks: int | None = None
) -> str:
    """Serve the demo until the page is closed (or for `ticks` seconds); returns the page URL."""
    import simcord  # the demo's own dependency: simcord[preview]

    bot = create_bot(settings)
    async with simcord.run(bot, check_errors=False) as env:
        guild = env.create_guild("UNO demo")
        channel = guild.create_text_channel("uno-table")
        players = [
            guild.add_member(env.create_user(name), nick=name.capitalize()) for name in PLAYERS
        ]
        await players[0].slash(channel, "uno start")
        async with env.preview(channel, viewers=players, layout="channel", port=port) as preview:
            url = preview.url
            print(
                "The UNO demo is running: open this address in your browser (keep it private):\n"
                f"  {url}\n"
                "Alice has opened a table. Switch the viewer to Bob and Carol to press Join, back "
                "to Alice to press Start, then open each player's hand with 'Show my hand'.\n"
                "Press Ctrl+C to stop.",
                flush=True,
            )
            elapsed = 0
            while ticks is None or elapsed < ticks:
                if preview._closed:  # the page's "End preview session"
                    break
                await asyncio.sleep(1)
                await env.advance_time(1)
                await preview.refresh()
                elapsed += 1
        await bot.close()
    return url


def demo_settings(base: Settings) -> Settings:
    """The demo keeps its database in a temporary folder: it never touches the real one."""
    folder = Path(tempfile.mkdtemp(prefix="unobot-demo-"))
    return base.model_copy(
        update={"database_url": f"sqlite+aiosqlite:///{folder / 'demo.db'}", "dev_guild_id": None}
    )


def main(base: Settings) -> int:
    discord.utils.setup_logging(level=logging.getLevelName(base.log_level.upper()))
    try:
        asyncio.run(run_demo(demo_settings(base)))
    except KeyboardInterrupt:
        print("Demo stopped.")
    return 0
