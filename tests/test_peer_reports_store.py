"""Bug reports filed on other game and stats bots, checked against our store, sessions and solo
engines: each test pins a fault a peer project had (its report cited above the test) that nothing
else here pinned, or one we had too and fixed. Store tests run on a SQLite file, and on PostgreSQL
when TEST_DATABASE_URL names one (tests/store/conftest.py)."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC
from datetime import date
from datetime import datetime
from typing import Any

import pytest

from bot.games.errors import GameOver
from bot.games.flood import FloodGame
from bot.games.flood import FloodOptions
from bot.games.tableau import TableauGame
from bot.games.tableau import parse_action as parse_tableau
from bot.sessions.deadlines import RETRY_AFTER_A_FAILURE
from bot.sessions.manager import TableManager
from bot.sessions.persistence import StoreTableRepository
from bot.sessions.solo import GameEnded
from bot.sessions.solo import SoloKind
from bot.sessions.solo import SoloManager
from bot.sessions.solo import SoloSession
from bot.sessions.solo_store import StoreSoloRepository
from bot.sessions.solo_store import restore_solo_games
from bot.sessions.table import Member
from bot.sessions.table import TablePhase
from bot.store import GameRecord
from bot.store import RunningGame
from bot.store import SeatResult
from bot.store import Store
from tests.sessions.tables import Clock
from tests.sessions.tables import seated_table
from tests.store import conftest as store_fixtures
from tests.store.test_store_solo_history import FLOOD
from tests.store.test_store_solo_history import SOLITAIRE

# The store's fixtures, for this file outside tests/store: every backend the store runs on.
database_url = store_fixtures.database_url
pg_database = store_fixtures.pg_database
store = store_fixtures.store

USERS = [1_700_000_000_000_001_000 + n for n in range(10)]
GUILD = 1_700_000_000_000_000_001
CHANNEL = 1_700_000_000_000_000_002
T0 = datetime(2026, 5, 4, 20, 0, tzinfo=UTC)


# ---------------------------------------------------------------- names in tied rows


# https://github.com/TryGhost/Ghost/issues/6104 (alphabetical order not consistent between
# databases: SQLite's binary collation puts 'Video' before 'photo', PostgreSQL's locale does not)
async def test_tied_puzzle_rows_are_in_name_order_whatever_the_case(store: Store) -> None:
    day = date(2026, 5, 4)
    names = ["zed", "Amy", "bob", "Cleo"]
    for user, name in zip(USERS, names, strict=False):
        await store.record_daily_puzzle(user, name, day, solved=True, moves=8, undos=0, today=day)
    board = await store.puzzle_leaderboard(today=day)
    assert [row.rank for row in board.rows] == [1, 1, 1, 1]
    assert [row.name for row in board.rows] == ["Amy", "bob", "Cleo", "zed"]


# https://github.com/LWCW-Europe/schellingboard/pull/668 ("bob" sorted after "Zoe" under
# SQLite's default collation)
async def test_partners_with_equal_records_are_in_name_order_whatever_the_case(store: Store) -> None:
    me, *mates = USERS[:4]
    for mate, name in zip(mates, ["Zoe", "bob", "Al"], strict=True):
        seats = [
            SeatResult(me, "me", 0, 0, True, team=0),
            SeatResult(mate, name, 1, 0, True, team=0),
            SeatResult(USERS[8], "them", 2, 30, False, team=1),
            SeatResult(USERS[9], "others", 3, 30, False, team=1),
        ]
        await store.record_finished_game(
            kind="uno", ruleset="twist", guild_id=GUILD, channel_id=CHANNEL, finished_at=T0, seats=seats
        )
    partners = await store.best_partners(me)
    assert [partner.partner_name for partner in partners] == ["Al", "bob", "Zoe"]


# ---------------------------------------------------------------- a result counted once, never lost


def solo_manager(store: Store, kind: SoloKind = FLOOD) -> SoloManager:
    manager = SoloManager(repository=StoreSoloRepository(store), now=lambda: T0)
    manager.register(kind)
    return manager


async def flood_game(
    manager: SoloManager, user: int = USERS[0], *, guild_id: int | None = None, channel_id: int = CHANNEL
) -> SoloSession:
    game, _ = FloodGame.new(FloodOptions.make("medium", "uno"), 7)
    return await manager.start(
        "flood",
        user_id=user,
        user_name="ann",
        channel_id=channel_id,
        guild_id=guild_id,
        variant="medium/uno",
        game=game,
    )


# https://github.com/stevschmid/track-o-bot/issues/189 (a match not recorded when the game was
# restarted mid-way); https://github.com/zengm-games/zengm/issues/461 (a result half saved, then
# the game played and counted twice)
async def test_a_solo_result_the_store_failed_to_count_is_counted_once_after_a_restart(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    manager = solo_manager(store)
    session = await flood_game(manager)
    # The ending's save goes through; the unit of work that counts it fails, once.
    writing = store._writing
    failures = [ConnectionResetError("the database went away")]

    def fails_once() -> Any:
        if failures:
            raise failures.pop()
        return writing()

    monkeypatch.setattr(store, "_writing", fails_once)
    with pytest.raises(ConnectionResetError):
        await session.act(USERS[0], "resign")
    assert not failures
    # The game is over: its player may start another at once, without a restart.
    assert manager.of(USERS[0], "flood") is None
    again = await flood_game(manager)
    await again.act(USERS[0], "resign")
    # The first game's loss, its ending saved but not counted, counts once when the bot restarts.
    for _ in range(2):
        await restore_solo_games(solo_manager(store), store)
    [stats] = await store.solo_stats(USERS[0], "flood")
    assert (stats.games, stats.wins) == (2, 0)
    assert await store.running_game_ids_for_user(USERS[0]) == ()


# The same reports, for a table: its end saved, the unit of work that records its result failed.
async def test_a_table_result_the_store_failed_to_record_is_recorded_once_after_a_restart(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    manager = TableManager(repository=StoreTableRepository(store), now=lambda: T0)
    ann, bob, cy = (Member(user, name) for user, name in zip(USERS, ("ann", "bob", "cy"), strict=False))
    table = await seated_table(manager, [ann, bob, cy], channel_id=CHANNEL, seed=3)
    await table.leave(cy.user_id)
    record = store.record_finished_game
    failures = [ConnectionResetError("the database went away")]

    async def fails_once(**kwargs: Any) -> int | None:
        if failures:
            raise failures.pop()
        return await record(**kwargs)

    monkeypatch.setattr(store, "record_finished_game", fails_once)
    await table.leave(bob.user_id)  # ann is the last one standing: the game ends, won
    assert not failures
    assert table.phase is TablePhase.FINISHED
    # The table ended for its players, as any other: its channel is free for the next one.
    assert manager.in_channel(CHANNEL) is None
    assert (await store.player_stats(ann.user_id)).for_kind("uno") is None, "not recorded yet"
    # Its end was saved: the next start records it, once, and does not bring it back.
    for _ in range(2):
        assert await StoreTableRepository(store).resting_tables() == []
    results = {}
    for member in (ann, bob, cy):
        uno = (await store.player_stats(member.user_id)).for_kind("uno")
        assert uno is not None, member.name
        results[member.name] = (uno.games, uno.wins)
    assert results == {"ann": (1, 1), "bob": (1, 0), "cy": (1, 0)}
    assert await store.running_game_ids_for_user(ann.user_id) == ()
    await manager.close()


async def test_a_table_ended_while_paused_is_recorded_at_the_next_start_too(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Play goes on while the timer is paused: a game can end then, and waits for nothing after."""
    manager = TableManager(repository=StoreTableRepository(store), now=lambda: T0)
    ann, bob = (Member(user, name) for user, name in zip(USERS, ("ann", "bob"), strict=False))
    table = await seated_table(manager, [ann, bob], channel_id=CHANNEL, seed=4)
    await table.pause(ann.user_id)
    record = store.record_finished_game

    async def fails(**kwargs: Any) -> int | None:
        raise ConnectionResetError("the database went away")

    monkeypatch.setattr(store, "record_finished_game", fails)
    await table.leave(bob.user_id)
    assert table.phase is TablePhase.FINISHED and table.next_deadline is None
    monkeypatch.setattr(store, "record_finished_game", record)
    assert await StoreTableRepository(store).resting_tables() == []
    uno = (await store.player_stats(ann.user_id)).for_kind("uno")
    assert uno is not None and (uno.games, uno.wins) == (1, 1)
    await manager.close()


