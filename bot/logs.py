"""Logging shared by the bot and the demo: the libraries stay quiet whatever the bot's level."""

from __future__ import annotations

import logging

# At DEBUG these libraries print every statement and frame: aiosqlite and sqlalchemy would log
# each saved game, hands included, and discord.py every gateway frame and HTTP call with its body
# (an interaction's token, in the frame and in the URL of its answer; a private hand). They stay
# at INFO or above whatever LOG_LEVEL asks of the bot.
QUIET_LIBRARIES = (
    "discord.gateway",
    "discord.http",
    "aiosqlite",
    "sqlalchemy",
    "asyncio",
    "websockets",
    "aiohttp",
    "simcord",
    "markdown_it",  # the demo page renders every message with it: hundreds of lines a second
)


# Alembic says at INFO, at every start, how it will migrate ("Context impl SQLiteImpl.", "Will
# assume transactional DDL."), a migration applied or not: nothing an admin can act on. It speaks
# at LOG_LEVEL=DEBUG only; the store logs each migration it applied (bot/store/migrate.py).
CHATTY_AT_INFO = ("alembic",)


def quiet_libraries() -> None:
    """Raise each library's logger to INFO if it would log below it, and the chatty ones to
    WARNING unless the bot logs at DEBUG."""
    for name in QUIET_LIBRARIES:
        logger = logging.getLogger(name)
        if logger.getEffectiveLevel() < logging.INFO:
            logger.setLevel(logging.INFO)
    debug = logging.getLogger().getEffectiveLevel() <= logging.DEBUG
    for name in CHATTY_AT_INFO:
        logging.getLogger(name).setLevel(logging.NOTSET if debug else logging.WARNING)


class SimCordProbe(logging.Filter):
    """SimCord checks discord.py's internals with a client of no intents when the demo starts, and
    discord.py warns of it ("Guilds intent seems to be disabled"): the demo's bot has that intent,
    so the warning only alarmed people trying the demo."""

    def filter(self, record: logging.LogRecord) -> bool:
        warning = "Guilds intent seems to be disabled"  # not shown to players
        return not record.getMessage().startswith(warning)


def quiet_simcord_probe() -> None:
    state = logging.getLogger("discord.state")
    if not any(isinstance(f, SimCordProbe) for f in state.filters):
        state.addFilter(SimCordProbe())
