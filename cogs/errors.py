"""What a member is told when a slash command fails: always a private answer, never a
"thinking..." left hanging, whether or not the command had deferred. Installed on the bot's
command tree (bot/app.py)."""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import discord
from discord import app_commands

from bot.i18n.text import text
from cogs.guards import CreatedTooSoon
from cogs.language import private_words
from cogs.limits import MESSAGE
from cogs.limits import clip
from cogs.observe import count
from cogs.observe import since_arrival

log = logging.getLogger(__name__)

SOMETHING_WENT_WRONG = text(
    "Something went wrong on my side and this command did not finish. It has been logged; "
    "please try again in a moment."
)
CANNOT_USE_HERE = text("You cannot use this command here.")
CLICK_WENT_WRONG = text(
    "Something went wrong on my side and this did not finish. It has been logged; "
    "please try again in a moment."
)


# Discord's "Interaction has already been acknowledged".
ALREADY_ANSWERED = 40060


def answered_by_another_process(interaction: discord.Interaction[Any], error: BaseException) -> bool:
    """Whether Discord refused this process's first answer to `interaction` because another
    process of the bot answered it already: two processes hold its shard (SHARD_IDS overlapping,
    or an old process still running beside its replacement), and Discord sends its events to
    both. That process answers the member; this one says so in its log, in one line, and stops.
    Only a bot split across processes is answered so; in one process it stays a failure."""
    original = getattr(error, "original", error)
    settings = getattr(interaction.client, "settings", None)
    if getattr(settings, "shard_ids", None) is None or interaction.response.is_done():
        return False
    if not (isinstance(original, discord.HTTPException) and original.code == ALREADY_ANSWERED):
        return False
    guild_id, count = interaction.guild_id, getattr(settings, "shard_count", None) or 1
    log.warning(
        "Discord says interaction %s was answered already, by another process of this bot: two "
        "processes hold shard %s (SHARD_IDS overlapping, or an old process still running)",
        interaction.id,
        (guild_id >> 22) % count if guild_id else 0,
    )
    return True


async def answer_command_error(
    interaction: discord.Interaction[Any], error: app_commands.AppCommandError
) -> None:
    """The tree's error handler: a refusal (a check that failed) says why; anything else is
    logged with its traceback and the member gets a private apology."""
    if answered_by_another_process(interaction, error):
        return
    name = interaction.command.qualified_name if interaction.command else "?"
    words = private_words(interaction)
    if isinstance(error, app_commands.CheckFailure):
        said = error.said if isinstance(error, CreatedTooSoon) else CANNOT_USE_HERE
        count("command", "refused", since_arrival(interaction), interaction, f"/{name}")
    else:
        log.error("/%s failed", name, exc_info=error)
        said = SOMETHING_WENT_WRONG
        count("command", "error", since_arrival(interaction), interaction, f"/{name}")
    await answer_privately(interaction, clip(words(said), MESSAGE))


async def answer_privately(interaction: discord.Interaction[Any], text: str) -> None:
    """Answer privately in any state of the interaction, "thinking..." included."""
    try:
        if not interaction.response.is_done():
            await interaction.response.send_message(text, ephemeral=True)
            return
        if interaction.response.type is discord.InteractionResponseType.deferred_channel_message:
            await _drop_thinking(interaction, text)
        await interaction.followup.send(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not tell %s that their command failed", interaction.user.id)


async def _drop_thinking(interaction: discord.Interaction[Any], text: str) -> None:
    """Take a "thinking..." left by a defer off the channel. While it is loading, a follow-up
    would only replace it, keeping its visibility (public after a public defer): it is completed,
    then deleted, so that the follow-up is a message of its own, private. An answer the command
    already gave is left alone."""
    with contextlib.suppress(discord.HTTPException):  # already gone: the follow-up answers anyway
        original = await interaction.original_response()
        if original.flags.loading:
            await interaction.edit_original_response(content=text)
            await interaction.delete_original_response()