# https://github.com/FIRST-Tech-Challenge/scorekeeper/issues/271 (a match counted twice);
# https://github.com/HaliteChallenge/Halite-II/pull/361 (a game and its ratings written in
# separate steps: updates lost, games seen half written)
async def test_the_end_of_a_running_solo_game_counts_once_however_often_it_is_sent(store: Store) -> None:
    game_id = "0badc0de"
    await store.save_running_game(
        game_id, kind="flood", guild_id=None, channel_id=CHANNEL, state={}, move_count=3, user_ids=[USERS[1]]
    )
    # The same end sent three times at once: a retry, a second process.
    end = {"kind": "flood", "variant": "easy/uno", "guild_id": None, "channel_id": CHANNEL, "finished_at": T0}
    record = GameRecord(seed=1, rules={}, log={"moves": []}, rounds=0, seat_count=1)
    seat = SeatResult(USERS[1], "bea", 0, 3, True)
    ends = [store.record_solo_game(game_id, **end, seat=seat, record=record) for _ in range(3)]
    counted = [stats for stats in await asyncio.gather(*ends) if stats is not None]
    assert [(stats.games, stats.wins, stats.current_streak) for stats in counted] == [(1, 1, 1)]
    assert len(await store.finished_games("flood", user_id=USERS[1])) == 1
    assert not await store.running_game_exists(game_id)
    again = await store.record_practice_puzzle(USERS[1], "bea", solved=True, ends=game_id)
    assert again.practice_attempted == 0, "a puzzle whose game is gone was counted already"


