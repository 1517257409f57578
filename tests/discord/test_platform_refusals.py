"""What Discord itself does to a running bot, as members and moderators meet it: DMs closed,
channels deleted under a table, options Discord cannot fill in a DM."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import discord
import pytest
from simcord.backend.models.channel import Overwrite
from simcord.backend.models.channel import OverwriteType

from bot.app import UnoBot
from bot.games.uno.explain import explain
from bot.i18n.words import Words
from tests.discord.conftest import ClientLocales
from tests.discord.flood_driver import fetch
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import assert_table_message_matches
from tests.discord.uno_driver import button_labels
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import flat_components
from tests.discord.uno_driver import open_table
from tests.discord.uno_driver import open_thread_table
from tests.discord.uno_driver import table_of


def _said(res: Any) -> str:
    return str((res.followups or [res.response])[-1].content)


async def test_uno_solo_with_dms_closed_says_so_and_leaves_no_hidden_table(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    simcord_bot.tables.computer_pause = timedelta(0)
    guild = simcord_env.create_guild()
    lobby = guild.create_text_channel("general")
    user = simcord_env.create_user("eve")
    eve = guild.add_member(user)
    dm = user.dm_channel
    # Eve does not accept DMs from server members: Discord refuses every message to her.
    simcord_env.inject_error(
        "POST",
        f"/channels/{dm.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    res = acknowledged(await eve.slash(lobby, "uno solo", opponents=2, level="easy"))
    assert res.ephemeral
    assert "in your DMs" not in _said(res), "she is told her table is where she cannot see it"
    assert "DM" in _said(res)
    assert simcord_bot.tables.in_channel(dm.id) is None, "no table runs where nobody sees it"
    assert await simcord_bot.store.load_running_games("uno") == []


async def test_a_channel_deleted_under_a_running_table_ends_the_table(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    channel, _players = await open_table(env, ["alice", "bob"], start=True)
    table = table_of(simcord_bot, channel)
    # A moderator deletes the channel while the game is on (Discord sends CHANNEL_DELETE).
    env.backend.delete_channel(channel.id)
    await env.settle()
    assert simcord_bot.tables.in_channel(channel.id) is None, "a table nobody can reach keeps running"
    assert table.phase.is_over
    assert await simcord_bot.store.load_running_games("uno") == []
    # Its turn timer has nothing left to fire at a channel that is gone (no error logged).
    await env.advance_time(simcord_bot.settings.turn_timeout_seconds * 4)


@pytest.mark.parametrize("deleted", ["thread", "its channel"])
async def test_a_tables_thread_deleted_mid_game_ends_the_table(
    simcord_env: Any, simcord_bot: UnoBot, deleted: str
) -> None:
    """A moderator deletes the table's thread, or the channel it is in: Discord sends no
    THREAD_DELETE for the threads of a deleted channel, and discord.py tells of those it knew."""
    env = simcord_env
    channel, thread, _ = await open_thread_table(env, ["alice", "bob"])
    table = table_of(simcord_bot, thread)
    env.backend.delete_channel(thread.id if deleted == "thread" else channel.id)
    await env.settle()
    assert table.phase.is_over and simcord_bot.tables.in_channel(thread.id) is None
    assert await simcord_bot.store.load_running_games("uno") == []
    await env.advance_time(simcord_bot.settings.turn_timeout_seconds * 4)


async def test_a_table_whose_channel_the_bot_may_no_longer_post_in_ends_and_the_mover_is_told(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    # Before: Discord refused every edit of the table message, a warning was logged, and the game
    # went on under a table message stuck on an old turn, which nobody could follow.
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob"], start=True)
    table = table_of(simcord_bot, channel)
    table_message = channel_table_message(channel)
    # A moderator takes the channel away from the bot mid-game (Discord sends CHANNEL_UPDATE).
    assert simcord_bot.user is not None
    taken = discord.Permissions(view_channel=True, send_messages=True).value
    env.backend.set_overwrite(
        channel.id, Overwrite(target_id=simcord_bot.user.id, type=OverwriteType.MEMBER, deny=taken)
    )
    await env.settle()
    assert not table.phase.is_over, "a permission change alone ends nothing: it may be put back"
    assert table.game is not None
    mover = next(p for p in players if p.id == table.members[table.game.current].user_id)
    hand = acknowledged(await mover.click(table_message, label="Show my hand")).response
    assert hand.ephemeral
    if "Draw" in button_labels(hand):
        res = acknowledged(await mover.click(hand, label="Draw"))
    else:
        select = next(c for c in flat_components(hand) if c["type"] == 3)
        res = acknowledged(
            await mover.select(hand, [select["options"][0]["value"]], custom_id=select["custom_id"])
        )
    told = res.followups[-1]
    assert told.ephemeral
    assert "This table has ended: I can no longer post in this table's channel." in told.content
    assert table.phase.is_over and simcord_bot.tables.in_channel(channel.id) is None
    assert await simcord_bot.store.load_running_games("uno") == []
    # The table message still shows its controls (the bot could not edit it): the next click on
    # them is told why the table ended, and takes them off.
    other = next(p for p in players if p is not mover)
    res = acknowledged(await other.click(table_message, label="Show my hand"))
    assert "This table has ended: I can no longer post in this table's channel." in _said(res)
    assert res.followups[-1].ephemeral
    assert button_labels(fetch(channel, table_message.id)) == [], "the table's stale controls stay"
    # No timer is left to fire at the table (no error logged).
    await env.advance_time(simcord_bot.settings.turn_timeout_seconds * 4)


async def test_a_table_the_bot_may_no_longer_show_ends_at_its_next_timer_too(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    channel, _players = await open_table(env, ["alice", "bob"], start=True)
    table = table_of(simcord_bot, channel)
    assert simcord_bot.user is not None
    taken = discord.Permissions(send_messages=True, embed_links=True, view_channel=True).value
    env.backend.set_overwrite(
        channel.id, Overwrite(target_id=simcord_bot.user.id, type=OverwriteType.MEMBER, deny=taken)
    )
    # Nobody moves: the turn runs out, a change the bot cannot show either.
    await env.advance_time(simcord_bot.settings.turn_timeout_seconds + 1)
    assert table.phase.is_over and table.ended_reason is not None
    assert "can no longer post" in str(table.ended_reason)
    assert await simcord_bot.store.load_running_games("uno") == []


async def test_a_table_message_deleted_by_a_moderator_comes_back_with_the_next_move(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob"], start=True)
    guild = players[0].guild
    moderators = guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = guild.add_member(env.create_user("mod"), roles=[moderators])
    table = table_of(simcord_bot, channel)
    await mod.delete(channel_table_message(channel))
    assert [m for m in channel.history() if m.embeds] == []
    # The player to move still has their cards, and their move brings the table back.
    current = next(p for p in players if p.id == table.members[table.game.current].user_id)
    hand = acknowledged(await current.slash(channel, "uno hand")).response
    assert hand.ephemeral
    labels = button_labels(hand)
    if "Draw" in labels or "Red" in labels:
        acknowledged(await current.click(hand, label="Draw" if "Draw" in labels else "Red"))
    else:
        select = next(c for c in flat_components(hand) if c["type"] == 3)
        acknowledged(
            await current.select(hand, [select["options"][0]["value"]], custom_id=select["custom_id"])
        )
    assert_table_message_matches(channel_table_message(channel), table)


async def test_the_host_removes_a_player_who_has_left_the_server(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """Discord sends a user who is no longer a member as a user, not a member: the player who
    left the server is the very one the host needs to remove."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    users = [env.create_user(name) for name in ("alice", "bob", "carol")]
    alice, bob, carol = (guild.add_member(user) for user in users)
    acknowledged(await alice.slash(channel, "uno start"))
    for player in (bob, carol):
        acknowledged(await player.click(channel.last_message, label="Join"))
    acknowledged(await alice.click(channel.last_message, label="Start"))
    table = table_of(simcord_bot, channel)
    guild.remove_member(bob)
    res = acknowledged(await alice.slash(channel, "uno kick", player=users[1]))
    assert res.ephemeral
    assert "went wrong" not in _said(res)
    assert not table.is_seated(bob.id)
    res = acknowledged(await alice.slash(channel, "uno host", player=users[1]))
    assert "went wrong" not in _said(res)
    assert table.host_id == alice.id


