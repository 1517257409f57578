"""200 moves at once across 20 tables on one database: none refused, none lost."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable
from collections.abc import Callable

import pytest

from bot.store import RunningGame
from bot.store import StaleGameSave
from bot.store import Store

TABLES = 20
MOVES_PER_TABLE = 10
CHANNEL = 1_300_000_000_000_000_000


def table_id(n: int) -> str:
    return f"uno-{n:02d}"


async def open_tables(store: Store) -> None:
    for n in range(TABLES):
        await store.save_running_game(
            table_id(n),
            kind="uno",
            guild_id=None,
            channel_id=CHANNEL + n,
            state={"moves": []},
            move_count=0,
            user_ids=[CHANNEL + 100 + n],
        )


async def play(store: Store, game_id: str, move: str) -> None:
    """One move as a session makes it: read the game, apply, save on top of what was read."""
    game = await store.get_running_game(game_id)
    assert isinstance(game, RunningGame)
    await store.save_running_game(
        game_id,
        kind=game.kind,
        guild_id=game.guild_id,
        channel_id=game.channel_id,
        state={"moves": [*game.state["moves"], move]},
        move_count=game.move_count + 1,
        user_ids=game.user_ids,
        expected_move_count=game.move_count,
    )


def with_session_locks() -> Callable[[Store, str, str], Awaitable[None]]:
    """The sessions' way: one asyncio.Lock per game, so at most one writer per game at a time."""
    locks = {table_id(n): asyncio.Lock() for n in range(TABLES)}

    async def move(store: Store, game_id: str, name: str) -> None:
        async with locks[game_id]:
            await play(store, game_id, name)

    return move


def without_locks() -> Callable[[Store, str, str], Awaitable[None]]:
    """No lock at all: the compare-and-set refuses stale saves and the loser plays again."""

    async def move(store: Store, game_id: str, name: str) -> None:
        while True:
            try:
                await play(store, game_id, name)
                return
            except StaleGameSave:
                await asyncio.sleep(0)

    return move


@pytest.mark.parametrize("mover", [with_session_locks, without_locks], ids=["locked", "compare-and-set"])
async def test_200_concurrent_moves_across_20_tables(
    store: Store, mover: Callable[[], Callable[[Store, str, str], Awaitable[None]]]
) -> None:
    await open_tables(store)
    move = mover()
    submitted = [(table_id(n), f"m{n}-{k}") for n in range(TABLES) for k in range(MOVES_PER_TABLE)]
    random.Random(3).shuffle(submitted)
    await asyncio.gather(*(move(store, game_id, name) for game_id, name in submitted))
    games = await store.load_running_games()
    assert len(games) == TABLES
    for game in games:
        assert isinstance(game, RunningGame)
        mine = sorted(name for game_id, name in submitted if game_id == game.game_id)
        assert game.move_count == MOVES_PER_TABLE
        assert sorted(game.state["moves"]) == mine


async def test_unrelated_writers_at_once_all_land(store: Store) -> None:
    """Results, solo streaks and saves from many tasks at once: no "database is locked"."""
    users = [CHANNEL + 500 + n for n in range(20)]
    await asyncio.gather(
        *(store.record_solo_result(user, "flood", "easy/uno", won=True) for user in users for _ in range(5)),
        *(store.upsert_player(user, f"p{user % 100}") for user in users),
        open_tables(store),
        # forget_user reads before it writes: the case where SQLite cannot wait for the lock
        # unless the transaction took it at BEGIN.
        *(store.forget_user(CHANNEL + 900 + n) for n in range(20)),
    )
    streaks = await store.solo_leaderboard("flood", "easy/uno", "wins", limit=100)
    assert [(row.games, row.wins, row.best_streak) for row in streaks.rows] == [(5, 5, 5)] * len(users)
