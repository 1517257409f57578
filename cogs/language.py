"""Which language to answer in: a private reply speaks its reader's (their Discord client's); a
message the whole channel reads speaks the server's."""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Any
from typing import cast

import discord

from bot.i18n.catalogue import SOURCE
from bot.i18n.catalogue import language_of
from bot.i18n.words import Words

if TYPE_CHECKING:
    from bot.app import UnoBot


async def server_words(bot: UnoBot, guild_id: int | None) -> Words:
    """For a message the bot posts in a server's channel unasked (no interaction says where):
    the language its admins chose with /uno settings, else the server's own. English in a DM."""
    if not guild_id:
        return Words(SOURCE)
    chosen = (await bot.records.server_defaults(guild_id)).language
    guild = bot.get_guild(guild_id)
    return Words(chosen or language_of(guild.preferred_locale.value if guild is not None else None))


def private_words(interaction: discord.Interaction[Any]) -> Words:
    """For a reply only the one who asked sees: their own language."""
    return Words.for_locale(interaction.locale.value)


def server_language(interaction: discord.Interaction[Any], chosen: str) -> str:
    """The language a server's channels read: the one its admins `chosen` with /uno settings,
    else the server's own (its Discord language, sent with each interaction); in a DM, the
    reader's."""
    if chosen:
        return chosen
    if interaction.guild_id is not None and interaction.guild_locale is not None:
        return language_of(interaction.guild_locale.value)
    return language_of(interaction.locale.value)


async def public_words(interaction: discord.Interaction[Any]) -> Words:
    """For a message everyone in the channel reads (a board, /stats): the server's language."""
    chosen = ""
    if interaction.guild_id is not None:
        bot = cast("UnoBot", interaction.client)
        chosen = (await bot.records.server_defaults(interaction.guild_id)).language
    return Words(server_language(interaction, chosen))
