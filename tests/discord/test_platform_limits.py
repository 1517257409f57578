"""Discord's rules for a bot, met the way players and server admins meet them: an interaction
answered within 3 seconds even when the database is slow, a thread a moderator locked, a game
whose place a moderator deleted, a click answered 15 minutes after the message it was made on."""

from __future__ import annotations

import asyncio
import inspect
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from bot.app import UnoBot
from bot.sessions.solo import SoloPhase
from tests.discord.flood_driver import fetch
from tests.discord.flood_driver import resign
from tests.discord.test_uno_play_again import a_won_table
from tests.discord.test_uno_play_again import final_message
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import button_labels
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import flat_components
from tests.discord.uno_driver import open_table
from tests.discord.uno_driver import open_thread_table
from tests.discord.uno_driver import table_of

# Longer than the 3 seconds Discord gives a bot to acknowledge an interaction; SimCord's clock
# follows a wait this short in real time, so a reply sent after it is refused (10062).
SLOW = 3.2


@contextmanager
def slow_store(bot: UnoBot) -> Iterator[None]:
    """The bot's store answers its next query `SLOW` seconds late, as a database under load
    does: a bot that asks it before acknowledging an interaction acknowledges too late."""
    store = bot.store
    names = [
        name
        for name, method in inspect.getmembers(type(store), inspect.iscoroutinefunction)
        if not name.startswith("_")
    ]
    late = [True]

    def slowed(method: Any) -> Any:
        async def call(*args: Any, **kwargs: Any) -> Any:
            if late:
                late.clear()
                await asyncio.sleep(SLOW)
            return await method(*args, **kwargs)

        return call

    for name in names:
        setattr(store, name, slowed(getattr(store, name)))
    try:
        yield
    finally:
        for name in names:
            delattr(store, name)
    assert not late, "the store was not asked"


def answer_or_dm(res: Any) -> Any:
    """The last message the interaction was answered with (public in a DM)."""
    said = [m for m in (res.response, *res.followups) if m is not None]
    assert said, res
    return said[-1]


def answer(res: Any) -> Any:
    """The last message the interaction was answered with, private."""
    said = answer_or_dm(res)
    assert said.ephemeral, res
    return said


