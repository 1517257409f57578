"""`Store`: the async repository, the only code of the bot that speaks SQL.

Every method is one unit of work with its own AsyncSession, so a Store may be shared by every
task of the bot while no session ever is.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import defaultdict
from collections.abc import AsyncIterator
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Mapping
from collections.abc import Sequence
from contextlib import asynccontextmanager
from dataclasses import fields
from datetime import UTC
from datetime import date
from datetime import datetime
from datetime import timedelta
from typing import Any
from typing import TypeVar
from typing import cast

from sqlalchemy import Column
from sqlalchemy import ColumnElement
from sqlalchemy import Float
from sqlalchemy import Row
from sqlalchemy import Select
from sqlalchemy import Table
from sqlalchemy import and_
from sqlalchemy import bindparam
from sqlalchemy import case
from sqlalchemy import cast as sql_cast
from sqlalchemy import delete
from sqlalchemy import func
from sqlalchemy import or_
from sqlalchemy import select
from sqlalchemy import update
from sqlalchemy.dialects import postgresql
from sqlalchemy.dialects import sqlite
from sqlalchemy.engine import make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.exc import InterfaceError
from sqlalchemy.exc import OperationalError
from sqlalchemy.ext.asyncio import AsyncConnection
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.ext.asyncio import async_sessionmaker

from bot.store.engine import DEFAULT_DATABASE_URL
from bot.store.engine import DEFAULT_POOL_SIZE
from bot.store.engine import WRITE_OPTION
from bot.store.engine import make_engine
from bot.store.migrate import NotConnected
from bot.store.migrate import SchemaTooNew
from bot.store.migrate import upgrade_to_head
from bot.store.models import daily_puzzle_result_table as daily_t
from bot.store.models import finished_game_table as finished_t
from bot.store.models import guild_preference_table as guild_pref_t
from bot.store.models import guild_table_place_table as place_t
from bot.store.models import guild_uno_settings_table as guild_uno_t
from bot.store.models import player_table as player_t
from bot.store.models import puzzle_stat_table as puzzle_t
from bot.store.models import running_game_seat_table as running_seat_t
from bot.store.models import running_game_table as running_t
from bot.store.models import seat_result_table as seat_t
from bot.store.models import solo_stat_table as solo_t
from bot.store.models import user_preference_table as user_pref_t
from bot.store.packing import dump_json as _dump
from bot.store.packing import pack_state
from bot.store.packing import read_json as _json_field
from bot.store.packing import unpack_state
from bot.store.records import CorruptRunningGame
from bot.store.records import DatabaseUnreachable
from bot.store.records import FinishedGameSummary
from bot.store.records import FinishedSeat
from bot.store.records import GameRecord
from bot.store.records import GuildTablePlace
from bot.store.records import GuildUnoSettings
from bot.store.records import KindStats
from bot.store.records import LeaderboardMetric
from bot.store.records import LeaderboardPage
from bot.store.records import LeaderboardRow
from bot.store.records import PackedRunningGame
from bot.store.records import Page
from bot.store.records import PartnershipPage
from bot.store.records import PartnershipRow
from bot.store.records import PartnerStats
from bot.store.records import PlayerRecord
from bot.store.records import PlayerStats
from bot.store.records import PuzzleLeaderboardPage
from bot.store.records import PuzzleLeaderboardRow
from bot.store.records import PuzzleStats
from bot.store.records import RunningGame
from bot.store.records import SeatResult
from bot.store.records import SoloGameTaken
from bot.store.records import SoloLeaderboardMetric
from bot.store.records import SoloLeaderboardPage
from bot.store.records import SoloLeaderboardRow
from bot.store.records import SoloStats
from bot.store.records import StaleGameSave

log = logging.getLogger(__name__)

MAX_PAGE = 100
# The tables of what a server's admins set: deleted together when the bot leaves the server.
_SERVER_SETTINGS = (guild_uno_t, place_t, guild_pref_t)
NAME_LENGTH = 100


def utc_now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime, what: str) -> datetime:
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"{what} {moment!r} is naive: the store keeps aware datetimes only")
    return moment


def _fits(value: str, column: Column[Any], what: str) -> str:
    """Refuse a key longer than its column: SQLite would keep it, PostgreSQL would not."""
    length = getattr(column.type, "length", None)
    if not value or (length is not None and len(value) > length):
        raise ValueError(f"{what} must be 1 to {length} characters, not {value!r}")
    return value


def _check_page(limit: int, offset: int) -> None:
    if not 1 <= limit <= MAX_PAGE:
        raise ValueError(f"limit must be between 1 and {MAX_PAGE}, not {limit}")
    if offset < 0:
        raise ValueError(f"offset must not be negative, not {offset}")


class Store:
    """The bot's persistence: `store = await Store.open(url)`, then `await store.close()`."""

    def __init__(self, engine: AsyncEngine) -> None:
        """Wrap an engine whose database is already migrated; `Store.open` is the usual way in."""
        self._engine = engine
        self._dialect = engine.dialect.name
        self._reads = async_sessionmaker(engine, expire_on_commit=False)
        self._write_engine = engine.execution_options(**{WRITE_OPTION: True})
        self._writes = async_sessionmaker(self._write_engine, expire_on_commit=False)
        self._saver: _SaveOver | None = None
        self._saver_lock = asyncio.Lock()
        self._write_listeners: list[Callable[[str, Sequence[Any]], None]] = []

    @classmethod
    async def open(
        cls,
        database_url: str = DEFAULT_DATABASE_URL,
        *,
        synchronous: str = "full",
        pool_size: int = DEFAULT_POOL_SIZE,
    ) -> Store:
        """Migrate the database to the newest schema, then open it (`synchronous`: SQLite's
        durability of a commit; `pool_size`: a server's connections at most, see
        `bot.store.engine`); `DatabaseUnreachable` when it cannot be reached or opened."""
        try:
            await upgrade_to_head(database_url)
        except (OSError, TimeoutError, OperationalError, InterfaceError, NotConnected, SchemaTooNew) as error:
            shown = make_url(database_url).render_as_string(hide_password=True)
            # SQLAlchemy's own errors end with a line linking to its documentation: one line here.
            said = str(error.orig) if isinstance(error, (OperationalError, InterfaceError)) else str(error)
            raise DatabaseUnreachable(f"{shown}: {said.strip()}") from error
        return cls(make_engine(database_url, synchronous=synchronous, pool_size=pool_size))

    async def close(self) -> None:
        if self._saver is not None:
            await self._saver.close()
            self._saver = None
        await self._engine.dispose()

    def watch_writes(self, listener: Callable[[str, Sequence[Any]], None]) -> None:
        """Call `listener(sql, parameters)` for each statement written outside SQLAlchemy's
        execution (which its own events report): the ordinary move's save on SQLite."""
        self._write_listeners.append(listener)

    @property
    def engine(self) -> AsyncEngine:
        """For tests and maintenance scripts; the bot's own code goes through the methods."""
        return self._engine

    @asynccontextmanager
    async def _reading(self) -> AsyncIterator[AsyncSession]:
        async with self._reads() as session:
            yield session

    @asynccontextmanager
    async def _writing(self) -> AsyncIterator[AsyncSession]:
        """One transaction: committed when the block ends, rolled back if it raises."""
        async with self._writes() as session, session.begin():
            yield session

    async def _first(self, query: Select[Any]) -> Row[Any] | None:
        """The first row `query` finds (None: none), read on its own."""
        async with self._reading() as session:
            row: Row[Any] | None = (await session.execute(query)).first()
        return row

    def _insert(self, table: Table) -> sqlite.Insert | postgresql.Insert:
        # Upserts are spelled per dialect; both dialects spell them the same way.
        if self._dialect == "postgresql":
            return postgresql.insert(table)
        if self._dialect == "sqlite":
            return sqlite.insert(table)
        raise NotImplementedError(f"the store speaks SQLite and PostgreSQL, not {self._dialect}")

    # Players

    async def upsert_player(self, user_id: int, display_name: str, seen_at: datetime | None = None) -> None:
        """Remember a player's current name and that they were seen (now, unless `seen_at`)."""
        async with self._writing() as session:
            seen = _aware(seen_at, "seen_at") if seen_at else utc_now()
            await self._upsert_players(session, [(user_id, display_name, seen)])

    async def get_player(self, user_id: int) -> PlayerRecord | None:
        row = await self._first(select(player_t).where(player_t.c.user_id == user_id))
        return None if row is None else _record(PlayerRecord, row)

    async def rename_player(self, user_id: int, display_name: str) -> bool:
        """A player's stored name, the one boards show, made `display_name` when they have a
        row and it differs; nobody is added. True if it changed."""
        name = display_name[:NAME_LENGTH]
        known = await self._first(select(player_t.c.display_name).where(player_t.c.user_id == user_id))
        if known is None or known.display_name == name:
            return False
        async with self._writing() as session:
            rename = update(player_t).where(player_t.c.user_id == user_id).values(display_name=name)
            await session.execute(rename)
        return True

    async def _upsert_players(
        self, session: AsyncSession, players: Sequence[tuple[int, str, datetime]]
    ) -> None:
        if not players:
            return
        insert = self._insert(player_t).values(
            [
                # Discord names are at most 32 characters; a longer one is cut, not refused.
                {"user_id": uid, "display_name": name[:NAME_LENGTH], "last_seen": seen}
                for uid, name, seen in players
            ]
        )
        # A result recorded late must not move "last seen" backwards.
        newest = case(
            (insert.excluded.last_seen > player_t.c.last_seen, insert.excluded.last_seen),
            else_=player_t.c.last_seen,
        )
        await session.execute(
            insert.on_conflict_do_update(
                index_elements=[player_t.c.user_id],
                set_={"display_name": insert.excluded.display_name, "last_seen": newest},
            )
        )

    # Running games

    async def save_running_game(
        self,
        game_id: str,
        *,
        kind: str,
        guild_id: int | None,
        channel_id: int,
        state: Mapping[str, Any],
        move_count: int,
        settings: Mapping[str, Any] | None = None,
        message_ids: Sequence[int] = (),
        deadline: datetime | None = None,
        user_ids: Iterable[int] = (),
        expected_move_count: int | None = None,
        seats_changed: bool = True,
        packed: str | None = None,
        solo_kind: str | None = None,
        puzzle_day: date | None = None,
    ) -> RunningGame:
        """Save a running game, creating or replacing its row; returns what was stored.

        `expected_move_count=None` writes unconditionally: fine when the caller serialises the
        saves of one game (its session lock). With an int, the save is a compare-and-set: it only
        replaces a stored game at exactly that move count, and raises `StaleGameSave` otherwise,
        so an older snapshot can never overwrite a newer one, lock or no lock.

        `seats_changed=False` says `user_ids` are those the last save stored: an ordinary move is
        then one UPDATE statement. `packed` is `pack_state(state)` when the caller made it already
        (a table keeps it, to rest as it was saved).

        `solo_kind` is the kind of a solo game while it is played (None at a table, and for a solo
        game's ending), written with its player's seat, so with `seats_changed` (a solo game's
        every save): the store holds one such game per player and kind, and refuses a save that
        would make a second with `SoloGameTaken`, whichever process saved the first, so two
        starts at once cannot both succeed.

        `puzzle_day` is the UTC day of the daily puzzle a solo game is, written with its seat
        too: while it is open its player's daily streak is read as its result may still make it
        (see `_current_streak`).
        """
        _fits(game_id, running_t.c.game_id, "game id")
        _fits(kind, running_t.c.kind, "kind")
        if solo_kind is not None:
            _fits(solo_kind, running_seat_t.c.solo_kind, "kind")
        if deadline is not None:
            _aware(deadline, "deadline")
        now = utc_now()
        seated = tuple(dict.fromkeys(user_ids))
        values: dict[str, Any] = {
            "kind": kind,
            "guild_id": guild_id,
            "channel_id": channel_id,
            "message_ids_json": _dump([int(message_id) for message_id in message_ids]),
            "state_json": pack_state(state) if packed is None else packed,
            "settings_json": _dump(dict(settings or {})),
            "deadline": deadline,
            "move_count": move_count,
            "updated_at": now,
        }
        if expected_move_count is not None and not seats_changed and self._dialect == "sqlite":
            # An ordinary move: its one UPDATE needs no transaction around it (see `_SaveOver`).
            if not await self._save_over(game_id, expected_move_count, values):
                raise StaleGameSave(game_id, expected_move_count, await self._move_count(game_id))
            return _saved_game(game_id, values, state, message_ids, deadline, seated)
        try:
            await self._save_running_game(
                game_id,
                values,
                seated,
                expected_move_count,
                seats_changed=seats_changed,
                solo_kind=solo_kind,
                puzzle_day=None if puzzle_day is None else _day(puzzle_day, "puzzle day"),
            )
        except IntegrityError as clash:
            # The one unique key a save can break (game ids are the primary key of an upsert,
            # seats are distinct): another game of this kind its player plays.
            if solo_kind is None:
                raise
            raise SoloGameTaken(game_id, seated[0], solo_kind) from clash
        return _saved_game(game_id, values, state, message_ids, deadline, seated)

    async def _save_running_game(
        self,
        game_id: str,
        values: Mapping[str, Any],
        seated: Sequence[int],
        expected_move_count: int | None,
        *,
        seats_changed: bool,
        solo_kind: str | None,
        puzzle_day: date | None,
    ) -> None:
        """The transaction of `save_running_game` (its fast path aside)."""
        # A connection, not an ORM session: a move's save is the bot's hottest write, and the
        # session's bookkeeping cost as much CPU as the UPDATE itself.
        async with self._write_engine.begin() as connection:
            # The game's row is written first: on PostgreSQL that row lock orders concurrent saves
            # of one game before they touch its seats.
            if expected_move_count is None:
                insert = self._insert(running_t).values(game_id=game_id, **values)
                await connection.execute(
                    insert.on_conflict_do_update(index_elements=[running_t.c.game_id], set_=values)
                )
            else:
                params = {f"new_{name}": value for name, value in values.items()}
                result = await connection.execute(
                    _SAVE_OVER, {"saved_id": game_id, "saved_count": expected_move_count, **params}
                )
                if result.rowcount != 1:
                    found = await connection.scalar(
                        select(running_t.c.move_count).where(running_t.c.game_id == game_id)
                    )
                    raise StaleGameSave(game_id, expected_move_count, found)
            if seats_changed:
                await self._replace_seats(connection, game_id, seated, solo_kind, puzzle_day)

    async def _save_over(self, game_id: str, expected_move_count: int, values: Mapping[str, Any]) -> bool:
        """The UPDATE of `_SAVE_OVER` on SQLite in one trip to the driver's thread; False when
        the row is not at `expected_move_count`."""
        async with self._saver_lock:
            if self._saver is None:
                self._saver = await _SaveOver.open(self._engine, self._write_listeners)
        return await self._saver.save(
            {"saved_id": game_id, "saved_count": expected_move_count}
            | {f"new_{name}": value for name, value in values.items()}
        )

    async def _move_count(self, game_id: str) -> int | None:
        async with self._engine.connect() as connection:
            found: int | None = await connection.scalar(
                select(running_t.c.move_count).where(running_t.c.game_id == game_id)
            )
        return found

    async def _replace_seats(
        self,
        session: AsyncConnection,
        game_id: str,
        seated: Sequence[int],
        solo_kind: str | None = None,
        puzzle_day: date | None = None,
    ) -> None:
        await session.execute(delete(running_seat_t).where(running_seat_t.c.game_id == game_id))
        if seated:
            await session.execute(
                running_seat_t.insert().values(
                    [
                        {
                            "game_id": game_id,
                            "user_id": uid,
                            "position": position,
                            "solo_kind": solo_kind,
                            "puzzle_day": puzzle_day,
                        }
                        for position, uid in enumerate(seated)
                    ]
                )
            )

    async def load_running_games(self, kind: str | None = None) -> list[RunningGame | CorruptRunningGame]:
        """Every running game (of one kind, if given), oldest id first.

        A row that cannot be read back comes as a `CorruptRunningGame` (and is logged) instead of
        stopping the others: the caller closes it and says so in its channel.
        """
        games = select(running_t).order_by(running_t.c.game_id)
        if kind is not None:
            games = games.where(running_t.c.kind == kind)
        async with self._reading() as session:
            rows = (await session.execute(games)).all()
            seated = await _seated(session, kind)
        return [_running_game(row, tuple(seated[row.game_id])) for row in rows]

    async def packed_running_games(self, kind: str) -> list[PackedRunningGame]:
        """Every running game of `kind` with its state left packed, as a process starting up keeps
        them until each is first needed (`unpack_state` reads one; a damaged one is found then).
        Two plain queries and no parsing: 10,000 games come back in a fraction of a second."""
        games = (
            select(
                running_t.c.game_id,
                running_t.c.guild_id,
                running_t.c.channel_id,
                running_t.c.deadline,
                running_t.c.state_json,
            )
            .where(running_t.c.kind == kind)
            .order_by(running_t.c.game_id)
        )
        async with self._reading() as session:
            rows = (await session.execute(games)).all()
            seated = await _seated(session, kind)
        return [
            PackedRunningGame(
                game_id=game_id,
                guild_id=guild_id,
                channel_id=channel_id,
                deadline=deadline,
                user_ids=tuple(seated[game_id]),
                packed=packed,
            )
            for game_id, guild_id, channel_id, deadline, packed in rows
        ]

    async def running_game_exists(self, game_id: str) -> bool:
        """Whether a running game (of any kind, held by any process) has this id."""
        async with self._reading() as session:
            found = await session.scalar(select(running_t.c.game_id).where(running_t.c.game_id == game_id))
        return found is not None

    async def get_running_game(self, game_id: str) -> RunningGame | CorruptRunningGame | None:
        async with self._reading() as session:
            row = (await session.execute(select(running_t).where(running_t.c.game_id == game_id))).first()
            if row is None:
                return None
            user_ids = (
                await session.scalars(
                    select(running_seat_t.c.user_id)
                    .where(running_seat_t.c.game_id == game_id)
                    .order_by(running_seat_t.c.position)
                )
            ).all()
        return _running_game(row, tuple(user_ids))

    async def delete_running_game(self, game_id: str) -> bool:
        """Forget a running game (it ended); False if there was none."""
        async with self._writing() as session:
            await session.execute(delete(running_seat_t).where(running_seat_t.c.game_id == game_id))
            result = await session.execute(delete(running_t).where(running_t.c.game_id == game_id))
        return bool(result.rowcount)  # type: ignore[attr-defined]

    async def running_game_ids_for_user(self, user_id: int, kind: str | None = None) -> tuple[str, ...]:
        """The running games a user sits at (of one kind, if given): end them before
        `forget_user`."""
        query = select(running_seat_t.c.game_id).where(running_seat_t.c.user_id == user_id)
        if kind is not None:
            query = query.where(
                running_seat_t.c.game_id.in_(select(running_t.c.game_id).where(running_t.c.kind == kind))
            )
        async with self._reading() as session:
            ids = await session.scalars(query.order_by(running_seat_t.c.game_id))
            return tuple(ids)

    # Finished games and leaderboards

    async def record_finished_game(
        self,
        *,
        kind: str,
        ruleset: str,
        guild_id: int | None,
        channel_id: int,
        finished_at: datetime,
        seats: Sequence[SeatResult],
        record: GameRecord | None = None,
        table_id: str | None = None,
        ends: str | None = None,
    ) -> int | None:
        """Record a finished game and its players' results in one transaction; returns its id.
        With `record`, the game can be replayed later; with `table_id` (the game id its table's
        controls carried), found by `finished_game_of_table`. With `ends`, running game `ends`
        ends in the same transaction, and nothing is recorded (None) when it is gone already:
        its result was recorded by an earlier try, or by another process."""
        _check_finished(kind, ruleset, finished_at, seats, table_id)
        row = _finished_row(kind, ruleset, guild_id, channel_id, finished_at, record, table_id)
        async with self._writing() as session:
            if ends is not None and not await self._end_running(session, ends, [s.user_id for s in seats]):
                return None
            return await self._insert_finished(session, row, seats)

    async def _insert_finished(
        self, session: AsyncSession, row: Mapping[str, Any], seats: Sequence[SeatResult]
    ) -> int:
        """Insert a finished game's `row` (`_finished_row`) and its seats; returns its id."""
        finished_at = row["finished_at"]
        await self._upsert_players(
            session,
            sorted((seat.user_id, seat.display_name, finished_at) for seat in seats),
        )
        game_id = await session.scalar(finished_t.insert().values(row).returning(finished_t.c.id))
        await session.execute(
            seat_t.insert().values(
                [
                    {
                        "finished_game_id": game_id,
                        "seat": seat.seat,
                        "user_id": seat.user_id,
                        "points": seat.points,
                        "won": seat.won,
                        "team": seat.team,
                    }
                    for seat in seats
                ]
            )
        )
        assert game_id is not None
        return int(game_id)

    async def _end_running(self, session: AsyncSession, game_id: str, user_ids: Sequence[int]) -> bool:
        """Delete running game `game_id` in `session`'s transaction, so that what the caller
        counts with it is counted exactly once: False when it was gone already (counted by an
        earlier try, or by another process), and the caller counts nothing. The players' rows
        are locked first, in order, as every unit of work writing for a player does (see
        `forget_user`)."""
        await session.execute(
            select(player_t.c.user_id)
            .where(player_t.c.user_id.in_(sorted(set(user_ids))))
            .order_by(player_t.c.user_id)
            .with_for_update()
        )
        await session.execute(delete(running_seat_t).where(running_seat_t.c.game_id == game_id))
        result = await session.execute(delete(running_t).where(running_t.c.game_id == game_id))
        return bool(result.rowcount)  # type: ignore[attr-defined]

    async def finished_games(
        self,
        kind: str | Sequence[str],
        *,
        guild_id: int | None = None,
        user_id: int | None = None,
        limit: int = 10,
    ) -> tuple[FinishedGameSummary, ...]:
        """The last finished games of `kind` (or of any of several kinds), newest first: in one
        server, or one player's."""
        _check_page(limit, 0)
        kinds = (kind,) if isinstance(kind, str) else tuple(kind)
        query = select(*_SUMMARY_COLUMNS).where(finished_t.c.kind.in_(kinds))
        if guild_id is not None:
            query = query.where(finished_t.c.guild_id == guild_id)
        if user_id is not None:
            query = query.where(
                finished_t.c.id.in_(select(seat_t.c.finished_game_id).where(seat_t.c.user_id == user_id))
            )
        query = query.order_by(finished_t.c.finished_at.desc(), finished_t.c.id.desc()).limit(limit)
        async with self._reading() as session:
            rows = (await session.execute(query)).all()
            seats = await self._finished_seats(session, [row.id for row in rows])
        return tuple(_summary(row, seats[row.id]) for row in rows)

    async def finished_game(self, game_id: int) -> tuple[FinishedGameSummary, GameRecord | None] | None:
        """One finished game and what replays it (None for a game finished before replays
        were kept, or whose record cannot be read back); None when there is no such game."""
        async with self._reading() as session:
            row = (
                await session.execute(
                    select(
                        *_SUMMARY_COLUMNS,
                        finished_t.c.seed,
                        finished_t.c.rules_json,
                        finished_t.c.log_json,
                    ).where(finished_t.c.id == game_id)
                )
            ).first()
            if row is None:
                return None
            seats = await self._finished_seats(session, [game_id])
        return _summary(row, seats[game_id]), _game_record(row)

    async def finished_game_of_table(self, table_id: str, channel_id: int) -> int | None:
        """The id of the last finished game of the table `table_id` in channel `channel_id`;
        None when none was recorded (a table ended unwon, or finished before its id was kept).
        The channel tells apart tables that carried the same id (see `FinishedGame.table_id`)."""
        query = (
            select(finished_t.c.id)
            .where(finished_t.c.table_id == table_id, finished_t.c.channel_id == channel_id)
            .order_by(finished_t.c.id.desc())
            .limit(1)
        )
        async with self._reading() as session:
            return await session.scalar(query)

    async def game_records(self, game_ids: Sequence[int]) -> dict[int, GameRecord]:
        """What replays each of the finished games `game_ids`, by id; a game without one (or
        with one that cannot be read back) is left out."""
        if not game_ids:
            return {}
        query = select(
            finished_t.c.id,
            finished_t.c.seed,
            finished_t.c.rules_json,
            finished_t.c.log_json,
            finished_t.c.rounds,
            finished_t.c.seat_count,
        ).where(finished_t.c.id.in_(game_ids))
        async with self._reading() as session:
            rows = (await session.execute(query)).all()
        records = {row.id: _game_record(row) for row in rows}
        return {game_id: record for game_id, record in records.items() if record is not None}

    async def _finished_seats(
        self, session: AsyncSession, game_ids: Sequence[int]
    ) -> dict[int, list[FinishedSeat]]:
        seats: dict[int, list[FinishedSeat]] = defaultdict(list)
        if not game_ids:
            return seats
        rows = await session.execute(
            select(seat_t, player_t.c.display_name)
            .join(player_t, player_t.c.user_id == seat_t.c.user_id)
            .where(seat_t.c.finished_game_id.in_(game_ids))
            .order_by(seat_t.c.finished_game_id, seat_t.c.seat)
        )
        for row in rows:
            seats[row.finished_game_id].append(
                FinishedSeat(row.seat, row.user_id, row.display_name, row.points, row.won, row.team)
            )
        return seats

    async def _ranked_page(
        self,
        query: Select[Any],
        order: Sequence[ColumnElement[Any]],
        counted: Select[Any],
        limit: int,
        offset: int,
        kind: type[_Record],
    ) -> Page[_Record]:
        """One page of a board: `query`'s rows in `order` as `kind` records, ranked on its first
        key (ties share a rank: "1, 1, 3"), and how many rows `counted` finds on all pages."""
        page = (
            query.add_columns(func.rank().over(order_by=order[0]).label("rank"))
            .order_by(*order)
            .limit(limit)
            .offset(offset)
        )
        async with self._reading() as session:
            rows = (await session.execute(page)).all()
            total = await session.scalar(counted)
        return Page(rows=tuple(_record(kind, row) for row in rows), total=int(total or 0))

    async def leaderboard(
        self,
        kind: str,
        guild_id: int | None,
        metric: LeaderboardMetric,
        *,
        min_games: int = 1,
        limit: int = 10,
        offset: int = 0,
    ) -> LeaderboardPage:
        """One page of a kind of game's players, best first, in one server or (None) everywhere.

        Only players with at least `min_games` games count. Ties share a rank on the metric ("1, 1,
        3"); within a tie the order is still total, so paging never skips or repeats anyone.
        """
        _check_page(limit, offset)
        totals = (
            _seat_totals(seat_t.c.user_id).where(finished_t.c.kind == kind).having(func.count() >= min_games)
        )
        if guild_id is not None:
            totals = totals.where(finished_t.c.guild_id == guild_id)
        agg = totals.subquery("totals")
        win_rate = (sql_cast(agg.c.wins, Float) / agg.c.games).label("win_rate")
        order: list[ColumnElement[Any]]
        if metric == "wins":
            order = [agg.c.wins.desc(), agg.c.points.desc(), agg.c.games.asc()]
        elif metric == "points":
            order = [agg.c.points.desc(), agg.c.wins.desc(), agg.c.games.asc()]
        elif metric == "win_rate":
            order = [win_rate.desc(), agg.c.games.desc()]
        else:
            raise ValueError(f"unknown leaderboard metric {metric!r}")
        players = select(
            agg.c.user_id, player_t.c.display_name, agg.c.games, agg.c.wins, agg.c.points, win_rate
        ).join(player_t, player_t.c.user_id == agg.c.user_id)
        counted = select(func.count()).select_from(agg)
        return await self._ranked_page(
            players, [*order, agg.c.user_id.asc()], counted, limit, offset, LeaderboardRow
        )

    async def player_stats(self, user_id: int, guild_id: int | None = None) -> PlayerStats:
        """Games, wins, points, win rate and best game per kind: one server, or (None) all."""
        scope = [seat_t.c.user_id == user_id]
        if guild_id is not None:
            scope.append(finished_t.c.guild_id == guild_id)
        per_kind = _seat_totals(finished_t.c.kind).where(*scope)
        # The best game: most points, the earliest of equals (it set the record first).
        ranked = (
            select(
                finished_t.c.kind,
                finished_t.c.id,
                finished_t.c.finished_at,
                seat_t.c.points,
                func.row_number()
                .over(
                    partition_by=finished_t.c.kind,
                    order_by=[
                        seat_t.c.points.desc(),
                        finished_t.c.finished_at.asc(),
                        finished_t.c.id.asc(),
                    ],
                )
                .label("place"),
            )
            .join(finished_t, finished_t.c.id == seat_t.c.finished_game_id)
            .where(*scope)
            .subquery("ranked")
        )
        best = select(ranked.c.kind, ranked.c.id, ranked.c.finished_at, ranked.c.points).where(
            ranked.c.place == 1
        )
        async with self._reading() as session:
            name = await session.scalar(select(player_t.c.display_name).where(player_t.c.user_id == user_id))
            totals = (await session.execute(per_kind)).all()
            bests = {row.kind: row for row in await session.execute(best)}
        kinds = tuple(
            KindStats(
                kind=row.kind,
                games=int(row.games),
                wins=int(row.wins),
                points=int(row.points),
                win_rate=int(row.wins) / int(row.games),
                best_points=bests[row.kind].points,
                best_game_id=bests[row.kind].id,
                best_game_at=bests[row.kind].finished_at,
            )
            for row in sorted(totals, key=lambda row: row.kind)
        )
        return PlayerStats(user_id=user_id, display_name=name, kinds=kinds)

    # Solo games

    async def record_solo_result(
        self,
        user_id: int,
        kind: str,
        variant: str,
        won: bool,
        *,
        display_name: str | None = None,
        finished_at: datetime | None = None,
    ) -> SoloStats:
        """Count a solo game won or lost; returns the player's updated stats for that variant."""
        _fits(kind, solo_t.c.kind, "kind")
        _fits(variant, solo_t.c.variant, "variant")
        at = _aware(finished_at, "finished_at") if finished_at else utc_now()
        async with self._writing() as session:
            return await self._count_solo(session, user_id, kind, variant, won, display_name, at)

    async def record_solo_game(
        self,
        game_id: str,
        *,
        kind: str,
        variant: str,
        guild_id: int | None,
        channel_id: int,
        finished_at: datetime,
        seat: SeatResult,
        record: GameRecord | None = None,
    ) -> SoloStats | None:
        """End running solo game `game_id` and count it, in one transaction: its running row is
        deleted, its result (`seat`) counts in its player's streaks for `variant`, and with
        `record` it is kept to be replayed. None, and nothing counted, when no such game runs any
        more: it was counted already (before a failure, or by another process)."""
        _check_finished(kind, variant, finished_at, [seat], None)
        _fits(variant, solo_t.c.variant, "variant")
        async with self._writing() as session:
            if not await self._end_running(session, game_id, [seat.user_id]):
                return None
            if record is not None:
                row = _finished_row(kind, variant, guild_id, channel_id, finished_at, record, None)
                await self._insert_finished(session, row, [seat])
            return await self._count_solo(
                session, seat.user_id, kind, variant, seat.won, seat.display_name, finished_at
            )

    async def _count_solo(
        self,
        session: AsyncSession,
        user_id: int,
        kind: str,
        variant: str,
        won: bool,
        display_name: str | None,
        at: datetime,
    ) -> SoloStats:
        insert = self._insert(solo_t).values(
            user_id=user_id,
            kind=kind,
            variant=variant,
            games=1,
            wins=int(won),
            current_streak=int(won),
            best_streak=int(won),
            updated_at=at,
        )
        # One atomic statement, computed from the stored row: two results at once both count.
        # (SET expressions read the row as it was before the update, on both backends.)
        if won:
            streak_set: dict[str, Any] = {
                "wins": solo_t.c.wins + 1,
                "current_streak": solo_t.c.current_streak + 1,
                "best_streak": case(
                    (
                        solo_t.c.current_streak + 1 > solo_t.c.best_streak,
                        solo_t.c.current_streak + 1,
                    ),
                    else_=solo_t.c.best_streak,
                ),
            }
        else:
            streak_set = {"current_streak": 0}
        upsert = insert.on_conflict_do_update(
            index_elements=[solo_t.c.user_id, solo_t.c.kind, solo_t.c.variant],
            set_={"games": solo_t.c.games + 1, "updated_at": at, **streak_set},
        )
        key = (solo_t.c.user_id == user_id, solo_t.c.kind == kind, solo_t.c.variant == variant)
        if display_name is not None:
            await self._upsert_players(session, [(user_id, display_name, at)])
        await session.execute(upsert)
        row = (await session.execute(select(solo_t).where(*key))).one()
        return _solo_stats(row)

    async def solo_stats(self, user_id: int, kind: str) -> tuple[SoloStats, ...]:
        """A player's solo stats for one game, one entry per variant played."""
        async with self._reading() as session:
            rows = await session.execute(
                select(solo_t)
                .where(solo_t.c.user_id == user_id, solo_t.c.kind == kind)
                .order_by(solo_t.c.variant)
            )
            return tuple(_solo_stats(row) for row in rows)

    async def solo_leaderboard(
        self,
        kind: str,
        variant: str,
        metric: SoloLeaderboardMetric,
        *,
        limit: int = 10,
        offset: int = 0,
    ) -> SoloLeaderboardPage:
        """One page of a solo variant's players, best first; ties share a rank on the metric."""
        _check_page(limit, offset)
        if metric == "best_streak":
            order = [solo_t.c.best_streak.desc(), solo_t.c.wins.desc(), solo_t.c.games.asc()]
        elif metric == "wins":
            order = [solo_t.c.wins.desc(), solo_t.c.best_streak.desc(), solo_t.c.games.asc()]
        else:
            raise ValueError(f"unknown solo leaderboard metric {metric!r}")
        scope = (solo_t.c.kind == kind, solo_t.c.variant == variant)
        players = (
            select(solo_t, player_t.c.display_name)
            .outerjoin(player_t, player_t.c.user_id == solo_t.c.user_id)
            .where(*scope)
        )
        counted = select(func.count()).select_from(solo_t).where(*scope)
        order.append(solo_t.c.user_id.asc())
        return await self._ranked_page(players, order, counted, limit, offset, SoloLeaderboardRow)

    # Team partners: read from the seat results, where `team` says who played together

    async def best_partners(
        self, user_id: int, *, guild_id: int | None = None, limit: int = 5
    ) -> tuple[PartnerStats, ...]:
        """The players `user_id` won most with, in finished team games: in one server or (None)
        everywhere. Order: wins, then win rate, then games (most first), then name."""
        _check_page(limit, 0)
        me, mate = seat_t.alias("me"), seat_t.alias("mate")
        together = (
            select(
                mate.c.user_id,
                func.count().label("games"),
                func.sum(case((or_(me.c.won, mate.c.won), 1), else_=0)).label("wins"),
            )
            .select_from(me)
            .join(mate, _same_team(me, mate))
            .where(me.c.user_id == user_id, mate.c.user_id != user_id)
            .group_by(mate.c.user_id)
        )
        if guild_id is not None:
            together = together.join(finished_t, finished_t.c.id == me.c.finished_game_id).where(
                finished_t.c.guild_id == guild_id
            )
        agg = together.subquery("together")
        query = (
            select(
                agg.c.user_id.label("partner_id"),
                player_t.c.display_name.label("partner_name"),
                agg.c.games,
                agg.c.wins,
            )
            .join(player_t, player_t.c.user_id == agg.c.user_id)
            .order_by(
                agg.c.wins.desc(),
                (sql_cast(agg.c.wins, Float) / agg.c.games).desc(),
                agg.c.games.desc(),
                *_by_name(player_t.c.display_name),
                agg.c.user_id.asc(),
            )
            .limit(limit)
        )
        async with self._reading() as session:
            rows = (await session.execute(query)).all()
        return tuple(_record(PartnerStats, row) for row in rows)

    async def partners_leaderboard(
        self,
        guild_id: int | None,
        *,
        limit: int = 10,
        offset: int = 0,
        min_games: int = 1,
    ) -> PartnershipPage:
        """One page of the pairs who played on one team, in one server or (None) everywhere.

        Order: wins, then win rate, then games (most first); pairs with fewer than `min_games`
        games together are left out. Ties share a rank on wins.
        """
        _check_page(limit, offset)
        one, two = seat_t.alias("one"), seat_t.alias("two")
        pairs = (
            select(
                one.c.user_id.label("first_id"),
                two.c.user_id.label("second_id"),
                func.count().label("games"),
                func.sum(case((or_(one.c.won, two.c.won), 1), else_=0)).label("wins"),
            )
            .select_from(one)
            # Each pair once, the smaller id first.
            .join(two, and_(_same_team(one, two), one.c.user_id < two.c.user_id))
            .group_by(one.c.user_id, two.c.user_id)
            .having(func.count() >= min_games)
        )
        if guild_id is not None:
            pairs = pairs.join(finished_t, finished_t.c.id == one.c.finished_game_id).where(
                finished_t.c.guild_id == guild_id
            )
        agg = pairs.subquery("pairs")
        first, second = player_t.alias("first_player"), player_t.alias("second_player")
        order = [
            agg.c.wins.desc(),
            (sql_cast(agg.c.wins, Float) / agg.c.games).desc(),
            agg.c.games.desc(),
        ]
        names = (first.c.display_name.label("first_name"), second.c.display_name.label("second_name"))
        pairs_named = (
            select(agg.c.first_id, agg.c.second_id, *names, agg.c.games, agg.c.wins)
            .join(first, first.c.user_id == agg.c.first_id)
            .join(second, second.c.user_id == agg.c.second_id)
        )
        order += [agg.c.first_id.asc(), agg.c.second_id.asc()]
        counted = select(func.count()).select_from(agg)
        return await self._ranked_page(pairs_named, order, counted, limit, offset, PartnershipRow)

    # Server settings for new UNO tables

    async def guild_uno_settings(self, guild_id: int) -> GuildUnoSettings | None:
        """The server's saved defaults, or None for the bot's own.

        Saved options that cannot be read back are logged and ignored (None): a damaged row
        must not stop anyone starting a table.
        """
        row = await self._first(select(guild_uno_t).where(guild_uno_t.c.guild_id == guild_id))
        if row is None:
            return None
        try:
            options = _json_field(row.options_json, dict, "options")
        except ValueError as error:
            log.error("server %s: saved UNO settings cannot be read back: %s", guild_id, error)
            return None
        return _record(GuildUnoSettings, row, options=options)

    async def set_guild_uno_settings(
        self, guild_id: int, ruleset: str, options: Mapping[str, Any], *, updated_by: int
    ) -> GuildUnoSettings:
        """Save a server's defaults (replacing any), as given: the caller validated them."""
        _fits(ruleset, guild_uno_t.c.ruleset, "ruleset")
        now = utc_now()
        values: dict[str, Any] = {
            "ruleset": ruleset,
            "options_json": _dump(dict(options)),
            "updated_by": updated_by,
            "updated_at": now,
        }
        insert = self._insert(guild_uno_t).values(guild_id=guild_id, **values)
        async with self._writing() as session:
            await session.execute(
                insert.on_conflict_do_update(index_elements=[guild_uno_t.c.guild_id], set_=values)
            )
        return GuildUnoSettings(
            guild_id=guild_id,
            ruleset=ruleset,
            # What a later read gives back (a tuple comes back as a list).
            options=json.loads(values["options_json"]),
            updated_by=updated_by,
            updated_at=now,
        )

    async def guild_table_place(self, guild_id: int) -> GuildTablePlace | None:
        row = await self._first(select(place_t).where(place_t.c.guild_id == guild_id))
        if row is None:
            return None
        ids = _json_field(row.channel_ids_json, list, "channel ids")
        return GuildTablePlace(row.guild_id, row.threads, tuple(int(i) for i in ids), row.role_id)

    async def set_guild_table_place(self, place: GuildTablePlace) -> None:
        values = {
            "threads": place.threads,
            "channel_ids_json": _dump(list(place.channel_ids)),
            "role_id": place.role_id,
            "updated_at": utc_now(),
        }
        async with self._writing() as session:
            await session.execute(
                self._insert(place_t)
                .values(guild_id=place.guild_id, **values)
                .on_conflict_do_update(index_elements=[place_t.c.guild_id], set_=values)
            )

    async def pictures_on(self, user_id: int, guild_id: int | None) -> bool:
        """Whether this player sees card pictures here: their own choice, else the server's
        default, else on."""
        async with self._reading() as session:
            mine = await session.scalar(
                select(user_pref_t.c.pictures).where(user_pref_t.c.user_id == user_id)
            )
            if mine is not None:
                return bool(mine)
            return await self._guild_switch(session, guild_id, guild_pref_t.c.pictures)

    async def guild_pictures_on(self, guild_id: int | None) -> bool:
        """The server's default for card pictures (on unless its admins switched them off)."""
        async with self._reading() as session:
            return await self._guild_switch(session, guild_id, guild_pref_t.c.pictures)

    async def _guild_switch(
        self, session: AsyncSession, guild_id: int | None, switch: ColumnElement[bool | None]
    ) -> bool:
        """One of a server's switches: on unless its admins switched it off (no row, NULL, or
        no server at all, is on)."""
        if guild_id is None:
            return True
        server = await session.scalar(select(switch).where(guild_pref_t.c.guild_id == guild_id))
        return True if server is None else bool(server)

    async def set_user_pictures(self, user_id: int, pictures: bool | None) -> None:
        """A player's own choice; None goes back to following the server."""
        insert = self._insert(user_pref_t).values(user_id=user_id, pictures=pictures)
        async with self._writing() as session:
            await session.execute(
                insert.on_conflict_do_update(
                    index_elements=[user_pref_t.c.user_id], set_={"pictures": pictures}
                )
            )

    async def turn_pings_on(self, user_id: int, guild_id: int | None) -> bool:
        """Whether this player is mentioned when their turn comes at a table of this server
        (None: their own choice alone): on unless they or the server switched it off."""
        async with self._reading() as session:
            mine = await session.scalar(
                select(user_pref_t.c.turn_pings).where(user_pref_t.c.user_id == user_id)
            )
            if mine is not None and not mine:
                return False
            return await self._guild_switch(session, guild_id, guild_pref_t.c.turn_pings)

    async def guild_turn_pings_on(self, guild_id: int | None) -> bool:
        """Whether this server lets the bot ping anyone (on unless its admins switched it off)."""
        async with self._reading() as session:
            return await self._guild_switch(session, guild_id, guild_pref_t.c.turn_pings)

    async def set_user_turn_pings(self, user_id: int, on: bool) -> None:
        """A player's own choice; their picture choice stays as it was."""
        insert = self._insert(user_pref_t).values(user_id=user_id, turn_pings=on)
        async with self._writing() as session:
            await session.execute(
                insert.on_conflict_do_update(index_elements=[user_pref_t.c.user_id], set_={"turn_pings": on})
            )

    async def set_guild_pictures(self, guild_id: int, pictures: bool) -> None:
        await self._set_guild_preference(guild_id, pictures=pictures)

    async def set_guild_turn_pings(self, guild_id: int, on: bool) -> None:
        await self._set_guild_preference(guild_id, turn_pings=on)

    async def _set_guild_preference(self, guild_id: int, **choice: bool) -> None:
        """One of a server's choices; the others stay as they were."""
        insert = self._insert(guild_pref_t).values(guild_id=guild_id, **choice)
        async with self._writing() as session:
            await session.execute(
                insert.on_conflict_do_update(index_elements=[guild_pref_t.c.guild_id], set_=choice)
            )

    async def clear_guild_uno_settings(self, guild_id: int) -> bool:
        """Back to the bot's defaults; False if the server had none saved."""
        async with self._writing() as session:
            result = await session.execute(delete(guild_uno_t).where(guild_uno_t.c.guild_id == guild_id))
        return bool(result.rowcount)  # type: ignore[attr-defined]

    async def forget_guild(self, guild_id: int) -> bool:
        """Delete everything a server's admins set (its rules, where its tables run, its
        pictures and turn pings): the bot left that server, so nothing needs them any more.
        The games played there stay: they are their players' records. False if it had none."""
        async with self._writing() as session:
            deleted = 0
            for table in _SERVER_SETTINGS:
                result = await session.execute(delete(table).where(table.c.guild_id == guild_id))
                deleted += result.rowcount  # type: ignore[attr-defined]
        if deleted:
            log.info("forgot the settings of server %s", guild_id)
        return bool(deleted)

    async def guilds_with_settings(self) -> tuple[int, ...]:
        """Every server that has something set, each once, in id order."""
        first, *others = (select(table.c.guild_id) for table in _SERVER_SETTINGS)
        query = first.union(*others).order_by("guild_id")
        async with self._reading() as session:
            return tuple(await session.scalars(query))

    # Puzzles

    async def record_daily_puzzle(
        self,
        user_id: int,
        name: str,
        day: date,
        *,
        solved: bool,
        moves: int,
        undos: int,
        today: date | None = None,
        ends: str | None = None,
    ) -> PuzzleStats:
        """Record a player's result for the puzzle of `day` (UTC); returns their puzzle stats.

        The first result of a day stands: a second one for the same day changes nothing. The
        streaks are worked out again from all the player's days, so a result recorded late (or
        across a month or a year) lands where its day is. `today` (default: the UTC date now) is
        the day the returned current streak is measured against. With `ends`, the running game
        it is the result of ends in the same transaction, and nothing is recorded when that
        game is gone already (see `record_solo_game`).
        """
        day = _day(day, "day")
        if moves < 0 or undos < 0:
            raise ValueError(f"moves and undos count up from 0, not {moves} and {undos}")
        now = utc_now()
        mine = daily_t.c.user_id == user_id
        async with self._writing() as session:
            if ends is not None and not await self._end_running(session, ends, [user_id]):
                return await self._read_puzzle_stats(session, user_id, today)
            await self._upsert_players(session, [(user_id, name, now)])
            await self._lock_puzzle_stats(session, user_id, now)
            added = await session.scalar(
                self._insert(daily_t)
                .values(
                    user_id=user_id,
                    day=day,
                    solved=solved,
                    moves=moves,
                    undos=undos,
                    recorded_at=now,
                )
                .on_conflict_do_nothing(index_elements=[daily_t.c.user_id, daily_t.c.day])
                .returning(daily_t.c.day)
            )
            if added is not None:
                days = (
                    await session.execute(
                        select(daily_t.c.day, daily_t.c.solved).where(mine).order_by(daily_t.c.day)
                    )
                ).all()
                await session.execute(
                    update(puzzle_t)
                    .where(puzzle_t.c.user_id == user_id)
                    .values(updated_at=now, **_daily_totals([(d, bool(s)) for d, s in days]))
                )
            return await self._read_puzzle_stats(session, user_id, today)

    async def record_practice_puzzle(
        self, user_id: int, name: str, *, solved: bool, today: date | None = None, ends: str | None = None
    ) -> PuzzleStats:
        """Count a practice puzzle (`/puzzle random`): no streak, just totals. With `ends`, as
        `record_daily_puzzle`: counted once with the end of its running game."""
        now = utc_now()
        insert = self._insert(puzzle_t).values(
            _empty_puzzle_stats(user_id, now, practice_attempted=1, practice_solved=int(solved))
        )
        upsert = insert.on_conflict_do_update(
            index_elements=[puzzle_t.c.user_id],
            set_={
                "practice_attempted": puzzle_t.c.practice_attempted + 1,
                "practice_solved": puzzle_t.c.practice_solved + int(solved),
                "updated_at": now,
            },
        )
        async with self._writing() as session:
            if ends is None or await self._end_running(session, ends, [user_id]):
                await self._upsert_players(session, [(user_id, name, now)])
                await session.execute(upsert)
            return await self._read_puzzle_stats(session, user_id, today)

    async def puzzle_stats(self, user_id: int, *, today: date | None = None) -> PuzzleStats:
        """A player's puzzle stats (all zero for someone who never played one)."""
        async with self._reading() as session:
            return await self._read_puzzle_stats(session, user_id, today)

    async def _read_puzzle_stats(
        self, session: AsyncSession, user_id: int, today: date | None
    ) -> PuzzleStats:
        current = _current_streak(_today(today)).label("current_streak")
        row = (
            await session.execute(
                select(*(c for c in puzzle_t.c if c.name != "current_streak"), current).where(
                    puzzle_t.c.user_id == user_id
                )
            )
        ).first()
        if row is None:
            return PuzzleStats(
                user_id=user_id,
                solved=0,
                attempted=0,
                current_streak=0,
                best_streak=0,
                last_solved=None,
                practice_solved=0,
                practice_attempted=0,
            )
        return _record(PuzzleStats, row)

    async def daily_puzzle_result(self, user_id: int, day: date) -> bool | None:
        """Did the player solve the puzzle of `day`? None if they have no result that day."""
        async with self._reading() as session:
            solved = await session.scalar(
                select(daily_t.c.solved).where(
                    daily_t.c.user_id == user_id, daily_t.c.day == _day(day, "day")
                )
            )
        return None if solved is None else bool(solved)

    async def puzzle_leaderboard(
        self, *, limit: int = 10, offset: int = 0, today: date | None = None
    ) -> PuzzleLeaderboardPage:
        """Everyone who played a daily puzzle, by best streak, then puzzles solved, then name.

        Ties share a rank on the best streak. The current streak is measured against `today`
        (default: the UTC date now).
        """
        _check_page(limit, offset)
        order = [
            puzzle_t.c.best_streak.desc(),
            puzzle_t.c.solved.desc(),
            *_by_name(player_t.c.display_name),
        ]
        played = puzzle_t.c.attempted > 0
        streak = _current_streak(_today(today)).label("current_streak")
        best = puzzle_t.c.best_streak, puzzle_t.c.solved
        players = (
            select(puzzle_t.c.user_id, player_t.c.display_name.label("name"), streak, *best)
            .join(player_t, player_t.c.user_id == puzzle_t.c.user_id)
            .where(played)
        )
        counted = select(func.count()).select_from(puzzle_t).where(played)
        order.append(puzzle_t.c.user_id.asc())
        return await self._ranked_page(players, order, counted, limit, offset, PuzzleLeaderboardRow)

    async def _lock_puzzle_stats(self, session: AsyncSession, user_id: int, now: datetime) -> None:
        """Make sure the player's puzzle row exists, and hold it until the transaction ends.

        On PostgreSQL two results of one player at once then run one after the other, so the
        second sees the first's day when it works out the streaks (SQLite has one writer anyway).
        """
        insert = self._insert(puzzle_t).values(_empty_puzzle_stats(user_id, now))
        await session.execute(
            insert.on_conflict_do_update(
                index_elements=[puzzle_t.c.user_id],
                set_={"updated_at": puzzle_t.c.updated_at},
            )
        )

    # Privacy

    async def forget_user(self, user_id: int) -> tuple[str, ...]:
        """Delete every row naming the user, in one transaction; returns the running games removed.

        A running game they sat at is removed whole, since its state names them too. End those
        sessions first (`running_game_ids_for_user`): a session saving afterwards would write the
        user back; a compare-and-set save (`expected_move_count`) raises `StaleGameSave` instead.
        """
        async with self._writing() as session:
            # The player's row first, as every unit of work writing for a player does: on
            # PostgreSQL a result recorded meanwhile then waits instead of deadlocking with us.
            await session.execute(
                select(player_t.c.user_id).where(player_t.c.user_id == user_id).with_for_update()
            )
            game_ids = tuple(
                await session.scalars(
                    select(running_seat_t.c.game_id)
                    .where(running_seat_t.c.user_id == user_id)
                    .order_by(running_seat_t.c.game_id)
                )
            )
            if game_ids:
                await session.execute(delete(running_seat_t).where(running_seat_t.c.game_id.in_(game_ids)))
                await session.execute(delete(running_t).where(running_t.c.game_id.in_(game_ids)))
            await session.execute(delete(seat_t).where(seat_t.c.user_id == user_id))
            await session.execute(delete(solo_t).where(solo_t.c.user_id == user_id))
            await session.execute(delete(daily_t).where(daily_t.c.user_id == user_id))
            await session.execute(delete(puzzle_t).where(puzzle_t.c.user_id == user_id))
            await session.execute(delete(user_pref_t).where(user_pref_t.c.user_id == user_id))
            # A server's settings stay; only the name of the admin who saved them goes.
            await session.execute(
                update(guild_uno_t).where(guild_uno_t.c.updated_by == user_id).values(updated_by=None)
            )
            await session.execute(delete(player_t).where(player_t.c.user_id == user_id))
        log.info("forgot user %s; removed running games %s", user_id, list(game_ids))
        return game_ids

    # Finished games that are one player's alone (solo games and their replays)

    async def delete_players_games(self, user_id: int, kinds: Sequence[str]) -> int:
        """Delete the finished games that are `user_id`'s alone, whole (seed, log and result):
        those of `kinds` they played, and any other that no other person played (a table of
        computer players, which are not recorded); returns how many. Nobody else may see them,
        or wants to look back at them."""
        theirs = select(seat_t.c.finished_game_id).where(seat_t.c.user_id == user_id)
        someone_else = (
            select(seat_t.c.seat)
            .where(seat_t.c.finished_game_id == finished_t.c.id, seat_t.c.user_id != user_id)
            .exists()
        )
        alone = or_(finished_t.c.kind.in_(kinds), ~someone_else)
        async with self._writing() as session:
            game_ids = list(
                await session.scalars(select(finished_t.c.id).where(finished_t.c.id.in_(theirs), alone))
            )
            if game_ids:
                # The seats first: SQLite enforces no cascade unless asked to.
                await session.execute(delete(seat_t).where(seat_t.c.finished_game_id.in_(game_ids)))
                await session.execute(delete(finished_t).where(finished_t.c.id.in_(game_ids)))
        return len(game_ids)


