"""The tables. Only `bot.store` imports this module: everything else talks to `Store`."""

from __future__ import annotations

from datetime import UTC
from datetime import date
from datetime import datetime
from typing import Any

from sqlalchemy import BigInteger
from sqlalchemy import Boolean
from sqlalchemy import Column
from sqlalchemy import Date
from sqlalchemy import DateTime
from sqlalchemy import ForeignKey
from sqlalchemy import Index
from sqlalchemy import Integer
from sqlalchemy import MetaData
from sqlalchemy import String
from sqlalchemy import Text
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import registry
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field
from sqlmodel import SQLModel

# Explicit constraint names keep migrations (and SQLite's batch mode) reproducible on every backend.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# Our own metadata, so a table defined elsewhere on SQLModel's default registry never leaks into
# the store's migrations or its schema check.
store_registry = registry(metadata=MetaData(naming_convention=NAMING_CONVENTION))
SOLO_GAME_INDEX = "ux_running_game_seat_user_id_solo_kind"


class UTCDateTime(TypeDecorator[datetime]):
    """An aware UTC datetime on every backend.

    SQLite keeps no time zone, PostgreSQL answers in the session's zone: both come back as UTC.
    A naive datetime is refused rather than guessed.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None or value.utcoffset() is None:
            raise ValueError(f"naive datetime {value!r}: the store keeps aware UTC datetimes only")
        value = value.astimezone(UTC)
        # SQLite's DATETIME text has no offset; storing UTC wall time keeps ordering by text right.
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


def _snowflake(*args: Any, **kwargs: Any) -> Any:
    """A Discord id column: snowflakes exceed 2**31, so always BIGINT."""
    return Field(sa_column=Column(BigInteger, *args, **kwargs))


def _integer() -> Any:
    """A whole number every row holds: a count, a streak, points, a move number."""
    return Field(sa_column=Column(Integer, nullable=False))


def _utc(nullable: bool = False) -> Any:
    return Field(sa_column=Column(UTCDateTime(), nullable=nullable))


class StoreModel(SQLModel, registry=store_registry):
    pass


class Player(StoreModel, table=True):
    __tablename__ = "player"

    user_id: int = _snowflake(primary_key=True, autoincrement=False)
    display_name: str = Field(sa_column=Column(String(100), nullable=False))
    last_seen: datetime = _utc()


class RunningGameRow(StoreModel, table=True):
    """A game in progress: enough to rebuild its session after a restart."""

    __tablename__ = "running_game"

    game_id: str = Field(sa_column=Column(String(64), primary_key=True))
    kind: str = Field(sa_column=Column(String(16), nullable=False, index=True))
    guild_id: int | None = _snowflake(nullable=True)
    channel_id: int = _snowflake(nullable=False)
    # JSON kept as text and parsed row by row, so one damaged row cannot stop the others loading
    # (a JSON column would fail inside the driver, for the whole result).
    message_ids_json: str = Field(sa_column=Column(Text, nullable=False))
    state_json: str = Field(sa_column=Column(Text, nullable=False))
    settings_json: str = Field(sa_column=Column(Text, nullable=False))
    deadline: datetime | None = _utc(nullable=True)
    move_count: int = _integer()
    updated_at: datetime = _utc()


class RunningGameSeat(StoreModel, table=True):
    """Who sits at a running game: lets `forget_user` find the games that name a user."""

    __tablename__ = "running_game_seat"
    # One solo game of a kind being played per player, whichever process starts it: a second
    # start's first save is refused here, in the same transaction as the save, where a check
    # made beforehand could be passed by two starts at once.
    __table_args__ = (Index(SOLO_GAME_INDEX, "user_id", "solo_kind", unique=True),)

    game_id: str = Field(
        sa_column=Column(
            String(64),
            ForeignKey("running_game.game_id", ondelete="CASCADE"),
            primary_key=True,
        )
    )
    user_id: int = _snowflake(primary_key=True, autoincrement=False, index=True)
    # The order the caller gave the users in (seating order): loaded back in that order.
    position: int = _integer()
    # The kind of the solo game this player plays here while it is being played; NULL at a table
    # and once the solo game has ended (saved as ended, its result still to count), so NULLs,
    # which a unique index keeps apart, never clash.
    solo_kind: str | None = Field(default=None, sa_column=Column(String(16), nullable=True))
    # The UTC day of the daily puzzle this player plays here (NULL for any other game): a run of
    # solved days that ended the day before it stays alive while it is open, past midnight too,
    # since its result still counts for its own day.
    puzzle_day: date | None = Field(default=None, sa_column=Column(Date, nullable=True))


class FinishedGame(StoreModel, table=True):
    __tablename__ = "finished_game"
    __table_args__ = (Index("ix_finished_game_kind_guild_id", "kind", "guild_id"),)

    id: int | None = Field(default=None, sa_column=Column(Integer, primary_key=True, autoincrement=True))
    # The game id its table's controls carried while it ran, which a click left on them after a
    # restart finds it by (NULL for games finished before it was kept, and solo games). Unique
    # only among running games: a later table may carry it again.
    table_id: str | None = Field(default=None, sa_column=Column(String(64), nullable=True, index=True))
    kind: str = Field(sa_column=Column(String(16), nullable=False))
    ruleset: str = Field(sa_column=Column(String(64), nullable=False))
    guild_id: int | None = _snowflake(nullable=True)
    channel_id: int = _snowflake(nullable=False)
    finished_at: datetime = _utc()
    # What replays the game (all NULL for games finished before replays were kept): the seed
    # the game was dealt from, its rules' options, the engine's move log and the seating at the
    # deal (as result seats, never user ids: forgetting a player deletes their seat result only).
    seed: int | None = _snowflake(nullable=True)
    rules_json: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    log_json: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    rounds: int | None = Field(default=None, sa_column=Column(Integer, nullable=True))
    seat_count: int | None = Field(default=None, sa_column=Column(Integer, nullable=True))


class SeatResultRow(StoreModel, table=True):
    """One seat's result in a finished game."""

    __tablename__ = "seat_result"

    finished_game_id: int = Field(
        sa_column=Column(
            Integer,
            ForeignKey("finished_game.id", ondelete="CASCADE"),
            primary_key=True,
        )
    )
    seat: int = Field(sa_column=Column(Integer, primary_key=True, autoincrement=False))
    user_id: int = _snowflake(ForeignKey("player.user_id"), nullable=False, index=True)
    points: int = _integer()
    won: bool = Field(sa_column=Column(Boolean, nullable=False))
    team: int | None = Field(default=None, sa_column=Column(Integer, nullable=True))


