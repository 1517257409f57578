"""Bug reports filed on other sharded bots and multi-process services sharing one database, checked
against ours: several bot processes (SHARD_IDS/SHARD_COUNT) on one store. Each "process" here has
what a bot process has: its own Store (engine and pool) and its own managers; only the database is
shared. Run on a SQLite file, and on PostgreSQL when TEST_DATABASE_URL names one (each run in a
database of its own, see conftest.py)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from collections.abc import Callable
from collections.abc import Sequence
from datetime import UTC
from datetime import datetime
from datetime import timedelta

import asyncpg  # type: ignore[import-untyped]
import pytest
from sqlalchemy import text as sql
from sqlalchemy.engine import make_url

from bot.i18n.text import text
from bot.sessions.core import SessionError
from bot.sessions.manager import TableManager
from bot.sessions.persistence import StoreTableRepository
from bot.sessions.preferences import Preferences
from bot.sessions.records import Records
from bot.sessions.solo import SoloManager
from bot.sessions.solo import SoloSession
from bot.sessions.solo_store import StoreSoloRepository
from bot.sessions.solo_store import restore_solo_games
from bot.sessions.table import Member
from bot.sessions.table import TableSettings
from bot.settings import Settings
from bot.store import Store
from tests.store.test_store_migrations import OPEN_AND_SAVE
from tests.store.test_store_migrations import run_at_once
from tests.store.test_store_solo_history import FLOOD
from tests.store.test_two_processes import Shown
from tests.store.test_two_processes import conflicts
from tests.store.test_two_processes import settled
from tests.test_peer_reports_store import flood_game

USER = 1_700_000_000_000_003_001
GUILD = 1_700_000_000_000_003_002
SERVER_CHANNEL = 1_700_000_000_000_003_003
DM_CHANNEL = 1_700_000_000_000_003_004
OTHER_GUILD = 1_700_000_000_000_003_005
OTHER_CHANNEL = 1_700_000_000_000_003_006


class Clock:
    def __init__(self) -> None:
        self.time = datetime(2026, 11, 29, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.time


@pytest.fixture
async def two_stores(database_url: str) -> AsyncIterator[tuple[Store, Store]]:
    """Two processes' stores on one database: the DM process (shard 0) and a server's."""
    first = await Store.open(database_url)
    second = await Store.open(database_url)
    try:
        yield first, second
    finally:
        await first.close()
        await second.close()


def process(store: Store, clock: Clock, serves: Callable[[int | None], bool] | None = None) -> SoloManager:
    manager = SoloManager(repository=StoreSoloRepository(store, serves=serves), now=clock)
    manager.register(FLOOD)
    return manager


@pytest.fixture
async def solo_processes(
    two_stores: tuple[Store, Store],
) -> AsyncIterator[tuple[Clock, SoloManager, SoloManager]]:
    """The solo games of the two processes: shard 0's serves the DMs, the other the server."""
    clock = Clock()
    dms = process(two_stores[0], clock, serves=lambda guild_id: guild_id is None)
    servers = process(two_stores[1], clock, serves=lambda guild_id: guild_id == GUILD)
    try:
        yield clock, dms, servers
    finally:
        await dms.close()
        await servers.close()


# https://github.com/discord/discord-api-docs/pull/6853 (only the session with shard 0 gets DMs:
# a DM game lives in that process, a server's game in its shard's process);
# https://github.com/frankbria/codeframe/pull/1201 ("one active session per workspace" checked
# only where the request landed: a second one started, the first left an orphan);
# https://github.com/OWASP/cornucopia/issues/2502 (a game started twice by two requests at once).
# One running game per player and kind held in one process only: a Flood game running in the DMs
# (shard 0's process) let the same player start a second one in a server another process serves,
# and the two then counted in one streak; and the other way round.
async def test_a_solo_game_running_in_another_process_refuses_a_second_one_and_says_where(
    two_stores: tuple[Store, Store], solo_processes: tuple[Clock, SoloManager, SoloManager]
) -> None:
    _, dms, servers = solo_processes
    in_dms = await flood_game(dms, USER, channel_id=DM_CHANNEL)
    with pytest.raises(SessionError) as refused:
        await flood_game(servers, USER, guild_id=GUILD, channel_id=SERVER_CHANNEL)
    assert "in your DMs with me" in str(refused.value.said)
    assert await two_stores[0].running_game_ids_for_user(USER) == (in_dms.game_id,)
    # Once it has ended there, a game starts here.
    await in_dms.act(USER, "resign")
    in_server = await flood_game(servers, USER, guild_id=GUILD, channel_id=SERVER_CHANNEL)
    with pytest.raises(SessionError) as refused:
        await flood_game(dms, USER, channel_id=DM_CHANNEL)
    assert "in another server" in str(refused.value.said)
    await in_server.act(USER, "resign")
    [stats] = await two_stores[0].solo_stats(USER, "flood")
    assert stats.games == 2