# A move's save: built once, so that each save only binds its values (building and keying the
# statement anew cost about as much as running it).
_SAVE_OVER = (
    update(running_t)
    .where(running_t.c.game_id == bindparam("saved_id"), running_t.c.move_count == bindparam("saved_count"))
    .values(
        {
            name: bindparam(f"new_{name}")
            for name in (
                "kind",
                "guild_id",
                "channel_id",
                "message_ids_json",
                "state_json",
                "settings_json",
                "deadline",
                "move_count",
                "updated_at",
            )
        }
    )
)


class _SaveOver:
    """`_SAVE_OVER` sent straight to SQLite's driver on a connection the store keeps for it.

    Through SQLAlchemy, BEGIN, the UPDATE, COMMIT and the pool's rollback on return cost eight
    trips to aiosqlite's thread, each a wake-up of that thread and of the event loop: most of
    a move's time on a busy machine. One UPDATE in SQLite's autocommit mode (the engine turns
    the driver's own transactions off) is its own transaction: as atomic and, under
    synchronous=FULL, as durable as with BEGIN and COMMIT around it, and it takes the write
    lock before it reads, so the busy timeout applies. It is then one trip."""

    def __init__(
        self,
        connection: AsyncConnection,
        driver: Any,
        dialect: Any,
        listeners: Sequence[Callable[[str, Sequence[Any]], None]],
    ) -> None:
        compiled = _SAVE_OVER.compile(dialect=dialect)
        self.sql = compiled.string
        names = compiled.positiontup or ()
        # Each value as SQLAlchemy binds it for this column (datetimes as SQLite text).
        self.binds = [(name, compiled.binds[name].type.bind_processor(dialect)) for name in names]
        self.connection = connection
        self.driver = driver
        self.listeners = listeners

    @classmethod
    async def open(
        cls, engine: AsyncEngine, listeners: Sequence[Callable[[str, Sequence[Any]], None]]
    ) -> _SaveOver:
        connection = await engine.connect()
        raw = await connection.get_raw_connection()
        return cls(connection, raw.driver_connection, engine.dialect, listeners)

    async def save(self, values: Mapping[str, Any]) -> bool:
        parameters = [values[name] if bind is None else bind(values[name]) for name, bind in self.binds]
        for listener in self.listeners:
            listener(self.sql, parameters)
        cursor = await self.driver.execute(self.sql, parameters)
        return bool(cursor.rowcount == 1)

    async def close(self) -> None:
        await self.connection.close()