class SoloStatRow(StoreModel, table=True):
    """Per player, solo game and variant: totals and win streaks."""

    __tablename__ = "solo_stat"
    __table_args__ = (Index("ix_solo_stat_kind_variant", "kind", "variant"),)

    user_id: int = _snowflake(primary_key=True, autoincrement=False)
    kind: str = Field(sa_column=Column(String(16), primary_key=True))
    variant: str = Field(sa_column=Column(String(64), primary_key=True))
    games: int = _integer()
    wins: int = _integer()
    current_streak: int = _integer()
    best_streak: int = _integer()
    updated_at: datetime = _utc()


class GuildUnoSettingsRow(StoreModel, table=True):
    """A server's defaults for new UNO tables, set by its admins with `/uno settings`."""

    __tablename__ = "guild_uno_settings"

    guild_id: int = _snowflake(primary_key=True, autoincrement=False)
    ruleset: str = Field(sa_column=Column(String(64), nullable=False))
    # Only the options that differ from the ruleset's preset; the caller validated them.
    options_json: str = Field(sa_column=Column(Text, nullable=False))
    # NULL once the admin who saved them asked to be forgotten: the server keeps its settings.
    updated_by: int | None = _snowflake(nullable=True)
    updated_at: datetime = _utc()


class GuildTablePlaceRow(StoreModel, table=True):
    """Where a server's UNO tables run: in threads or not, which channels (or categories) and
    which role is needed to start or join one. Set by its admins with `/uno settings`."""

    __tablename__ = "guild_table_place"

    guild_id: int = _snowflake(primary_key=True, autoincrement=False)
    threads: bool = Field(sa_column=Column(Boolean, nullable=False))
    # Channel or category ids, as a JSON list; empty for anywhere.
    channel_ids_json: str = Field(sa_column=Column(Text, nullable=False))
    role_id: int | None = _snowflake(nullable=True)
    updated_at: datetime = _utc()


