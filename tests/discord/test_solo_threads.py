"""Solo games in a private thread of their own: opened for the player, played there (across a
restart too), archived at the end; refused plainly where the bot may not open one."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from simcord.backend.errors import SetupError

from bot.app import UnoBot
from bot.games.flood import FloodGame
from tests.discord.conftest import BotFactory
from tests.discord.flood_driver import fetch
from tests.discord.flood_driver import greedy_move
from tests.discord.flood_driver import play_to_the_end
from tests.discord.flood_driver import short_loss
from tests.discord.test_solitaire_play import click_action
from tests.discord.test_solitaire_play import greedy_seed
from tests.discord.test_solitaire_play import play_greedily
from tests.discord.test_solitaire_play import session_of as solitaire_session
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import button_labels
from tests.discord.withheld import WHERE
from tests.discord.withheld import Where
from tests.discord.withheld import withhold


def _archived(thread: Any) -> bool:
    return bool(thread._channel.thread_metadata.archived)


async def test_a_flood_game_in_its_own_private_thread_is_archived_at_its_end(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    bea = guild.add_member(env.create_user("bea"))
    simcord_bot.solo.seeds = [short_loss()]
    res = acknowledged(await ann.slash(channel, "flood play", difficulty="medium", thread=True))
    assert res.ephemeral
    [thread] = channel.threads
    assert f"Your game is in <#{thread.id}>." in res.response.content
    assert thread.name == "Survive the Flood: ann"
    assert thread._channel.type == discord.ChannelType.private_thread.value
    assert ann.id in thread._channel.thread_members and bea.id not in thread._channel.thread_members
    game_message = thread.last_message
    assert not game_message.flags.ephemeral and game_message.embeds[0].title.startswith("🌊")
    with pytest.raises(SetupError, match="cannot read"):
        thread.history(viewer=bea)  # a private thread: bea cannot read it
    session = simcord_bot.solo.of(ann.id, "flood")
    assert session is not None and session.in_thread and session.message_id == game_message.id
    assert not _archived(thread)

    final = await play_to_the_end(simcord_bot, ann, thread, game_message.id)
    assert final.embeds[0].title == "🌊 The flood won"
    assert _archived(thread), "the thread was archived at the end"

    # The next game without `thread` is private in the channel, as before.
    res = acknowledged(await ann.slash(channel, "flood play", difficulty="easy"))
    assert res.ephemeral and res.response.embeds and len(channel.threads) == 1


@pytest.mark.parametrize("asked_in", ["its thread", "the channel"])
async def test_play_again_while_the_game_runs_in_its_thread_points_to_it(
    simcord_env: Any, simcord_bot: UnoBot, asked_in: str
) -> None:
    """Before: `/flood play` answered with a private copy of the game, playable, and the game took
    that copy for its message: its thread's message, left behind, kept its controls and the old
    position when the game expired. Now the player is pointed to the thread, where the game
    goes on, and its end shows there."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    simcord_bot.solo.seeds = [short_loss()]
    acknowledged(await ann.slash(channel, "flood play", difficulty="medium", thread=True))
    [thread] = channel.threads
    message_id = thread.last_message.id
    session = simcord_bot.solo.of(ann.id, "flood")
    assert session is not None and isinstance(session.game, FloodGame)
    await greedy_move(ann, fetch(thread, message_id), session.game)

    res = acknowledged(
        await ann.slash(thread if asked_in == "its thread" else channel, "flood play", difficulty="easy")
    )
    assert res.ephemeral and res.response.content == f"Your game is in <#{thread.id}>.", res.response.content
    assert res.response.embeds == [] and res.response.components == [], "no second copy to play on"
    assert session.message_id == message_id

    await env.advance_time(simcord_bot.settings.solo_idle_expiry_seconds + 60)
    shown = fetch(thread, message_id)
    assert session.phase.is_over and shown.components == [], "the game's end shows in its thread"
    assert _archived(thread)


