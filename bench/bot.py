"""Many open tables in one process: what a move costs and what a table weighs, without Discord.

    python bench/bot.py [--tables 100,1000,10000] [--moves 2000]

Opens N tables (a tenth left as lobbies; the others dealt, under the official rules, the classic
preset, twist with and without partners, and house rules) on a real SQLite file (and on
PostgreSQL when TEST_DATABASE_URL names one), then plays random legal moves at random tables
through the path a click takes: the table's lock, the engine, the save, and rendering the table
message and the acting player's hand. Prints per N: move latency p50/p99, CPU per move, memory
per idle table, bytes and statements written per move, and the cold start: the time to restore
every running game, then a move at a sample of them and every deadline armed.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import resource
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.games.uno.actions import LEAVE  # noqa: E402
from bot.games.uno.events import Event  # noqa: E402
from bot.sessions.manager import TableManager  # noqa: E402
from bot.sessions.persistence import StoreTableRepository  # noqa: E402
from bot.sessions.table import Member, Table, TableSettings  # noqa: E402
from bot.store import Store  # noqa: E402
from bot.store.metering import WriteMeter  # noqa: E402
from cogs.uno.render import hand_message, table_message  # noqa: E402

SETTINGS = [
    TableSettings(),
    TableSettings().with_ruleset("classic"),
    TableSettings().with_ruleset("twist"),
    TableSettings().with_ruleset("twist").with_option("teams", "partners"),
    TableSettings().with_house_rules(["stacking", "seven_o", "jump_in"]),
]


class Clock:
    def __init__(self) -> None:
        self.time = datetime(2026, 11, 24, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.time


class Renderer:
    """The presenter's work without Discord's network: the table message and, for the acting
    player, their hand, rendered as the cog renders them."""

    async def show(self, table: Table, events: Sequence[Event]) -> None:
        table_message(table)


async def open_tables(manager: TableManager, count: int, rng: random.Random) -> list[Table]:
    tables = []
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
        tables.append(table)
    return tables


async def one_move(table: Table, rng: random.Random) -> None:
    game = table.game
    assert game is not None
    seat = game.current
    action = rng.choice([a for a in game.legal_actions(seat) if a is not LEAVE])
    await table.act(table.members[seat].user_id, action, table.turn)
    if table.game is not None and not table.phase.is_over:
        hand_message(table, table.game.view(seat))


def playing(tables: list[Table]) -> list[Table]:
    return [t for t in tables if t.game is not None and not t.phase.is_over]


async def measure(url: str, count: int, moves: int) -> dict[str, float]:
    rng = random.Random(count)
    clock = Clock()
    store = await Store.open(url)
    manager = TableManager(repository=StoreTableRepository(store), presenter=Renderer(), now=clock)
    manager.rng = random.Random(count)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    tables = await open_tables(manager, count, rng)
    gc.collect()
    weight = (tracemalloc.get_traced_memory()[0] - before) / count
    tracemalloc.stop()

    writes = WriteMeter()
    writes.watch(store)
    latencies = []
    cpu = time.process_time()
    for _ in range(moves):
        live = playing(tables)
        if not live:
            break
        table = rng.choice(live)
        started = time.perf_counter()
        await one_move(table, rng)
        latencies.append(time.perf_counter() - started)
    cpu = time.process_time() - cpu
    done = len(latencies)
    await manager.close()
    await store.close()

    # Cold start: a new process's store and manager bring every running game back.
    started = time.perf_counter()
    store = await Store.open(url)
    manager = TableManager(repository=StoreTableRepository(store), presenter=Renderer(), now=clock)
    running, _ = await StoreTableRepository(store).load_tables()
    restored, _ = manager.restore(saved.state for saved in running)
    ready = time.perf_counter() - started
    sample = rng.sample(playing(restored), min(100, len(playing(restored))))
    for table in sample:
        await one_move(table, rng)
    armed = len(manager.deadlines.armed)
    await manager.close()
    await store.close()
    latencies.sort()
    return {
        "tables": count,
        "p50_ms": statistics.median(latencies) * 1000,
        "p99_ms": latencies[int(0.99 * (done - 1))] * 1000,
        "cpu_ms": cpu / done * 1000,
        "kb_per_table": weight / 1024,
        "bytes_per_move": writes.bytes / done,
        "statements_per_move": writes.statements / done,
        "cold_start_s": ready,
        "restored": len(restored),
        "armed": armed,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", default="100,1000", help="comma-separated table counts")
    parser.add_argument("--moves", type=int, default=2000, help="moves played at each count")
    args = parser.parse_args()
    backends = [("sqlite", None)]
    if os.environ.get("TEST_DATABASE_URL"):
        backends.append(("postgresql", os.environ["TEST_DATABASE_URL"]))
    print(f"{'store':>10} {'tables':>7} {'p50 ms':>7} {'p99 ms':>7} {'CPU ms':>7} {'KB/table':>9} "
          f"{'B/move':>7} {'stmts':>6} {'cold s':>7} {'restored':>9} {'armed':>6}")
    for name, pg_url in backends:
        for count in (int(c) for c in args.tables.split(",")):
            with tempfile.TemporaryDirectory() as folder:
                url = pg_url or f"sqlite+aiosqlite:///{folder}/bench.db"
                if pg_url:
                    asyncio.run(_empty(pg_url))
                r = asyncio.run(measure(url, count, args.moves))
            print(f"{name:>10} {r['tables']:>7} {r['p50_ms']:>7.2f} {r['p99_ms']:>7.2f} {r['cpu_ms']:>7.2f} "
                  f"{r['kb_per_table']:>9.1f} {r['bytes_per_move']:>7.0f} {r['statements_per_move']:>6.1f} "
                  f"{r['cold_start_s']:>7.2f} {r['restored']:>9} {r['armed']:>6}", flush=True)
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