def one_started(started: Sequence[SoloSession | BaseException]) -> SoloSession:
    """Of two starts at once, the one game started; the other start refused, and told why."""
    refused = [outcome for outcome in started if isinstance(outcome, BaseException)]
    [running] = [outcome for outcome in started if not isinstance(outcome, BaseException)]
    assert len(refused) == 1 and isinstance(refused[0], SessionError), refused
    assert "You already have a Survive the Flood game running" in str(refused[0].said)
    return running


# https://github.com/OWASP/cornucopia/issues/2502 again, across processes: the check that no game
# of the kind runs (in memory here, in the store for the other process's) and the game's first save
# were two steps, so the same player's starts landing in both processes within milliseconds (a
# double click reaching a DM and a server, a retried command) both passed the check and both
# saved: two Flood games running, counted in one streak. The store holds one running game per
# player and kind, so the second save is refused, and that start told a game is already running.
async def test_two_starts_at_once_in_two_processes_run_one_game(
    two_stores: tuple[Store, Store], solo_processes: tuple[Clock, SoloManager, SoloManager]
) -> None:
    _, dms, servers = solo_processes
    for _ in range(5):
        started = await asyncio.gather(
            flood_game(dms, USER, channel_id=DM_CHANNEL),
            flood_game(servers, USER, guild_id=GUILD, channel_id=SERVER_CHANNEL),
            return_exceptions=True,
        )
        running = one_started(started)
        assert await two_stores[0].running_game_ids_for_user(USER) == (running.game_id,)
        assert [dms.of(USER, "flood"), servers.of(USER, "flood")].count(running) == 1
        assert None in (dms.of(USER, "flood"), servers.of(USER, "flood")), "the refused start is forgotten"
        await running.act(USER, "resign")
    [stats] = await two_stores[0].solo_stats(USER, "flood")
    assert stats.games == 5


async def test_two_starts_at_once_in_one_process_run_one_game(
    two_stores: tuple[Store, Store], solo_processes: tuple[Clock, SoloManager, SoloManager]
) -> None:
    """The same within one process: both starts passed the check while the other waited on the
    store, and the second to be adopted took the first's place as the player's game."""
    _, dms, _ = solo_processes
    started = await asyncio.gather(
        flood_game(dms, USER, channel_id=DM_CHANNEL),
        flood_game(dms, USER, channel_id=DM_CHANNEL),
        return_exceptions=True,
    )
    running = one_started(started)
    assert dms.of(USER, "flood") is running
    assert await two_stores[0].running_game_ids_for_user(USER) == (running.game_id,)


# https://github.com/kenellorando/cadence/issues/205 (a limit kept in each instance's memory: with
# several replicas, each enforces its own); https://github.com/margince/margince/issues/495 ("a
# multi-replica deployment multiplies every ceiling by N"); https://github.com/artifact-keeper/
# artifact-keeper/issues/541 (the same). MAX_TABLES_PER_HOST is "across every server", but each
# process counted only the tables it held: a host reached the cap once per process.
async def test_the_cap_on_tables_one_member_hosts_counts_the_other_processes_tables(
    two_stores: tuple[Store, Store],
) -> None:
    clock = Clock()
    managers = []
    for store, guild in zip(two_stores, (GUILD, OTHER_GUILD), strict=True):
        repository = StoreTableRepository(store, serves=lambda guild_id, guild=guild: guild_id == guild)
        manager = TableManager(repository=repository, now=clock)
        manager.max_tables_per_host = 2
        managers.append(manager)
    first, second = managers
    host = Member(USER, "ann")
    try:
        for channel in (SERVER_CHANNEL, SERVER_CHANNEL + 1):
            lobby = await first.open_table(
                guild_id=GUILD, channel_id=channel, host=host, settings=TableSettings()
            )
            await lobby.open()
        with pytest.raises(SessionError, match="You already host 2 open UNO tables"):
            await second.open_table(
                guild_id=OTHER_GUILD, channel_id=OTHER_CHANNEL, host=host, settings=TableSettings()
            )
        # A table of theirs that ended there no longer counts.
        await lobby.end(text("ended by the host"))
        other = await second.open_table(
            guild_id=OTHER_GUILD, channel_id=OTHER_CHANNEL, host=host, settings=TableSettings()
        )
        await other.open()
        with pytest.raises(SessionError, match="You already host 2 open UNO tables"):
            await first.open_table(
                guild_id=GUILD, channel_id=SERVER_CHANNEL + 2, host=host, settings=TableSettings()
            )
    finally:
        for manager in managers:
            await manager.close()


