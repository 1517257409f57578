"""Builds the discord.py bot: settings, store, sessions, cogs; `python -m bot` and the tests use it."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
from datetime import datetime
from datetime import timedelta
from typing import Any

import aiohttp
import discord
from discord.ext import commands

from bot.i18n.text import text
from bot.logs import quiet_libraries
from bot.ops import OpsServer
from bot.ops import PortUnavailable
from bot.ops import Readings
from bot.sessions.manager import TableManager
from bot.sessions.persistence import StoreTableRepository
from bot.sessions.preferences import Preferences
from bot.sessions.records import Records
from bot.sessions.solo import SoloManager
from bot.sessions.solo_store import StoreSoloRepository
from bot.sessions.solo_store import restore_solo_games
from bot.settings import Settings
from bot.store import DatabaseUnreachable
from bot.store import Store
from cogs.errors import answer_command_error
from cogs.language import server_words
from cogs.observe import count
from cogs.observe import since_arrival
from cogs.permissions import INVITE_PERMISSIONS
from cogs.translator import DOMAIN
from cogs.translator import CatalogueTranslator
from cogs.translator import command_strings

log = logging.getLogger(__name__)

# The bot never joins a voice channel: discord.py's warnings, at the first client made, that the
# voice libraries (PyNaCl, davey) are missing only sent people looking for them. Set on import:
# the demo's SimCord makes a client of its own before the bot's.
discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False

EXTENSIONS = (
    "cogs.uno",
    "cogs.stats",
    "cogs.flood",
    "cogs.solitaire",
    "cogs.puzzle",
    "cogs.preferences",
    "cogs.help",
)
CLOSED_AFTER_RESTART = text(
    "⚠️ The UNO game that was running here could not be restored after the bot restarted "
    "(its saved state was damaged), so it was closed. Sorry! Start a new one with `/uno start`."
)


def invite_url(application_id: int) -> str:
    """The link a server admin follows to add the bot, with its slash commands and permissions."""
    return discord.utils.oauth_url(
        application_id, permissions=INVITE_PERMISSIONS, scopes=("bot", "applications.commands")
    )


class UnoBot(commands.AutoShardedBot):
    store: Store
    # What the cogs ask of the store goes through these use cases (they never reach the store).
    records: Records

    def __init__(self, settings: Settings) -> None:
        intents = discord.Intents.default()
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False),
            # None and None: this one process runs every shard Discord recommends.
            shard_count=settings.shard_count,
            shard_ids=list(settings.shard_ids) if settings.shard_ids is not None else None,  # type: ignore[arg-type]
        )
        self.settings = settings
        # Set once the saved games are back: with the gateway connected, the bot is ready.
        self.restored = False
        # Whether the start logs the link that adds the bot to a server: not the offline demo's,
        # whose application exists only in the simulated Discord.
        self.says_invite = True
        self.ops: OpsServer | None = None
        # discord.utils.utcnow, not datetime.now: SimCord's virtual clock reaches the timers.
        self.tables = TableManager(now=discord.utils.utcnow)
        self.tables.max_tables_per_host = settings.max_tables_per_host
        self.tables.computer_pause = timedelta(seconds=settings.computer_move_seconds)
        self.tables.on_damaged = self.close_damaged
        self.preferences = Preferences()
        self.solo = SoloManager(now=discord.utils.utcnow, idle_seconds=settings.solo_idle_expiry_seconds)
        # When each member last used each command that creates something (cogs/guards.py).
        self.last_created: dict[tuple[str, int], datetime] = {}
        # The id Discord gave each top-level slash command, by name, once synced: a message can
        # then mention a command (`</uno start:id>`), which a click runs. Empty until known.
        self.command_ids: dict[str, int] = {}

    async def setup_hook(self) -> None:
        settings = self.settings
        self.store = await Store.open(
            settings.database_url,
            synchronous=settings.sqlite_synchronous,
            pool_size=settings.database_pool_size,
        )
        self.records = Records(self.store, self.tables, self.solo, serves=self.settings.serves)
        self.tree.error(answer_command_error)
        await self.tree.set_translator(CatalogueTranslator())
        self.preferences.store = self.store
        repository = StoreTableRepository(self.store, serves=self.settings.serves)
        self.tables.repository = repository
        self.solo.repository = StoreSoloRepository(self.store, serves=self.settings.serves)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self.restore_tables(repository)
        await restore_solo_games(self.solo, self.store, serves=self.settings.serves)
        self.restored = True
        if self.settings.metrics_port is not None:
            await self.start_ops(self.settings.metrics_host, self.settings.metrics_port)
        if self.settings.sync_commands_on_start:
            await self.sync_commands()
        else:
            await self.learn_command_ids()
        if self.application_id is not None and self.says_invite:
            log.info("to add the bot to a server, open %s", invite_url(self.application_id))

    async def on_app_command_completion(
        self, interaction: discord.Interaction[Any], command: discord.app_commands.Command[Any, ..., Any]
    ) -> None:
        count("command", "ok", since_arrival(interaction), interaction, f"/{command.qualified_name}")

    async def start_ops(self, host: str, port: int) -> None:
        """Serve /healthz and /metrics (bot/ops.py)."""
        self.ops = OpsServer(
            Readings(
                open_tables=lambda: self.tables.open_count,
                solo_games=lambda: len(self.solo.sessions),
                gateway_latencies=lambda: self.latencies,
                ready=lambda: self.restored and self.is_ready(),
            )
        )
        await self.ops.start(host, port)

    async def restore_tables(self, repository: StoreTableRepository) -> None:
        """Take up every table saved before a restart, of the servers this process's shards
        serve (another process restores the others). They come back resting, each built when
        first clicked or due, so the start does not grow with the number of games; one whose
        save turns out damaged then is closed and announced (`close_damaged`). One saved as it
        ended, its result not yet recorded, is recorded instead."""
        resting = await repository.resting_tables(self.settings.serves, now=self.tables.now)
        log.info("restored %d running tables", await self.tables.restore(resting))

    async def close_damaged(self, game_id: str, channel_id: int) -> None:
        """A saved table that cannot be read back: its row goes, its messages lose their buttons,
        and its channel is told."""
        log.error("closing game %s in channel %s: it cannot be restored", game_id, channel_id)
        saved = await self.store.get_running_game(game_id)
        message_ids = saved.message_ids if saved is not None else ()
        await self.store.delete_running_game(game_id)
        channel = self.get_partial_messageable(channel_id)
        try:
            # The table's own language went with its save: its channel reads the server's.
            words = await server_words(self, saved.guild_id if saved is not None else None)
            for message_id in message_ids:
                await channel.get_partial_message(message_id).edit(view=None)
            await channel.send(words(CLOSED_AFTER_RESTART))
        except Exception:  # the store or Discord: the table is closed all the same
            log.warning("could not tell channel %s that its game was closed", channel_id, exc_info=True)

    async def sync_commands(self) -> list[discord.app_commands.AppCommand]:
        guild = self._command_guild()
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        synced = await self.tree.sync(guild=guild)
        self.command_ids = {command.name: command.id for command in synced}
        return synced

    async def learn_command_ids(self) -> None:
        """The ids of the commands as they were last synced (by an earlier start, or another
        process): without them, messages name the commands as plain text."""
        if self.application_id is None:  # not logged in: a process that only restores games
            return
        try:
            fetched = await self.tree.fetch_commands(guild=self._command_guild())
        except discord.HTTPException as error:
            log.warning("could not fetch the slash commands' ids (%s %s)", error.status, error.code)
            return
        self.command_ids = {command.name: command.id for command in fetched}
        if not fetched:
            log.warning(
                "no slash commands are registered for this application yet, so nobody can use the bot: "
                "start one process with SYNC_COMMANDS_ON_START=true (the default) to register them"
            )

    def _command_guild(self) -> discord.Object | None:
        """The one server the commands are registered in while developing (DEV_GUILD_ID)."""
        return discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None

    async def close(self) -> None:
        if self.ops is not None:
            await self.ops.stop()
        await self.tables.close()
        await self.solo.close()
        await super().close()
        if hasattr(self, "store"):
            await self.store.close()


def create_bot(settings: Settings | None = None) -> UnoBot:
    return UnoBot(settings or Settings())


async def command_tree() -> discord.app_commands.CommandTree[Any]:
    """The bot's slash commands, loaded offline (no token, no store): for the catalogue."""
    bot = create_bot(Settings(discord_token="offline", database_url="sqlite+aiosqlite:///:memory:"))
    for extension in EXTENSIONS:
        await bot.load_extension(extension)
    return bot.tree


