"""T8's "or when the table's time is up" through Discord: `/uno start minutes:`, the lobby's
settings and `/uno settings`; the table message counting down; time called on the virtual
clock mid-round, the round played out, the lowest total winning and the result recorded; and a
restart before the deadline keeping it."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import discord

from bot.app import UnoBot
from bot.sessions.table import Table
from bot.sessions.table import TablePhase
from tests.discord.conftest import BotFactory
from tests.discord.test_uno_settings import choose
from tests.discord.test_uno_settings import server_with_admin
from tests.discord.test_uno_settings import texts
from tests.discord.test_uno_twist import assert_partners_recorded
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import field
from tests.discord.uno_driver import open_table
from tests.discord.uno_driver import play_like_a_careful_player
from tests.discord.uno_driver import table_of

MINUTES = 5
# Longer than the time limit: the turn's timer does not fire while the clock is moved on.
TURN_SECONDS = 600


async def open_timed_twist(env: Any, names: list[str], **options: Any) -> tuple[Any, list[Any]]:
    return await open_table(
        env, names, channel="twist", ruleset="twist", minutes=MINUTES, turn_timer=TURN_SECONDS, **options
    )


def time_field(channel: Any) -> str:
    return field(next(m for m in reversed(channel.history()) if m.embeds), "Time limit")


async def test_t8_time_up_mid_round_the_round_is_played_out_and_the_lowest_team_total_wins(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    names = ["alice", "bob", "carol", "dave"]
    channel, players = await open_timed_twist(env, names, teams="partners")
    assert time_field(channel).startswith(f"{MINUTES} minutes from the first deal")
    acknowledged(await players[0].click(channel.last_message, label="Start"))
    table = table_of(simcord_bot, channel)
    game = table.game
    assert game is not None and table.game_deadline is not None
    started = discord.utils.utcnow()
    assert table.game_deadline == started + timedelta(minutes=MINUTES)
    # The table message counts down by itself: a Discord relative timestamp.
    stamp = int(table.game_deadline.timestamp())
    assert f"<t:{stamp}:R>" in field(channel_table_message(channel), "Time limit")

    await play_like_a_careful_player(table, channel, players, until=lambda: game.turn >= 5)
    assert game.round_winner is None
    turn, round_number = game.turn, game.round_number
    await env.advance_time(MINUTES * 60 + 1)

    # Time is up: said on the table, nobody timed out, and the round goes on.
    assert game.time_called and not game.is_over and game.turn == turn
    message = channel_table_message(channel)
    assert field(message, "Time limit") == "⏱ Time is up: this round is the last, then the game ends."
    assert "⏱ Time is up: this round is the last." in field(message, "Recent")
    assert not any("ran out of time" in line for line in table.recent)
    hand = acknowledged(await players[0].click(message, label="Show my hand"))
    assert hand.ephemeral and "⏱ Time is up: this round is the last." in hand.response.content

    await play_like_a_careful_player(table, channel, players, until=lambda: table.phase.is_over)
    assert table.phase is TablePhase.FINISHED
    assert game.round_number == round_number, "no round was dealt after time was up"
    totals = game.team_scores()
    assert max(totals) < game.ruleset.target_score, "time, not the threshold, ended the game"
    assert totals[game.winning_team or 0] == min(totals), "T8: the lowest team total wins"
    winners = set(game.winners)
    assert len(winners) == 2
    announcement = channel.last_message.content
    assert announcement.startswith("⏱ Time is up! 🎉 Team") and "lowest total" in announcement
    assert f"{min(totals)} points" in announcement
    for seat in winners:
        assert f"<@{table.members[seat].user_id}>" in announcement
    final = next(m for m in reversed(channel.history()) if m.embeds)
    assert final.embeds[0].title == "UNO: game over"
    assert field(final, "Time limit") == "⏱ Time was up: the game ended."
    # The result is recorded, partners and all (T9).
    await assert_partners_recorded(simcord_bot, channel, table, winners)
    assert simcord_bot.tables.in_channel(channel.id) is None


async def test_t8_a_restart_before_the_deadline_keeps_it(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory
) -> None:
    env = simcord_env
    channel, players = await open_timed_twist(env, ["alice", "bob", "carol"])
    acknowledged(await players[0].click(channel.last_message, label="Start"))
    before = table_of(simcord_bot, channel)
    deadline = before.game_deadline
    assert deadline is not None
    await env.advance_time(120)
    assert before.game is not None and not before.game.time_called

    new_bot = make_bot()
    await env.restart_bot(new_bot)
    after: Table = table_of(new_bot, channel)
    assert after is not before and after.game_deadline == deadline
    assert after.game is not None and not after.game.time_called
    turn = after.game.turn
    await env.advance_time(MINUTES * 60 - 120 - 5)
    assert not after.game.time_called, "not before its time"
    await env.advance_time(6)
    assert after.game.time_called and after.game.turn == turn and not after.game.is_over
    assert "⏱ Time is up: this round is the last." in field(channel_table_message(channel), "Recent")


async def test_t8_the_time_limit_is_chosen_at_start_in_the_lobby_and_as_a_server_default(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    guild, channel, admin, bob = server_with_admin(simcord_env)

    # /uno start: a limit the engine refuses is refused with its reason, and no table opens.
    told = texts(acknowledged(await bob.slash(channel, "uno start", ruleset="twist", minutes=3)))
    assert any("A time limit is 5 to 600 minutes, or 0 for none." in t for t in told), told
    assert simcord_bot.tables.in_channel(channel.id) is None

    # /uno settings: only a server manager sets a default limit; new tables take it.
    told = texts(acknowledged(await bob.slash(channel, "uno settings", minutes=45)))
    assert any("Only members with **Manage Server**" in t for t in told), told
    told = texts(acknowledged(await admin.slash(channel, "uno settings", minutes=4)))
    assert any("Not saved" in t and "5 to 600 minutes" in t for t in told), told
    told = texts(acknowledged(await admin.slash(channel, "uno settings", ruleset="twist", minutes=45)))
    assert any(t.startswith("Saved.") and "⏱ 45 min" in t for t in told), told
    saved = await simcord_bot.store.guild_uno_settings(guild.id)
    assert saved is not None and saved.options == {"time_limit": 45}

    acknowledged(await bob.slash(channel, "uno start"))
    table = table_of(simcord_bot, channel)
    assert table.settings.time_limit == 45 and table.settings.ruleset == "twist"
    assert time_field(channel).startswith("45 minutes from the first deal")
    told = texts(acknowledged(await bob.slash(channel, "uno rules")))
    assert any("Time limit: 45 minutes" in t and "round in play is played to its end" in t for t in told)

    # The lobby's settings: the host picks the limit in the points list, or takes it off.
    settings = (await bob.click(channel.last_message, label="Settings")).response
    assert "Time limit: 45 minutes" in settings.content
    told = await choose(bob, settings, "target", ["300", "t90"])
    assert table.settings.time_limit == 90 and table.settings.target_score == 300
    assert time_field(channel).startswith("90 minutes from the first deal")
    told = await choose(bob, settings, "target", ["300", "500"])
    assert any("Pick one points target and at most one time limit." in t for t in told), told
    assert table.settings.time_limit == 90
    await choose(bob, settings, "target", ["300"])
    assert table.settings.time_limit == 0 and time_field(channel) == "no limit"
    # Another ruleset keeps the table's limit.
    await choose(bob, settings, "target", ["t30"])
    await choose(bob, settings, "ruleset", ["official"])
    assert table.settings.ruleset == "official" and table.settings.time_limit == 30
