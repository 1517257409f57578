"""Configuration, read from the environment and `.env` (see `.env.example`)."""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

# Seconds a /uno player may be given for a turn, by a table or as the bot's default.
MIN_TURN_SECONDS = 15
MAX_TURN_SECONDS = 600


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str = Field(default="", description="The bot token from the Discord developer portal.")
    database_url: str = "sqlite+aiosqlite:///data/bot.db"
    log_level: str = "INFO"
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
    # Seconds a member waits between two uses of one command that creates something
    # (/uno start, /flood play, /solitaire play, /puzzle random|daily|duel); 0 turns it off.
    create_cooldown_seconds: int = Field(default=10, ge=0, le=3600)