# https://github.com/Headline/discord-compiler-bot/pull/28 (a setting changed through one shard,
# which every other shard kept its own copy of, had to be told to them); https://github.com/
# beer-psi/chuni-penguin/issues/66 (a cache per shard, to reload in every shard). A player's
# choices, made in their DMs (shard 0's process), hold at once at a table another process runs.
async def test_a_players_choices_made_in_one_process_hold_at_once_in_the_other(
    two_stores: tuple[Store, Store],
) -> None:
    in_dms, in_server = (Preferences(store) for store in two_stores)
    assert await in_server.pictures_for(USER, GUILD) and await in_server.turn_pings_for(USER, GUILD)
    await in_dms.set_my_pictures(USER, False)
    await in_dms.set_my_turn_pings(USER, False)
    assert not await in_server.pictures_for(USER, GUILD)
    assert not await in_server.turn_pings_for(USER, GUILD)
    await in_dms.set_my_pictures(USER, None)  # back to the server's default
    assert await in_server.pictures_for(USER, GUILD)


# https://github.com/WiIIiam278/HuskSync/issues/245 (a user's data deleted while another server
# still held it in its cache). /privacy forget reaches the process the command came to (the DMs'):
# the player's Flood game in a server another process holds ends there at its next change, and
# saves nothing of them back. That process went on holding the ended game as the player's running
# one: /flood play there showed it again, and refused them a new game until the next restart.
async def test_forgetting_a_player_in_one_process_ends_their_solo_game_in_the_other_without_a_trace(
    two_stores: tuple[Store, Store], solo_processes: tuple[Clock, SoloManager, SoloManager]
) -> None:
    clock, dms, servers = solo_processes
    game = await flood_game(servers, USER, guild_id=GUILD, channel_id=SERVER_CHANNEL)
    await two_stores[1].record_solo_result(USER, "flood", "easy/uno", True, display_name="ann")
    records = Records(two_stores[0], TableManager(), dms, serves=lambda guild_id: guild_id is None)
    await records.forget_user(USER)
    with pytest.raises(SessionError):
        await game.act(USER, "resign")
    assert game.phase.is_over and servers.of(USER, "flood") is None
    clock.time += timedelta(days=2)  # its idle deadline, had it any left, counts nothing either
    assert not await game.expire(game.move)
    store = two_stores[0]
    assert await store.running_game_ids_for_user(USER) == ()
    assert await store.solo_stats(USER, "flood") == () and await store.get_player(USER) is None
    again = await flood_game(servers, USER, guild_id=GUILD, channel_id=SERVER_CHANNEL)
    assert servers.of(USER, "flood") is again


# https://github.com/StackStorm/st2docs/pull/749 ("more than one active st2timersengine will
# result in duplicate timer events"); https://github.com/freeCodeCamp/chapter/pull/898 (a
# scheduler that runs the same job twice: claim before sending); https://github.com/Aioros/
# destiny-reminders/issues/9 (reminders sent twice by two overlapping runs).
# A solo game held by two processes (a rolling restart, a shard moved between processes): its idle
# deadline comes in both, and the loss is counted once.
async def test_a_solo_games_idle_deadline_due_in_two_processes_counts_one_loss(
    two_stores: tuple[Store, Store], solo_processes: tuple[Clock, SoloManager, SoloManager]
) -> None:
    clock, second, first = solo_processes
    session = await flood_game(first, USER, guild_id=GUILD, channel_id=SERVER_CHANNEL)
    [copy] = await restore_solo_games(second, two_stores[0])  # every place: held twice
    assert copy.game_id == session.game_id and session.deadline is not None
    clock.time = session.deadline + timedelta(seconds=1)
    expired = [await s.expire(s.move) for s in (copy, session)]
    assert sorted(expired) == [False, True]
    [stats] = await two_stores[0].solo_stats(USER, "flood")
    assert (stats.games, stats.wins) == (1, 0)
    assert await two_stores[0].running_game_ids_for_user(USER) == ()


# The same reports (st2docs #749, chapter #898), for a computer player: a table with one, held by
# two processes, comes to the computer's turn in both; its move is made and shown once.
async def test_a_computer_players_move_due_in_two_processes_is_made_once(
    two_stores: tuple[Store, Store],
) -> None:
    clock = Clock()
    shown = [Shown(), Shown()]
    first, second = (
        TableManager(repository=StoreTableRepository(store), presenter=presenter, now=clock)
        for store, presenter in zip(two_stores, shown, strict=True)
    )
    try:
        for seed in range(50):  # a seating where the computer player moves first
            first.rng = random.Random(seed)
            table = await first.open_table(
                guild_id=GUILD,
                channel_id=SERVER_CHANNEL + seed,
                host=Member(USER, "ann"),
                settings=TableSettings(),
            )
            await table.add_computer(USER, "easy")
            await table.start(USER)
            if table.computer_due is not None:
                break
            await table.end(text("ended by the host"))
        due = table.computer_due
        assert due is not None
        resting = await StoreTableRepository(two_stores[1]).resting_tables()
        await second.restore(saved for saved in resting if saved.game_id == table.game_id)
        copy = second.get(table.game_id)
        assert copy is not None and copy.computer_due == due
        version, refused = table.version, conflicts()
        clock.time = due + timedelta(seconds=1)
        for manager in (first, second):
            manager.deadlines.wake()
        await settled(table, copy, version=version + 1)
        changes = [change for each in shown for change in each.changes if change[0] == table.game_id]
        assert changes.count((table.game_id, version + 1)) == 1
        assert conflicts() - refused == 1, "both processes moved for it; the store took one"
        assert table.game is not None and copy.game is not None
        assert table.game.to_json() == copy.game.to_json()
    finally:
        await first.close()
        await second.close()


