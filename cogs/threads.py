"""Games in a thread of their own: opening a private one for a solo game, and archiving a
game's thread once the game has ended (one game per thread)."""

from __future__ import annotations

import logging
from typing import Any

import discord

from cogs.limits import clip

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
THREAD_NAME = 100
THREAD_HELP = "In a server: play in a private thread of your own, archived when the game ends"
NOT_HERE = "A game can open a thread of its own only from a server's text channel. Play it without `thread`."


def private_thread_refusal(interaction: Interaction) -> str | None:
    """Why the bot may not open a private thread for the player here; None when it may."""
    if not isinstance(interaction.channel, discord.TextChannel):
        return NOT_HERE
    granted = interaction.app_permissions
    needed = {
        "View Channel": granted.view_channel,
        "Create Private Threads": granted.create_private_threads,
        "Send Messages in Threads": granted.send_messages_in_threads,
        "Embed Links": granted.embed_links,
    }
    missing = [name for name, ok in needed.items() if not ok]
    if not missing:
        return None
    names = " and ".join(f"**{name}**" for name in missing)
    return (
        f"I cannot open a private thread for your game here: I need the {names} "
        f"permission{'s' if len(missing) > 1 else ''} in this channel. Play without `thread`, "
        "or ask a server admin."
    )


async def open_private_thread(interaction: Interaction, name: str) -> discord.Thread | str:
    """A private thread of the command's channel with the player in it, or why there is none."""
    refusal = private_thread_refusal(interaction)
    if refusal is not None:
        return refusal
    channel = interaction.channel
    assert isinstance(channel, discord.TextChannel)
    try:
        thread = await channel.create_thread(
            name=clip(name, THREAD_NAME), type=discord.ChannelType.private_thread, invitable=False
        )
        await thread.add_user(interaction.user)
    except discord.HTTPException as error:
        log.info("could not open a private thread in %s: %s", channel.id, error)
        return "Discord refused me a private thread here. Play without `thread`, or ask a server admin."
    return thread


async def archive_thread(client: discord.Client, thread_id: int) -> None:
    """A game's own thread is archived once its game has ended."""
    thread = client.get_channel(thread_id) or await client.fetch_channel(thread_id)
    if isinstance(thread, discord.Thread):
        await thread.edit(archived=True)
