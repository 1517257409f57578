"""Each interaction counted and timed for the metrics (bot/ops.py), and logged in one line with
its game and shard, so an operator can follow one game across the processes' logs."""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import discord

from bot.ops import HANDLING_SECONDS
from bot.ops import INTERACTIONS

log = logging.getLogger("unobot.interactions")


def shard_of(interaction: discord.Interaction[Any]) -> int:
    """The shard the interaction came on: its server's, or 0 for a direct message."""
    return interaction.guild.shard_id if interaction.guild is not None else 0


def count(kind: str, outcome: str, seconds: float, interaction: discord.Interaction[Any], what: str) -> None:
    INTERACTIONS.labels(kind, outcome).inc()
    HANDLING_SECONDS.labels(kind).observe(seconds)
    log.info(
        "%s %s by %s: %s in %.0f ms (shard %s)",
        kind,
        what,
        interaction.user.id,
        outcome,
        seconds * 1000,
        shard_of(interaction),
    )


@asynccontextmanager
async def observed(kind: str, interaction: discord.Interaction[Any], what: str) -> AsyncIterator[None]:
    """Count and time a click's handling: `ok`, or `error` when it raised."""
    started = time.perf_counter()
    outcome = "error"
    try:
        yield
        outcome = "ok"
    finally:
        count(kind, outcome, time.perf_counter() - started, interaction, what)


def since_arrival(interaction: discord.Interaction[Any]) -> float:
    """Seconds since Discord created the interaction (a command's handling, measured at its end)."""
    return max(0.0, (discord.utils.utcnow() - interaction.created_at).total_seconds())
