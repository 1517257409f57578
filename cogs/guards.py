"""Checks that keep one member from flooding the bot: a cooldown on the commands that create
something. The refusal is answered privately by cogs/errors.py."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING
from typing import Any
from typing import TypeVar
from typing import cast

import discord
from discord import app_commands

from bot.i18n.text import Text
from bot.i18n.text import counted

if TYPE_CHECKING:
    from bot.app import UnoBot

T = TypeVar("T")


class CreatedTooSoon(app_commands.CheckFailure):
    """The member used this command too recently; `retry_after` is in seconds."""

    def __init__(self, command: str, retry_after: float) -> None:
        self.command = command
        self.retry_after = retry_after
        # What the member reads, in their language (cogs/errors.py); str() is the English.
        self.said: Text = counted(
            "You used `/{command}` a moment ago: you can use it again in {count} second.",
            "You used `/{command}` a moment ago: you can use it again in {count} seconds.",
            count=max(1, math.ceil(retry_after)),
            command=command,
        )
        super().__init__(str(self.said))


def creates_something() -> Callable[[T], T]:
    """One use per member every `create_cooldown_seconds` (a bot setting) of the decorated
    command. The clock is discord.utils.utcnow, which the simulated Discord of the tests moves."""

    async def predicate(interaction: discord.Interaction[Any]) -> bool:
        command = interaction.command.qualified_name if interaction.command else "?"
        note_creation(cast("UnoBot", interaction.client), command, interaction.user.id)
        return True

    return app_commands.check(predicate)


def note_creation(bot: UnoBot, command: str, user_id: int) -> None:
    """`user_id` creates something with `command` (or with a button that does what it does):
    refused with CreatedTooSoon within `create_cooldown_seconds` of their last use."""
    seconds = bot.settings.create_cooldown_seconds
    if seconds <= 0:
        return
    key = (command, user_id)
    now = discord.utils.utcnow()
    last = bot.last_created.get(key)
    if last is not None:
        waited = (now - last).total_seconds()
        if waited < seconds:
            raise CreatedTooSoon(command, seconds - waited)
    bot.last_created[key] = now
    if len(bot.last_created) > 10_000:  # forget the waits that are over
        bot.last_created = {k: t for k, t in bot.last_created.items() if (now - t).total_seconds() < seconds}
