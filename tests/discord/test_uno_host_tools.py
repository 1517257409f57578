"""The host's tools: remove a player mid-turn, hand the host role on, pause the timer across a
restart; each announced on the table, and refused to anyone else."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from bot.app import UnoBot
from bot.sessions.table import TablePhase
from bot.settings import Settings
from bot.store.packing import pack_state
from bot.store.packing import unpack_state
from tests.discord.conftest import BotFactory
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import open_table
from tests.discord.uno_driver import table_of


def recent(channel: Any) -> str:
    fields = channel_table_message(channel).embeds[0].fields
    return "\n".join(f.value for f in fields if f.name == "Recent")


async def test_a_kick_mid_turn_passes_the_turn_and_puts_the_cards_under_the_draw_pile(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob", "carol", "dave"], start=True)
    table = table_of(simcord_bot, channel)
    game = table.game
    assert game is not None
    by_id = {p.id: p for p in players}
    seat = game.current
    kicked = table.members[seat]
    member = by_id[kicked.user_id]
    if kicked.user_id == table.host_id:  # the host in turn first hands the role on
        acknowledged(
            await member.slash(channel, "uno host", player=by_id[table.members[(seat + 1) % 4].user_id])
        )
        game = table.game
        assert game is not None
    host = by_id[table.host_id]
    after = table.members[game.next_seat()]
    cards = list(game.hands[seat])
    pile = len(game.draw_pile)

    refused = acknowledged(await member.slash(channel, "uno kick", player=host))
    assert refused.ephemeral and "Only the host" in refused.response.content

    res = acknowledged(await host.slash(channel, "uno kick", player=member))
    assert res.ephemeral and f"{kicked.name} was removed" in res.response.content
    assert not table.is_seated(kicked.user_id) and len(table.members) == 3
    game = table.game  # a refused change puts back a copy of the game
    assert game is not None
    under = game.draw_pile[: len(cards)]
    assert sorted(map(str, under)) == sorted(map(str, cards)), "the cards went under the draw pile"
    assert len(game.draw_pile) == pile + len(cards) and game.card_count == 108
    assert table.members[game.current] == after, "the turn passed to the next player"
    assert f"{kicked.name} was removed from the table by {host.name}." in recent(channel)


async def test_the_host_role_is_handed_on_and_announced(simcord_env: Any, simcord_bot: UnoBot) -> None:
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob", "carol"], start=True)
    table = table_of(simcord_bot, channel)
    alice, bob = players[0], players[1]
    acknowledged(await alice.slash(channel, "uno host", player=bob))
    assert table.host_id == bob.id
    assert "alice handed the host role to bob." in recent(channel)
    refused = acknowledged(await alice.slash(channel, "uno pause"))
    assert "Only the host, bob" in refused.response.content


async def test_a_pause_stops_the_timer_across_a_restart(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory
) -> None:
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob"], turn_timer=30, start=True)
    table = table_of(simcord_bot, channel)
    turn = table.turn
    await env.advance_time(10)
    acknowledged(await players[0].slash(channel, "uno pause"))
    assert "alice paused the timer." in recent(channel)
    turn_field = next(f for f in channel_table_message(channel).embeds[0].fields if f.name == "Turn")
    # When the pause runs out, as a timestamp each reader's Discord shows in their own time; not
    # who paused (the host or a server manager: the log says which).
    assert table.paused is not None
    ends = f"<t:{int(table.paused.until.timestamp())}:R>"
    assert f"⏸ timer paused; the table ends {ends} unless resumed" in turn_field.value
    await env.advance_time(120)
    assert table.turn == turn, "no time-out while paused"

    new_bot = make_bot()
    await env.restart_bot(new_bot)
    restored = table_of(new_bot, channel)
    assert restored.paused is not None
    await env.advance_time(600)
    assert restored.turn == turn, "still paused after the restart"

    acknowledged(await players[0].slash(channel, "uno resume"))
    assert "alice resumed the timer." in recent(channel)
    await env.advance_time(19)
    assert restored.turn == turn, "the turn kept the 20 seconds it had left"
    await env.advance_time(2)
    assert restored.turn > turn, "the timer runs again"


DAY = 24 * 60 * 60


async def test_a_table_paused_for_24_hours_ends_across_a_restart(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory
) -> None:
    """Nobody resumes: the pause runs out a day later (a deadline kept with the table, re-armed
    after a restart), and the table ends as `/uno end` ends one: said on it, nothing recorded,
    the channel free for a new table."""
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob"], turn_timer=30, start=True)
    alice = players[0]
    res = acknowledged(await alice.slash(channel, "uno pause"))
    assert res.ephemeral
    assert res.response.content == (
        "The timer is paused: `/uno resume` starts it again; a table paused for 24 hours ends."
    )
    message_id = table_of(simcord_bot, channel).message_id
    await env.advance_time(DAY / 2)

    new_bot = make_bot()
    await env.restart_bot(new_bot)
    restored = table_of(new_bot, channel)
    assert restored.paused is not None
    await env.advance_time(DAY / 2 - 60)
    assert not restored.phase.is_over, "still paused a minute before the day is out"
    await env.advance_time(61)
    assert restored.phase is TablePhase.ABORTED
    ended = next(m for m in channel.history() if m.id == message_id).embeds[0]
    assert ended.title == "UNO: game ended"
    assert ended.description == "The table was paused for 24 hours and has ended."
    assert new_bot.tables.in_channel(channel.id) is None and new_bot.tables.deadlines.armed == ()
    for player in players:
        stats = await new_bot.records.player_stats(player.id)
        assert not stats.kinds, "a table ended unfinished records nothing, as /uno end"
    opened = acknowledged(await alice.slash(channel, "uno start"))
    assert opened.ephemeral and table_of(new_bot, channel).phase is TablePhase.LOBBY


async def test_resuming_within_the_24_hours_clears_the_pause_deadline(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob"], turn_timer=30, start=True)
    alice = players[0]
    table = table_of(simcord_bot, channel)
    acknowledged(await alice.slash(channel, "uno pause"))
    await env.advance_time(DAY - 3600)
    acknowledged(await alice.slash(channel, "uno resume"))
    assert table.paused is None
    acknowledged(await alice.slash(channel, "uno pause"))  # a new pause, a new day
    await env.advance_time(2 * 3600)
    assert not table.phase.is_over, "the first pause's day no longer counts"
    assert table.paused is not None


async def restarted(env: Any, old: UnoBot, make_bot: BotFactory) -> UnoBot:
    """A new bot in place of `old`, whose timers stop as a process that stopped (SimCord leaves the
    bot it replaces running)."""
    await old.tables.close()
    new = make_bot()
    await env.restart_bot(new)
    return new


def save_as_before_pauses_had_a_limit(settings: Settings, game_id: str) -> None:
    """Rewrite a paused table's row as saves looked before a pause had a limit: the pause kept the
    turn's and the game's seconds left and no end (`Paused.until`), and the row, whose deadline
    column is the table's earliest deadline, had none."""
    database = Path(settings.database_url.split("///", 1)[1])
    with sqlite3.connect(database) as db:
        [(packed,)] = db.execute("SELECT state_json FROM running_game WHERE game_id = ?", (game_id,))
        state = unpack_state(packed)
        assert state["deadline"] is None and state["game_deadline"] is None
        state["paused"] = state["paused"][:2]
        db.execute(
            "UPDATE running_game SET state_json = ?, deadline = NULL WHERE game_id = ?",
            (pack_state(state), game_id),
        )


