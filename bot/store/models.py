"""The tables. Only `bot.store` imports this module: everything else talks to `Store`."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import registry
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field, SQLModel

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
    move_count: int = Field(sa_column=Column(Integer, nullable=False))
    updated_at: datetime = _utc()


class RunningGameSeat(StoreModel, table=True):
    """Who sits at a running game: lets `forget_user` find the games that name a user."""

    __tablename__ = "running_game_seat"

    game_id: str = Field(
        sa_column=Column(
            String(64),
            ForeignKey("running_game.game_id", ondelete="CASCADE"),
            primary_key=True,
        )
    )
    user_id: int = _snowflake(primary_key=True, autoincrement=False, index=True)
    # The order the caller gave the users in (seating order): loaded back in that order.
    position: int = Field(sa_column=Column(Integer, nullable=False))


class FinishedGame(StoreModel, table=True):
    __tablename__ = "finished_game"
    __table_args__ = (Index("ix_finished_game_kind_guild_id", "kind", "guild_id"),)

    id: int | None = Field(
        default=None, sa_column=Column(Integer, primary_key=True, autoincrement=True)
    )
    kind: str = Field(sa_column=Column(String(16), nullable=False))
    ruleset: str = Field(sa_column=Column(String(64), nullable=False))
    guild_id: int | None = _snowflake(nullable=True)
    channel_id: int = _snowflake(nullable=False)
    finished_at: datetime = _utc()


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
    points: int = Field(sa_column=Column(Integer, nullable=False))
    won: bool = Field(sa_column=Column(Boolean, nullable=False))
    team: int | None = Field(default=None, sa_column=Column(Integer, nullable=True))


class SoloStatRow(StoreModel, table=True):
    """Per player, solo game and variant: totals and win streaks."""

    __tablename__ = "solo_stat"
    __table_args__ = (Index("ix_solo_stat_kind_variant", "kind", "variant"),)

    user_id: int = _snowflake(primary_key=True, autoincrement=False)
    kind: str = Field(sa_column=Column(String(16), primary_key=True))
    variant: str = Field(sa_column=Column(String(64), primary_key=True))
    games: int = Field(sa_column=Column(Integer, nullable=False))
    wins: int = Field(sa_column=Column(Integer, nullable=False))
    current_streak: int = Field(sa_column=Column(Integer, nullable=False))
    best_streak: int = Field(sa_column=Column(Integer, nullable=False))
    updated_at: datetime = _utc()


metadata = store_registry.metadata

# The tables themselves, for the repository's Core queries (SQLModel does not type `__table__`).
player_table = metadata.tables[Player.__tablename__]
running_game_table = metadata.tables[RunningGameRow.__tablename__]
running_game_seat_table = metadata.tables[RunningGameSeat.__tablename__]
finished_game_table = metadata.tables[FinishedGame.__tablename__]
seat_result_table = metadata.tables[SeatResultRow.__tablename__]
solo_stat_table = metadata.tables[SoloStatRow.__tablename__]
