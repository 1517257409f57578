"""Many open tables in one process: what a move costs and what a table weighs, without Discord.

    python bench/bot.py [--tables 100,1000,10000] [--moves 2000]

Opens N tables (a tenth left as lobbies; the others dealt, under the official rules, the classic
preset, twist with and without partners, and house rules) on a real SQLite file (and on
PostgreSQL when TEST_DATABASE_URL names one), then plays random legal moves at random tables
through the path a click takes: the table's lock, the engine, the save, and rendering the table
message and the acting player's hand. Prints per N: move latency p50/p99, CPU per move (and the
garbage collector's share of it), memory per idle table, bytes and statements written per move,
and the cold start: the time to restore every running game, then a move at a sample of them and
every deadline armed.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Sequence
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.games.uno.actions import LEAVE  # noqa: E402
from bot.games.uno.events import Event  # noqa: E402
from bot.sessions.manager import TableManager  # noqa: E402
from bot.sessions.persistence import StoreTableRepository  # noqa: E402
from bot.sessions.table import Member  # noqa: E402
from bot.sessions.table import Table  # noqa: E402
from bot.sessions.table import TableSettings  # noqa: E402
from bot.sessions.table import TurnPing  # noqa: E402
from bot.store import Store  # noqa: E402
from bot.store.metering import WriteMeter  # noqa: E402
from cogs.uno.render import hand_message  # noqa: E402
from cogs.uno.render import table_message  # noqa: E402

SETTINGS = [
    TableSettings(),
    TableSettings().with_ruleset("classic"),
    TableSettings().with_ruleset("twist"),
    TableSettings().with_ruleset("twist").with_option("teams", "partners"),
    TableSettings().with_house_rules(["stacking", "seven_o", "jump_in"]),
]


# SQLite's synchronous pragma for the run (--synchronous), the bot's SQLITE_SYNCHRONOUS.
SYNCHRONOUS = ["full"]


class Clock:
    def __init__(self) -> None:
        self.time = datetime(2026, 11, 24, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.time


class Renderer:
    """The presenter's work without Discord's network: the table message and, for the acting
    player, their hand, rendered as the cog renders them. Remembers which tables it showed."""

    def __init__(self) -> None:
        self.shown: set[str] = set()

    async def show(self, table: Table, events: Sequence[Event], ping: TurnPing) -> None:
        table_message(table)
        self.shown.add(table.game_id)


async def open_tables(manager: TableManager, count: int, rng: random.Random) -> list[int]:
    """Open `count` tables, a tenth left as lobbies; their channels."""
    channels = []
    for n in range(count):
        settings = SETTINGS[n % len(SETTINGS)]
        rules = settings.rules()
        seats = 4 if "teams" in settings.options else rng.randint(max(2, rules.min_players), 5)
        members = [Member(n * 10 + s + 1, f"p{n}-{s}") for s in range(seats)]
        table = await manager.open_table(
            guild_id=1, channel_id=10_000 + n, host=members[0], settings=settings
        )
        await table.open()
        for member in members[1:]:
            await table.join(member)
        if n % 10:
            await table.start(members[0].user_id)
        channels.append(table.channel_id)
    return channels


async def one_move(manager: TableManager, channel_id: int, rng: random.Random) -> bool:
    """A click at the table in `channel_id`, found as a click finds it; False once it is over."""
    table = manager.in_channel(channel_id)
    if table is None or table.game is None:
        return False
    game = table.game
    seat = game.current
    action = rng.choice([a for a in game.legal_actions(seat) if a is not LEAVE])
    change = await table.act(table.members[seat].user_id, action, table.turn)
    if change.hand is not None and not table.phase.is_over:
        hand_message(change.hand, table.words)
        return True
    return not table.phase.is_over


async def play(manager: TableManager, live: list[int], moves: int, rng: random.Random) -> list[float]:
    latencies = []
    for _ in range(moves):
        if not live:
            break
        channel_id = rng.choice(live)
        started = time.perf_counter()
        if not await one_move(manager, channel_id, rng):
            live.remove(channel_id)
        latencies.append(time.perf_counter() - started)
    return latencies


class GcTime:
    """The time the garbage collector took (a gc callback): part of the CPU per move that
    grows with everything the process holds, not with the move."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.seconds += time.perf_counter() - self._started


