"""`python -m bot demo`: the real bot against SimCord's simulated Discord, in your browser.

No token and no network: a local page shows a server channel where you act as three players
(switch between them to see that each hand is private). The simulated clock is moved on once a
second so turn timers and lobby expiry fire as they would on Discord.
"""

from __future__ import annotations

import asyncio
import functools
import importlib.util
import logging
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord

from bot.app import create_bot
from bot.logs import quiet_libraries
from bot.logs import quiet_simcord_probe
from bot.settings import Settings

PLAYERS = ("alice", "bob", "carol")
# One person plays every seat of the demo, switching the page between them and reading as they go:
# at the default 60 s their turns ran out while they looked (seen in Chromium), drawing for them
# and, after three in a row, removing them from the table.
DEMO_TURN_SECONDS = 300


# The page refuses a click made on an older publication of itself ("stale-revision") and does not
# retry it, and it reads the page only every half second. Republishing every second refused about
# half the clicks of a player who paused to look at the hand first (seen in Chromium on
# 2026-11-27): the clock republishes only after the bot did something (a REST call: a message sent
# or edited), or after IDLE_REFRESH_SECONDS so the table's countdowns still move.
IDLE_REFRESH_SECONDS = 15


# The page shows the server channel only: a DM (where /uno solo seats you) is out of its sight.
DEMO_INTRO = """\
The UNO demo is running: open this address in your browser (keep it private):
  {url}
Alice has opened a table. Switch the viewer to Bob and Carol to press Join, back to Alice to press
Start, then open each player's hand with 'Show my hand'. Each turn has five minutes.
Type / in the page's message box for the other commands: /flood play, /solitaire play and
/puzzle daily play privately in the channel. The page shows this channel only, so /uno solo (a
table in your DMs with the bot) cannot be seen here.
Press Ctrl+C to stop."""


class DemoClock:
    """The simulated clock, moved on once a second, and the page's actions, taking turns.

    SimCord runs one operation at a time: a click from the page (served by the preview's HTTP
    handler) overlapping the clock's advance_time raises SetupError, which killed the demo when it
    hit the clock, or refused the click when it hit the page. Every page action runs under the
    clock's lock, which the clock holds for each tick.
    """

    def __init__(self, env: Any, preview: Any, seconds: float = 1.0) -> None:
        self.env = env
        self.preview = preview
        self.seconds = seconds  # of real time, and of Discord's time, a tick moves on
        self.lock = asyncio.Lock()
        self.idle = 0.0
        self.shown = len(env.http_requests)
        act = preview._action  # the coroutine the preview's server awaits for every page action

        @functools.wraps(act)
        async def serialized(*args: Any, **kwargs: Any) -> Any:
            async with self.lock:
                try:
                    return await act(*args, **kwargs)
                finally:
                    self._published()  # an action republishes the page itself

        preview._action = serialized

    def _published(self) -> None:
        self.idle = 0.0
        self.shown = len(self.env.http_requests)

    async def tick(self) -> None:
        async with self.lock:
            await self.env.advance_time(self.seconds)
            # The page writes a relative time ("<t:...:R>": a turn's deadline) against the time of
            # its publication, which SimCord moves only on a refresh, never on a click: a page
            # published by clicks alone kept the time it was opened, and a five-minute turn read
            # "in 6 minutes" half a minute later. Every publication (a click's, a refresh's, a
            # newly opened tab's) now carries the simulated time, at most one tick old.
            self.preview._advance_presentation_time()
            self.idle += self.seconds
            if len(self.env.http_requests) != self.shown or self.idle >= IDLE_REFRESH_SECONDS:
                await self.preview.refresh()
                self._published()


async def run_demo(
    settings: Settings,
    *,
    port: int | None = None,
    ticks: int | None = None,
    tick_seconds: float = 1.0,
    on_ready: Callable[[str], None] | None = None,
) -> str:
    """Serve the demo until the page is closed (or for `ticks` ticks of the clock); returns the
    page URL.

    `on_ready` is given the page's address once the page is served. Tests tick faster than the
    demo's second (`tick_seconds`): what they check holds at any tick, and they wait less."""
    import simcord  # the demo's own dependency: simcord[preview]

    bot = create_bot(settings)
    bot.says_invite = False
    async with simcord.run(bot, shard_count=bot.shard_count or 1, check_errors=False) as env:
        guild = env.create_guild("UNO demo")
        channel = guild.create_text_channel("uno-table")
        players = [guild.add_member(env.create_user(name), nick=name.capitalize()) for name in PLAYERS]
        await players[0].slash(channel, "uno start", turn_timer=DEMO_TURN_SECONDS)
        async with env.preview(channel, viewers=players, layout="channel", port=port) as preview:
            url = preview.url
            clock = DemoClock(env, preview, tick_seconds)
            print(DEMO_INTRO.format(url=url), flush=True)
            if on_ready is not None:
                on_ready(url)
            elapsed = 0
            while ticks is None or elapsed < ticks:
                if preview._closed:  # the page's "End preview session"
                    break
                await asyncio.sleep(tick_seconds)
                await clock.tick()
                elapsed += 1
        await bot.close()
    return url


def demo_settings(base: Settings) -> Settings:
    """The demo keeps its database in a temporary folder: it never touches the real one."""
    folder = Path(tempfile.mkdtemp(prefix="unobot-demo-"))
    return base.model_copy(
        update={"database_url": f"sqlite+aiosqlite:///{folder / 'demo.db'}", "dev_guild_id": None}
    )


def setup_demo_logging(level: str) -> None:
    """The bot's lines at `level`, the libraries' at INFO or above (bot/logs.py)."""
    chosen = logging.getLevelName(level.upper())
    discord.utils.setup_logging(level=chosen if isinstance(chosen, int) else logging.INFO)
    quiet_libraries()
    quiet_simcord_probe()


NO_SIMCORD = """\
The demo needs SimCord's simulated Discord, which the bot on Discord does not install.
Run ./start.sh demo (it installs it), or: .venv/bin/pip install -e '.[demo]'"""


def main(base: Settings) -> int:
    if importlib.util.find_spec("simcord") is None:
        print(NO_SIMCORD, file=sys.stderr)
        return 2
    setup_demo_logging(base.log_level)
    try:
        asyncio.run(run_demo(demo_settings(base)))
    except KeyboardInterrupt:
        print("Demo stopped.")
    return 0