def _saved_game(
    game_id: str,
    values: Mapping[str, Any],
    state: Mapping[str, Any],
    message_ids: Sequence[int],
    deadline: datetime | None,
    seated: tuple[int, ...],
) -> RunningGame:
    return RunningGame(
        game_id=game_id,
        kind=values["kind"],
        guild_id=values["guild_id"],
        channel_id=values["channel_id"],
        message_ids=tuple(int(message_id) for message_id in message_ids),
        state=dict(state),
        settings=json.loads(values["settings_json"]),
        deadline=deadline.astimezone(UTC) if deadline is not None else None,
        move_count=values["move_count"],
        user_ids=seated,
        updated_at=values["updated_at"],
    )


_Record = TypeVar("_Record")
# A record's fields declared as these are made so: a database may hand a count, a sum, a rank or
# a comparison back as another kind of number (a Decimal, a 0 or 1).
_DECLARED: dict[object, Callable[[Any], Any]] = {"int": int, "float": float, "bool": bool}


def _record(kind: type[_Record], row: Any, **given: Any) -> _Record:
    """A record of `kind` (a dataclass of bot.store.records) from a result row whose columns
    bear its fields' names, but for the fields `given`."""
    values = dict(given)
    for field_ in fields(cast(Any, kind)):
        if field_.name not in values:
            value = getattr(row, field_.name)
            convert = _DECLARED.get(field_.type)
            values[field_.name] = value if convert is None or value is None else convert(value)
    return kind(**values)