async def test_the_end_of_a_running_table_is_recorded_once_however_often_it_is_sent(store: Store) -> None:
    game_id = "0ddba11"
    players = USERS[3:7]
    await store.save_running_game(
        game_id, kind="uno", guild_id=GUILD, channel_id=CHANNEL, state={}, move_count=9, user_ids=players
    )
    seats = [SeatResult(user, f"p{n}", n, 10 * n, n == 0) for n, user in enumerate(players)]
    end = {"kind": "uno", "ruleset": "official", "guild_id": GUILD, "channel_id": CHANNEL, "finished_at": T0}
    sent = [store.record_finished_game(**end, seats=seats, table_id=game_id, ends=game_id) for _ in range(3)]
    recorded = [game for game in await asyncio.gather(*sent) if game is not None]
    assert len(recorded) == 1
    assert len(await store.finished_games("uno", guild_id=GUILD)) == 1
    assert not await store.running_game_exists(game_id)


# ---------------------------------------------------------------- undoing a counted result


# https://github.com/h0tp-ftw/ankimon/issues/788 (Ctrl+Z after a counted answer gains it again);
# https://github.com/TobiasBielefeld/Simple-Solitaire/issues/105 (undo and what it costs)
async def test_undo_cannot_take_back_a_solitaire_game_once_it_is_counted(store: Store) -> None:
    manager = solo_manager(store, SOLITAIRE)
    game = TableauGame.new(11)
    session = await manager.start(
        "solitaire",
        user_id=USERS[2],
        user_name="cy",
        channel_id=CHANNEL,
        guild_id=None,
        variant="classic",
        game=game,
    )
    await session.act(USERS[2], "draw")
    await session.act(USERS[2], "resign")
    with pytest.raises(GameEnded):
        await session.act(USERS[2], "undo")
    with pytest.raises(GameOver):
        game.apply(parse_tableau("undo"))
    [stats] = await store.solo_stats(USERS[2], "solitaire")
    assert (stats.games, stats.wins, stats.current_streak) == (1, 0, 0)


