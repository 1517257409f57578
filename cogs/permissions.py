"""The permissions the bot asks for when invited (README, "Inviting the bot"), and Discord's
name of each in the reader's language, for /help to list them from the same value."""

from __future__ import annotations

import discord

from bot.i18n.text import Text
from bot.i18n.text import text
from cogs.threads import CREATE_PRIVATE_THREADS
from cogs.threads import SEND_MESSAGES_IN_THREADS
from cogs.threads import VIEW_CHANNEL

# What the bot needs in a server's channels, and all it asks for when invited: it posts and edits
# its tables' messages, with an embed and a picture; it opens a public thread for a table
# (`/uno start thread:true`) and a private one for a solo game, and posts there. It reads no
# history, uses no custom emoji and manages nothing: it archives only the threads it opened,
# which their owner may do.
INVITE_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    embed_links=True,
    attach_files=True,
    create_public_threads=True,
    create_private_threads=True,
)
# Discord's own names of those permissions, as its settings show them in each language.
PERMISSION_NAMES: dict[str, Text] = {
    "view_channel": VIEW_CHANNEL,
    "send_messages": text("Send Messages"),
    "send_messages_in_threads": SEND_MESSAGES_IN_THREADS,
    "embed_links": text("Embed Links"),
    "attach_files": text("Attach Files"),
    "create_public_threads": text("Create Public Threads"),
    "create_private_threads": CREATE_PRIVATE_THREADS,
}


# What a table cannot go without, wherever it runs (`/uno start` names those missing, and the
# thread permissions for a table in a thread). Without the others a table still plays: as text
# without Embed Links, without its picture without Attach Files, and outside a thread.
TABLE_NEEDS = ("view_channel", "send_messages")


def granted_in(client: discord.Client, channel_id: int) -> discord.Permissions | None:
    """What the bot may do in a server channel (or thread), as Discord last told it; None in a
    DM or a channel not in the cache."""
    channel = client.get_channel(channel_id)
    if isinstance(channel, (discord.abc.GuildChannel, discord.Thread)):
        return channel.permissions_for(channel.guild.me)
    return None


def invite_permission_names(*, needed: bool | None = None) -> tuple[Text, ...]:
    """The name of each permission the bot is invited with; only those every table needs
    (`needed`), or only the others (`needed=False`)."""
    return tuple(
        name
        for flag, name in PERMISSION_NAMES.items()
        if getattr(INVITE_PERMISSIONS, flag) and (needed is None or (flag in TABLE_NEEDS) == needed)
    )