def _message_ids(text: str) -> tuple[int, ...]:
    message_ids = _json_field(text, list, "message ids")
    if not all(type(message_id) is int for message_id in message_ids):
        raise ValueError("message ids: not all integers")
    return tuple(message_ids)


async def _seated(session: AsyncSession, kind: str | None) -> dict[str, list[int]]:
    """The members seated at every running game (of one kind, if given), by game id, in seat
    order: one query for them all, as the games are read back together."""
    seats = select(running_seat_t.c.game_id, running_seat_t.c.user_id).order_by(
        running_seat_t.c.game_id, running_seat_t.c.position
    )
    if kind is not None:
        seats = seats.where(
            running_seat_t.c.game_id.in_(select(running_t.c.game_id).where(running_t.c.kind == kind))
        )
    seated: dict[str, list[int]] = defaultdict(list)
    for game_id, user_id in await session.execute(seats):
        seated[game_id].append(user_id)
    return seated


def _running_game(row: Any, user_ids: tuple[int, ...]) -> RunningGame | CorruptRunningGame:
    try:
        message_ids = _message_ids(row.message_ids_json)
        state = unpack_state(row.state_json)
        settings = _json_field(row.settings_json, dict, "settings")
    except ValueError as error:
        log.error(
            "running game %s (%s, channel %s) cannot be read back: %s",
            row.game_id,
            row.kind,
            row.channel_id,
            error,
        )
        try:
            # The messages are still worth knowing when only the state is damaged.
            message_ids = _message_ids(row.message_ids_json)
        except ValueError:
            message_ids = ()
        return _record(CorruptRunningGame, row, message_ids=message_ids, user_ids=user_ids, error=str(error))
    return _record(
        RunningGame, row, message_ids=message_ids, state=state, settings=settings, user_ids=user_ids
    )