# ---------------------------------------------------------------- a move the store did not take


def failing_once(monkeypatch: pytest.MonkeyPatch, store: Store, method: str) -> list[Exception]:
    """`store.<method>` raises once, as a store that went away for a moment does; the list
    empties once it has."""
    real = getattr(store, method)
    failures: list[Exception] = [ConnectionResetError("the database went away")]

    async def fails_once(*args: Any, **kwargs: Any) -> Any:
        if failures:
            raise failures.pop()
        return await real(*args, **kwargs)

    monkeypatch.setattr(store, method, fails_once)
    return failures


# https://github.com/stackcollision/Nebulous-BugReporting/issues/492 (a failed save left the game
# running on a state the store never had, and the players lost it at the next load);
# https://github.com/woogles-io/liwords/issues/213 (moves held in memory only, lost on a crash)
async def test_a_move_the_store_failed_to_save_is_undone_and_can_be_made_again(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    manager = TableManager(repository=StoreTableRepository(store), now=lambda: T0)
    ann, bob, cy = (Member(user, name) for user, name in zip(USERS, ("ann", "bob", "cy"), strict=False))
    table = await seated_table(manager, [ann, bob, cy], channel_id=CHANNEL, seed=3)
    game = table.game
    assert game is not None
    mover, move, turn = table.members[game.current], game.legal_actions(game.current)[0], table.turn
    before = json.dumps(table.snapshot(), sort_keys=True)
    failures = failing_once(monkeypatch, store, "save_running_game")
    with pytest.raises(ConnectionResetError):
        await table.act(mover.user_id, move, turn)
    assert not failures
    # Nothing of the move is left in memory that the store does not have: the same click, made
    # again, is not refused as an earlier turn's, and is taken.
    assert json.dumps(table.snapshot(), sort_keys=True) == before
    await table.act(mover.user_id, move, turn)
    saved = await store.get_running_game(table.game_id)
    assert isinstance(saved, RunningGame) and saved.state["version"] == table.version
    await manager.close()


async def test_a_timeout_the_store_failed_to_save_is_tried_again(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = Clock()
    manager = TableManager(repository=StoreTableRepository(store), now=clock)
    ann, bob = Member(USERS[0], "ann"), Member(USERS[1], "bob")
    table = await seated_table(manager, [ann, bob], channel_id=CHANNEL, seed=3)
    turn, deadline = table.turn, table.deadline
    assert deadline is not None
    failures = failing_once(monkeypatch, store, "save_running_game")
    clock.now = deadline
    manager.deadlines.wake()
    for _ in range(200):
        if not failures:
            break
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.05)  # the failed change undone, and its retry queued
    assert table.turn == turn, "the time-out the store did not take is undone"
    # The scheduler tries it again a little later (not at once, over and over, while the store
    # is away), and then the game goes on.
    clock.now = deadline + RETRY_AFTER_A_FAILURE
    manager.deadlines.wake()
    for _ in range(200):
        if table.turn != turn:
            break
        await asyncio.sleep(0.01)
    assert table.turn != turn
    saved = await store.get_running_game(table.game_id)
    assert isinstance(saved, RunningGame) and saved.state["version"] == table.version
    await manager.close()


async def test_a_solo_move_the_store_failed_to_save_is_undone_and_can_be_made_again(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    manager = solo_manager(store)
    session = await flood_game(manager)
    move = str(session.game.legal_actions()[0])
    before = json.dumps(session.snapshot(), sort_keys=True)
    failures = failing_once(monkeypatch, store, "save_running_game")
    with pytest.raises(ConnectionResetError):
        await session.act(USERS[0], move, session.move)
    assert not failures
    assert json.dumps(session.snapshot(), sort_keys=True) == before
    await session.act(USERS[0], move, session.move)
    saved = await store.get_running_game(session.game_id)
    assert isinstance(saved, RunningGame) and saved.state["move"] == session.move == 1