async def test_show_my_hand_and_uno_hand_are_answered_in_time_when_the_store_is_slow(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, (alice, _) = await open_table(simcord_env, ["alice", "bob"], start=True)
    with slow_store(simcord_bot):
        res = acknowledged(await alice.click(channel_table_message(channel), label="Show my hand"))
    assert answer(res).content.startswith("**Your hand**")
    with slow_store(simcord_bot):
        res = acknowledged(await alice.slash(channel, "uno hand"))
    assert answer(res).content.startswith("**Your hand**")


async def test_joining_and_opening_a_table_are_answered_in_time_when_the_store_is_slow(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    alice, bob, carol = (guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol"))
    with slow_store(simcord_bot):
        res = acknowledged(await alice.slash(channel, "uno start"))
    assert answer(res).content == "Your table is open below. Press **Start** when everyone has joined."
    with slow_store(simcord_bot):
        acknowledged(await bob.click(channel.last_message, label="Join"))
    with slow_store(simcord_bot):
        res = acknowledged(await carol.slash(channel, "uno join"))
    assert answer(res).content == "You joined the table."
    table = table_of(simcord_bot, channel)
    assert table.is_seated(bob.id) and table.is_seated(carol.id)


async def test_play_again_is_answered_in_time_when_the_store_is_slow(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, _, bob = await a_won_table(simcord_env)
    with slow_store(simcord_bot):
        res = acknowledged(await bob.click(final_message(channel), label="Play again"))
    assert answer(res).content == "Your table is open below. Press **Start** when everyone has joined."


async def test_preferences_are_answered_in_time_when_the_store_is_slow(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ann = guild.add_member(simcord_env.create_user("ann"))
    with slow_store(simcord_bot):
        res = acknowledged(await ann.slash(channel, "preferences", pictures="off"))
    assert answer(res).content.startswith("Card pictures are off")


async def test_replay_controls_are_answered_in_time_when_the_store_is_slow(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, alice, _ = await a_won_table(simcord_env)
    listed = acknowledged(await alice.slash(channel, "uno history")).response.embeds[0].description
    found = re.search(r"\*\*#(\d+)\*\*", listed)
    assert found, listed
    replay = acknowledged(await alice.slash(channel, "uno replay", game=int(found.group(1)))).response
    with slow_store(simcord_bot):
        acknowledged(await alice.click(replay, label="Last ⏭"))
    assert fetch(channel, replay.id, viewer=alice).embeds[0].title == "Game #1 · move 1 of 1 · round 1"

    kit = simcord_env.create_user("kit")
    played = acknowledged(await kit.slash("solitaire play"))
    await resign(kit, kit.dm_channel, played.response.id)
    picker = answer(acknowledged(await kit.slash("solitaire replay")))
    select = next(c for c in flat_components(picker) if c["type"] == 3)
    with slow_store(simcord_bot):
        acknowledged(await kit.select(picker, [select["options"][0]["value"]], custom_id=select["custom_id"]))
    assert "Replay of game #" in fetch(kit.dm_channel, picker.id, viewer=kit).embeds[0].description


async def first_move(mover: Any, hand: Any) -> Any:
    """The mover's first legal move on their private hand: a card, else a draw (or a colour)."""
    labels = button_labels(hand)
    if "Draw" in labels or "Red" in labels:
        return acknowledged(await mover.click(hand, label="Draw" if "Draw" in labels else "Red"))
    select = next(c for c in flat_components(hand) if c["type"] == 3)
    return acknowledged(
        await mover.select(hand, [select["options"][0]["value"]], custom_id=select["custom_id"])
    )


@pytest.mark.parametrize(
    ("status", "code", "message"), [(403, 50083, "Thread is archived"), (400, 160005, "Thread is locked")]
)
async def test_a_tables_thread_locked_by_a_moderator_ends_the_table_and_the_mover_is_told(
    simcord_env: Any, simcord_bot: UnoBot, status: int, code: int, message: str
) -> None:
    """A moderator locks the thread of a running table: without Manage Threads the bot may no
    longer post or edit there, nor reopen it. Discord's refusal names the thread archived
    (50083) or locked (160005)."""
    env = simcord_env
    _, thread, (alice, bob) = await open_thread_table(env, ["alice", "bob"])
    table = table_of(simcord_bot, thread)
    assert table.game is not None
    table_message = channel_table_message(thread)
    env.backend.edit_channel(thread.id, {}, thread_metadata={"locked": True})
    await env.settle()
    for method, path in (("PATCH", "/channels/*/messages/*"), ("POST", f"/channels/{thread.id}/messages")):
        env.inject_error(method, path, status=status, code=code, message=message, times=None)
    env.inject_error(
        "PATCH", f"/channels/{thread.id}", status=403, code=50013, message="Missing Permissions", times=None
    )
    mover = alice if table.members[table.game.current].user_id == alice.id else bob
    hand = answer(acknowledged(await mover.click(table_message, label="Show my hand")))
    res = await first_move(mover, hand)
    told = answer(res)
    assert "This table has ended: I can no longer post in this table's channel." in told.content
    assert table.phase.is_over and simcord_bot.tables.in_channel(thread.id) is None
    assert await simcord_bot.store.load_running_games("uno") == []
    await env.advance_time(simcord_bot.settings.turn_timeout_seconds * 4)


@pytest.mark.parametrize("gone", ["thread deleted", "channel deleted"])
async def test_a_solo_game_whose_thread_is_gone_gives_way_to_a_new_one(
    simcord_env: Any, simcord_bot: UnoBot, gone: str
) -> None:
    """A moderator deletes the private thread of ann's game (or its channel): she can neither see
    that game nor resign it. Before, `/flood play` kept answering "Your game is in
    #deleted-channel" for a day, until the game expired as a loss; now the game nobody can reach
    is closed uncounted and a new one is dealt. (A server that removes the bot closes its games
    at once: tests/discord/test_peer_reports_data.py.)"""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann_user = env.create_user("ann")
    ann = guild.add_member(ann_user)
    acknowledged(await ann.slash(channel, "flood play", difficulty="easy", thread=True))
    [thread] = channel.threads
    old = simcord_bot.solo.of(ann.id, "flood")
    assert old is not None and old.in_thread
    env.backend.delete_channel(thread.id if gone == "thread deleted" else channel.id)
    await env.settle()
    res = acknowledged(await ann_user.slash("flood play", difficulty="easy"))
    shown = answer_or_dm(res)
    assert f"<#{thread.id}>" not in shown.content, "pointed to a thread that is gone"
    assert shown.embeds[0].description.startswith(
        "The thread of your last game is gone, so that game was closed without being counted."
    )
    new = simcord_bot.solo.of(ann.id, "flood")
    assert new is not None and new is not old and not new.in_thread
    assert old.phase is SoloPhase.ABORTED, "closed without counting it as a loss"
    stats = answer_or_dm(acknowledged(await ann_user.slash("flood stats")))
    assert "No finished games yet" in stats.embeds[0].description


async def test_a_hand_shown_twenty_minutes_ago_still_plays(simcord_env: Any, simcord_bot: UnoBot) -> None:
    """Discord lets a bot edit the answer to an interaction for 15 minutes through that
    interaction's token. A hand is an answer to its player's click; a move made on it is a new
    interaction, through which the hand is edited: after a pause of 20 minutes too."""
    env = simcord_env
    channel, (alice, bob) = await open_table(env, ["alice", "bob"], start=True)
    table = table_of(simcord_bot, channel)
    assert table.game is not None
    mover = alice if table.members[table.game.current].user_id == alice.id else bob
    hand = answer(acknowledged(await mover.click(channel_table_message(channel), label="Show my hand")))
    shown = hand.content  # the message is read as it is now at each use
    acknowledged(await alice.slash(channel, "uno pause"))
    await env.advance_time(20 * 60)
    acknowledged(await alice.slash(channel, "uno resume"))
    turn = table.turn
    await first_move(mover, hand)
    assert table.turn > turn, "the move was made"
    assert hand.content != shown, "the old hand was brought up to date"