_SUMMARY_COLUMNS = (
    finished_t.c.id,
    finished_t.c.kind,
    finished_t.c.ruleset,
    finished_t.c.guild_id,
    finished_t.c.channel_id,
    finished_t.c.finished_at,
    finished_t.c.rounds,
    finished_t.c.seat_count,
    finished_t.c.log_json.is_not(None).label("replayable"),
)


def _check_finished(
    kind: str, ruleset: str, finished_at: datetime, seats: Sequence[SeatResult], table_id: str | None
) -> None:
    """Refuse a finished game the store cannot keep, before anything is written."""
    _aware(finished_at, "finished_at")
    _fits(kind, finished_t.c.kind, "kind")
    _fits(ruleset, finished_t.c.ruleset, "ruleset")
    if table_id is not None:
        _fits(table_id, finished_t.c.table_id, "table_id")
    if not seats:
        raise ValueError("a finished game has at least one seat")
    if len({seat.user_id for seat in seats}) != len(seats):
        raise ValueError("a player sits at most once at a table")
    if len({seat.seat for seat in seats}) != len(seats):
        raise ValueError("two results for one seat")


def _finished_row(
    kind: str,
    ruleset: str,
    guild_id: int | None,
    channel_id: int,
    finished_at: datetime,
    record: GameRecord | None,
    table_id: str | None,
) -> dict[str, Any]:
    """A finished game's row as it is inserted."""
    return {
        "kind": kind,
        "ruleset": ruleset,
        "guild_id": guild_id,
        "channel_id": channel_id,
        "finished_at": finished_at,
        "table_id": table_id,
        **_record_columns(record),
    }