async def test_a_table_paused_before_pauses_had_a_limit_ends_24_hours_after_a_restart(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory, bot_settings: Settings
) -> None:
    """When it was paused is not known: its day counts from when a restarted bot first loads it,
    armed then, and saved then, so a later restart does not count it again."""
    # Before: such a table rested with no deadline at all, and counted its day only from when
    # someone next touched it.
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob"], turn_timer=30, start=True)
    acknowledged(await players[0].slash(channel, "uno pause"))
    table = table_of(simcord_bot, channel)
    game_id, message_id = table.game_id, table.message_id
    save_as_before_pauses_had_a_limit(bot_settings, game_id)
    await simcord_bot.tables.close()  # the bot is stopped for a few days
    await env.advance_time(3 * DAY)

    new_bot = await restarted(env, simcord_bot, make_bot)
    await env.advance_time(DAY / 2)
    newer_bot = await restarted(env, new_bot, make_bot)
    await env.advance_time(DAY / 2 - 60)
    assert newer_bot.tables.holds(game_id), "still paused a minute before the day is out"
    await env.advance_time(61)
    assert not newer_bot.tables.holds(game_id), "ended a day after it was first loaded"
    ended = next(m for m in channel.history() if m.id == message_id).embeds[0]
    assert ended.description == "The table was paused for 24 hours and has ended."
