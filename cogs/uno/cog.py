"""`/uno`: group tables in server channels. Thin: every decision is the session's."""

from __future__ import annotations

import contextlib
import logging
import re
from collections import Counter
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.games.errors import GameError
from bot.games.errors import Refusal
from bot.games.uno.actions import CALL_UNO
from bot.games.uno.actions import DRAW
from bot.games.uno.actions import Action
from bot.games.uno.actions import JumpIn
from bot.games.uno.actions import Play
from bot.games.uno.actions import parse_action
from bot.games.uno.ai import LEVELS
from bot.games.uno.events import ChallengeResolved
from bot.games.uno.events import Event
from bot.games.uno.events import GameWon
from bot.games.uno.events import TeamWonGame
from bot.games.uno.ruleset import MAX_TEAMS
from bot.games.uno.ruleset import NO_TEAMS
from bot.games.uno.ruleset import OFFICIAL
from bot.games.uno.ruleset import PARTNERS
from bot.games.uno.ruleset import ruleset_named
from bot.games.uno.scoring import EndReason
from bot.i18n.catalogue import LANGUAGES
from bot.i18n.catalogue import SOURCE
from bot.i18n.text import AllOf
from bot.i18n.text import Code
from bot.i18n.text import Lines
from bot.i18n.text import Markup
from bot.i18n.text import Text
from bot.i18n.text import counted
from bot.i18n.text import text
from bot.i18n.words import Words
from bot.render.uno_text import card_long
from bot.render.uno_text import game_won_line
from bot.render.uno_text import hand_text
from bot.render.uno_text import team_name
from bot.render.uno_text import told_end
from bot.sessions.history import GameReplay
from bot.sessions.history import Rematch
from bot.sessions.places import TablePlace
from bot.sessions.places import Where
from bot.sessions.table import MAX_PLAYERS
from bot.sessions.table import PAUSE_LIMIT_HOURS
from bot.sessions.table import Change
from bot.sessions.table import Line
from bot.sessions.table import Member
from bot.sessions.table import SeatHand
from bot.sessions.table import SessionError
from bot.sessions.table import StaleClick
from bot.sessions.table import Table
from bot.sessions.table import TableEnded
from bot.sessions.table import TablePhase
from bot.sessions.table import TableSettings
from bot.sessions.table import TurnPing
from bot.sessions.table import parse_card_action
from bot.settings import MAX_TURN_SECONDS
from bot.settings import MIN_TURN_SECONDS
from cogs.guards import CreatedTooSoon
from cogs.guards import creates_something
from cogs.guards import note_creation
from cogs.language import private_words
from cogs.language import server_language
from cogs.limits import CHOICE_NAME
from cogs.limits import OptionText
from cogs.limits import clip
from cogs.limits import offered
from cogs.permissions import granted_in
from cogs.replies import Rendered
from cogs.replies import edit_original
from cogs.replies import game_group
from cogs.replies import keep_the_move
from cogs.replies import refuse_ended
from cogs.replies import say
from cogs.replies import send
from cogs.threads import GAME_THREAD_ARCHIVE_MINUTES
from cogs.threads import THREAD_ARCHIVED
from cogs.threads import THREAD_LOCKED
from cogs.threads import THREAD_NAME
from cogs.threads import ThreadRenames
from cogs.threads import archive_thread
from cogs.threads import reopen_thread
from cogs.uno.components import LobbyAction
from cogs.uno.components import LobbySetting
from cogs.uno.history import history_message
from cogs.uno.history import replay_message
from cogs.uno.history import step_after
from cogs.uno.host_panel import DONE
from cogs.uno.host_panel import KICK
from cogs.uno.host_panel import host_panel
from cogs.uno.host_panel import kicked
from cogs.uno.host_panel import new_host
from cogs.uno.host_panel import not_host
from cogs.uno.pictures import with_hand_picture
from cogs.uno.pictures import with_table_picture
from cogs.uno.render import TIME_VALUE_PREFIX
from cogs.uno.render import hand_message
from cogs.uno.render import rules_summary
from cogs.uno.render import rules_text
from cogs.uno.render import settings_message
from cogs.uno.render import table_message
from cogs.uno.render import who
from cogs.uno.turn_ping import follow_turn

if TYPE_CHECKING:
    from bot.app import UnoBot

log = logging.getLogger(__name__)

Interaction = discord.Interaction[Any]
NOT_IN_DM = text(
    "UNO tables with other people are played in server channels: run `/uno start` in a channel of "
    "a server. In a DM with me you can play UNO against the computer with `/uno solo`, or "
    "`/flood`, `/solitaire` and `/puzzle`."
)
NO_TABLE = text("No UNO table is running in this channel. Open one with `/uno start`.")
TABLE_ENDED = text("This table has ended. Open a new one with `/uno start`.")
SOLO_ENDED = text("This table has ended. Start a new one with `/uno solo`.")
RULESET_CHOICES = [
    app_commands.Choice(name="Official UNO", value="official"),
    app_commands.Choice(name="Classic computer UNO (elimination at 250)", value="classic"),
    app_commands.Choice(name="Twist: playing cards, alone or in teams", value="twist"),
]
LEVEL_CHOICES = [app_commands.Choice(name=level, value=level) for level in LEVELS]
TAKEOVER_CHOICES = [app_commands.Choice(name="off", value="")] + [
    app_commands.Choice(name=f"a computer player ({level})", value=level) for level in LEVELS
]
TEAMS_CHOICES = [
    app_commands.Choice(name="No teams: everyone for themselves", value=NO_TEAMS),
    app_commands.Choice(name="Partners (teams of two, sitting across)", value=PARTNERS),
    *(
        app_commands.Choice(name=f"{n} teams, seated alternately", value=str(n))
        for n in range(2, MAX_TEAMS + 1)
    ),
]
# The languages a server's tables may speak, each named in itself (/uno settings language).
LANGUAGE_NAMES = {
    SOURCE: "English",
    "de": "Deutsch",
    "fr": "Français",
    "es": "Español",
    "pt_BR": "Português (Brasil)",
    "it": "Italiano",
}
assert set(LANGUAGE_NAMES) == {SOURCE, *LANGUAGES}
# The choice that gives the tables back the server's own language (its Discord locale).
SERVERS_OWN = "server"
LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code) for code, name in LANGUAGE_NAMES.items()] + [
    app_commands.Choice(name="The server's own language", value=SERVERS_OWN)
]
ANYWHERE = "anywhere"  # not shown to players: the keyword of `/uno settings channels:`
QUIET = discord.AllowedMentions.none()
NOT_ADMIN = text(
    "Only members with **Manage Server** can change this server's UNO defaults. "
    "Anyone can see them with `/uno rules`."
)
NOT_POSTED = text("The table message could not be posted in this channel.")
CHANNEL_GONE = text("The table's channel was deleted.")
# Why a table ended, said after "This table has ended:" (`ended_words`).
CANNOT_POST = text(
    "I can no longer post in this table's channel. Ask a server admin to check my permissions there."
)
# The same in a DM (a /uno solo table), where no server admin can help: Discord refuses the bot a
# DM to someone who blocked it or whose privacy settings no longer let it message them.
CANNOT_MESSAGE = text(
    "I can no longer send you messages here. Check that you have not blocked me and that your "
    "privacy settings allow direct messages from server members."
)
NO_THREAD = text(
    "Discord refused me a thread here. Open the table without `thread:true`, or ask a server admin."
)
NOT_REOPENED = text(
    "Discord would not let me reopen this thread for a new table. Open one with `/uno start`."
)
NO_THREAD_BY_SETTING = text(
    "Discord refused me a thread here, and this server opens each table in a thread of its own. "
    "Open the table in this channel with `/uno start thread:False`, or ask a server admin to turn "
    "the setting off with `/uno settings threads:False`."
)
BOT_REMOVED = text("The bot was removed from this server.")
NO_DM = text("I could not open a DM with you: allow messages from server members.")
ASK_IN_DMS = text(
    "From this server I cannot open a table in your DMs: run `/uno solo` in your DMs with me instead."
)
NOT_HOST_NOR_ADMIN = text("Only the table's host or a member with **Manage Server** can end the game.")
# Discord checks the range; the engine says why 1-4 minutes are refused (T8).
MINUTES_HELP = (
    "Time limit of the game in minutes (5-600; 0: none); "
    "the round in play then is the last"  # commands domain
)


