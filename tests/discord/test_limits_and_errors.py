"""Text a member types never breaks an answer, and a command or a click that fails still answers
privately (issue 14, item 3)."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands
from simcord.backend.errors import OptionError
from sqlalchemy import Connection
from sqlalchemy import inspect

from bot.app import UnoBot
from cogs.errors import CLICK_WENT_WRONG
from cogs.errors import SOMETHING_WENT_WRONG
from cogs.limits import EMBED_TITLE
from cogs.limits import HAND_TEXT
from cogs.limits import OPTION_TEXT
from cogs.limits import clip
from cogs.limits import last_lines
from cogs.limits import pages
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import open_table


def test_clip_keeps_what_fits_and_cuts_the_rest_to_the_limit() -> None:
    assert clip("x" * EMBED_TITLE, EMBED_TITLE) == "x" * EMBED_TITLE
    cut = clip("y" * 300, EMBED_TITLE)
    assert len(cut) == EMBED_TITLE
    assert cut.endswith("…")


async def test_every_free_text_option_has_a_max_length(simcord_env: Any, simcord_bot: UnoBot) -> None:
    free_text = []
    for command in simcord_bot.tree.walk_commands():
        if not isinstance(command, app_commands.Command):
            continue
        for parameter in command.parameters:
            if parameter.type is discord.AppCommandOptionType.string and not parameter.choices:
                # For a string option, discord.py sends max_value as max_length.
                free_text.append((command.qualified_name, parameter.name, parameter.max_value))
    assert ("leaderboard", "variant", OPTION_TEXT) in free_text
    assert ("puzzle solve", "cards", HAND_TEXT) in free_text  # a whole hand of up to 108 cards
    longer = [(c, p) for c, p, most in free_text if most is None or most > OPTION_TEXT]
    assert longer == [("puzzle solve", "cards")]


async def test_a_variant_nobody_plays_gets_a_private_answer(simcord_env: Any, simcord_bot: UnoBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("boards")
    alice = guild.add_member(simcord_env.create_user("alice"))
    res = acknowledged(await alice.slash(channel, "leaderboard", game="flood", variant="v" * OPTION_TEXT))
    assert res.ephemeral
    assert "no such variant" in str(res.response.content)
    assert "easy/uno" in str(res.response.content)


def _drop_every_table(connection: Connection) -> None:
    for table in inspect(connection).get_table_names():
        connection.exec_driver_sql(f'DROP TABLE "{table}"')


@pytest.mark.logged_errors_expected
async def test_a_command_that_fails_after_deferring_answers_privately(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("boards")
    alice = guild.add_member(simcord_env.create_user("alice"))
    # The store loses its tables under the bot: /leaderboard fails after its public "thinking...".
    async with simcord_bot.store._engine.begin() as connection:
        await connection.run_sync(_drop_every_table)
    res = acknowledged(await alice.slash(channel, "leaderboard"))
    answers = [m for m in (res.response, *res.followups) if m is not None]
    assert [str(m.content) for m in answers if m.content] == [str(SOMETHING_WENT_WRONG)]
    assert all(m.ephemeral for m in answers if m.content)
    # Nothing is left hanging in the channel for everyone to see.
    public = list(channel.history(viewer=guild.add_member(simcord_env.create_user("bob"))))
    assert public == []


async def test_discord_itself_refuses_a_variant_over_the_max_length(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """The 250-character variant that once left "thinking..." forever never reaches the bot."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("boards")
    alice = guild.add_member(simcord_env.create_user("alice"))
    with pytest.raises(OptionError, match="variant"):
        await alice.slash(channel, "leaderboard", game="flood", variant="v" * 250)
    assert channel.history(viewer=alice) == []


def test_pages_cut_a_long_text_between_lines_and_keep_all_of_it() -> None:
    lines = [f"{n:04d} " + "w" * 95 for n in range(50)]  # 100 characters a line, 5,049 in all
    parts = pages("\n".join(lines))
    assert [len(part) for part in parts] == [1918, 1918, 1211]  # 19, 19 and 12 lines
    assert "\n".join(parts) == "\n".join(lines)
    assert pages("short") == ["short"]
    assert pages("x" * 2500) == [clip("x" * 2500, 2000)]


def test_last_lines_keep_the_newest_whole_lines_that_fit() -> None:
    lines = [f"{n} " + "w" * 8 for n in range(5)]  # 10 characters a line
    assert last_lines(lines, 32) == "\n".join(lines[-3:])  # 32 characters: three lines, no fourth
    assert last_lines(lines, 31) == "\n".join(lines[-2:])
    assert last_lines(lines, 100) == "\n".join(lines)
    assert last_lines(["x" * 50], 10) == clip("x" * 50, 10)
    assert last_lines([], 10) == ""


@pytest.mark.logged_errors_expected
async def test_a_click_that_fails_answers_privately(simcord_env: Any, simcord_bot: UnoBot) -> None:
    """A click whose handling fails on the bot's side: before, discord.py logged the error and the
    player was left with "thinking..." (or "This interaction failed"); now they are told, as
    for a command."""
    channel, (alice, _) = await open_table(simcord_env, ["alice", "bob"], start=True)
    async with simcord_bot.store._engine.begin() as connection:
        await connection.run_sync(_drop_every_table)
    res = acknowledged(await alice.click(channel_table_message(channel), label="Show my hand"))
    answers = [m for m in (res.response, *res.followups) if m is not None and m.content]
    assert [str(m.content) for m in answers] == [str(CLICK_WENT_WRONG)]
    assert all(m.ephemeral for m in answers)
