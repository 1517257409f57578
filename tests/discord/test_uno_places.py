"""Where tables run: a table in a thread of its own, played to its end and the thread archived;
a server's allowed channels and role, refused privately elsewhere."""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest

from bot.app import UnoBot
from tests.discord.conftest import ClientLocales
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import play_like_a_careful_player
from tests.discord.uno_driver import take_turn
from tests.discord.uno_driver import whose_turn


def server_with_admin(env: Any) -> tuple[Any, Any, Any]:
    guild = env.create_guild()
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    return guild, admins, admin


async def test_a_game_in_its_own_thread_is_played_to_its_end_and_the_thread_archived(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol")]
    res = acknowledged(await players[0].slash(channel, "uno start", thread=True, points=50))
    assert res.ephemeral
    threads = channel.threads
    assert len(threads) == 1
    thread = threads[0]
    assert thread.name == "UNO: alice's table"
    assert f"<#{thread.id}>" in res.response.content
    assert simcord_bot.tables.in_channel(channel.id) is None, "the channel itself stays free"
    # A second table in the same channel: one table per thread.
    second = acknowledged(await players[2].slash(channel, "uno start", thread=True))
    assert "open in <#" in second.response.content and len(channel.threads) == 2

    acknowledged(await players[1].click(thread.last_message, label="Join"))
    acknowledged(await players[0].click(thread.last_message, label="Start"))
    table = simcord_bot.tables.in_channel(thread.id)
    assert table is not None and table.in_thread
    await play_like_a_careful_player(table, thread, players[:2], until=lambda: False)
    assert table.phase.is_over
    assert thread._channel.thread_metadata.archived, "the thread was archived at the end"
    assert not channel.threads[1]._channel.thread_metadata.archived, "the other table's thread runs on"


async def test_a_start_outside_the_allowed_channels_or_without_the_role_is_refused(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild, _, admin = server_with_admin(env)
    games = guild.create_category("Games")
    allowed = guild.create_text_channel("uno", category=games)
    other = guild.create_text_channel("general")
    players_role = guild.create_role("players")
    bob = guild.add_member(env.create_user("bob"))
    carol = guild.add_member(env.create_user("carol"), roles=[players_role])

    shown = acknowledged(await admin.slash(other, "uno settings")).response.content
    assert "In this server, tables run in any channel, in the channel itself; everyone can" in shown
    saved = acknowledged(
        await admin.slash(other, "uno settings", channels=f"<#{games.id}>", role=players_role)
    )
    assert saved.ephemeral and "Saved" in saved.response.content
    # Without options, /uno settings says where tables run along with the rules.
    shown = acknowledged(await admin.slash(other, "uno settings")).response.content
    assert f"In this server, tables run in <#{games.id}>, in the channel itself; members with" in shown

    refused = acknowledged(await carol.slash(other, "uno start"))
    assert refused.ephemeral and "do not run in this channel" in refused.response.content
    assert simcord_bot.tables.in_channel(other.id) is None
    no_role = acknowledged(await bob.slash(allowed, "uno start"))
    assert no_role.ephemeral and "needs the" in no_role.response.content
    assert simcord_bot.tables.in_channel(allowed.id) is None

    acknowledged(await carol.slash(allowed, "uno start"))
    assert simcord_bot.tables.in_channel(allowed.id) is not None, "inside the category, with the role"
    join = acknowledged(await bob.click(allowed.last_message, label="Join"))
    [refused] = join.followups  # the click is acknowledged before the server's choice is read
    assert refused.ephemeral and "needs the" in refused.content
    table = simcord_bot.tables.in_channel(allowed.id)
    assert table is not None and not table.is_seated(bob.id)

    acknowledged(await admin.slash(other, "uno settings", channels="anywhere", any_role=True))
    acknowledged(await bob.slash(other, "uno start"))
    assert simcord_bot.tables.in_channel(other.id) is not None


async def test_a_tables_thread_lives_a_week_and_an_archived_one_is_reopened_to_show_the_move(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """Discord archives a thread after its auto-archive time without a new message; a table's
    moves edit its message and post none, so under a channel's default of an hour a long game's
    thread was archived mid-game, and Discord refused every edit after (50083): the table message
    froze on an old turn and each move logged an error. A game's thread now asks for the longest
    time Discord gives (a week), and a table that finds its thread archived reopens it."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    acknowledged(await alice.slash(channel, "uno start", thread=True))
    [thread] = channel.threads
    assert thread._channel.thread_metadata.auto_archive_duration == 10080
    acknowledged(await bob.click(thread.last_message, label="Join"))
    acknowledged(await alice.click(thread.last_message, label="Start"))
    table = simcord_bot.tables.in_channel(thread.id)
    assert table is not None
    before = table.version
    # Refused with its picture, then without: every edit until the thread is open again.
    env.inject_error(
        "PATCH", "/channels/*/messages/*", status=400, code=50083, message="Thread is archived", times=2
    )
    by_id = {alice.id: alice, bob.id: bob}
    await take_turn(by_id[whose_turn(channel_table_message(thread))], thread, [alice, bob], random.Random(3))
    assert table.version > before and not table.phase.is_over
    shown = channel_table_message(thread)
    assert whose_turn(shown) == table.members[table.game.current].user_id, "the move is on the table"

    acknowledged(await alice.slash(channel, "flood play", difficulty="easy", thread=True))
    solo = next(t for t in channel.threads if t.id != thread.id)
    assert solo._channel.thread_metadata.auto_archive_duration == 10080


@pytest.mark.parametrize("taken", ["create_public_threads", "send_messages_in_threads"])
async def test_a_thread_the_bot_may_not_open_under_the_threads_setting_says_the_setting_is_why(
    simcord_env: Any, simcord_bot: UnoBot, taken: str
) -> None:
    # Before: "I cannot run a table in this channel: I need the Create Public Threads permission
    # here", though the channel itself would do: the member could not tell that the server's
    # threads setting asked for the thread, nor how to do without it.
    env = simcord_env
    guild, _, admin = server_with_admin(env)
    assert simcord_bot.user is not None
    channel = guild.create_text_channel(
        "uno", overwrites={simcord_bot.user: discord.PermissionOverwrite(**{taken: False})}
    )
    bob = guild.add_member(env.create_user("bob"))
    acknowledged(await admin.slash(channel, "uno settings", threads=True))
    res = acknowledged(await bob.slash(channel, "uno start"))
    said = res.response.content
    assert res.ephemeral and simcord_bot.tables.in_channel(channel.id) is None and not channel.threads
    assert "each table in a thread of its own" in said
    name = {
        "create_public_threads": "Create Public Threads",
        "send_messages_in_threads": "Send Messages in Threads",
    }[taken]
    assert f"**{name}**" in said
    assert "`/uno settings threads:False`" in said, "how an admin turns the setting off"
    assert "`/uno start thread:False`" in said, "how the member plays here now"
    # Which is true: the table opens in the channel itself.
    opened = acknowledged(await bob.slash(channel, "uno start", thread=False))
    assert "Your table is open below" in opened.response.content


async def test_a_thread_asked_for_that_the_bot_may_not_open_says_to_play_without_it(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    assert simcord_bot.user is not None
    channel = guild.create_text_channel(
        "uno", overwrites={simcord_bot.user: discord.PermissionOverwrite(create_public_threads=False)}
    )
    bob = guild.add_member(env.create_user("bob"))
    res = acknowledged(await bob.slash(channel, "uno start", thread=True))
    said = res.response.content
    assert "**Create Public Threads**" in said and "without `thread:true`" in said
    assert "I cannot run a table in this channel" not in said, "the channel itself would do"


async def test_a_thread_discord_refuses_under_the_threads_setting_says_the_setting_is_why(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild, _, admin = server_with_admin(env)
    channel = guild.create_text_channel("uno")
    bob = guild.add_member(env.create_user("bob"))
    acknowledged(await admin.slash(channel, "uno settings", threads=True))
    env.inject_error(
        "POST",
        f"/channels/{channel.id}/threads",
        status=400,
        code=160006,
        message="Maximum number of active threads reached",
    )
    res = acknowledged(await bob.slash(channel, "uno start"))
    said = (res.followups or [res.response])[-1].content
    assert "each table in a thread of its own" in said
    assert "`/uno start thread:False`" in said and "`/uno settings threads:False`" in said
    assert "without `thread`" not in said, "bob did not ask for a thread"


async def test_channels_that_are_not_this_servers_are_refused_and_the_saved_ones_kept(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales
) -> None:
    """`channels:` takes this server's channels or categories, or `anywhere`. A name typed
    without a mention ("uno-tables") used to save "any channel", quietly undoing the admin's
    restriction; a member's mention or another server's channel was saved as a channel where no
    table could ever run, so every /uno start in the server was refused."""
    env = simcord_env
    guild, _, admin = server_with_admin(env)
    uno = guild.create_text_channel("uno")
    bob = guild.add_member(env.create_user("bob"))
    elsewhere = env.create_guild().create_text_channel("theirs")
    acknowledged(await admin.slash(uno, "uno settings", channels=f"<#{uno.id}>"))
    allowed = (uno.id,)
    assert (await simcord_bot.records.table_place(guild.id)).channel_ids == allowed

    for typed in ("uno-tables", f"<@{bob.id}>", f"<#{uno.id}> <#{elsewhere.id}>"):
        told = acknowledged(await admin.slash(uno, "uno settings", channels=typed))
        assert told.ephemeral
        said = told.response.content if told.response is not None else told.followups[0].content
        assert said.startswith("Not saved:"), said
        assert "`anywhere`" in said, said
        assert (await simcord_bot.records.table_place(guild.id)).channel_ids == allowed, typed
    told = acknowledged(await admin.slash(uno, "uno settings", channels=f"<@{bob.id}>"))
    said = told.response.content if told.response is not None else told.followups[0].content
    assert said == (
        f"Not saved: `{bob.id}` is not a channel or category of this server. Mention them "
        "(#channel) or give their ids; `anywhere` lets tables run in any channel."
    ), said

    client_locales.users[admin.id] = "de"
    told = acknowledged(await admin.slash(uno, "uno settings", channels="uno-tables"))
    said = told.response.content if told.response is not None else told.followups[0].content
    assert said.startswith("Nicht gespeichert:") and "`anywhere`" in said, said

    acknowledged(await admin.slash(uno, "uno settings", channels=" Anywhere "))
    assert (await simcord_bot.records.table_place(guild.id)).channel_ids == ()
