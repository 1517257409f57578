"""Configuration, read from the environment and `.env` (see `.env.example`)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated
from typing import Any
from typing import Literal
from typing import Self
from urllib.parse import parse_qsl
from urllib.parse import urlencode

from dotenv.parser import parse_stream
from pydantic import Field
from pydantic import field_validator
from pydantic import model_validator
from pydantic_core import PydanticUseDefault
from pydantic_settings import BaseSettings
from pydantic_settings import DotEnvSettingsSource
from pydantic_settings import NoDecode
from pydantic_settings import PydanticBaseSettingsSource
from pydantic_settings import SettingsConfigDict

from bot.store.engine import DEFAULT_POOL_SIZE

# Seconds a /uno player may be given for a turn, by a table or as the bot's default.
MIN_TURN_SECONDS = 15
MAX_TURN_SECONDS = 600


# The drivers the store is built and tested on (SQLite for one process, PostgreSQL beyond).
DATABASES = ("sqlite+aiosqlite://", "postgresql+asyncpg://")
# The same databases as hosts and guides write them, without the driver: Heroku, Render and others
# hand out postgres://..., which SQLAlchemy no longer reads. Read with the bot's drivers.
WITHOUT_DRIVER = {"postgres://": DATABASES[1], "postgresql://": DATABASES[1], "sqlite://": DATABASES[0]}
# What asyncpg.connect takes from the address's query (?ssl=require...), and SQLAlchemy's own
# prepared_statement_cache_size; libpq's options it does not know (channel_binding...) stopped the
# bot with a TypeError. libpq's sslmode is asyncpg's ssl, with the same values.
ASYNCPG_OPTIONS = (
    "passfile",
    "service",
    "servicefile",
    "timeout",
    "statement_cache_size",
    "max_cached_statement_lifetime",
    "max_cacheable_statement_size",
    "command_timeout",
    "ssl",
    "direct_tls",
    "server_settings",
    "target_session_attrs",
    "krbsrvname",
    "gsslib",
    "prepared_statement_cache_size",
)
SQLITE_FORMS = (
    "sqlite+aiosqlite:///data/bot.db (a path from the bot's folder) or sqlite+aiosqlite:////srv/bot.db"
)


def unquoted(value: str) -> str:
    """A value as it was meant: `docker run --env-file .env` passes KEY="value" with its quotes,
    and a value pasted with spaces or a line end around it keeps them."""
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        value = value[1:-1].strip()
    return value


def opened_quote(value: str) -> str | None:
    """The quote a value opens and never closes (KEY="abc), if it does."""
    value = value.strip()
    if value[:1] in ('"', "'") and (len(value) < 2 or value[-1] != value[0]):
        return value[0]
    return None


# A line of .env as KEY=value, `export KEY=value` too.
ENV_LINE = re.compile(r"\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=(.*)", re.DOTALL)


class UnclosedQuotes(PydanticBaseSettingsSource):
    """The settings .env gives with a quote opened and never closed. python-dotenv skips such a
    line, so DISCORD_TOKEN="abc read as no token at all: here the value comes through as written,
    for the settings' check to refuse it by its name."""

    def __init__(self, settings_cls: type[BaseSettings], dotenv: DotEnvSettingsSource) -> None:
        super().__init__(settings_cls)
        files = dotenv.env_file
        self.files = [] if files is None else [files] if isinstance(files, (str, Path)) else list(files)
        self.encoding = dotenv.env_file_encoding or "utf-8"

    def get_field_value(self, field: Any, field_name: str) -> tuple[Any, str, bool]:
        raise NotImplementedError  # every value comes from __call__

    def __call__(self) -> dict[str, Any]:
        found: dict[str, Any] = {}
        for file in self.files:
            path = Path(file).expanduser()
            if not path.is_file():
                continue
            with path.open(encoding=self.encoding) as stream:
                for binding in parse_stream(stream):
                    line = ENV_LINE.match(binding.original.string) if binding.error else None
                    if line is None:
                        continue
                    name, value = line[1].lower(), line[2].strip()
                    if name in self.settings_cls.model_fields and opened_quote(value):
                        found[name] = value
        return found


def read_database_url(value: str) -> str:
    """DATABASE_URL with the bot's drivers (postgres:// and the like read as they were meant);
    ValueError, said without the address (it may hold a password), for one the bot cannot use."""
    for written, driver in WITHOUT_DRIVER.items():
        if value.startswith(written):
            value = driver + value.removeprefix(written)
    if not value.startswith(DATABASES):
        raise ValueError(f"the bot runs on {' or '.join(f'{d}...' for d in DATABASES)} only")
    if value.startswith(DATABASES[0]):
        rest = value.removeprefix(DATABASES[0])
        if rest and not rest.startswith("/"):  # sqlite+aiosqlite://data/bot.db: "data" read as a host
            raise ValueError(f"a SQLite file is written {SQLITE_FORMS}")
        return value
    address, _, query = value.partition("?")
    if not query:
        return value
    options = parse_qsl(query, keep_blank_values=True)
    if "ssl" not in dict(options):
        options = [("ssl" if key == "sslmode" else key, option) for key, option in options]
    unknown = sorted({key for key, _ in options} - set(ASYNCPG_OPTIONS))
    if unknown:
        said = ", ".join(f"{key}=" for key in unknown)
        raise ValueError(f"PostgreSQL's driver (asyncpg) takes no {said} option: remove it from the address")
    return f"{address}?{urlencode(options)}"


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
    # PostgreSQL only: the connections one process opens at most. The processes of a split bot
    # each open theirs: their sum must stay under the server's max_connections (100 by default).
    database_pool_size: int = Field(default=DEFAULT_POOL_SIZE, ge=1, le=1000)
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

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        assert isinstance(dotenv_settings, DotEnvSettingsSource)
        unclosed = UnclosedQuotes(settings_cls, dotenv_settings)
        return init_settings, env_settings, dotenv_settings, unclosed, file_secret_settings

    @field_validator("log_level", mode="before")
    @classmethod
    def _level_in_capitals(cls, value: object) -> object:
        return value.upper() if isinstance(value, str) else value

    @field_validator("database_url")
    @classmethod
    def _supported_database(cls, value: str) -> str:
        return read_database_url(value)

    @field_validator("discord_token")
    @classmethod
    def _token_alone(cls, value: str) -> str:
        # discord.py writes the "Bot " of the header itself: a token pasted with it was refused.
        return value[4:].lstrip() if value[:4].lower() == "bot " else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_list(cls, value: object) -> object:
        if isinstance(value, str):
            parts = [part for part in value.replace(" ", "").split(",") if part]
            return tuple(int(part) for part in parts) or None
        return value

    @field_validator("*", mode="before")
    @classmethod
    def _as_meant(cls, value: object) -> object:
        if not isinstance(value, str):
            return value
        quote = opened_quote(value)
        if quote:
            raise ValueError(
                f"the value opens a quote ({quote}) and does not close it: "
                f"end it with {quote}, or write it without quotes"
            )
        meant = unquoted(value)
        if not meant and value:  # "" in quotes: empty, as an empty value is (env_ignore_empty)
            raise PydanticUseDefault()
        return meant

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