def heap() -> int:
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


async def measure(url: str, count: int, moves: int) -> dict[str, float]:
    rng = random.Random(count)
    clock = Clock()
    store = await Store.open(url, synchronous=SYNCHRONOUS[0])
    manager = TableManager(repository=StoreTableRepository(store), presenter=Renderer(), now=clock)
    manager.rng = random.Random(count)
    tracemalloc.start()
    before = heap()
    channels = await open_tables(manager, count, rng)
    opened = heap()
    manager.rest(0)  # every table idle, as a minute without clicks leaves them
    idle = heap()
    tracemalloc.stop()

    writes = WriteMeter()
    writes.watch(store)
    live = [c for c in channels if (table := manager.in_channel(c)) is not None and table.game]
    manager.rest(0)
    collecting = GcTime()
    gc.callbacks.append(collecting)
    cpu = time.process_time()
    latencies = sorted(await play(manager, live, moves, rng))
    cpu = time.process_time() - cpu
    gc.callbacks.remove(collecting)
    done = len(latencies)
    await manager.close()
    await store.close()
    cold = restart(url, clock, count)
    return {
        "tables": count,
        "p50_ms": statistics.median(latencies) * 1000,
        "p99_ms": latencies[int(0.99 * (done - 1))] * 1000,
        "cpu_ms": cpu / done * 1000,
        "gc_ms": collecting.seconds / done * 1000,
        "kb_open": (opened - before) / count / 1024,
        "kb_idle": (idle - before) / count / 1024,
        "bytes_per_move": writes.bytes / done,
        "statements_per_move": writes.statements / done,
        **cold,
    }


async def cold_start(url: str, clock: Clock, rng: random.Random) -> dict[str, float]:
    """A new process's store and manager take every running game back (the RSS that adds is
    what the idle tables weigh); then every game takes a click, and then every one's deadline
    passes and fires."""
    started = time.perf_counter()
    store = await Store.open(url, synchronous=SYNCHRONOUS[0])
    renderer = Renderer()
    manager = TableManager(repository=StoreTableRepository(store), presenter=renderer, now=clock)
    gc.collect()
    rss = rss_bytes()
    resting = await StoreTableRepository(store).resting_tables()
    restored = await manager.restore(resting)
    ready = time.perf_counter() - started
    gc.collect()
    idle_rss = (rss_bytes() - rss) / max(restored, 1) / 1024
    channels = [idle.channel_id for idle in resting]
    del resting
    rng.shuffle(channels)
    first_clicks = sorted([await one_click(manager, channel_id, rng) for channel_id in channels])
    clicked = len(renderer.shown)
    renderer.shown.clear()
    open_ids = {game_id for c in channels if (game_id := _game_id(manager, c)) is not None}
    clock.time += timedelta(days=1)
    manager.deadlines.wake()
    for _ in range(100_000):
        if open_ids <= renderer.shown:
            break
        await asyncio.sleep(0.01)
    fired = len(open_ids & renderer.shown)
    await manager.close()
    await store.close()
    return {
        "rss_idle": idle_rss,
        "cold_start_s": ready,
        "restored": restored,
        "clicked": clicked,
        "first_click_p99_ms": first_clicks[int(0.99 * (len(first_clicks) - 1))] * 1000,
        "due": len(open_ids),
        "fired": fired,
    }


async def one_click(manager: TableManager, channel_id: int, rng: random.Random) -> float:
    """A lobby's Join click (by a newcomer), or a move at a running game."""
    started = time.perf_counter()
    table = manager.in_channel(channel_id)
    if table is not None and table.game is None:
        await table.join(Member(10**9 + channel_id, "newcomer"))
    elif table is not None:
        await one_move(manager, channel_id, rng)
    return time.perf_counter() - started


def rss_bytes() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * resource.getpagesize()


