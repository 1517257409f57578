"""Which language to answer in: a private reply speaks its reader's (their Discord client's)."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n.words import Words


def private_words(interaction: discord.Interaction[Any]) -> Words:
    """For a reply only the one who asked sees: their own language."""
    return Words.for_locale(interaction.locale.value)
