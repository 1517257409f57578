"""Games survive a restart; results reach /leaderboard and /stats; /privacy forget forgets."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path
from typing import Any

import discord
import pytest
import sqlalchemy as sa

from bot.app import UnoBot
from bot.sessions.table import TablePhase
from bot.settings import Settings
from bot.store.models import StoreModel
from bot.store.packing import unpack_state
from tests.discord.conftest import BotFactory
from tests.discord.uno_driver import assert_table_message_matches
from tests.discord.uno_driver import button_labels
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import flat_components
from tests.discord.uno_driver import open_hand
from tests.discord.uno_driver import open_table
from tests.discord.uno_driver import table_of
from tests.discord.uno_driver import take_turn
from tests.discord.uno_driver import whose_turn


async def play_until_finished(bot: UnoBot, channel: Any, players: list[Any], rng: random.Random) -> None:
    by_id = {p.id: p for p in players}
    table = table_of(bot, channel)
    for _ in range(3000):
        if table.phase is TablePhase.FINISHED:
            return
        message = channel_table_message(channel)
        assert_table_message_matches(message, table)
        if table.phase is TablePhase.ROUND_OVER:
            await players[0].click(message, label="Deal next round")
            continue
        await take_turn(by_id[whose_turn(message)], channel, players, rng)
    raise AssertionError("the game did not end")


async def test_a_game_survives_a_restart_and_its_result_reaches_the_boards(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory
) -> None:
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob", "carol"], points=50, start=True)
    by_id = {p.id: p for p in players}
    rng = random.Random(11)
    for _ in range(12):
        message = channel_table_message(channel)
        await take_turn(by_id[whose_turn(message)], channel, players, rng)
    before = table_of(simcord_bot, channel)
    state_before = before.game.to_json() if before.game else None
    old_table_message = channel_table_message(channel)
    current = by_id[whose_turn(old_table_message)]
    old_hand = await open_hand(current, old_table_message, players, channel)

    new_bot = make_bot()
    await env.restart_bot(new_bot)

    after = table_of(new_bot, channel)
    assert after is not before
    assert (after.game.to_json() if after.game else None) == state_before
    # The buttons sent before the restart still work: the old hand's move goes through.
    select = next((c for c in flat_components(old_hand) if c["type"] == 3), None)
    turn = after.turn
    if "Red" in button_labels(old_hand):
        await current.click(old_hand, label="Red")
    elif select is not None and "Pass" not in button_labels(old_hand):
        await current.select(old_hand, [select["options"][0]["value"]], custom_id=select["custom_id"])
    else:
        await current.click(old_hand, label=button_labels(old_hand)[0])
    assert after.turn > turn or after.game.drawn_card is not None
    await play_until_finished(new_bot, channel, players, rng)
    game = after.game
    assert game is not None and game.winner is not None
    winner = after.members[game.winner]

    res = await players[0].slash(channel, "leaderboard")
    board = (res.response or res.followups[0]).embeds[0]
    first_line = board.description.splitlines()[0]
    assert first_line.startswith("**1.** ") and winner.name in first_line and "1 win" in first_line
    res = await by_id[winner.user_id].slash(channel, "stats")
    stats = (res.response or res.followups[0]).embeds[0]
    assert "1 game · 1 win" in stats.fields[0].value
    assert f"{game.scores[game.winner]} points" in stats.fields[0].value


async def test_timers_are_rearmed_after_a_restart(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory
) -> None:
    env = simcord_env
    channel, _ = await open_table(env, ["alice", "bob"], turn_timer=30, start=True)
    turn = table_of(simcord_bot, channel).turn
    new_bot = make_bot()
    await env.restart_bot(new_bot)
    await env.advance_time(31)
    assert table_of(new_bot, channel).turn > turn, "the restored timer fired"


def damage_the_save(settings: Settings, game_id: str) -> Path:
    """Table `game_id`'s save made unreadable, as a damaged database would leave it; the
    database's file."""
    database = Path(settings.database_url.split("///", 1)[1])
    with sqlite3.connect(database) as db:
        db.execute(
            "UPDATE running_game SET state_json = ? WHERE game_id = ?",
            ('{"game_id": "' + game_id + '", "this is": "not a table"}', game_id),
        )
    return database


@pytest.mark.logged_errors_expected
async def test_a_corrupted_saved_game_is_closed_with_a_message_and_the_others_resume(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory, bot_settings: Settings
) -> None:
    env = simcord_env
    broken_channel, (alice, _) = await open_table(env, ["alice", "bob"], start=True)
    guild = broken_channel.guild
    healthy = guild.create_text_channel("healthy")
    carol = guild.add_member(env.create_user("carol"))
    dave = guild.add_member(env.create_user("dave"))
    await carol.slash(healthy, "uno start")
    await dave.click(healthy.last_message, label="Join")
    await carol.click(healthy.last_message, label="Start")
    database = damage_the_save(bot_settings, table_of(simcord_bot, broken_channel).game_id)
    new_bot = make_bot()
    await env.restart_bot(new_bot)
    # Tables come back resting: the damage is found when the table is first needed.
    await alice.slash(broken_channel, "uno status")
    assert new_bot.tables.in_channel(broken_channel.id) is None
    assert "could not be restored" in broken_channel.last_message.content
    resumed = table_of(new_bot, healthy)
    assert resumed.phase is not TablePhase.ABORTED
    message = channel_table_message(healthy)
    by_id = {carol.id: carol, dave.id: dave}
    await take_turn(by_id[whose_turn(message)], healthy, [carol, dave], random.Random(4))
    with sqlite3.connect(database) as db:
        ids = [row[0] for row in db.execute("SELECT game_id FROM running_game")]
    assert ids == [resumed.game_id]