def write_catalogues() -> int:
    """`python -m bot catalogue`: every template and catalogue brought up to date with the code:
    the commands' strings (cogs/translator.py) and the sentences given to `text(...)` and
    `counted(...)`, each in its domain."""
    # Babel's extraction is for this command alone: the running bot never loads it.
    from bot.i18n.extract import message_strings
    from bot.i18n.extract import write_domain

    write_domain(DOMAIN, dict.fromkeys(command_strings(asyncio.run(command_tree()))))
    for domain, messages in message_strings().items():
        write_domain(domain, messages)
    return 0


def why_it_failed(error: BaseException) -> str | None:
    """One sentence for a failure to reach or log in to Discord; None for anything else (a bug,
    which keeps its traceback)."""
    if isinstance(error, DatabaseUnreachable):
        return f"Could not open the database (DATABASE_URL in .env) at {error}"
    if isinstance(error, PortUnavailable):
        return (
            f"Could not serve health and metrics on {error.host}:{error.port} (METRICS_PORT in .env): "
            f"{error}. Another program holds the port, or this host has no such address (METRICS_HOST)."
        )
    if isinstance(error, discord.ConnectionClosed) and error.code == 4011:
        return (
            "Discord asks for more shards than SHARD_COUNT in .env gives (it wants a shard for every "
            "2,500 servers or so): leave SHARD_COUNT empty to let Discord say how many, or raise it."
        )
    if isinstance(error, discord.LoginFailure):
        return (
            "Discord refused the token: DISCORD_TOKEN in .env is wrong or has been reset "
            "(copy a new one from the Bot page of https://discord.com/developers/applications)."
        )
    if isinstance(error, discord.PrivilegedIntentsRequired):
        return (
            "Discord refused the connection: the bot asks for a privileged intent that is not "
            "enabled on the Bot page of https://discord.com/developers/applications."
        )
    if isinstance(error, (aiohttp.ClientConnectionError, OSError, asyncio.TimeoutError)):
        return f"Could not reach Discord (no network, or Discord is down): {error}"
    return None