async def tell(interaction: Interaction, said: Text | Lines | str) -> None:
    """Answer privately, in the reader's own language."""
    await say(interaction, private_words(interaction)(said))


def ended_words(interaction: Interaction, why: Line | None) -> str:
    """What someone is told of a table that has ended, in their language: why, when the bot
    knows, and how to play again (in a DM, a table of one's own)."""
    words = private_words(interaction)
    in_dm = interaction.guild is None
    if why is None:
        return words(SOLO_ENDED if in_dm else TABLE_ENDED)
    again = text("Start a new one with `/uno solo`.") if in_dm else text("Open a new one with `/uno start`.")
    ended = text("This table has ended: {reason}", reason=why.render(words))
    return words(Lines((ended, again)))


async def refuse(
    interaction: Interaction, refusal: Refusal, said: Text | None = None, *, private_controls: bool = False
) -> None:
    """Tell a refusal privately, in the words `said` when given. A change that found its table
    ended meanwhile (`TableEnded`: it waited while the end was saved) is told why it ended, as a
    late click is, and the private message clicked (a hand, the host panel) loses its controls
    when `private_controls`."""
    if not isinstance(refusal, TableEnded):
        await tell(interaction, said or refusal.said)
        return
    if private_controls:
        await interaction.edit_original_response(view=None)
    await say(interaction, ended_words(interaction, refusal.why))


def done_words(interaction: Interaction, table: Table, change: Change, done: Text) -> str:
    """What a change did, in the reader's language, and why the table ended if that ended it.
    A change the bot could no longer show did nothing anyone will see: only the end is said."""
    if change.ended is not None:
        return ended_words(interaction, table.why_ended)
    said = private_words(interaction)(done)
    if not table.phase.is_over:
        return said
    return f"{said}\n{ended_words(interaction, table.why_ended)}"


def missing_table_permissions(interaction: Interaction, *, new_thread: bool = False) -> list[Text]:
    """What the bot lacks in this channel to show a table: it posts and edits one message (in a
    thread, posting needs the thread permission; a new thread, the right to create one). Embed
    Links is not needed: without it the table is written out as text (`_show`)."""
    granted = interaction.app_permissions
    in_thread = new_thread or isinstance(interaction.channel, discord.Thread)
    needed = [
        (text("View Channel"), granted.view_channel),
        (text("Send Messages in Threads"), granted.send_messages_in_threads)
        if in_thread
        else (text("Send Messages"), granted.send_messages),
    ]
    if new_thread:
        needed.append((text("Create Public Threads"), granted.create_public_threads))
    return [name for name, ok in needed if not ok]


def cannot_post_here(missing: Sequence[Text]) -> Text:
    names = AllOf(tuple(Text("**{name}**", (("name", name),)) for name in missing))
    return counted(
        "I cannot run a table in this channel: I need the {names} permission here. "
        "Ask a server admin to check my permissions here.",
        "I cannot run a table in this channel: I need the {names} permissions here. "
        "Ask a server admin to check my permissions here.",
        count=len(missing),
        names=names,
    )


def table_refusal(interaction: Interaction, *, in_thread: bool, by_setting: bool) -> Text | None:
    """Why the bot cannot open a table here, or None: the permissions it lacks. When only the
    table's new thread is refused (the channel itself would do), the thread is said to be why,
    and how to play without it: the member's `thread` option, or the server's `threads` setting
    (`by_setting`), which only an admin can change."""
    missing = missing_table_permissions(interaction, new_thread=in_thread)
    if not missing:
        return None
    if not in_thread or missing_table_permissions(interaction):
        return cannot_post_here(missing)
    names = AllOf(tuple(Text("**{name}**", (("name", name),)) for name in missing))
    if by_setting:
        return counted(
            "This server opens each table in a thread of its own, and I cannot open one here: I need the "
            "{names} permission in this channel. Open the table in this channel with `/uno start "
            "thread:False`, or ask a server admin to grant me that permission or to turn the setting off "
            "with `/uno settings threads:False`.",
            "This server opens each table in a thread of its own, and I cannot open one here: I need the "
            "{names} permissions in this channel. Open the table in this channel with `/uno start "
            "thread:False`, or ask a server admin to grant me those permissions or to turn the setting "
            "off with `/uno settings threads:False`.",
            count=len(missing),
            names=names,
        )
    return counted(
        "I cannot open a thread for the table here: I need the {names} permission in this channel. "
        "Open the table without `thread:true`, or ask a server admin to check my permissions here.",
        "I cannot open a thread for the table here: I need the {names} permissions in this channel. "
        "Open the table without `thread:true`, or ask a server admin to check my permissions here.",
        count=len(missing),
        names=names,
    )


def where_asked(interaction: Interaction) -> Where:
    """The channel, its parents (a thread's channel, the category) and the member's roles."""
    channel = interaction.channel
    parents: list[int] = []
    if isinstance(channel, discord.Thread) and channel.parent_id:
        parents.append(channel.parent_id)
        channel = channel.parent
    category_id = getattr(channel, "category_id", None)
    if category_id:
        parents.append(category_id)
    roles = getattr(interaction.user, "roles", [])
    return Where(interaction.channel_id or 0, tuple(parents), tuple(role.id for role in roles))


def channel_ids(text: str) -> tuple[int, ...]:
    """The channel mentions or ids in `text`; none for `anywhere`."""
    return tuple(int(found) for found in re.findall(r"\d{15,21}", text))


def _allowed_channels(guild: discord.Guild, given: str) -> tuple[int, ...] | Text:
    """The channels and categories `given` for `/uno settings channels:` (none for `anywhere`),
    or why they are refused: anything that is not one of `guild`'s channels or categories (a
    name typed without its mention, a member's mention, another server's channel) would leave
    the server's tables running anywhere, or nowhere at all."""
    if given.strip().lower() == ANYWHERE:
        return ()
    found = channel_ids(given)
    unknown = next((str(i) for i in found if guild.get_channel_or_thread(i) is None), None)
    if found and unknown is None:
        return found
    return text(
        "Not saved: {given} is not a channel or category of this server. Mention them (#channel) "
        "or give their ids; `anywhere` lets tables run in any channel.",
        given=Code(unknown or given.strip()),
    )


def member_of(interaction: Interaction) -> Member:
    return Member(interaction.user.id, interaction.user.display_name)


def table_thread_name(language: str, host: str) -> str:
    """A table's own thread is named after its host, in the table's language."""
    return clip(Words(language).plain(text("UNO: {name}'s table", name=host)), THREAD_NAME)