async def test_privacy_forget_leaves_no_row_naming_the_user(simcord_env: Any, simcord_bot: UnoBot) -> None:
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob"], points=50, start=True)
    await play_until_finished(simcord_bot, channel, players, random.Random(5))
    # A second table where alice is seated, still running.
    again = channel.guild.create_text_channel("again")
    await players[1].slash(again, "uno start")
    await players[0].click(again.last_message, label="Join")
    await players[1].click(again.last_message, label="Start")
    alice = players[0]

    await forget(alice, channel)
    await assert_no_row_names(simcord_bot, alice)
    res = await players[1].slash(channel, "leaderboard")
    board = (res.response or res.followups[0]).embeds[0]
    assert "alice" not in (board.description or "")


async def forget(player: Any, channel: Any) -> None:
    res = await player.slash(channel, "privacy forget")
    assert res.ephemeral
    done = await player.click(res.response, label="Yes, delete my data")
    assert "deleted" in (done.response or done.followups[0]).content


async def assert_no_row_names(bot: UnoBot, player: Any) -> None:
    async with bot.store.engine.connect() as connection:
        for table in StoreModel.metadata.sorted_tables:
            rows = (await connection.execute(sa.select(table))).all()
            for row in rows:
                # A running game's state is saved packed: read as it is, it would hide any name.
                values = [unpack_state(v) if k == "state_json" else v for k, v in row._mapping.items()]
                text = " ".join(str(value) for value in values)
                assert str(player.id) not in text, f"{table.name} still names the user: {row}"
                assert player.name not in text, f"{table.name} still names the user: {row}"


async def uno_line(player: Any, channel: Any) -> str:
    res = await player.slash(channel, "stats")
    return str((res.response or res.followups[0]).embeds[0].fields[0].value)


async def test_players_who_leave_mid_game_have_the_loss_in_their_stats(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """/uno leave dodges no loss: when the game ends, those who left are in its results."""
    channel, (alice, bob, carol) = await open_table(simcord_env, ["alice", "bob", "carol"], start=True)
    table = table_of(simcord_bot, channel)
    for leaver in (carol, bob):
        left = await leaver.slash(channel, "uno leave")
        assert left.ephemeral and "You left" in (left.response or left.followups[0]).content
    assert table.phase is TablePhase.FINISHED
    assert "1 game · 1 win" in await uno_line(alice, channel)
    for leaver in (carol, bob):
        assert "1 game · 0 wins" in await uno_line(leaver, channel)


async def test_a_player_forgotten_mid_game_is_not_recorded_when_it_ends(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, (alice, bob, carol) = await open_table(simcord_env, ["alice", "bob", "carol"], start=True)
    table = table_of(simcord_bot, channel)
    await forget(alice, channel)
    assert not table.phase.is_over, "two players are still at the table"
    await bob.slash(channel, "uno leave")
    assert table.phase is TablePhase.FINISHED
    assert "1 game · 1 win" in await uno_line(carol, channel)
    assert "1 game · 0 wins" in await uno_line(bob, channel)
    await assert_no_row_names(simcord_bot, alice)


async def test_the_last_person_forgotten_at_a_table_of_computer_players_ends_it_unrecorded(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """alice plays one computer player and asks to be forgotten: she leaves, the computer player
    is left alone and the game is over with no person to record. That ending used to fail (a
    finished game needs a seat): an error was logged, the table message kept its buttons and the
    game stayed saved as running."""
    channel, (alice,) = await open_table(simcord_env, ["alice"], bots=1, level="easy", start=True)
    table = table_of(simcord_bot, channel)
    await forget(alice, channel)
    assert table.phase.is_over
    assert simcord_bot.tables.in_channel(channel.id) is None
    assert await simcord_bot.store.get_running_game(table.game_id) is None
    final = [m for m in channel.history() if m.embeds and m.id == table.message_id]
    assert final and not flat_components(final[0]), "the ended table kept its buttons"
    await assert_no_row_names(simcord_bot, alice)
    listed = await alice.slash(channel, "uno history")
    assert "No finished UNO game yet." in (listed.response or listed.followups[0]).content


@pytest.mark.logged_errors_expected
async def test_a_corrupted_saved_game_is_closed_in_the_servers_language(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory, bot_settings: Settings
) -> None:
    """The table's own language went with its damaged save: its channel is told in the language
    the server's admins chose."""
    env = simcord_env
    channel, (alice, _) = await open_table(env, ["alice", "bob"], start=True)
    admins = channel.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = channel.guild.add_member(env.create_user("admin"), roles=[admins])
    await admin.slash(channel, "uno settings", language="de")
    damage_the_save(bot_settings, table_of(simcord_bot, channel).game_id)
    new_bot = make_bot()
    await env.restart_bot(new_bot)
    await alice.slash(channel, "uno status")
    closed = channel.last_message.content
    assert closed.startswith("⚠️ Die UNO-Partie, die hier lief,"), closed
    assert closed.endswith("`/uno starten`."), "the command as the server names it"