def run(settings: Settings, bot: commands.Bot | None = None) -> int:
    """Log in to Discord and serve until stopped; returns the process's exit status.

    A bad token, no network or a missing intent is told in one sentence, without a traceback.
    SIGTERM (`docker stop`, systemd) closes the bot as Ctrl+C does: as a container's first process
    Python ignored it, and Docker killed the bot 10 s later, its gateway and store left open."""
    level = logging.getLevelName(settings.log_level.upper())
    discord.utils.setup_logging(level=level if isinstance(level, int) else logging.INFO)
    quiet_libraries()
    client = bot or create_bot(settings)

    async def serve() -> None:
        loop = asyncio.get_running_loop()
        closing: list[asyncio.Task[None]] = []
        stopped_setting_up: list[bool] = []

        async with client:
            # Client.start, in its two steps: a SIGTERM during the first (the login and
            # setup_hook: migrating the database, taking up the saved tables) cancels it, as
            # Ctrl+C does. Closing the bot under it instead left the setup going on a closed bot:
            # a store opened after the close and never closed, commands synced over a closed
            # connection (a traceback, exit status 1).
            login = loop.create_task(client.login(settings.discord_token))

            def stop() -> None:
                log.info("stopping: SIGTERM received")
                if not login.done():
                    stopped_setting_up.append(login.cancel())
                else:
                    closing.append(loop.create_task(client.close()))

            with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows' loop
                loop.add_signal_handler(signal.SIGTERM, stop)
            try:
                try:
                    await login
                except asyncio.CancelledError:
                    if not stopped_setting_up:  # serve itself was cancelled (Ctrl+C)
                        raise
                    return  # the `async with` closes the bot
                await client.connect()
            finally:
                with contextlib.suppress(NotImplementedError):
                    loop.remove_signal_handler(signal.SIGTERM)
                for task in closing:
                    await task

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        return 0
    except Exception as error:
        sentence = why_it_failed(error)
        if sentence is None:
            raise
        print(sentence, file=sys.stderr)
        return 1
    return 0
