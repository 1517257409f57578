"""Configuration, read from the environment and `.env` (see `.env.example`)."""

from __future__ import annotations

from typing import Annotated
from typing import Literal
from typing import Self

from pydantic import Field
from pydantic import field_validator
from pydantic import model_validator
from pydantic_settings import BaseSettings
from pydantic_settings import NoDecode
from pydantic_settings import SettingsConfigDict

# Seconds a /uno player may be given for a turn, by a table or as the bot's default.
MIN_TURN_SECONDS = 15
MAX_TURN_SECONDS = 600


# The drivers the store is built and tested on (SQLite for one process, PostgreSQL beyond).
DATABASES = ("sqlite+aiosqlite://", "postgresql+asyncpg://")


class Settings(BaseSettings):
    # An empty line in .env (DEV_GUILD_ID=, as .env.example has it) means "the default".
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    discord_token: str = Field(default="", description="The bot token from the Discord developer portal.")
    database_url: str = "sqlite+aiosqlite:///data/bot.db"
    # SQLite only: "full" syncs every move to disk before it is shown; "normal" still survives
    # the bot being killed, not a power cut, and makes a move several times faster on a slow disk.
    sqlite_synchronous: Literal["full", "normal"] = "full"
    # As .env.example lists them, in any case: a level misspelt is refused, not read as INFO.
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    # Register slash commands in one server only: they appear at once, handy while developing.
    dev_guild_id: int | None = None
    sync_commands_on_start: bool = True
    # The same bounds as /uno start turn_timer:, so the default is a time a host could choose.
    turn_timeout_seconds: int = Field(default=60, ge=MIN_TURN_SECONDS, le=MAX_TURN_SECONDS)
    lobby_expiry_seconds: int = Field(default=600, ge=60, le=86400)
    solo_idle_expiry_seconds: int = Field(default=86400, ge=60)
    # Search steps /puzzle solve may spend on one hand (a few seconds of one core at the default).
    puzzle_solve_max_steps: int = Field(default=100_000, ge=1, le=10_000_000)
    # UNO tables (lobbies and games) one member may host at once, across every server.
    max_tables_per_host: int = Field(default=3, ge=1, le=100)
    # Seconds a computer player waits before it moves, so the people at the table can follow.
    computer_move_seconds: float = Field(default=1.5, ge=0, le=30)
    # Seconds a member waits between two uses of one command that creates something
    # (/uno start, /flood play, /solitaire play, /puzzle random|daily|duel); 0 turns it off.
    create_cooldown_seconds: int = Field(default=10, ge=0, le=3600)
    # Shards: empty lets Discord say how many the bot needs, in one process. To split the bot
    # across processes, give every process the same SHARD_COUNT and its own SHARD_IDS (e.g. 0,1).
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = None
    # Health (/healthz) and Prometheus metrics (/metrics) over HTTP; off unless a port is given.
    metrics_port: int | None = Field(default=None, ge=0, le=65535)
    metrics_host: str = "127.0.0.1"

    @field_validator("log_level", mode="before")
    @classmethod
    def _level_in_capitals(cls, value: object) -> object:
        return value.upper() if isinstance(value, str) else value

    @field_validator("database_url")
    @classmethod
    def _supported_database(cls, value: str) -> str:
        # Said without the address: it may hold a password.
        if not value.startswith(DATABASES):
            raise ValueError(f"the bot runs on {' or '.join(f'{d}...' for d in DATABASES)} only")
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_list(cls, value: object) -> object:
        if isinstance(value, str):
            parts = [part for part in value.replace(" ", "").split(",") if part]
            return tuple(int(part) for part in parts) or None
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> Self:
        if self.shard_ids is not None:
            if self.shard_count is None:
                raise ValueError("SHARD_IDS needs SHARD_COUNT: every process must agree on the count")
            outside = [shard for shard in self.shard_ids if not 0 <= shard < self.shard_count]
            if outside:
                raise ValueError(f"SHARD_IDS {outside} are not below SHARD_COUNT {self.shard_count}")
        return self

    def serves(self, guild_id: int | None) -> bool:
        """Whether this process holds the shard a server's events come on. Discord sends direct
        messages on shard 0 only, so DM games (no server) live in the process that holds it."""
        if self.shard_ids is None or self.shard_count is None:
            return True
        shard = 0 if not guild_id else (guild_id >> 22) % self.shard_count
        return shard in self.shard_ids
