"""Builds the discord.py bot: settings, store, sessions, cogs; `python -m bot` and the tests use it."""

from __future__ import annotations

import logging

import discord
from discord.ext import commands

from bot.sessions.manager import TableManager
from bot.sessions.persistence import StoreTableRepository
from bot.sessions.preferences import Preferences
from bot.sessions.solo import SoloManager
from bot.sessions.solo_store import StoreSoloRepository, restore_solo_games
from bot.settings import Settings
from bot.store import Store

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.uno", "cogs.stats", "cogs.flood", "cogs.solitaire", "cogs.puzzle", "cogs.preferences")
CLOSED_AFTER_RESTART = (
    "⚠️ The UNO game that was running here could not be restored after the bot restarted "
    "(its saved state was damaged), so it was closed. Sorry! Start a new one with `/uno start`."
)


class UnoBot(commands.Bot):
    store: Store

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
        self.preferences = Preferences()
        self.solo = SoloManager(
            now=discord.utils.utcnow, idle_seconds=settings.solo_idle_expiry_seconds
        )

    async def setup_hook(self) -> None:
        self.store = await Store.open(self.settings.database_url)
        self.preferences.store = self.store
        repository = StoreTableRepository(self.store)
        self.tables.repository = repository
        self.solo.repository = StoreSoloRepository(self.store)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self.restore_tables(repository)
        await restore_solo_games(self.solo, self.store)
        if self.settings.sync_commands_on_start:
            await self.sync_commands()

    async def restore_tables(self, repository: StoreTableRepository) -> None:
        """Bring back every table saved before a restart; close and announce damaged ones."""
        running, corrupt = await repository.load_tables()
        restored, damaged = self.tables.restore(saved.state for saved in running)
        log.info("restored %d running tables", len(restored))
        damaged_ids = {str(data.get("game_id")) for data in damaged}
        broken = [(row.game_id, row.channel_id, row.message_ids) for row in corrupt]
        broken += [
            (row.game_id, row.channel_id, row.message_ids)
            for row in running
            if row.game_id in damaged_ids
        ]
        for game_id, channel_id, message_ids in broken:
            log.error("closing game %s in channel %s: it cannot be restored", game_id, channel_id)
            await self.store.delete_running_game(game_id)
            channel = self.get_partial_messageable(channel_id)
            try:
                for message_id in message_ids:
                    await channel.get_partial_message(message_id).edit(view=None)
                await channel.send(CLOSED_AFTER_RESTART)
            except discord.HTTPException:
                log.warning("could not tell channel %s that its game was closed", channel_id)

    async def sync_commands(self) -> list[discord.app_commands.AppCommand]:
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            return await self.tree.sync(guild=guild)
        return await self.tree.sync()

    async def close(self) -> None:
        await self.tables.close()
        await self.solo.close()
        await super().close()
        if hasattr(self, "store"):
            await self.store.close()


def create_bot(settings: Settings | None = None) -> UnoBot:
    return UnoBot(settings or Settings())


def run(settings: Settings) -> None:
    """Log in to Discord and serve until stopped."""
    bot = create_bot(settings)
    bot.run(settings.discord_token, log_level=logging.getLevelName(settings.log_level.upper()))
