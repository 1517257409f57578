"""Play again, through SimCord: a finished table's message offers a new table in the same place
with the same rules, turn timer and computer players, whoever presses it as its host; after a
restart too, since it is read from the finished game's record. Before, the finished table had no
control left, and every player had to type `/uno start` and its options again."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import discord

from bot.app import UnoBot
from bot.sessions.table import Member
from bot.sessions.table import TablePhase
from bot.sessions.table import TableSettings
from tests.discord.conftest import BotFactory
from tests.discord.test_uno_computers import play_as_people
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import button_labels
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import field
from tests.discord.uno_driver import flat_components
from tests.discord.uno_driver import open_table
from tests.discord.uno_driver import table_of

AGAIN = "Play again"


def answer(res: Any) -> str:
    """The private answer to a click that was deferred."""
    messages = [m for m in (res.response, *res.followups) if m is not None and m.content]
    assert messages and all(m.ephemeral for m in messages), res
    return str(messages[-1].content)


async def a_won_table(env: Any, **options: Any) -> tuple[Any, Any, Any]:
    """A server table where alice removed bob (she won, unless computer players play on):
    the channel, alice and bob."""
    channel, (alice, bob) = await open_table(env, ["alice", "bob"], start=True, **options)
    acknowledged(await alice.slash(channel, "uno kick", player=bob))
    return channel, alice, bob


async def a_won_thread_table(env: Any, **options: Any) -> tuple[Any, Any, Any, Any]:
    """A table in its own thread (/uno start thread:true) where alice removed bob: the channel,
    the thread, alice and bob."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    acknowledged(await alice.slash(channel, "uno start", thread=True, **options))
    [thread] = channel.threads
    acknowledged(await bob.click(thread.last_message, label="Join"))
    acknowledged(await alice.click(thread.last_message, label="Start"))
    acknowledged(await alice.slash(thread, "uno kick", player=bob))
    return channel, thread, alice, bob


def final_message(channel: Any) -> Any:
    """The finished table's message: the last of the bot's with an embed."""
    return next(m for m in reversed(list(channel.history())) if m.embeds and "game over" in m.embeds[0].title)