def _record_columns(record: GameRecord | None) -> dict[str, Any]:
    if record is None:
        return {}
    return {
        "seed": record.seed,
        "rules_json": _dump(record.rules),
        "log_json": _dump(record.log),
        "rounds": record.rounds,
        "seat_count": record.seat_count,
    }


def _summary(row: Any, seats: Sequence[FinishedSeat]) -> FinishedGameSummary:
    return _record(FinishedGameSummary, row, game_id=row.id, seats=tuple(seats))


def _game_record(row: Any) -> GameRecord | None:
    if row.log_json is None or row.seed is None or row.rules_json is None:
        return None
    try:
        rules = _json_field(row.rules_json, dict, "rules")
        game_log = _json_field(row.log_json, dict, "log")
    except ValueError as error:
        log.error("finished game %s: its record cannot be read back: %s", row.id, error)
        return None
    return GameRecord(
        seed=row.seed,
        rules=rules,
        log=game_log,
        rounds=row.rounds or 0,
        seat_count=row.seat_count or 0,
    )


def _solo_stats(row: Any) -> SoloStats:
    return _record(SoloStats, row)


def _seat_totals(key: ColumnElement[Any]) -> Select[Any]:
    """Per `key` (a player, a kind of game): the finished games' seats counted, won and their
    points summed."""
    return (
        select(
            key,
            func.count().label("games"),
            func.sum(case((seat_t.c.won, 1), else_=0)).label("wins"),
            func.sum(seat_t.c.points).label("points"),
        )
        .join(finished_t, finished_t.c.id == seat_t.c.finished_game_id)
        .group_by(key)
    )


