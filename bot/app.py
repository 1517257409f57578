"""Builds the discord.py bot: settings, sessions, cogs; `python -m bot` and the tests use it."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.sessions.manager import TableManager
from bot.settings import Settings

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.uno",)


class UnoBot(commands.Bot):
    def __init__(self, settings: Settings) -> None:
        intents = discord.Intents.default()
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
        )
        self.settings = settings
        # discord.utils.utcnow, not datetime.now: SimCord's virtual clock reaches the timers.
        self.tables = TableManager(now=discord.utils.utcnow)

    async def setup_hook(self) -> None:
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if self.settings.sync_commands_on_start:
            await self.sync_commands()

    async def sync_commands(self) -> list[discord.app_commands.AppCommand]:
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            return await self.tree.sync(guild=guild)
        return await self.tree.sync()

    async def close(self) -> None:
        await self.tables.close()
        await super().close()


def create_bot(settings: Settings | None = None) -> UnoBot:
    return UnoBot(settings or Settings())


def run(settings: Settings) -> None:
    """Log in to Discord and serve until stopped."""
    bot = create_bot(settings)
    bot.run(settings.discord_token, log_level=logging.getLevelName(settings.log_level.upper()))
