"""Permissions the bot lacks: /uno start says what is missing and leaves no hidden table; a running
table that loses Embed Links or Attach Files goes on in a form Discord still shows."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.app import UnoBot
from cogs.uno.render import table_message
from tests.discord.flood_driver import fetch
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import assert_table_message_matches
from tests.discord.uno_driver import button_labels
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import flat_components
from tests.discord.uno_driver import open_table
from tests.discord.uno_driver import table_of
from tests.discord.withheld import WHERE
from tests.discord.withheld import Where
from tests.discord.withheld import withhold


async def test_start_names_the_permissions_the_bot_lacks(simcord_env: Any, simcord_bot: UnoBot) -> None:
    env = simcord_env
    guild = env.create_guild()
    assert simcord_bot.user is not None
    locked = guild.create_text_channel(
        "announcements",
        overwrites={simcord_bot.user: discord.PermissionOverwrite(send_messages=False, embed_links=False)},
    )
    alice = guild.add_member(env.create_user("alice"))
    res = acknowledged(await alice.slash(locked, "uno start"))
    assert res.ephemeral
    # Without Embed Links a table is shown as text; without Send Messages it cannot be shown.
    assert "I need the **Send Messages** permission here" in res.response.content
    assert "Embed Links" not in res.response.content
    assert simcord_bot.tables.in_channel(locked.id) is None
    assert not list(locked.history())


@pytest.mark.logged_errors_expected
async def test_a_refused_table_message_ends_the_table_instead_of_hiding_it(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    alice = guild.add_member(env.create_user("alice"))
    # The permissions look right, but Discord refuses the message anyway (changed a moment ago),
    # with its embed and again as text.
    env.inject_error(
        "POST",
        f"/channels/{channel.id}/messages",
        status=403,
        code=50013,
        message="Missing Permissions",
        times=2,
    )
    res = acknowledged(await alice.slash(channel, "uno start"))
    assert "could not post the table" in res.response.content
    assert simcord_bot.tables.in_channel(channel.id) is None, "no invisible table blocks the channel"
    assert await simcord_bot.store.load_running_games("uno") == []
    # Once Discord accepts messages again, a table opens as usual.
    res = acknowledged(await alice.slash(channel, "uno start"))
    assert "Your table is open" in res.response.content
    assert channel.last_message.embeds[0].title.startswith("UNO table")


async def _move(mover: Any, table_message: Any) -> Any:
    """The mover's first legal move through their private hand: a card, else a draw."""
    hand = acknowledged(await mover.click(table_message, label="Show my hand")).response
    assert hand.ephemeral
    if "Draw" in button_labels(hand):
        return acknowledged(await mover.click(hand, label="Draw"))
    select = next(c for c in flat_components(hand) if c["type"] == 3)
    return acknowledged(
        await mover.select(hand, [select["options"][0]["value"]], custom_id=select["custom_id"])
    )


@pytest.mark.parametrize("where", WHERE)
async def test_a_table_that_loses_embed_links_goes_on_as_text(
    simcord_env: Any, simcord_bot: UnoBot, where: Where
) -> None:
    # Before: the table message stayed an embed alone. Discord drops the embeds of a bot without
    # Embed Links, so the players saw a message of buttons only: no top card, no turn.
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob"], start=True)
    table = table_of(simcord_bot, channel)
    message_id = channel_table_message(channel).id
    withhold(env, simcord_bot, channel, where, embed_links=True)
    await env.settle()
    assert table.game is not None
    mover = next(p for p in players if p.id == table.members[table.game.current].user_id)
    res = await _move(mover, fetch(channel, message_id))
    assert all(m.ephemeral for m in (res.response, *res.followups) if m is not None)
    assert not table.phase.is_over, "a table that can be shown as text goes on"
    shown = fetch(channel, message_id)
    assert shown.embeds == [], "an embed Discord would not show"
    expected = table_message(table).embed
    assert expected is not None and expected.title
    for line in (expected.title, *(f.name for f in expected.fields)):
        assert line in shown.content
    assert "Show my hand" in button_labels(shown)
    # The game goes on from the text table.
    mover = next(p for p in players if p.id == table.members[table.game.current].user_id)
    await _move(mover, shown)
    assert not table.phase.is_over and fetch(channel, message_id).embeds == []


async def test_a_table_whose_embed_discord_refuses_goes_on_as_text(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    # Before: Discord refused the table's picture and then its embed (403 Missing Permissions: a
    # permission taken away a moment ago), and the table ENDED as if the bot could no longer post.
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob"], start=True)
    table = table_of(simcord_bot, channel)
    table_message_id = channel_table_message(channel).id
    env.inject_error(
        "PATCH",
        f"/channels/{channel.id}/messages/{table_message_id}",
        status=403,
        code=50013,
        message="Missing Permissions",
        times=2,
    )
    assert table.game is not None
    mover = next(p for p in players if p.id == table.members[table.game.current].user_id)
    res = await _move(mover, fetch(channel, table_message_id))
    said = " ".join(str(m.content) for m in (res.response, *res.followups) if m is not None)
    assert "can no longer post" not in said
    assert not table.phase.is_over
    shown = fetch(channel, table_message_id)
    assert "Show my hand" in button_labels(shown)
    assert f"turn {table.game.turn}" in shown.content, "the table as text, on the new turn"


async def test_a_table_whose_picture_is_refused_goes_on_with_its_embed(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """Without Attach Files Discord refuses the picture (403 Missing Permissions): the table is
    shown without it and plays on."""
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob"], start=True)
    table = table_of(simcord_bot, channel)
    table_message = channel_table_message(channel)
    assert table_message.attachments, "pictures are on by default"
    env.inject_error(
        "PATCH",
        f"/channels/{channel.id}/messages/{table_message.id}",
        status=403,
        code=50013,
        message="Missing Permissions",
    )
    assert table.game is not None
    mover = next(p for p in players if p.id == table.members[table.game.current].user_id)
    await _move(mover, table_message)
    assert not table.phase.is_over
    shown = channel_table_message(channel)
    assert shown.id == table_message.id and not shown.attachments
    assert_table_message_matches(shown, table)


@pytest.mark.parametrize("where", WHERE)
async def test_a_table_opens_and_plays_as_text_without_embed_links(
    simcord_env: Any, simcord_bot: UnoBot, where: Where
) -> None:
    # Before: /uno start refused ("I need the Embed Links permission"), though a table already
    # running goes on as text: a server that never granted Embed Links could not play at all.
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    withhold(env, simcord_bot, channel, where, embed_links=True)
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    res = acknowledged(await alice.slash(channel, "uno start"))
    assert "Your table is open below" in res.response.content
    lobby = channel.last_message
    assert lobby.embeds == [] and "UNO table: waiting for players" in lobby.content
    acknowledged(await bob.click(lobby, label="Join"))
    acknowledged(await alice.click(fetch(channel, lobby.id), label="Start"))
    table = table_of(simcord_bot, channel)
    assert table.game is not None and not table.phase.is_over
    for _ in range(3):  # a few moves, each shown on the text table
        version = table.version
        mover = alice if table.members[table.game.current].user_id == alice.id else bob
        await _move(mover, fetch(channel, lobby.id))
        assert table.version > version and not table.phase.is_over
        shown = fetch(channel, lobby.id)
        assert shown.embeds == [] and f"turn {table.game.turn}" in shown.content
        assert "Show my hand" in button_labels(shown)
    acknowledged(await alice.slash(channel, "uno end"))
    assert table.phase.is_over