async def test_a_finished_table_is_played_again_with_its_rules_timer_and_computer_players(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    simcord_bot.tables.computer_pause = timedelta(0)
    channel, alice, bob = await a_won_table(
        simcord_env, ruleset="classic", points=50, turn_timer=120, bots=1, level="easy"
    )
    # alice plays the computer player to the end (classic: out above 50 points).
    await play_as_people(table_of(simcord_bot, channel), channel, [alice])
    simcord_bot.tables.computer_pause = timedelta(seconds=60)  # the next one waits
    finished = final_message(channel)
    assert button_labels(finished) == [AGAIN]
    assert simcord_bot.tables.in_channel(channel.id) is None

    res = acknowledged(await bob.click(finished, label=AGAIN))
    assert answer(res) == "Your table is open below. Press **Start** when everyone has joined."
    table = table_of(simcord_bot, channel)
    assert table.phase is TablePhase.LOBBY and table.host_id == bob.id
    settings = table.settings
    assert (settings.ruleset, settings.target_score, settings.turn_seconds) == ("classic", 50, 120)
    assert [m.level for m in table.members] == [None, "easy"], "bob, and the computer player again"
    lobby = channel.last_message
    assert field(lobby, "Turn timer") == "120 s"
    assert "🤖 Computer 1 (easy)" in field(lobby, "Players (2)")
    # The finished table's button is gone: the new table is the one to join.
    assert flat_components(final_message(channel)) == []
    acknowledged(await alice.click(lobby, label="Join"))
    assert [m.user_id for m in table.members if m.level is None] == [bob.id, alice.id]


async def test_play_again_after_a_restart_reads_the_finished_game(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory
) -> None:
    channel, alice, _bob = await a_won_table(simcord_env, points=200, turn_timer=90)
    finished = final_message(channel)
    bot = make_bot()
    await simcord_env.restart_bot(bot)
    res = acknowledged(await alice.click(finished, label=AGAIN))
    assert "Your table is open below." in answer(res)
    table = table_of(bot, channel)
    assert (table.settings.target_score, table.settings.turn_seconds, table.host_id) == (200, 90, alice.id)


async def test_play_again_while_a_table_runs_here_is_refused(simcord_env: Any, simcord_bot: UnoBot) -> None:
    channel, alice, bob = await a_won_table(simcord_env)
    finished = final_message(channel)
    acknowledged(await alice.slash(channel, "uno start"))
    res = acknowledged(await bob.click(finished, label=AGAIN))
    assert answer(res) == "A table is already running in this channel. Join it, or wait until it ends."
    assert table_of(simcord_bot, channel).host_id == alice.id
    assert button_labels(final_message(channel)) == [AGAIN], "nothing opened: the button stays"


async def test_a_table_ended_by_its_host_offers_no_play_again(simcord_env: Any, simcord_bot: UnoBot) -> None:
    channel, (alice, _bob) = await open_table(simcord_env, ["alice", "bob"], start=True)
    message = channel_table_message(channel)
    acknowledged(await alice.slash(channel, "uno end"))
    ended = next(m for m in reversed(list(channel.history())) if m.id == message.id)
    assert flat_components(ended) == []


async def test_a_solo_table_in_a_dm_is_played_again_against_the_same_computer_players(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    simcord_bot.tables.computer_pause = timedelta(0)
    user = simcord_env.create_user("eve")
    acknowledged(await user.slash("uno solo", opponents=2, level="easy", points=50))
    dm = user.dm_channel
    table = table_of(simcord_bot, dm)
    await play_as_people(table, dm, [user])
    assert table.phase is TablePhase.FINISHED
    finished = next(m for m in reversed(list(dm.history())) if m.embeds and AGAIN in button_labels(m))
    simcord_bot.tables.computer_pause = timedelta(seconds=60)
    res = acknowledged(await user.click(finished, label=AGAIN))
    assert "Your table against 2 easy computer players is below." in answer(res)
    again = table_of(simcord_bot, dm)
    assert again is not table and again.settings.target_score == 50
    assert [m.level for m in again.members].count("easy") == 2


async def test_a_table_in_its_own_thread_is_played_again_in_that_thread(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, thread, _alice, bob = await a_won_thread_table(simcord_env, points=100)
    assert thread._channel.thread_metadata.archived, "the thread was archived at the game's end"
    finished = final_message(thread)

    res = acknowledged(await bob.click(finished, label=AGAIN))
    assert answer(res) == "Your table is open below. Press **Start** when everyone has joined."
    assert not thread._channel.thread_metadata.archived, "the thread is open again for the new table"
    table = table_of(simcord_bot, thread)
    assert table.in_thread and table.host_id == bob.id and table.settings.target_score == 100
    assert len(channel.threads) == 1 and simcord_bot.tables.in_channel(channel.id) is None
    assert flat_components(final_message(thread)) == []


async def test_a_tables_thread_is_named_after_the_host_who_plays_it_again(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """Before, bob's table kept the name "UNO: alice's table" in the thread list. A thread's name
    may change only twice in ten minutes: a second host within ten minutes leaves it as it is."""
    _channel, thread, alice, bob = await a_won_thread_table(simcord_env)
    assert thread._channel.name == "UNO: alice's table"
    acknowledged(await bob.click(final_message(thread), label=AGAIN))
    assert thread._channel.name == "UNO: bob's table", "named after the new host"
    assert not thread._channel.thread_metadata.archived

    await won_by(bob, alice, thread)
    acknowledged(await alice.click(final_message(thread), label=AGAIN))
    assert table_of(simcord_bot, thread).host_id == alice.id
    assert thread._channel.name == "UNO: bob's table", "renamed once in ten minutes at most"

    await won_by(alice, bob, thread)
    await simcord_env.advance_time(11 * 60)
    acknowledged(await alice.click(final_message(thread), label=AGAIN))
    assert thread._channel.name == "UNO: alice's table"


async def won_by(host: Any, other: Any, thread: Any) -> None:
    """The lobby in `thread` started with `other`, who is then removed: `host` wins."""
    acknowledged(await other.click(thread.last_message, label="Join"))
    acknowledged(await host.click(thread.last_message, label="Start"))
    acknowledged(await host.slash(thread, "uno kick", player=other))


async def pressed_while_a_table_opens(bot: UnoBot, presser: Any, finished: Any, opener: Any) -> Any:
    """`presser` presses Play again on `finished`, and while their new table takes its id,
    `opener`'s table opens in the same place: what a second press made at nearly the same
    moment does (SimCord runs one interaction at a time, so the other press is the call it
    makes to the tables). The answer to `presser`'s press."""
    repository = bot.tables.repository
    assert repository is not None
    choosing = asyncio.Event()
    chosen = asyncio.Event()
    plain = repository.game_id_in_use

    async def slow(game_id: str) -> bool:
        choosing.set()
        await chosen.wait()
        return await plain(game_id)

    repository.game_id_in_use = slow  # type: ignore[method-assign]
    pressed = asyncio.create_task(presser.click(finished, label=AGAIN))
    await asyncio.wait_for(choosing.wait(), 10)
    repository.game_id_in_use = plain  # type: ignore[method-assign]
    other = await bot.tables.open_table(
        guild_id=finished.guild.id,
        channel_id=finished.channel.id,
        host=Member(opener.id, opener.name),
        settings=TableSettings(),
        in_thread=isinstance(finished.channel, discord.Thread),
    )
    await other.open()
    chosen.set()
    return acknowledged(await pressed)


async def test_two_presses_at_once_open_one_table_and_the_other_is_told_why(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, alice, bob = await a_won_table(simcord_env)
    finished = final_message(channel)
    # Before: both passed the check for a table here before either was kept, and both opened:
    # bob was told his table was open, and alice's lobby was left with no table behind it.
    res = await pressed_while_a_table_opens(simcord_bot, bob, finished, alice)
    assert answer(res) == "A table is already running in this channel. Join it, or wait until it ends."
    table = table_of(simcord_bot, channel)
    assert table.host_id == alice.id
    lobbies = [m for m in channel.history() if m.embeds and "waiting for players" in m.embeds[0].title]
    assert [m.id for m in lobbies] == [table.message_id], "one lobby, alice's"


async def test_a_press_refused_in_a_tables_thread_leaves_the_new_table_there_open(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    _channel, thread, alice, bob = await a_won_thread_table(simcord_env)
    finished = final_message(thread)
    # Before: bob's refused press archived the thread, alice's new lobby with it.
    res = await pressed_while_a_table_opens(simcord_bot, bob, finished, alice)
    assert answer(res) == "A table is already running in this channel. Join it, or wait until it ends."
    assert table_of(simcord_bot, thread).host_id == alice.id
    assert not thread._channel.thread_metadata.archived, "alice's table is open in it"


async def test_a_table_played_again_in_someone_elses_thread_leaves_the_thread_open(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """A table started with /uno start inside a thread people made (a forum post, a thread of
    a conversation) plays in it without archiving it at its end; so does the table played
    again there."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    made = env.backend.create_thread(channel.id, "friday night", owner_id=alice.id)
    [thread] = (t for t in channel.threads if t.id == made.id)
    acknowledged(await alice.slash(thread, "uno start"))
    acknowledged(await bob.click(thread.last_message, label="Join"))
    acknowledged(await alice.click(thread.last_message, label="Start"))
    acknowledged(await alice.slash(thread, "uno kick", player=bob))
    assert not made.thread_metadata.archived, "their thread, not the table's"

    acknowledged(await bob.click(final_message(thread), label=AGAIN))
    acknowledged(await bob.slash(thread, "uno end"))
    # Before: the table played again was taken for one in a thread of its own, and archived it.
    assert simcord_bot.tables.in_channel(thread.id) is None
    assert not made.thread_metadata.archived, "their thread, not the table's"


async def test_play_again_seats_the_computer_players_dealt_in_not_those_that_took_a_seat_over(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    simcord_bot.tables.computer_pause = timedelta(0)
    channel, (alice, bob, carol) = await open_table(
        simcord_env,
        ["alice", "bob", "carol"],
        start=True,
        ruleset="classic",
        points=50,
        turn_timer=600,  # the whole game is played within it
        bots=1,
        level="hard",
        takeover="easy",
    )
    table = table_of(simcord_bot, channel)
    acknowledged(await carol.slash(channel, "uno leave"))
    assert [m.level for m in table.members if m.is_computer] == ["hard", "easy"], "one took carol's seat"
    await play_as_people(table, channel, [alice, bob])
    simcord_bot.tables.computer_pause = timedelta(seconds=60)

    acknowledged(await carol.click(final_message(channel), label=AGAIN))
    again = table_of(simcord_bot, channel)
    # Before: the computer player that took carol's seat sat at the new table from the start,
    # taking a seat of the people who come to play again.
    assert [m.level for m in again.members] == [None, "hard"], "carol, and the computer player dealt in"
    assert again.settings.takeover == "easy"


async def test_where_the_server_opens_each_table_in_a_thread_play_again_opens_one(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """Play again is /uno start with the finished table's options, and it has no `thread:`: the
    server's choice applies, as to /uno start without it."""
    env = simcord_env
    channel, _alice, bob = await a_won_table(env, points=200)
    admins = channel.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = channel.guild.add_member(env.create_user("admin"), roles=[admins])
    acknowledged(await admin.slash(channel, "uno settings", threads=True))

    res = acknowledged(await bob.click(final_message(channel), label=AGAIN))
    # Before: the new table opened in the channel itself, whatever the server's setting.
    assert simcord_bot.tables.in_channel(channel.id) is None
    [thread] = channel.threads
    assert thread.name == "UNO: bob's table"
    assert answer(res) == f"Your table is open in <#{thread.id}>. Press **Start** when everyone has joined."
    table = table_of(simcord_bot, thread)
    assert table.in_thread and table.host_id == bob.id and table.settings.target_score == 200
    assert flat_components(final_message(channel)) == []
