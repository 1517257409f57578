"""Configuration, read from the environment and `.env` (see `.env.example`)."""

from __future__ import annotations

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str = Field(default="", description="The bot token from the Discord developer portal.")
    database_url: str = "sqlite+aiosqlite:///data/bot.db"
    log_level: str = "INFO"
    # Register slash commands in one server only: they appear at once, handy while developing.
    dev_guild_id: int | None = None
    sync_commands_on_start: bool = True
    turn_timeout_seconds: int = Field(default=60, ge=10, le=3600)
    lobby_expiry_seconds: int = Field(default=600, ge=60, le=86400)
    solo_idle_expiry_seconds: int = Field(default=86400, ge=60)
