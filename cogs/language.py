"""Which language to answer in: a private reply speaks its reader's (their Discord client's); a
message the whole channel reads speaks the server's."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n.words import Words


def private_words(interaction: discord.Interaction[Any]) -> Words:
    """For a reply only the one who asked sees: their own language."""
    return Words.for_locale(interaction.locale.value)


def public_words(interaction: discord.Interaction[Any]) -> Words:
    """For a message everyone in a server's channel reads: the server's language (the one its
    admins chose for it in Discord, sent with each interaction); in a DM, the reader's own."""
    locale = interaction.guild_locale if interaction.guild_id is not None else None
    return Words.for_locale((locale or interaction.locale).value)