# https://github.com/bluebear-io/baloo-bear/issues/44 (replicas running `alembic upgrade head` at
# once: DuplicateTable, one pod crashing); https://github.com/aegra/aegra/issues/548 (an advisory
# lock documented, never taken); https://github.com/rommapp/romm/pull/4486 (nothing serialised
# the upgrade across processes); https://github.com/alembic/alembic/issues/446 (several instances
# upgrading at start-up). Every shard process migrates at start: three starting on one empty
# database all come up, and the schema is head once.
def test_three_shard_processes_starting_on_one_empty_database_all_come_up(database_url: str) -> None:
    run_at_once(database_url, *(["-c", OPEN_AND_SAVE, database_url] for _shard in range(3)))


# https://github.com/pymc-labs/daimon/issues/63 ("DB pool has no pre-ping or recycle: idle
# connections fail the next turn", in a Discord bot's runtime); https://github.com/alibaba/ROCK/
# issues/986 ("connection is closed" after a database restart, in each replica);
# https://github.com/sqlalchemy/sqlalchemy/issues/5776 (how to handle a database restart);
# https://github.com/mautrix/python/pull/27 (pool_pre_ping for PostgreSQL). The shard processes
# keep their pooled connections while PostgreSQL restarts, fails over, or a proxy reaps idle
# connections: the first click afterwards failed, in every process, instead of reconnecting.
async def test_a_store_whose_connections_the_server_closed_reconnects_for_the_next_change(
    database_url: str,
) -> None:
    if not database_url.startswith("postgresql"):
        pytest.skip("a SQLite file has no server to close its connections")
    store = await Store.open(database_url)
    try:
        await store.upsert_player(USER, "ann")
        async with store.engine.connect() as connection:
            pid = await connection.scalar(sql("SELECT pg_backend_pid()"))
        assert store.engine.pool.checkedin() == 1  # type: ignore[attr-defined]  # that one, pooled
        # What a restart of the server does to the connections a process pooled (this store's
        # only: other test runs may share the server).
        url = make_url(database_url).set(drivername="postgresql")
        killer = await asyncpg.connect(url.render_as_string(hide_password=False))
        try:
            assert await killer.fetchval("SELECT pg_terminate_backend($1)", pid)
        finally:
            await killer.close()
        await store.upsert_player(USER, "ann again")
        player = await store.get_player(USER)
        assert player is not None and player.display_name == "ann again"
    finally:
        await store.close()


# https://github.com/encode/hostedapi/issues/65 (10 connections per worker process, 2 workers: the
# database's limit of 20 reached); https://github.com/MagicStack/asyncpg/issues/355 ("too many
# clients already" from pools on several machines); https://github.com/encode/databases/issues/440
# (the same with several workers); https://github.com/alphagov/notifications-api/pull/1814 (the sum
# over instances and workers is what the server sees). Every shard process kept up to 15
# connections (SQLAlchemy's default pool), whatever the server allows: DATABASE_POOL_SIZE now
# bounds each one, so that their sum fits under PostgreSQL's max_connections.
async def test_a_process_opens_no_more_connections_than_database_pool_size(database_url: str) -> None:
    if not database_url.startswith("postgresql"):
        pytest.skip("a SQLite file has no connections to count")
    settings = Settings(_env_file=None, database_url=database_url, database_pool_size=2)  # type: ignore[call-arg]
    store = await Store.open(settings.database_url, pool_size=settings.database_pool_size)
    used: set[int] = set()

    async def unit_of_work() -> None:
        async with store.engine.connect() as connection:
            used.add(await connection.scalar(sql("SELECT pg_backend_pid()")))
            await asyncio.sleep(0.05)  # held a while: the others have to wait for it

    try:
        await asyncio.gather(*(unit_of_work() for _ in range(12)))
        saves = [store.upsert_player(USER + n, f"p{n}") for n in range(12)]
        await asyncio.gather(*saves)
        assert all([await store.get_player(USER + n) for n in range(12)])
    finally:
        await store.close()
    assert len(used) == 2