class DailyPuzzleResultRow(StoreModel, table=True):
    """A player's result for one day's puzzle: the first result of a day stands."""

    __tablename__ = "daily_puzzle_result"

    user_id: int = _snowflake(ForeignKey("player.user_id"), primary_key=True, autoincrement=False)
    # The puzzle's UTC day, not the moment it was solved.
    day: date = Field(sa_column=Column(Date, primary_key=True))
    solved: bool = Field(sa_column=Column(Boolean, nullable=False))
    moves: int = _integer()
    undos: int = _integer()
    recorded_at: datetime = _utc()


class PuzzleStatRow(StoreModel, table=True):
    """Per player: daily puzzle totals and streaks (worked out from their daily results), and
    practice puzzles."""

    __tablename__ = "puzzle_stat"

    user_id: int = _snowflake(ForeignKey("player.user_id"), primary_key=True, autoincrement=False)
    solved: int = _integer()
    attempted: int = _integer()
    # The run of solved days ending at `last_played` (0 if that day was given up); whether it is
    # still alive depends on the day it is read, and on a puzzle of the next day still open, so
    # readers work it out (`_current_streak` in the repository).
    current_streak: int = _integer()
    best_streak: int = _integer()
    last_solved: date | None = Field(default=None, sa_column=Column(Date, nullable=True))
    last_played: date | None = Field(default=None, sa_column=Column(Date, nullable=True))
    practice_solved: int = _integer()
    practice_attempted: int = _integer()
    updated_at: datetime = _utc()


metadata = store_registry.metadata

# The tables themselves, for the repository's Core queries (SQLModel does not type `__table__`).
player_table = metadata.tables[Player.__tablename__]
running_game_table = metadata.tables[RunningGameRow.__tablename__]
running_game_seat_table = metadata.tables[RunningGameSeat.__tablename__]
finished_game_table = metadata.tables[FinishedGame.__tablename__]
seat_result_table = metadata.tables[SeatResultRow.__tablename__]
solo_stat_table = metadata.tables[SoloStatRow.__tablename__]
guild_uno_settings_table = metadata.tables[GuildUnoSettingsRow.__tablename__]
guild_table_place_table = metadata.tables[GuildTablePlaceRow.__tablename__]
daily_puzzle_result_table = metadata.tables[DailyPuzzleResultRow.__tablename__]
puzzle_stat_table = metadata.tables[PuzzleStatRow.__tablename__]


class UserPreferenceRow(StoreModel, table=True):
    """A player's own choices, set with `/preferences`; no row means the server's defaults."""

    __tablename__ = "user_preference"

    user_id: int = _snowflake(primary_key=True, autoincrement=False)
    # NULL: follow the server's default.
    pictures: bool | None = Field(sa_column=Column(Boolean, nullable=True))
    # Mentioned when their turn comes at a server table; NULL: on, the default.
    turn_pings: bool | None = Field(default=None, sa_column=Column(Boolean, nullable=True))


class GuildPreferenceRow(StoreModel, table=True):
    """A server's defaults for how the bot shows games, set by its admins; no row, or NULL, is
    on."""

    __tablename__ = "guild_preference"

    guild_id: int = _snowflake(primary_key=True, autoincrement=False)
    # The default for players without a choice of their own.
    pictures: bool | None = Field(default=None, sa_column=Column(Boolean, nullable=True))
    # Off beats each player's own choice: the pings are messages in the server's channels.
    turn_pings: bool | None = Field(default=None, sa_column=Column(Boolean, nullable=True))


user_preference_table = metadata.tables[UserPreferenceRow.__tablename__]
guild_preference_table = metadata.tables[GuildPreferenceRow.__tablename__]
