"""The permissions the bot is invited with: the README and the link the bot logs at start-up ask
for exactly INVITE_PERMISSIONS, and a bot granted those alone runs every game a server can hold."""

from __future__ import annotations

import logging
import re
from pathlib import Path
from typing import Any

import discord
import pytest

from bot import __main__ as command_line
from bot.app import INVITE_PERMISSIONS
from bot.app import UnoBot
from bot.app import invite_url
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import button_labels
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import flat_components
from tests.discord.uno_driver import table_of

README = Path(__file__).resolve().parents[2] / "README.md"
# Discord's own names of the permissions, as its invite page and server settings show them.
DISCORD_NAMES = {
    "view_channel": "View Channels",
    "send_messages": "Send Messages",
    "send_messages_in_threads": "Send Messages in Threads",
    "embed_links": "Embed Links",
    "attach_files": "Attach Files",
    "create_public_threads": "Create Public Threads",
    "create_private_threads": "Create Private Threads",
    "read_message_history": "Read Message History",
    "external_emojis": "Use External Emojis",
    "manage_threads": "Manage Threads",
    "manage_messages": "Manage Messages",
    "administrator": "Administrator",
}


def _invite_section() -> str:
    return README.read_text(encoding="utf-8").split("## Inviting the bot", 1)[1].split("\n## ", 1)[0]


def test_the_readme_asks_for_exactly_the_permissions_the_bot_is_invited_with() -> None:
    section = _invite_section()
    asked = {flag for flag in DISCORD_NAMES if getattr(INVITE_PERMISSIONS, flag)}
    named = discord.Permissions(**dict.fromkeys(asked, True))
    assert named == INVITE_PERMISSIONS, "name the new permission in DISCORD_NAMES"
    listed = set(re.findall(r"^- \*\*(.+?)\*\*", section, flags=re.MULTILINE))
    assert listed == {DISCORD_NAMES[flag] for flag in asked}
    assert f"permissions={INVITE_PERMISSIONS.value}" in section
    assert "scope=bot+applications.commands" in section
    assert "permissions=" in invite_url(1) and str(INVITE_PERMISSIONS.value) in invite_url(1)
    # The help printed without a token says where the list is.
    for help_text in (command_line.NO_TOKEN_HELP, command_line.NO_TOKEN_HELP_IN_IMAGE):
        assert "Inviting the bot" in help_text


@pytest.fixture
def info_logs(caplog: pytest.LogCaptureFixture) -> pytest.LogCaptureFixture:
    """The bot's INFO lines, from its start on (asked for before the bot)."""
    caplog.set_level(logging.INFO, logger="bot.app")
    return caplog


async def test_the_bot_logs_its_invite_link_at_start(
    info_logs: pytest.LogCaptureFixture, simcord_env: Any, simcord_bot: UnoBot
) -> None:
    caplog = info_logs
    assert simcord_bot.application_id is not None
    said = [r.getMessage() for r in caplog.get_records("setup") + caplog.get_records("call")]
    assert any(invite_url(simcord_bot.application_id) in line for line in said), said


async def test_a_bot_granted_only_the_invite_permissions_runs_every_game(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    # The server's members may talk; the bot has its invite's permissions and nothing else.
    nothing = discord.Permissions.none().value
    stored = env.backend.guilds[guild.id]
    for role in list(stored.roles.values()):
        if role.id == guild.id:
            env.backend.edit_role(guild.id, role.id, {"permissions": nothing})
        elif role.managed:
            env.backend.edit_role(guild.id, role.id, {"permissions": INVITE_PERMISSIONS.value})
    talk = discord.Permissions(
        view_channel=True,
        send_messages=True,
        send_messages_in_threads=True,
        read_message_history=True,
        use_application_commands=True,
    )
    members = guild.create_role("members", permissions=talk)
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(env.create_user(name), roles=[members]) for name in ("alice", "bob"))

    def said(res: Any) -> str:
        return " ".join(str(m.content) for m in (res.response, *res.followups) if m is not None)

    # A table in the channel, dealt and played, with its picture.
    res = acknowledged(await alice.slash(channel, "uno start"))
    assert "Your table is open below" in said(res)
    acknowledged(await bob.click(channel.last_message, label="Join"))
    acknowledged(await alice.click(channel.last_message, label="Start"))
    table = table_of(simcord_bot, channel)
    message = channel_table_message(channel)
    assert message.embeds and message.attachments
    assert table.game is not None
    mover = alice if table.members[table.game.current].user_id == alice.id else bob
    hand = acknowledged(await mover.click(message, label="Show my hand")).response
    if "Draw" in button_labels(hand):
        acknowledged(await mover.click(hand, label="Draw"))
    else:
        select = next(c for c in flat_components(hand) if c["type"] == 3)
        acknowledged(await mover.select(hand, [select["options"][0]["value"]], custom_id=select["custom_id"]))
    assert table.game.turn == 2 and not table.phase.is_over
    # The turn's ping, posted below the table (and deleted at the end) with these permissions.
    assert channel.last_message.content == f"<@{table.members[table.game.current].user_id}>, your turn."
    acknowledged(await alice.slash(channel, "uno end"))
    assert not [m for m in channel.history() if m.content.endswith("your turn.")]
    # A table in a thread of its own.
    res = acknowledged(await bob.slash(channel, "uno start", thread=True))
    assert "Your table is open in" in said(res)
    (thread,) = channel.threads
    acknowledged(await alice.click(thread.last_message, label="Join"))
    acknowledged(await bob.click(thread.last_message, label="Start"))
    acknowledged(await bob.slash(thread, "uno end"))
    # Solo games privately and in private threads, the puzzle, the boards.
    for command, options in (
        ("flood play", {"difficulty": "easy", "thread": True}),
        ("solitaire play", {"thread": True}),
        ("puzzle daily", {}),
        ("leaderboard", {}),
        ("stats", {}),
    ):
        res = acknowledged(await alice.slash(channel, command, **options))
        answer = said(res)
        assert "permission" not in answer and "went wrong" not in answer, (command, answer)
    assert len(channel.threads) == 3
    # A solo game ended in its thread. SimCord asks Manage Channels to archive a thread, where
    # Discord lets the thread's owner do it: the thread stays open here, and its end is no error.
    flood_thread = next(t for t in channel.threads if t.name.startswith("Survive the Flood"))
    acknowledged(await alice.click(flood_thread.last_message, label="Resign"))
    acknowledged(await alice.click(flood_thread.last_message, label="Resign"))
    assert simcord_bot.solo.of(alice.id, "flood") is None