def _by_name(name: ColumnElement[str]) -> tuple[ColumnElement[Any], ...]:
    """Names in alphabetical order whatever their case ("Amy, bob, Cleo"), on every backend:
    SQLite's binary collation would put every capital first ("Amy, Cleo, bob"), and PostgreSQL
    orders by its server's locale. Names differing only in case keep one order too."""
    return func.lower(name).asc(), name.asc()


def _same_team(one: Any, two: Any) -> ColumnElement[bool]:
    """Two seats of one finished game on one team (a NULL team is nobody's team)."""
    return and_(
        one.c.finished_game_id == two.c.finished_game_id,
        one.c.team.is_not(None),
        one.c.team == two.c.team,
    )


def _day(day: date, what: str) -> date:
    # A datetime is a date too, and would be stored with its time (or refused) by backend.
    if isinstance(day, datetime) or not isinstance(day, date):
        raise ValueError(f"{what} must be a date, not {day!r}")
    return day


def _today(today: date | None) -> date:
    return utc_now().date() if today is None else _day(today, "today")


def _empty_puzzle_stats(user_id: int, now: datetime, **counts: int) -> dict[str, Any]:
    return {
        "user_id": user_id,
        "solved": 0,
        "attempted": 0,
        "current_streak": 0,
        "best_streak": 0,
        "last_solved": None,
        "last_played": None,
        "practice_solved": 0,
        "practice_attempted": 0,
        "updated_at": now,
        **counts,
    }