def restart(url: str, clock: Clock, seed: int) -> dict[str, float]:
    """The cold start runs in a new process, as a restart does: its memory is its own."""
    command = [
        sys.executable,
        __file__,
        "--restart",
        url,
        "--at",
        clock.time.isoformat(),
        "--seed",
        str(seed),
        "--synchronous",
        SYNCHRONOUS[0],
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return result


def _game_id(manager: TableManager, channel_id: int) -> str | None:
    table = manager.in_channel(channel_id)
    return table.game_id if table is not None else None


def fsync_ms(folder: str) -> float:
    """What one fsync costs on this disk now: a save with synchronous=FULL cannot cost less."""
    path = os.path.join(folder, "fsync-probe")
    fd = os.open(path, os.O_CREAT | os.O_WRONLY)
    took = []
    try:
        for n in range(50):
            os.pwrite(fd, b"x" * 512, n * 512)
            started = time.perf_counter()
            os.fsync(fd)
            took.append(time.perf_counter() - started)
    finally:
        os.close(fd)
        os.unlink(path)
    return statistics.median(took) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="100,1000", help="comma-separated table counts")
    parser.add_argument("--moves", type=int, default=2000, help="moves played at each count")
    parser.add_argument("--synchronous", default="full", help="SQLite's synchronous: full or normal")
    parser.add_argument("--restart", help=argparse.SUPPRESS)  # the cold start's own process
    parser.add_argument("--at", help=argparse.SUPPRESS)
    parser.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    SYNCHRONOUS[0] = args.synchronous
    if args.restart:
        clock = Clock()
        clock.time = datetime.fromisoformat(args.at)
        print(json.dumps(asyncio.run(cold_start(args.restart, clock, random.Random(args.seed)))))
        return
    backends: list[tuple[str, str | None]] = [("sqlite", None)]
    if os.environ.get("TEST_DATABASE_URL"):
        backends.append(("postgresql", os.environ["TEST_DATABASE_URL"]))
    columns = [
        ("store", ">10", "{}"),
        ("tables", ">7", "{}"),
        ("p50 ms", ">7", "{:.2f}"),
        ("p99 ms", ">7", "{:.2f}"),
        ("CPU ms", ">7", "{:.2f}"),
        ("GC ms", ">6", "{:.2f}"),
        ("KB open", ">8", "{:.1f}"),
        ("KB idle", ">8", "{:.1f}"),
        ("B/move", ">7", "{:.0f}"),
        ("stmts", ">6", "{:.1f}"),
        ("RSS idle", ">9", "{:.1f}"),
        ("cold s", ">7", "{:.2f}"),
        ("restored", ">9", "{}"),
        ("clicked", ">8", "{}"),
        ("1st p99", ">8", "{:.2f}"),
        ("due", ">6", "{}"),
        ("fired", ">6", "{}"),
    ]
    print(f"{'sync':>6}", " ".join(f"{name:{width}}" for name, width, _ in columns))
    for name, pg_url in backends:
        for count in (int(c) for c in args.tables.split(",")):
            with tempfile.TemporaryDirectory() as folder:
                url = pg_url or f"sqlite+aiosqlite:///{folder}/bench.db"
                if pg_url:
                    asyncio.run(_empty(pg_url))
                r = asyncio.run(measure(url, count, args.moves))
                disk = fsync_ms(folder)
            values = [name, *r.values()]
            print(
                f"{SYNCHRONOUS[0]:>6}",
                " ".join(
                    f"{form.format(v):{width}}" for (_, width, form), v in zip(columns, values, strict=True)
                ),
                f" (fsync {disk:.2f} ms)",
                flush=True,
            )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    print(f"peak RSS {peak} MB; load {os.getloadavg()[0]:.1f}")


async def _empty(url: str) -> None:
    """PostgreSQL keeps what an earlier run left: its running games go first."""
    store = await Store.open(url)
    for saved in await store.load_running_games():
        await store.delete_running_game(saved.game_id)
    await store.close()


if __name__ == "__main__":
    main()
