"""Games in a thread of their own: opening a private one for a solo game, and archiving a
game's thread once the game has ended (one game per thread)."""

from __future__ import annotations

import logging
from datetime import datetime
from datetime import timedelta
from typing import Any
from typing import Final

import discord

from bot.i18n.text import AllOf
from bot.i18n.text import Text
from bot.i18n.text import counted
from bot.i18n.text import text
from cogs.language import private_words
from cogs.limits import clip

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
THREAD_NAME = 100
# Discord archives a thread after this many minutes without a new message, and a game's moves
# edit its message without posting: the longest time Discord gives (a week), so no game is
# archived under its players (a channel's default may be an hour).
GAME_THREAD_ARCHIVE_MINUTES: Final = 10080
# Discord's code for a change refused because the thread is archived.
THREAD_ARCHIVED = 50083
# ... and because a moderator locked it: only members with Manage Threads may post there.
THREAD_LOCKED = 160005
THREAD_HELP = (
    "In a server: play in a private thread of your own, archived when the game ends"  # commands domain
)
NOT_HERE = text(
    "A game can open a thread of its own only from a server's text channel. Play it without `thread:true`."
)
# Discord's own names of the permissions, as its settings show them in each language.
VIEW_CHANNEL = text("View Channel")
CREATE_PRIVATE_THREADS = text("Create Private Threads")
SEND_MESSAGES_IN_THREADS = text("Send Messages in Threads")


def bold(name: Text) -> Text:
    """A name in bold, in any language."""
    return Text("**{name}**", (("name", name),))


def private_thread_refusal(interaction: Interaction) -> Text | None:
    """Why the bot may not open a private thread for the player here; None when it may."""
    if not isinstance(interaction.channel, discord.TextChannel):
        return NOT_HERE
    granted = interaction.app_permissions
    needed = {
        VIEW_CHANNEL: granted.view_channel,
        CREATE_PRIVATE_THREADS: granted.create_private_threads,
        SEND_MESSAGES_IN_THREADS: granted.send_messages_in_threads,
    }
    missing = [name for name, ok in needed.items() if not ok]
    return permissions_refusal(missing) if missing else None


def permissions_refusal(missing: list[Text]) -> Text:
    """Why no thread: the permissions the bot lacks in the channel, by Discord's names."""
    return counted(
        "I cannot open a private thread for your game here: I need the {names} permission in this "
        "channel. Play without `thread:true`, or ask a server admin.",
        "I cannot open a private thread for your game here: I need the {names} permissions in this "
        "channel. Play without `thread:true`, or ask a server admin.",
        count=len(missing),
        names=AllOf(tuple(bold(name) for name in missing)),
    )


async def open_private_thread(interaction: Interaction, name: str) -> discord.Thread | str:
    """A private thread of the command's channel with the player in it, or why there is none
    (in the player's language)."""
    words = private_words(interaction)
    refusal = private_thread_refusal(interaction)
    if refusal is not None:
        return words(refusal)
    channel = interaction.channel
    assert isinstance(channel, discord.TextChannel)
    try:
        thread = await channel.create_thread(
            name=clip(name, THREAD_NAME),
            type=discord.ChannelType.private_thread,
            invitable=False,
            auto_archive_duration=GAME_THREAD_ARCHIVE_MINUTES,
        )
        await thread.add_user(interaction.user)
    except discord.HTTPException as error:
        log.info("could not open a private thread in %s: %s", channel.id, error)
        return words(
            text(
                "Discord refused me a private thread here. Play without `thread:true`, or ask a server admin."
            )
        )
    return thread


async def archive_thread(client: discord.Client, thread_id: int) -> None:
    """A game's own thread is archived once its game has ended. A thread Discord will not
    archive (deleted, locked by a moderator, a permission taken away) stays as it is: the game's
    end stands, and the player who ended it has seen it."""
    try:
        thread = client.get_channel(thread_id) or await client.fetch_channel(thread_id)
        if isinstance(thread, discord.Thread):
            await thread.edit(archived=True)
    except discord.HTTPException as error:
        log.info("could not archive thread %s: %s %s", thread_id, error.status, error.code)


async def thread_reachable(client: discord.Client, thread_id: int) -> bool:
    """Whether a game's thread is still there for the bot: False once Discord says it is gone
    (deleted, or its channel deleted) or hidden from the bot (removed from the server). Asked of
    Discord, not of the cache: Discord may send no event when a private thread is deleted. An
    outage says nothing either way: the thread is taken to be there."""
    try:
        await client.fetch_channel(thread_id)
    except (discord.NotFound, discord.Forbidden):
        return False
    except discord.HTTPException as error:
        log.info("could not check thread %s: %s %s", thread_id, error.status, error.code)
    return True


async def reopen_thread(client: discord.Client, thread_id: int, *, name: str | None = None) -> None:
    """Unarchive a game's thread that Discord archived while the game went on (a thread the
    bot opened and nobody locked is the bot's to reopen), renamed `name` if one is given."""
    thread = client.get_channel(thread_id) or await client.fetch_channel(thread_id)
    if isinstance(thread, discord.Thread):
        await thread.edit(archived=False)
        if name is not None:  # once open: an archived thread takes no other change
            await _rename(thread, name)


async def _rename(thread: discord.Thread, name: str) -> None:
    """Best effort: a thread that keeps its old name still holds its table."""
    try:
        await thread.edit(name=name)
    except discord.HTTPException as error:
        log.info("could not rename thread %s: %s %s", thread.id, error.status, error.code)


# Discord lets a channel's name change twice in ten minutes, and an edit past that waits minutes
# for its turn (and holds up every edit of the thread meanwhile).
RENAME_INTERVAL = timedelta(minutes=10)


class ThreadRenames:
    """When the bot last renamed each game's thread: at most once in ten minutes, or the name
    stays. Kept in memory: a restart forgets, which leaves one more rename, within Discord's two."""

    def __init__(self) -> None:
        self._last: dict[int, datetime] = {}

    def name_for(self, thread: discord.Thread, name: str) -> str | None:
        """`name` if `thread` should be renamed to it now (the rename is then counted), else None."""
        now = discord.utils.utcnow()
        # Only the last ten minutes count: older renames are forgotten, so this stays small.
        self._last = {kept: at for kept, at in self._last.items() if now - at < RENAME_INTERVAL}
        if name == thread.name or thread.id in self._last:
            return None
        self._last[thread.id] = now
        return name