async def test_host_tools_typed_in_a_dm_say_tables_are_in_servers(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    carol = simcord_env.create_user("carol")
    for command in ("uno kick", "uno host"):
        res = acknowledged(await carol.slash(command, player=carol))
        assert res.ephemeral
        assert "server channels" in _said(res), command


@pytest.mark.parametrize("locale", ["en-US", "fr"])
async def test_uno_rules_with_every_house_rule_is_shown_whole(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales, locale: str
) -> None:
    """A message holds 2,000 characters; the rules of a table with every house rule take more in
    every language: they come in several private messages, none cut off."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    client_locales.users[admin.id] = locale
    every = "stacking_wd4 seven_o jump_in draw_to_match forced_play no_bluffing"
    acknowledged(await admin.slash(channel, "uno settings", house_rules=every))
    acknowledged(await admin.slash(channel, "uno start"))
    table = table_of(simcord_bot, channel)
    words = Words.for_locale(locale)
    expected = [words(line) for line in explain(table.settings.rules())]
    for res in (
        acknowledged(await admin.slash(channel, "uno rules")),
        acknowledged(await admin.click(channel.last_message, label="Rules")),  # the server speaks English
    ):
        answers = [m for m in (res.response, *res.followups) if m is not None]
        assert all(m.ephemeral for m in answers)
        shown = "\n".join(str(m.content) for m in answers)
        assert len(shown) > 2000
        for line in expected:
            assert f"• {line}" in shown, line


async def test_the_bot_removed_from_a_server_ends_its_tables_there(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    channel, _players = await open_table(env, ["alice", "bob"], start=True)
    other, _others = await open_table(env, ["carol", "dave"], channel="elsewhere")
    table, kept = table_of(simcord_bot, channel), table_of(simcord_bot, other)
    # The bot is kicked from the first server (Discord sends GUILD_DELETE).
    env.backend.remove_guild(_players[0].guild.id)
    await env.settle()
    assert table.phase.is_over and simcord_bot.tables.in_channel(channel.id) is None
    assert [g.game_id for g in await simcord_bot.store.load_running_games("uno")] == [kept.game_id]
    assert not kept.phase.is_over
    await env.advance_time(simcord_bot.settings.turn_timeout_seconds * 4)


async def test_a_thread_discord_refuses_is_said_plainly_and_opens_no_table(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    alice = guild.add_member(env.create_user("alice"))
    # The permissions are there, but the server is at Discord's limit of active threads.
    env.inject_error(
        "POST",
        f"/channels/{channel.id}/threads",
        status=400,
        code=160006,
        message="Maximum number of active threads reached",
    )
    res = acknowledged(await alice.slash(channel, "uno start", thread=True))
    assert res.ephemeral
    assert "went wrong on my side" not in _said(res)
    assert "thread" in _said(res)
    assert simcord_bot.tables.in_channel(channel.id) is None and channel.threads == []