class UnoCog(commands.Cog, name="UNO"):
    uno = game_group("uno", "Play UNO with the people in this channel")

    def __init__(self, bot: UnoBot) -> None:
        self.bot = bot
        self.tables = bot.tables
        self.tables.presenter = self
        self.thread_renames = ThreadRenames()

    # ------------------------------------------------------------------ presenting

    async def show(self, table: Table, events: Sequence[Event], ping: TurnPing) -> Text | None:
        """Keep the public table message in step with the table (the session calls this after
        every saved change), then the turn's ping (`follow_turn`, best effort, whatever became
        of the table message). What Discord refuses for reasons of its own (a permission taken
        away, DMs closed, the channel gone) is not the bot's error: the move stands, and the one
        who asked learns it from `message_id` (see `start`, `solo`). A table Discord no longer
        lets the bot show even as text (403 once its picture and embed were dropped: the channel
        hidden from the bot, 50001, or Send Messages taken away, 50013; in a DM, 50007: the
        player blocked the bot or closed their DMs; a thread a moderator locked, 160005) is
        answered with why, and the session ends it; a channel gone (404) ends it through
        `on_guild_channel_delete`. A table's thread is archived once its game has ended, its
        last ping gone first."""
        try:
            await self._show(table, events)
        except discord.HTTPException as refused:
            locked = refused.code == THREAD_LOCKED
            if not (locked or isinstance(refused, (discord.Forbidden, discord.NotFound))):
                raise
            log.warning(
                "Discord refused the message of table %s in channel %s: %s %s",
                table.game_id,
                table.channel_id,
                refused.status,
                refused.code,
            )
            # A first message refused (no message yet) is `start`'s to answer: no table opens.
            if (locked or isinstance(refused, discord.Forbidden)) and table.message_id is not None:
                return CANNOT_POST if table.guild_id else CANNOT_MESSAGE
            return None
        finally:
            await follow_turn(self._channel(table), table, ping, self.bot.preferences.turn_pings_for)
        if table.in_thread and table.phase.is_over:
            await self._archive_thread(table.channel_id)
        return None

    def _channel(self, table: Table) -> discord.PartialMessageable:
        # A solo table (/uno solo) is in a DM: guild id 0.
        return self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id or None)

    async def _show(self, table: Table, events: Sequence[Event]) -> None:
        rendered = table_message(table)
        # A solo table (/uno solo) is in a DM: guild id 0.
        guild_id = table.guild_id or None
        granted = granted_in(self.bot, table.channel_id)
        if granted is not None and not granted.embed_links:
            # Discord would drop the embed without a word, leaving the players a row of buttons.
            rendered = rendered.as_text()
        elif (
            table.game is not None
            and (granted is None or granted.attach_files)
            and await self.bot.preferences.server_pictures(guild_id)
        ):
            rendered = await with_table_picture(table, rendered, table.words.plain)
        channel = self._channel(table)
        edited = False
        if table.message_id is not None:
            try:
                await self._edit_table(table, channel.get_partial_message(table.message_id), rendered)
                edited = True
            except discord.NotFound:
                log.info("table message of %s was deleted; sending a new one", table.game_id)
        if not edited:

            async def post(shown: Rendered) -> discord.Message:
                # A table written out as text (no Embed Links) names players without pinging them.
                return await channel.send(**shown.send_kwargs(), allowed_mentions=QUIET)

            message = await keep_the_move(post, rendered)
            await table.remember_message(message.id)
        announcement = _game_won_text(table, events)
        if announcement is not None:
            await channel.send(table.words(announcement), allowed_mentions=QUIET)

    async def _archive_thread(self, thread_id: int) -> None:
        """A table's own thread is archived once its game has ended: one table per thread."""
        await archive_thread(self.bot, thread_id)

    async def _edit_table(self, table: Table, message: discord.PartialMessage, rendered: Rendered) -> None:
        """Edit the table message; a picture switched off (or refused) leaves no stale one. A
        table's thread that Discord archived while the game went on is reopened first."""

        async def edit(shown: Rendered) -> None:
            await message.edit(**shown.edit_kwargs(), allowed_mentions=QUIET)

        try:
            await keep_the_move(edit, rendered)
        except discord.HTTPException as refused:
            if refused.code != THREAD_ARCHIVED or not table.in_thread:
                raise
            log.info("the thread of table %s was archived; reopening it", table.game_id)
            await reopen_thread(self.bot, table.channel_id)
            await keep_the_move(edit, rendered)

    # ------------------------------------------------------------------ Discord's own events

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self._channel_gone(channel.id)
        await self.bot.records.place_gone(channel.guild.id, channel.id)

    @commands.Cog.listener()
    async def on_guild_role_delete(self, role: discord.Role) -> None:
        await self.bot.records.place_gone(role.guild.id, role.id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self._channel_gone(payload.thread_id)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot was removed from a server (or the server deleted): its tables end there, and
        what its admins set is deleted (`Records.forget_server`). discord.py calls this only for
        a removal: a server Discord cannot reach for a while is `on_guild_unavailable`."""
        await self._server_left(guild.id)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Connected: a server that removed the bot while it was offline sent no event, so the
        tables and settings of servers the bot is no longer in go now. `guilds` lists every
        server of this process's shards, those Discord cannot reach for now too."""
        present = {guild.id for guild in self.bot.guilds}
        for guild_id in sorted(self.tables.guild_ids() - present):
            await self._server_left(guild_id)
        gone = await self.bot.records.forget_servers_left(present)
        if gone:
            log.info("deleted the settings of %d servers the bot is no longer in", len(gone))

    async def _server_left(self, guild_id: int) -> None:
        for table in self.tables.in_guild(guild_id):
            await _end_unreachable(table, BOT_REMOVED)
        await self.bot.records.forget_server(guild_id)

    async def _channel_gone(self, channel_id: int) -> None:
        """A moderator deleted the channel (or thread) of a table: nobody can reach it any more,
        so it ends rather than play on, time out its players and hold its host's places."""
        table = self.tables.in_channel(channel_id)
        if table is not None:
            await _end_unreachable(table, CHANNEL_GONE)

    # ------------------------------------------------------------------ commands

    async def _table_here(self, interaction: Interaction) -> Table | None:
        """The table in the command's channel; None once the command is refused (no table here).
        In a DM the only table is the person's own /uno solo table, played there."""
        table = self.tables.in_channel(interaction.channel_id or 0)
        if table is None:
            await tell(interaction, NOT_IN_DM if interaction.guild is None else NO_TABLE)
        elif table.phase.is_over:  # ending: its end is being saved and shown
            await say(interaction, ended_words(interaction, table.why_ended))
            return None
        return table

    @uno.command(name="start", description="Open an UNO table in this channel")
    @creates_something()
    @app_commands.describe(
        ruleset="Which rules to play (default: this server's, or the official rules)",
        teams="Twist only: no teams, partners (sitting across) or a number of teams",
        points="Points target (default: the ruleset's: 500; classic is out above 250)",
        turn_timer="Seconds each player has for a turn (default: the bot's, 60 unless set)",
        minutes=MINUTES_HELP,
        bots="Computer players to seat at the table now (the host can add more in the lobby)",
        level="How well the computer players play (default: normal)",
        takeover="A computer player takes the seat of someone who leaves or times out (default: off)",
        thread="Open the table in a new thread of this channel (default: this server's choice)",
    )
    @app_commands.choices(
        ruleset=RULESET_CHOICES, teams=TEAMS_CHOICES, level=LEVEL_CHOICES, takeover=TAKEOVER_CHOICES
    )
    async def start(
        self,
        interaction: Interaction,
        ruleset: str | None = None,
        teams: str | None = None,
        points: app_commands.Range[int, 50, 10000] | None = None,
        turn_timer: app_commands.Range[int, MIN_TURN_SECONDS, MAX_TURN_SECONDS] | None = None,
        minutes: app_commands.Range[int, 0, 600] | None = None,
        bots: app_commands.Range[int, 0, MAX_PLAYERS - 1] = 0,
        level: str = "normal",
        takeover: str = "",
        thread: bool | None = None,
    ) -> None:
        if interaction.guild is None or interaction.channel_id is None:
            await tell(interaction, NOT_IN_DM)
            return
        # Acknowledged before the store is asked: it may take longer than Discord's 3 seconds.
        await interaction.response.defer(ephemeral=True, thinking=True)
        place = await self.bot.records.table_place(interaction.guild.id)
        not_here = place.refusal(where_asked(interaction))
        if not_here:
            await tell(interaction, not_here)
            return
        in_thread = (place.threads if thread is None else thread) and isinstance(
            interaction.channel, discord.TextChannel
        )
        by_setting = thread is None  # the thread is the server's choice, not the member's
        cannot = table_refusal(interaction, in_thread=in_thread, by_setting=by_setting)
        if cannot is not None:
            await tell(interaction, cannot)
            return
        defaults = await self.bot.records.server_defaults(interaction.guild.id)
        language = server_language(interaction, defaults.language)
        channel_id = interaction.channel_id
        if in_thread:
            made = await self._table_thread(interaction, language, by_setting=by_setting)
            if made is None:
                return
            channel_id = made
        try:
            settings = replace(
                defaults.edited(ruleset=ruleset, teams=teams, target_score=points, time_limit=minutes),
                turn_seconds=turn_timer or self.bot.settings.turn_timeout_seconds,
                computer_level=level,
                takeover=takeover,
                language=language,
            )
        except GameError as refusal:
            if in_thread:  # a refused table leaves no empty thread behind
                await self._archive_thread(channel_id)
            await tell(interaction, refusal.said)
            return
        await self._open_here(interaction, channel_id, settings, (level,) * bots, in_thread=in_thread)

    async def _table_thread(self, interaction: Interaction, language: str, *, by_setting: bool) -> int | None:
        """A new thread of the channel asked in, named after the table's host (in the table's
        `language`), for a table of its own; None once the member is told Discord refused it."""
        assert isinstance(interaction.channel, discord.TextChannel)
        try:
            made = await interaction.channel.create_thread(
                name=table_thread_name(language, interaction.user.display_name),
                type=discord.ChannelType.public_thread,
                auto_archive_duration=GAME_THREAD_ARCHIVE_MINUTES,
            )
        except discord.HTTPException as error:  # e.g. the server's active threads at their limit
            log.info("could not open a table's thread in %s: %s", interaction.channel.id, error)
            await tell(interaction, NO_THREAD_BY_SETTING if by_setting else NO_THREAD)
            return None
        return made.id

    async def _open_here(
        self,
        interaction: Interaction,
        channel_id: int,
        settings: TableSettings,
        computers: Sequence[str],
        *,
        in_thread: bool = False,
    ) -> Table | None:
        """A server table opened in `channel_id` with `interaction`'s member as its host and
        computer players of the levels `computers` seated, and the member told where it is."""
        assert interaction.guild is not None
        settings = replace(settings, lobby_seconds=self.bot.settings.lobby_expiry_seconds)
        try:
            table = await self.tables.open_table(
                guild_id=interaction.guild.id,
                channel_id=channel_id,
                host=member_of(interaction),
                settings=settings,
                in_thread=in_thread,
            )
            await table.open()
            for level, count in Counter(computers).items():
                await table.add_computer(table.host_id, level, count)
        except (SessionError, GameError) as refusal:
            # A refused table leaves no empty thread behind; a thread where another table is
            # open (refused for that very table) stays open for it.
            if in_thread and self.tables.in_channel(channel_id) is None:
                await self._archive_thread(channel_id)
            await tell(interaction, refusal.said)
            return None
        if table.message_id is None:
            # Discord refused the table message: a table nobody can see would only block the channel.
            await table.end(NOT_POSTED)
            await tell(
                interaction,
                text(
                    "I could not post the table in this channel. "
                    "Ask a server admin to check my permissions here."
                ),
            )
            return None
        if channel_id != interaction.channel_id:  # a thread of the channel asked in
            opened = text(
                "Your table is open in {channel}. Press **Start** when everyone has joined.",
                channel=Markup.channel(channel_id),
            )
        else:
            opened = text("Your table is open below. Press **Start** when everyone has joined.")
        await tell(interaction, opened)
        return table

    @uno.command(name="solo", description="Play UNO alone against computer players, in a DM with the bot")
    @creates_something()
    @app_commands.describe(
        opponents="How many computer players (1-9)",
        level="How well they play (default: normal)",
        ruleset="Which rules to play (default: the official rules)",
        points="Points target (default: the ruleset's)",
    )
    @app_commands.choices(ruleset=RULESET_CHOICES, level=LEVEL_CHOICES)
    async def solo(
        self,
        interaction: Interaction,
        opponents: app_commands.Range[int, 1, MAX_PLAYERS - 1] = 3,
        level: str = "normal",
        ruleset: str = "official",
        points: app_commands.Range[int, 50, 10000] | None = None,
    ) -> None:
        """A table of one person and computer players, in the person's DM with the bot (asked
        in a server, it opens there too, so nobody else sees the hands or the table)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            settings = replace(
                TableSettings.of(ruleset, target_score=points),
                turn_seconds=self.bot.settings.turn_timeout_seconds,
            )
        except GameError as refusal:
            await tell(interaction, refusal.said)
            return
        await self._open_solo(interaction, settings, level, opponents)

    async def _open_solo(
        self, interaction: Interaction, settings: TableSettings, level: str, opponents: int
    ) -> Table | None:
        """`interaction`'s member alone against `opponents` computer players of `level`, at a
        table in their DM with the bot, and told where it is."""
        if interaction.guild is not None and not self.bot.settings.serves(None):
            # Discord sends the DMs, and the clicks made in them, to the process holding shard 0:
            # a table opened here would be posted where nobody could play it.
            await tell(interaction, ASK_IN_DMS)
            return None
        try:
            dm = await interaction.user.create_dm()
            settings = replace(
                settings,
                lobby_seconds=self.bot.settings.lobby_expiry_seconds,
                computer_level=level,
                language=private_words(interaction).language,
            )
            table = await self.tables.open_solo(
                channel_id=dm.id,
                host=member_of(interaction),
                settings=settings,
                level=level,
                opponents=opponents,
            )
        except (SessionError, GameError) as refusal:
            await tell(interaction, refusal.said)
            return None
        except discord.HTTPException:
            await tell(interaction, NO_DM)
            return None
        if table.message_id is None:
            # Discord refused every message in the DM (the member accepts no DMs from servers): a
            # table played where nobody sees it would only hold their seat and their cooldown.
            await table.end(NOT_POSTED)
            await tell(interaction, NO_DM)
            return None
        if interaction.guild is None:
            opened = counted(
                "Your table against {count} {level} computer player is below.",
                "Your table against {count} {level} computer players is below.",
                count=opponents,
                level=level,
            )
        else:
            opened = counted(
                "Your table against {count} {level} computer player is in your DMs with me.",
                "Your table against {count} {level} computer players is in your DMs with me.",
                count=opponents,
                level=level,
            )
        await tell(interaction, opened)
        return table

    @uno.command(name="join", description="Sit down at the table in this channel")
    async def join(self, interaction: Interaction) -> None:
        await self._run(
            interaction, lambda t: t.join(member_of(interaction)), text("You joined the table."), joining=True
        )

    @uno.command(name="leave", description="Leave the table in this channel")
    async def leave(self, interaction: Interaction) -> None:
        await self._run(interaction, lambda t: t.leave(interaction.user.id), text("You left the table."))

    @uno.command(name="hand", description="See your cards (only you can see them)")
    async def hand(self, interaction: Interaction) -> None:
        table = await self._table_here(interaction)
        if table is None:
            return
        await self._show_hand(interaction, table)

    @uno.command(name="play", description="Play a card from your hand")
    @app_commands.describe(card="The card to play, e.g. R5, GS (skip), BR (reverse), YD (+2), W, W4")
    async def play(self, interaction: Interaction, card: OptionText) -> None:
        try:
            action = parse_card_action(card)
        except GameError as refusal:
            await tell(interaction, refusal.said)
            return
        await self._act_typed(interaction, action)

    @play.autocomplete("card")
    async def play_autocomplete(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        table = self.tables.in_channel(interaction.channel_id or 0)
        if table is None or table.game is None or not table.is_seated(interaction.user.id):
            return []
        view = table.game.view(table.seat_of(interaction.user.id))
        words = private_words(interaction)
        # The cards the player may play now: on their turn, or out of turn to jump in (H3).
        cards = dict.fromkeys(a.card for a in view.legal if isinstance(a, Play | JumpIn))
        choices = [
            app_commands.Choice(name=clip(words(card_long(card)), CHOICE_NAME), value=str(card))
            for card in cards
        ]
        return offered(current, choices)

    @uno.command(name="draw", description="Draw a card instead of playing")
    async def draw(self, interaction: Interaction) -> None:
        await self._act_typed(interaction, DRAW)

    @uno.command(name="uno", description="Call UNO! when you are down to one card")
    async def call_uno(self, interaction: Interaction) -> None:
        await self._act_typed(interaction, CALL_UNO)

    @uno.command(name="status", description="Show the table in this channel")
    async def status(self, interaction: Interaction) -> None:
        table = await self._table_here(interaction)
        if table is None:
            return
        rendered = table_message(table, private_words(interaction))
        # With the table's own buttons: where chat has buried the table message (on a phone, far
        # up the channel), Catch!, Challenge and Deal next round are at hand here, at the bottom.
        # They answer from their custom_id wherever they are, as the table's do.
        await send(interaction, Rendered(None, rendered.embed, rendered.view))

    @uno.command(name="rules", description="The rules in force at this table (or the default ones)")
    @app_commands.describe(ruleset="Explain this ruleset instead (its preset, no house rules)")
    @app_commands.choices(ruleset=RULESET_CHOICES)
    async def rules(self, interaction: Interaction, ruleset: str | None = None) -> None:
        words = private_words(interaction)
        if ruleset is not None:
            chosen = ruleset_named(ruleset)
            heading = text("**{title}** (the preset):", title=chosen.title)
            await say(interaction, rules_text(chosen, heading, words))
            return
        table = self.tables.in_channel(interaction.channel_id or 0)
        if table is not None:
            await say(interaction, _table_rules(table, words))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        if interaction.guild is None:
            settings = TableSettings()
            heading = text(
                "**No table here; the bot's defaults**: {summary}", summary=rules_summary(settings)
            )
        else:
            settings = await self.bot.records.server_defaults(interaction.guild.id)
            heading = text(
                "**No table here; this server's defaults for new tables**: {summary}",
                summary=rules_summary(settings),
            )
        await say(interaction, rules_text(settings.rules(), heading, words))

    @uno.command(name="settings", description="This server's default rules for new tables (Manage Server)")
    @app_commands.describe(
        ruleset="The default ruleset (changing it clears the options below unless given)",
        house_rules="House rules, by name, separated by spaces or commas; `none` for none",
        teams="Twist only: no teams, partners or a number of teams",
        decks="Twist only: decks of playing cards (4-8)",
        points="Points target (default: the ruleset's)",
        minutes=MINUTES_HELP,
        reset="Go back to the bot's defaults (official rules)",
        threads="Open each new table in a thread of its own",
        channels="Channels or categories where tables may run (mention or id; `anywhere` for all)",
        role="The role needed to start or join a table",
        any_role="Let everyone start or join a table again",
        pictures="Card pictures by default in this server (players may choose for themselves)",
        turn_pings="Turn and deal pings in this server; off here wins over each player's own choice",
        language="The language tables speak in this server's channels (default: the server's own)",
    )
    @app_commands.choices(ruleset=RULESET_CHOICES, teams=TEAMS_CHOICES, language=LANGUAGE_CHOICES)
    # Discord applies default permissions to top-level commands only, so for `/uno settings` this
    # is a hint at most: the check inside is what refuses a member without Manage Server.
    @app_commands.default_permissions(manage_guild=True)
    async def server_settings(
        self,
        interaction: Interaction,
        ruleset: str | None = None,
        house_rules: OptionText | None = None,
        teams: str | None = None,
        decks: app_commands.Range[int, 4, 8] | None = None,
        points: app_commands.Range[int, 50, 10000] | None = None,
        minutes: app_commands.Range[int, 0, 600] | None = None,
        reset: bool = False,
        threads: bool | None = None,
        channels: OptionText | None = None,
        role: discord.Role | None = None,
        any_role: bool = False,
        pictures: bool | None = None,
        turn_pings: bool | None = None,
        language: str | None = None,
    ) -> None:
        if interaction.guild is None:
            await tell(interaction, text("Server defaults are set in a server, not in a DM."))
            return
        if not interaction.permissions.manage_guild:
            await tell(interaction, NOT_ADMIN)
            return
        guild_id = interaction.guild.id
        allowed = None if channels is None else _allowed_channels(interaction.guild, channels)
        if isinstance(allowed, Text):
            await tell(interaction, allowed)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        records = self.bot.records
        place_given = threads is not None or channels is not None or role is not None or any_role
        rules_given = any(
            v is not None for v in (ruleset, house_rules, teams, decks, points, minutes, language)
        )
        chosen = await self._save_server_choices(guild_id, pictures=pictures, turn_pings=turn_pings)
        if chosen:
            await tell(interaction, Lines(chosen))
            if not reset and not rules_given and not place_given:
                return
        if place_given:

            def chosen_place(place: TablePlace) -> TablePlace:
                return replace(
                    place,
                    threads=place.threads if threads is None else threads,
                    channel_ids=place.channel_ids if allowed is None else allowed,
                    role_id=None if any_role else role.id if role is not None else place.role_id,
                )

            place = await records.change_table_place(guild_id, chosen_place)
            await tell(interaction, text("Saved: {place}.", place=place.describe()))
        if reset and not rules_given:
            await records.clear_server_defaults(guild_id)
            settings = TableSettings()
            await tell(
                interaction, text("Back to the bot's defaults: {summary}.", summary=rules_summary(settings))
            )
            return
        # With `reset`, the rules given are saved over the bot's defaults, not the server's.
        settings = TableSettings() if reset else await records.server_defaults(guild_id)
        if not rules_given and place_given:
            return
        if not rules_given:
            shown = text(
                "This server's defaults for new tables: {summary}; points {points}.\n"
                "Change them with the options of `/uno settings`.",
                summary=rules_summary(settings),
                points=settings.target_score,
            )
            where = text("In this server, {place}.", place=(await records.table_place(guild_id)).describe())
            choices = await self._server_choices(guild_id)
            await tell(interaction, Lines((_with_language(shown, settings), where, *choices)))
            return
        names = None
        if house_rules is not None:
            names = [n for n in house_rules.lower().replace(",", " ").split() if n != "none"]
        try:
            settings = settings.edited(
                ruleset=ruleset,
                teams=teams,
                decks=decks,
                house_rules=names,
                target_score=points,
                time_limit=minutes,
            )
        except GameError as refusal:
            await tell(interaction, text("Not saved: {reason}", reason=refusal.said))
            return
        if language is not None:
            settings = replace(settings, language="" if language == SERVERS_OWN else language)
        await records.save_server_defaults(guild_id, settings, by=interaction.user.id)
        saved = text(
            "Saved. New tables in this server start with: {summary}; points {points}.",
            summary=rules_summary(settings),
            points=settings.target_score,
        )
        await tell(interaction, _with_language(saved, settings))

    async def _save_server_choices(
        self, guild_id: int, *, pictures: bool | None, turn_pings: bool | None
    ) -> tuple[Text, ...]:
        """Save the server's pictures and turn pings given; where each given now stands."""
        preferences = self.bot.preferences
        said: list[Text] = []
        if pictures is not None:
            await preferences.set_server_pictures(guild_id, pictures)
            said.append(_server_pictures_text(pictures))
        if turn_pings is not None:
            await preferences.set_server_turn_pings(guild_id, turn_pings)
            said.append(_server_turn_pings_text(turn_pings))
        return tuple(said)

    async def _server_choices(self, guild_id: int) -> tuple[Text, Text]:
        """Where the server's pictures and turn pings stand, for `/uno settings` without options."""
        preferences = self.bot.preferences
        return (
            _server_pictures_text(await preferences.server_pictures(guild_id)),
            _server_turn_pings_text(await preferences.server_turn_pings(guild_id)),
        )

    @uno.command(name="end", description="End the table in this channel (host or Manage Server)")
    async def end(self, interaction: Interaction) -> None:
        async def end_it(table: Table) -> Change:
            if interaction.user.id != table.host_id and not interaction.permissions.manage_guild:
                raise SessionError(NOT_HOST_NOR_ADMIN)
            return await table.end(text("The table was ended by {name}.", name=interaction.user.display_name))

        await self._run(interaction, end_it, text("The table is closed."), ends=True)

    async def _refused_here(self, interaction: Interaction) -> bool:
        """True once a member was told privately that this server keeps its tables elsewhere,
        or for members with a role they lack."""
        if interaction.guild is None:
            return False
        place = await self.bot.records.table_place(interaction.guild.id)
        refusal = place.refusal(where_asked(interaction))
        if refusal:
            await tell(interaction, refusal)
        return refusal is not None

    # ------------------------------------------------------------------ host tools

    # The player is a `discord.User`: Discord sends someone who has left the server (the very
    # player a host needs to remove) as a user with no member, and a Member-only option would
    # fail to convert them. Inside a server discord.py still hands over the Member.
    @uno.command(name="kick", description="Remove a player from this channel's table (host or Manage Server)")
    @app_commands.describe(player="The player to remove; their cards go under the draw pile")
    async def kick(self, interaction: Interaction, player: discord.User) -> None:
        admin = interaction.permissions.manage_guild
        await self._run(
            interaction,
            lambda table: table.kick(interaction.user.id, player.id, admin=admin),
            kicked(player.display_name),
        )

    @uno.command(name="host", description="Hand the host role to another player (host or Manage Server)")
    @app_commands.describe(player="The player who becomes the host")
    async def host(self, interaction: Interaction, player: discord.User) -> None:
        admin = interaction.permissions.manage_guild
        await self._run(
            interaction,
            lambda table: table.hand_host(interaction.user.id, player.id, admin=admin),
            new_host(player.display_name),
        )

    @uno.command(
        name="pause", description="Pause the turn timer of this channel's table (host or Manage Server)"
    )
    async def pause(self, interaction: Interaction) -> None:
        admin = interaction.permissions.manage_guild
        await self._run(
            interaction,
            lambda table: table.pause(interaction.user.id, admin=admin),
            counted(
                "The timer is paused: `/uno resume` starts it again; a table paused for {count} hour ends.",
                "The timer is paused: `/uno resume` starts it again; a table paused for {count} hours ends.",
                count=PAUSE_LIMIT_HOURS,
            ),
        )

    @uno.command(name="resume", description="Start the paused turn timer again (host or Manage Server)")
    async def resume(self, interaction: Interaction) -> None:
        admin = interaction.permissions.manage_guild
        await self._run(
            interaction,
            lambda table: table.resume(interaction.user.id, admin=admin),
            text("The timer runs again."),
        )

    async def on_host_tools(self, interaction: Interaction, game_id: str) -> None:
        """The table's "Host tools" button: the panel, privately, for its host or a server manager."""
        table = await self._live_table(interaction, game_id)
        if table is None:
            return
        if interaction.user.id != table.host_id and not interaction.permissions.manage_guild:
            await tell(interaction, not_host(table.host.name))
            return
        await send(interaction, host_panel(table, interaction.user.id, private_words(interaction)))

    async def on_host_tool(self, interaction: Interaction, game_id: str, what: str, target: int) -> None:
        """A pick in the host panel: the same session calls as `/uno kick` and `/uno host`."""
        table = await self._live_table(interaction, game_id)
        if table is None:
            return
        admin = interaction.permissions.manage_guild
        words = private_words(interaction)
        name = next((m.name for m in table.members if m.user_id == target), words(text("That player")))
        await interaction.response.defer()
        try:
            if what == KICK:
                change = await table.kick(interaction.user.id, target, admin=admin)
            else:
                change = await table.hand_host(interaction.user.id, target, admin=admin)
        except (SessionError, GameError) as refusal:
            await refuse(interaction, refusal, private_controls=True)
            return
        done = Text("✅ {done}", (("done", DONE[what](name)),))
        if table.phase.is_over:  # the table ended with it: the panel has nothing left to do
            said = done_words(interaction, table, change, done)
            await interaction.edit_original_response(content=said, view=None)
        elif interaction.user.id == table.host_id or admin:
            panel = host_panel(table, interaction.user.id, words, done)
            await interaction.edit_original_response(**panel.edit_kwargs())
        else:  # the role handed on: the panel is no longer theirs to use
            await interaction.edit_original_response(content=words(done), view=None)

    # ------------------------------------------------------------------ history and replays

    @uno.command(name="history", description="This server's last finished UNO games")
    async def history(self, interaction: Interaction) -> None:
        if interaction.guild is None:
            await tell(interaction, NOT_IN_DM)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        games = await self.bot.records.history.server_games(interaction.guild.id)
        title = private_words(interaction)(text("Last UNO games in {server}", server=interaction.guild.name))
        await send(interaction, history_message(games, title=title, say=private_words(interaction)))

    @uno.command(
        name="replay", description="A finished game move by move, every hand face up (only you see it)"
    )
    @app_commands.describe(game="The game's number, as /uno history lists it")
    async def replay(self, interaction: Interaction, game: app_commands.Range[int, 1, 2**53]) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        shown = await self._replay_or_tell(interaction, game)
        if shown is not None:
            await send(interaction, replay_message(shown, 0, private_words(interaction)))

    async def on_replay(self, interaction: Interaction, game_id: int, step: int, what: str) -> None:
        """A replay's control: the same private message shows another step (acknowledged before
        the store is asked: it may take longer than Discord's 3 seconds)."""
        await interaction.response.defer()
        shown = await self._replay_or_tell(interaction, game_id)
        if shown is None:
            return
        target = step_after(what, step, len(shown.replay.frames) - 1)
        words = private_words(interaction)
        await interaction.edit_original_response(**replay_message(shown, target, words).edit_kwargs())

    async def _replay_or_tell(self, interaction: Interaction, game_id: int) -> GameReplay | None:
        """Finished game `game_id` as the asker may see it (this server's, or in a DM one they
        played); None once they were told why not."""
        try:
            return await self.bot.records.history.game_replay(
                game_id, guild_id=interaction.guild_id, user_id=interaction.user.id
            )
        except SessionError as refusal:
            await tell(interaction, refusal.said)
            return None

    # ------------------------------------------------------------------ components

    async def _live_table(self, interaction: Interaction, game_id: str) -> Table | None:
        """The table of a clicked control; None once the click is refused because the table has
        ended (the message then loses its controls): lately, or just now, its end still being
        saved and shown."""
        table = self.tables.get(game_id)
        if table is None:
            await refuse_ended(interaction, partial(self._why_gone, interaction, game_id))
            return None
        if table.phase.is_over:
            await refuse_ended(interaction, ended_words(interaction, table.why_ended))
            return None
        return table

    async def on_play_again(self, interaction: Interaction, game_id: str) -> None:
        """Play again, on a finished table: a new table in the same place (its thread, reopened)
        with the same rules, turn timer and computer players, whoever presses it as its host (a
        DM table, against the same computer players again). The button goes once the new table
        is open."""
        if interaction.channel_id is None:
            return
        # Acknowledged before the store is asked: it may take longer than Discord's 3 seconds.
        await interaction.response.defer(ephemeral=True, thinking=True)
        new_thread = False
        if interaction.guild is not None:
            place = await self.bot.records.table_place(interaction.guild.id)
            # As /uno start without `thread:` (the button has no such option): where the server
            # opens each table in a thread of its own, so is a table played in the channel itself.
            new_thread = place.threads and isinstance(interaction.channel, discord.TextChannel)
            cannot = place.refusal(where_asked(interaction)) or table_refusal(
                interaction, in_thread=new_thread, by_setting=True
            )
            if cannot:
                await tell(interaction, cannot)
                return
        try:
            # As the command it stands for: a table opened is a table opened.
            command = "uno start" if interaction.guild else "uno solo"  # not shown to players as words
            note_creation(self.bot, command, interaction.user.id)
        except CreatedTooSoon as soon:
            await tell(interaction, soon.said)
            return
        rematch = await self.bot.records.history.rematch(game_id, interaction.channel_id)
        if rematch is None:
            await tell(interaction, ended_words(interaction, None))
            return
        if rematch.solo or interaction.guild is None:
            level = rematch.computers[0] if rematch.computers else rematch.settings.computer_level
            opened = await self._open_solo(interaction, rematch.settings, level, len(rematch.computers))
        else:
            opened = await self._open_again_here(interaction, rematch, new_thread=new_thread)
        if opened is not None and interaction.message is not None:
            with contextlib.suppress(discord.HTTPException):
                await interaction.message.edit(view=None)

    async def _open_again_here(
        self, interaction: Interaction, rematch: Rematch, *, new_thread: bool
    ) -> Table | None:
        """A server table played again where it was: in its own thread, reopened; in a new
        thread where the server opens each table in one (`new_thread`); else in the channel."""
        assert interaction.guild is not None and interaction.channel_id is not None
        defaults = await self.bot.records.server_defaults(interaction.guild.id)
        settings = replace(
            rematch.settings,
            computer_level=rematch.computers[0] if rematch.computers else rematch.settings.computer_level,
            language=server_language(interaction, defaults.language),
        )
        channel_id = interaction.channel_id
        # A table's own thread (the bot's) was archived at its end: the next table is played
        # there too, and archives it at its end. A thread people made, where a table was
        # started with /uno start, stays theirs: never archived by the table.
        thread = interaction.channel if isinstance(interaction.channel, discord.Thread) else None
        me = self.bot.user
        in_thread = thread is not None and me is not None and thread.owner_id == me.id
        if thread is not None:
            name = None
            if in_thread:  # named after its new host (a thread people made keeps their name)
                hosts = table_thread_name(settings.language, interaction.user.display_name)
                name = self.thread_renames.name_for(thread, hosts)
            try:
                await reopen_thread(self.bot, channel_id, name=name)
            except discord.HTTPException:
                await tell(interaction, NOT_REOPENED)
                return None
        elif new_thread:
            made = await self._table_thread(interaction, settings.language, by_setting=True)
            if made is None:
                return None
            channel_id, in_thread = made, True
        return await self._open_here(
            interaction, channel_id, settings, rematch.computers, in_thread=in_thread
        )

    async def _why_gone(self, interaction: Interaction, game_id: str) -> str:
        """What a click on a table no longer held is told: why it ended, if it ended lately here;
        else who won it, if its finished game was recorded (a restart came between)."""
        why = self.tables.why_ended(game_id)
        if why is None and interaction.channel_id is not None:
            why = await self.bot.records.history.table_end(game_id, interaction.channel_id)
        return ended_words(interaction, why)

    async def on_lobby_button(self, interaction: Interaction, game_id: str, what: LobbyAction) -> None:
        table = await self._live_table(interaction, game_id)
        if table is None:
            return
        if what is LobbyAction.RULES:
            await say(interaction, _table_rules(table, private_words(interaction)))
            return
        if what is LobbyAction.SETTINGS:
            if table.phase is not TablePhase.LOBBY:
                await tell(interaction, text("Settings can only change before the game starts."))
            elif interaction.user.id != table.host_id:
                await tell(
                    interaction,
                    text("Only the host, {host}, can change the table's settings.", host=table.host.name),
                )
            else:
                await send(interaction, settings_message(table, private_words(interaction)))
            return
        # Acknowledged before the store is asked (JOIN): it may take longer than Discord's 3 seconds.
        await interaction.response.defer()
        if what is LobbyAction.JOIN and await self._refused_here(interaction):
            return
        try:
            if what is LobbyAction.JOIN:
                change = await table.join(member_of(interaction))
            elif what is LobbyAction.LEAVE:
                change = await table.leave(interaction.user.id)
            elif what is LobbyAction.ADD_COMPUTER:
                change = await table.add_computer(interaction.user.id, table.settings.computer_level)
            elif what is LobbyAction.REMOVE_COMPUTER:
                change = await table.remove_computer(interaction.user.id)
            else:
                change = await table.start(interaction.user.id)
        except SessionError as refusal:
            await refuse(interaction, refusal)
            return
        if change.ended is not None:
            await say(interaction, ended_words(interaction, Line(change.ended)))

    async def on_setting(
        self, interaction: Interaction, game_id: str, what: LobbySetting, values: list[str]
    ) -> None:
        """The host picked a setting in their private settings message."""
        table = await self._live_table(interaction, game_id)
        if table is None:
            return
        await interaction.response.defer()
        note = text("Saved.")
        try:
            await table.change_settings(interaction.user.id, _setting_edit(what, values))
        except (SessionError, GameError) as refusal:
            note = text("⚠️ Not changed: {reason}", reason=refusal.said)
            await refuse(interaction, refusal, note)
        if table.phase is TablePhase.LOBBY and interaction.user.id == table.host_id:
            rendered = settings_message(table, private_words(interaction), note)
            await interaction.edit_original_response(content=rendered.content, view=rendered.view)
        else:  # the game has started (or they are no longer the host): these settings are done
            await interaction.edit_original_response(view=None)

    async def on_show_hand(self, interaction: Interaction, game_id: str, page: int) -> None:
        table = await self._live_table(interaction, game_id)
        if table is None:
            return
        from_hand = _is_ephemeral(interaction)
        await self._show_hand(interaction, table, page=page, edit=from_hand)

    async def on_move(self, interaction: Interaction, game_id: str, turn: int, move: str) -> None:
        table = await self._live_table(interaction, game_id)
        if table is None:
            return
        if not table.is_seated(interaction.user.id):
            await tell(
                interaction, text("You are not playing at this table, so these buttons are not yours.")
            )
            return
        from_hand = _is_ephemeral(interaction)
        if from_hand:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            action = parse_action(move)
            change = await table.act(interaction.user.id, action, turn)
        except StaleClick as refusal:
            await tell(interaction, refusal.said)
            if from_hand:
                await self._show_hand(interaction, table, edit=True)
            return
        except (SessionError, GameError) as refusal:
            await refuse(interaction, refusal, private_controls=from_hand)
            return
        if change.ended is not None:
            await say(interaction, ended_words(interaction, Line(change.ended)))
            return
        if change.hand is not None and (from_hand or not table.phase.is_over):
            note = _private_note(change.events, change.hand.view.seat)
            await self._send_hand(interaction, change.hand, edit=from_hand, note=note)

    # ------------------------------------------------------------------ helpers

    async def _run(
        self,
        interaction: Interaction,
        step: Callable[[Table], Awaitable[Change]],
        done: Text,
        *,
        ends: bool = False,
        joining: bool = False,
    ) -> None:
        """A command on the channel's table: `step` runs, then `done` is said (or the refusal),
        and why the table ended if the step ended it (a kick of the last opponent wins the game
        for the one left), unless ending it is what the command is for (`ends`). A member
        `joining` may be refused by the server's choice of channels and role."""
        table = await self._table_here(interaction)
        if table is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        if joining and await self._refused_here(interaction):
            return
        try:
            change = await step(table)
        except (SessionError, GameError) as refusal:
            await refuse(interaction, refusal)
            return
        if ends:
            await tell(interaction, done)
        else:
            await say(interaction, done_words(interaction, table, change, done))

    async def _act_typed(self, interaction: Interaction, action: Action) -> None:
        table = await self._table_here(interaction)
        if table is None:
            return
        try:
            table.seat_of(interaction.user.id)
        except SessionError as refusal:
            await tell(interaction, refusal.said)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            change = await table.act(interaction.user.id, table.typed(interaction.user.id, action))
        except (SessionError, GameError) as refusal:
            await refuse(interaction, refusal)
            return
        if table.phase.is_over:  # the move won the game, or the bot could no longer show it
            await say(interaction, ended_words(interaction, table.why_ended))
            return
        if change.hand is None:
            await tell(interaction, text("Done."))
            return
        note = _private_note(change.events, change.hand.view.seat)
        await self._send_hand(interaction, change.hand, note=note or text("Done."))

    async def _send_hand(
        self,
        interaction: Interaction,
        hand: SeatHand,
        *,
        page: int = 0,
        edit: bool = False,
        note: Text | None = None,
    ) -> None:
        # Acknowledged before the store is asked and the picture drawn: they may take longer than
        # Discord's 3 seconds.
        if not interaction.response.is_done():
            if edit:
                await interaction.response.defer()
            else:
                await interaction.response.defer(ephemeral=True, thinking=True)
        rendered = hand_message(hand, private_words(interaction), page=page, note=note)
        if await self.bot.preferences.pictures_for(interaction.user.id, interaction.guild_id):
            rendered = await with_hand_picture(hand.view, rendered, private_words(interaction).plain)
        if edit:
            await edit_original(interaction, rendered)
        else:
            await send(interaction, rendered)

    async def _show_hand(
        self, interaction: Interaction, table: Table, *, page: int = 0, edit: bool = False
    ) -> None:
        """The player's hand as the table stands now (Show my hand, /uno hand, a stale click)."""
        try:
            hand = table.hand_of(interaction.user.id)
        except SessionError as refusal:
            await tell(interaction, refusal.said)
            return
        await self._send_hand(interaction, hand, page=page, edit=edit)


async def _end_unreachable(table: Table, reason: Text) -> None:
    """End a table that nobody can reach any more (its channel or its server gone)."""
    if table.phase.is_over:
        return
    try:
        await table.end(reason)
    except SessionError:  # ended meanwhile
        return


def _table_rules(table: Table, words: Words) -> str:
    heading = text("**The rules at this table**: {summary}", summary=rules_summary(table.settings))
    return rules_text(table.settings.rules(), heading, words)


def _is_ephemeral(interaction: Interaction) -> bool:
    message = interaction.message
    return bool(message is not None and message.flags.ephemeral)


def _setting_edit(what: LobbySetting, values: list[str]) -> Callable[[TableSettings], TableSettings]:
    """How one lobby select changes the settings (the engine refuses a bad combination)."""

    def edit(settings: TableSettings) -> TableSettings:
        if what is LobbySetting.RULESET:
            name = values[0] if values else settings.ruleset
            return settings if name == settings.ruleset else settings.with_ruleset(name)
        if what is LobbySetting.HOUSE_RULES:
            return settings.with_house_rules(values)
        if not values:
            return settings
        if what is LobbySetting.TEAMS:
            return settings.with_option("teams", values[0])
        if what is LobbySetting.DECKS:
            return settings.with_option("decks", _choice_number(values[0]))
        return _target_and_time(settings, values)

    return edit


def _choice_number(value: str) -> int:
    """A number a select sent. Our selects only offer numbers; anything else was forged or is
    from another version of the message, and is refused in words rather than crashing."""
    if not value.isdecimal() or len(value) > 9:
        raise SessionError(text("That is not one of the choices offered."))
    return int(value)


def _target_and_time(settings: TableSettings, values: list[str]) -> TableSettings:
    """The lobby's last select: a points target and, optionally, a time limit (T8). A select
    sends every option left selected, so a time limit not among them was taken off."""
    timed = [v.removeprefix(TIME_VALUE_PREFIX) for v in values if v.startswith(TIME_VALUE_PREFIX)]
    minutes = [_choice_number(v) for v in timed]
    points = [_choice_number(v) for v in values if not v.startswith(TIME_VALUE_PREFIX)]
    if len(points) > 1 or len(minutes) > 1:
        raise SessionError(text("Pick one points target and at most one time limit."))
    settings = settings.with_option("time_limit", minutes[0] if minutes else 0)
    if points:
        settings = settings.with_option("target_score", points[0])
    return settings


def _server_pictures_text(on: bool) -> Text:
    if on:
        return text("Card pictures are on by default in this server.")
    return text("Card pictures are off (text only) by default in this server.")


def _server_turn_pings_text(on: bool) -> Text:
    """The server's pings: its off wins over a player's on, a player's off over its on."""
    if on:
        return text(
            "Turn pings are on in this server: a short message mentions each player when their turn "
            "comes, and between rounds when the table names them to deal, unless they turned theirs "
            "off with `/preferences`."
        )
    return text(
        "Turn pings are off in this server: nobody is mentioned when their turn comes or the table "
        "names them to deal, whatever they chose with `/preferences`."
    )


def _with_language(said: Text, settings: TableSettings) -> Text:
    """`said`, and the language the server's tables speak when an admin chose one."""
    if not settings.language:
        return said
    spoken = text(
        "New tables in this server speak {language}.",
        language=LANGUAGE_NAMES.get(settings.language, settings.language),
    )
    return Text("{said}\n{spoken}", (("said", said), ("spoken", spoken)))


def _game_won_text(table: Table, events: Sequence[Event]) -> Text | None:
    """The announcement of the game's end: the winner, or the winning team (T7, T8), with the
    way this ruleset is won, whether the game's time was up (T8), and the table's word on how
    it ended when it has one (the computer players played it out)."""
    won = next((e for e in events if isinstance(e, GameWon)), None)
    if won is None:
        return None
    result = _winner_text(table, won, next((e for e in events if isinstance(e, TeamWonGame)), None))
    if table.time_is_called:
        result = text("⏱ Time is up! {result}", result=result)
    if table.ended_reason is not None:  # how it ended: the computer players played it out
        return Text("{reason}\n{result}", (("reason", table.ended_reason), ("result", result)))
    return result


def _winner_text(table: Table, won: GameWon, team_won: TeamWonGame | None) -> Text:
    game = table.game
    scoring = (game.ruleset if game else OFFICIAL).scoring
    end = told_end(game.end_reason, table.time_is_called) if game else EndReason.TARGET
    if team_won is not None:
        mentions = AllOf(tuple(who(table.members[s]) for s in team_won.seats))
        if end is EndReason.LAST_STANDING:
            return text(
                "🎉 {team}, {mentions}, wins the game: every other team left the table!",
                team=team_name(team_won.team),
                mentions=mentions,
            )
        return team_won_text(team_won.team, mentions, team_won.team_scores[team_won.team])
    winner = who(table.members[won.seat])
    return game_won_line(winner, won.scores[won.seat], scoring=scoring, end=end)


def team_won_text(team: int, mentions: AllOf, points: int) -> Text:
    """The channel's announcement of a team's win (T8), naming its members."""
    return counted(
        "🎉 {team}, {mentions}, wins the UNO game with the lowest total, {count} point!",
        "🎉 {team}, {mentions}, wins the UNO game with the lowest total, {count} points!",
        count=points,
        team=team_name(team),
        mentions=mentions,
    )


def _private_note(events: Sequence[Event], seat: int) -> Text | None:
    """What only the player in `seat` should learn from their move: a challenged hand."""
    for event in events:
        if isinstance(event, ChallengeResolved) and event.private_to == seat:
            shown = hand_text(event.offender_hand)
            if event.guilty:
                return text(
                    "You challenged: the Wild +4 player was bluffing. Their hand:\n{hand}", hand=shown
                )
            return text(
                "You challenged: the Wild +4 player played it fairly. Their hand:\n{hand}", hand=shown
            )
    return None