async def test_a_solitaire_game_in_a_thread_goes_on_after_a_restart(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    lou = guild.add_member(env.create_user("lou"))
    simcord_bot.solo.seeds = [greedy_seed(won=False, max_moves=250)]
    acknowledged(await lou.slash(channel, "solitaire play", thread=True))
    [thread] = channel.threads
    assert thread.name == "UNO Solitaire: lou"
    message_id = thread.last_message.id
    await play_greedily(simcord_bot, lou, thread, message_id, limit=10)
    assert solitaire_session(simcord_bot, lou).move == 10

    new_bot = make_bot()
    await env.restart_bot(new_bot)
    restored = solitaire_session(new_bot, lou)
    assert restored.in_thread and restored.channel_id == thread.id and restored.message_id == message_id
    final = await play_greedily(new_bot, lou, thread, message_id)
    assert final.embeds[0].title == "🃏 UNO Solitaire: game over"
    assert fetch(thread, message_id).id == message_id
    assert _archived(thread)


async def test_a_thread_is_refused_plainly_where_the_bot_may_not_open_one(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    assert simcord_bot.user is not None
    channel = guild.create_text_channel(
        "no-threads",
        overwrites={simcord_bot.user: discord.PermissionOverwrite(create_private_threads=False)},
    )
    ann = guild.add_member(env.create_user("ann"))
    res = acknowledged(await ann.slash(channel, "flood play", difficulty="easy", thread=True))
    assert res.ephemeral
    assert "I need the **Create Private Threads** permission in this channel" in res.response.content
    assert not channel.threads and simcord_bot.solo.of(ann.id, "flood") is None
    # In a DM the game is private already: `thread` changes nothing.
    res = acknowledged(await ann.user.slash("solitaire play", thread=True))
    assert not res.ephemeral and res.response.embeds


@pytest.mark.parametrize("where", WHERE)
async def test_a_flood_game_in_a_thread_plays_as_text_without_embed_links(
    simcord_env: Any, simcord_bot: UnoBot, where: Where
) -> None:
    """Before: `thread:true` was refused ("I need the Embed Links permission"), though a group
    table plays on as text without it. Now the game opens in its thread written out as text,
    its picture beside the text, and stays text move after move."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    withhold(env, simcord_bot, channel, where, embed_links=True)
    ann = guild.add_member(env.create_user("ann"))
    simcord_bot.solo.seeds = [short_loss()]
    res = acknowledged(await ann.slash(channel, "flood play", difficulty="medium", thread=True))
    [thread] = channel.threads
    assert f"Your game is in <#{thread.id}>." in res.response.content
    session = simcord_bot.solo.of(ann.id, "flood")
    assert session is not None and session.in_thread
    message_id = thread.last_message.id
    for _ in range(3):
        shown = fetch(thread, message_id)
        assert shown.embeds == [], "an embed Discord would not show"
        assert shown.content.startswith("**🌊 Survive the Flood · Medium · UNO deck**")
        assert "**Top card**: " in shown.content and "**Hand (" in shown.content
        assert f"Game {session.game_id} · move {session.move}" in shown.content
        [picture] = shown.attachments
        assert picture.filename == "flood.png" and "Top card " in picture.description
        assert "Hint" in button_labels(shown)
        assert isinstance(session.game, FloodGame)
        move = session.move
        await greedy_move(ann, shown, session.game)
        assert session.move == move + 1


async def test_a_solitaire_game_in_a_thread_without_embeds_or_files_is_text_alone(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    withhold(env, simcord_bot, channel, "channel", embed_links=True, attach_files=True)
    lou = guild.add_member(env.create_user("lou"))
    simcord_bot.solo.seeds = [greedy_seed(won=False, max_moves=250)]
    acknowledged(await lou.slash(channel, "solitaire play", thread=True))
    [thread] = channel.threads
    message_id = thread.last_message.id
    session = solitaire_session(simcord_bot, lou)
    acknowledged(await lou.click(fetch(thread, message_id), label="Draw 3"))
    assert session.move == 1
    shown = fetch(thread, message_id)
    assert shown.embeds == [] and shown.attachments == [], "no embed, no picture: text alone"
    assert shown.content.startswith("**🃏 UNO Solitaire")
    assert "**Stock**: " in shown.content and "move 1" in shown.content
    await click_action(lou, shown, session, "resign")
    await click_action(lou, fetch(thread, message_id), session, "resign!")
    final = fetch(thread, message_id)
    assert final.embeds == [] and "**🃏 UNO Solitaire: game over**" in final.content
    assert _archived(thread)


async def test_a_solo_game_whose_thread_was_deleted_expires_without_an_error(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """A moderator deletes the private thread of a game left running: a day later the game ends
    as idle, and its thread, gone, is not archived (before: Discord's 404 was logged as an error
    of the bot's timer)."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(env.create_user("ann"))
    acknowledged(await ann.slash(channel, "flood play", difficulty="easy", thread=True))
    [thread] = channel.threads
    env.backend.delete_channel(thread.id)
    await env.settle()
    await env.advance_time(simcord_bot.settings.solo_idle_expiry_seconds + 60)
    assert simcord_bot.solo.of(ann.id, "flood") is None
