"""The typed /uno commands: join, hand, status, rules, leave, and play's autocomplete."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from pydantic import ValidationError

from bot.app import UnoBot
from bot.games.uno.actions import Play
from bot.settings import Settings
from tests.discord.conftest import BotFactory
from tests.discord.conftest import ClientLocales
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import open_table
from tests.discord.uno_driver import table_of
from tests.discord.uno_driver import whose_turn
from tests.sessions.tables import deal


async def test_typed_commands_answer_privately(simcord_env: Any, simcord_bot: UnoBot) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    alice, bob, carol = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol"))

    res = acknowledged(await alice.slash(channel, "uno status"))
    assert res.ephemeral and "No UNO table" in res.response.content
    res = acknowledged(await alice.slash(channel, "uno rules"))
    assert res.ephemeral and "500 points" in res.response.content and "Wild Draw Four" in res.response.content

    await alice.slash(channel, "uno start", points=200, turn_timer=45)
    res = acknowledged(await bob.slash(channel, "uno join"))
    assert res.ephemeral and "joined" in res.response.content
    res = acknowledged(await bob.slash(channel, "uno join"))
    assert "already joined" in res.response.content
    res = acknowledged(await carol.slash(channel, "uno join"))
    res = acknowledged(await carol.slash(channel, "uno leave"))
    assert "left" in res.response.content
    lobby = channel.last_message.embeds[0]
    assert "Players (2)" in [f.name for f in lobby.fields]
    assert any(f.value == "200 points" for f in lobby.fields)
    assert any(f.value == "45 s" for f in lobby.fields)
    res = acknowledged(await bob.slash(channel, "uno hand"))
    assert "not started" in res.response.content
    res = acknowledged(await bob.click(channel.last_message, label="Start"))
    assert "Only the host" in res.followups[0].content
    await alice.click(channel.last_message, label="Start")

    table = table_of(simcord_bot, channel)
    game = table.game
    assert game is not None
    res = acknowledged(await bob.slash(channel, "uno hand"))
    assert res.ephemeral and "**Your hand** (" in res.response.content
    res = acknowledged(await carol.slash(channel, "uno status"))
    assert res.ephemeral and res.response.embeds[0].title == "UNO: round 1"

    current_id = whose_turn(channel_table_message(channel))
    current = alice if current_id == alice.id else bob
    choices = await current.autocomplete(channel, "uno play", "card", "")
    seat = table.seat_of(current.id)
    playable = {str(a.card) for a in game.legal_actions(seat) if isinstance(a, Play)}
    assert {c["value"] for c in choices} == playable
    other = bob if current is alice else alice
    assert await other.autocomplete(channel, "uno play", "card", "") == [], "not their turn"


async def test_the_bots_turn_timer_setting_is_a_new_tables_default(
    simcord_env: Any, bot_settings: Settings, make_bot: BotFactory
) -> None:
    env = simcord_env
    bot_settings.turn_timeout_seconds = 90  # TURN_TIMEOUT_SECONDS=90 in .env
    await env.restart_bot(make_bot())
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    alice = guild.add_member(env.create_user("alice"))
    acknowledged(await alice.slash(channel, "uno start"))
    assert any(f.value == "90 s" for f in channel.last_message.embeds[0].fields)
    # A host's choice still wins over the default.
    acknowledged(await alice.slash(channel, "uno end"))
    acknowledged(await alice.slash(channel, "uno start", turn_timer=20))
    assert any(f.value == "20 s" for f in channel.last_message.embeds[0].fields)


def test_a_turn_timer_default_a_host_could_not_choose_is_refused_at_start_up() -> None:
    with pytest.raises(ValidationError):
        Settings(_env_file=None, turn_timeout_seconds=5)  # type: ignore[call-arg]


async def test_the_host_leaving_mid_game_passes_the_table_to_the_next_player(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """Issue 14, item 5: after the host's /uno leave the player seated after them is the host,
    the table says so, and they can end the game."""
    channel, players = await open_table(simcord_env, ["alice", "bob", "carol"], start=True)
    table = table_of(simcord_bot, channel)
    host_seat = table.seat_of(players[0].id)
    heir = table.members[(host_seat + 1) % 3]
    acknowledged(await players[0].slash(channel, "uno leave"))
    assert table.host_id == heir.user_id
    shown = channel_table_message(channel).embeds[0]
    assert f"{heir.name} is now the host." in (shown.description or "") + "".join(
        f.value for f in shown.fields
    )
    by_id = {p.id: p for p in players}
    res = acknowledged(await by_id[heir.user_id].slash(channel, "uno end"))
    assert res.ephemeral and "Manage Server" not in res.response.content
    assert simcord_bot.tables.in_channel(channel.id) is None


async def test_showing_a_hand_leaves_no_view_nor_task_behind(simcord_env: Any, simcord_bot: UnoBot) -> None:
    """Issue 14, item 7: each hand's controls are DynamicItems answered from their custom_id, so
    twenty hands shown (and paged through) leave discord.py no View to keep and no timeout task."""
    channel, (alice, bob) = await open_table(simcord_env, ["alice", "bob"], start=True)
    store = simcord_bot._connection._view_store

    def kept() -> tuple[int, int, int]:
        views = sum(len(items) for items in store._views.values())
        return views, len(store._synced_message_views), len(asyncio.all_tasks())

    acknowledged(await alice.click(channel.last_message, label="Show my hand"))  # warm up
    before = kept()
    for n in range(20):
        player = (alice, bob)[n % 2]
        if n % 4 < 2:
            acknowledged(await player.click(channel.last_message, label="Show my hand"))
        else:
            acknowledged(await player.slash(channel, "uno hand"))
    assert kept() == before


async def test_plays_autocomplete_matches_what_was_typed_without_regard_to_case(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales
) -> None:
    """What the player types and the cards' names are compared casefolded, as Unicode says
    caseless text is compared, not merely lowercased: a German player who types `auß` (ß
    folds to ss) is offered their Skip, `Aussetzen`, as one who types `AUSS` is."""
    channel, players = await open_table(simcord_env, ["alice", "bob"], start=True)
    table = table_of(simcord_bot, channel)
    game = table.game
    assert game is not None
    seat = game.current
    mover = next(p for p in players if table.seat_of(p.id) == seat)
    client_locales.users[mover.id] = "de"
    deal(game, {seat: "RS R3 B7 G2", 1 - seat: "Y1 Y2 Y3"}, top="R5")
    for typed in ("AUSS", "auß", "AUẞ"):
        choices = await mover.autocomplete(channel, "uno play", "card", typed)
        assert [choice["value"] for choice in choices] == ["RS"], typed