def _daily_totals(days: Sequence[tuple[date, bool]]) -> dict[str, Any]:
    """A player's daily totals and streaks from all their results, in day order.

    A streak is a run of solved days one calendar day apart (date arithmetic, so month and year
    ends are nothing special); a day missed or given up ends it.
    """
    best = run = 0
    last_solved: date | None = None
    for day, solved in days:
        if not solved:
            run = 0
            continue
        follows = last_solved is not None and day - last_solved == timedelta(days=1)
        run = run + 1 if follows else 1
        best = max(best, run)
        last_solved = day
    return {
        "solved": sum(solved for _, solved in days),
        "attempted": len(days),
        # The run ending at the last day played: 0 if that day was given up.
        "current_streak": run,
        "best_streak": best,
        "last_solved": last_solved,
        "last_played": days[-1][0] if days else None,
    }


def _current_streak(today: date) -> ColumnElement[int]:
    """A player's current daily streak read on `today`: the stored run, while it is alive. It is
    alive while its last day is today or yesterday (or, with a clock behind the puzzle's, later),
    and while it ended the day before yesterday if the player's puzzle of yesterday is still
    open: finished today, it counts for its own day and extends the run, so the run is not
    broken yet. A day missed before that breaks it."""
    yesterday = today - timedelta(days=1)
    open_yesterday = (
        select(running_seat_t.c.game_id)
        .where(running_seat_t.c.user_id == puzzle_t.c.user_id, running_seat_t.c.puzzle_day == yesterday)
        .exists()
    )
    alive = or_(
        puzzle_t.c.last_played >= yesterday,
        and_(puzzle_t.c.last_played == yesterday - timedelta(days=1), open_yesterday),
    )
    return case((alive, puzzle_t.c.current_streak), else_=0)
