"""The turn's ping at a server table: edits of the table message notify nobody, so when the turn
passes to a person at a table of two or more people, one short message in the table's channel
mentions them alone, with a Show my hand button. One ping per table at a time: the previous one
goes when the turn moves on, the last one when the table ends."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

import discord
import pytest

from bot.app import UnoBot
from bot.games.uno.actions import DEAL_NEXT_ROUND
from bot.games.uno.ai import HeuristicPlayer
from bot.games.uno.game import Phase
from bot.sessions.table import Table
from bot.sessions.table import TablePhase
from tests.discord.conftest import BotFactory
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import assert_table_message_matches
from tests.discord.uno_driver import button_labels
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import click_action
from tests.discord.uno_driver import open_hand
from tests.discord.uno_driver import open_table
from tests.discord.uno_driver import table_of

CAREFUL = HeuristicPlayer()


def pings(channel: Any) -> list[discord.Message]:
    """The turn pings in the channel: the bot's public messages with a Show my hand button (a
    Deal next round button, for a deal) and no embed (the table message has one)."""
    return [
        m
        for m in channel.history()
        if not m.flags.ephemeral
        and not m.embeds
        and {"Show my hand", "Deal next round"} & set(button_labels(m))
    ]


def awaited_person(table: Table) -> int | None:
    """The person whose turn it is, between rounds the person named to deal (None once over, or
    on a computer's turn)."""
    game = table.game
    if game is None or table.phase.is_over:
        return None
    member = table.members[game.next_dealer if between_rounds(table) else game.current]
    return None if member.is_computer else member.user_id


def between_rounds(table: Table) -> bool:
    return table.game is not None and table.game.phase is Phase.ROUND_OVER


def assert_pings_only(
    env: Any, channel: Any, ping: discord.Message, user_id: int, *, deal: bool = False
) -> None:
    """The ping names `user_id` and notifies them alone: no role, no everyone, no replied user."""
    assert ping.content == f"<@{user_id}>, your turn{' to deal' if deal else ''}."
    assert [user.id for user in ping.mentions] == [user_id]
    assert not ping.mention_everyone and not ping.role_mentions
    stored = env.backend.messages[channel.id][ping.id]
    assert stored.ping_user_ids == [user_id] and stored.ping_role_ids == []
    policy = stored.allowed_mentions
    assert policy.users == frozenset({user_id}) and policy.roles == frozenset()
    assert not policy.everyone and not policy.replied_user


async def careful_move(table: Table, channel: Any, people: list[Any]) -> int:
    """The awaited player makes a careful player's choice through the buttons; between rounds
    the first player deals. The mover's id."""
    game = table.game
    assert game is not None
    by_id = {p.id: p for p in people}
    if game.phase is Phase.ROUND_OVER:
        await click_action(people[0], channel, people, CAREFUL.choose(game.view(0)))
        return int(people[0].id)
    mover = by_id[table.members[game.current].user_id]
    await click_action(mover, channel, people, CAREFUL.choose(game.view(game.current)))
    return int(mover.id)


async def test_the_turn_passing_pings_the_next_person_alone_and_the_previous_ping_goes(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob"], start=True)
    table = table_of(simcord_bot, channel)
    await until_the_turn_passes(table, channel, players)  # the host who pressed Start is not pinged
    [ping] = pings(channel)
    assert_pings_only(env, channel, ping, awaited_person(table) or 0)
    assert env.backend.messages[channel.id][channel_table_message(channel).id].ping_user_ids == []
    passes = stays = 0
    for _ in range(40):
        if table.phase.is_over:
            break
        before, before_ping = (awaited_person(table), between_rounds(table)), [p.id for p in pings(channel)]
        mover = await careful_move(table, channel, players)
        after, now = (awaited_person(table), between_rounds(table)), pings(channel)
        if after[0] is None:
            assert now == [], "no turn: no ping"
            continue
        if after == before:  # their turn goes on (a colour to call, a drawn card, a Skip): no new ping
            assert [p.id for p in now] == before_ping
            stays += 1
            continue
        if after[0] == mover:  # to play or to deal
            assert now == [], "a turn the mover's own click gave them: no ping"
            continue
        [ping] = now
        assert_pings_only(env, channel, ping, after[0], deal=after[1])
        assert ping.id not in before_ping, "a new ping, the previous one gone"
        passes += 1
    assert passes >= 10 and stays >= 1


async def test_show_my_hand_on_the_ping_answers_as_the_tables_button(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob"], start=True)
    dave = channel.guild.add_member(env.create_user("dave"))
    await until_the_turn_passes(table_of(simcord_bot, channel), channel, players)
    table_message = channel_table_message(channel)
    [ping] = pings(channel)
    for player in players:  # the one pinged, and the other: each sees their own hand, privately
        from_ping = await open_hand(player, ping, players, channel)
        from_table = await open_hand(player, table_message, players, channel)
        assert "Your hand" in from_ping.content
        assert from_ping.content == from_table.content
        assert button_labels(from_ping) == button_labels(from_table)
    for message in (ping, table_message):
        res = acknowledged(await dave.click(message, label="Show my hand"))
        assert res.ephemeral and "not playing at this table" in res.response.content


async def test_a_player_who_turns_pings_off_is_not_pinged_and_the_others_still_are(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob", "carol"])
    bob = players[1]
    told = acknowledged(await bob.slash(channel, "preferences", turn_pings="off"))
    assert told.ephemeral and "Turn pings are off" in told.response.content
    acknowledged(await players[0].click(channel.last_message, label="Start"))
    table = table_of(simcord_bot, channel)
    turns = {p.id: 0 for p in players}
    for _ in range(30):
        awaited = awaited_person(table)
        if awaited is not None:
            turns[awaited] += 1
            if awaited == bob.id:
                assert pings(channel) == [], "bob asked for no pings"
            else:
                [ping] = pings(channel)
                assert_pings_only(env, channel, ping, awaited)
        await careful_move(table, channel, players)
    assert all(turns.values()), turns

    told = acknowledged(await bob.slash(channel, "preferences", turn_pings="on"))
    assert "Turn pings are on" in told.response.content
    for _ in range(30):
        before = awaited_person(table)
        await careful_move(table, channel, players)
        if awaited_person(table) == bob.id != before:
            [ping] = pings(channel)
            assert_pings_only(env, channel, ping, bob.id)
            return
    raise AssertionError("bob's turn did not come back")


async def test_a_computer_players_turn_has_no_ping(simcord_env: Any, simcord_bot: UnoBot) -> None:
    # Longer than SimCord's settle timeout: the computer player waits for the virtual clock.
    simcord_bot.tables.computer_pause = timedelta(seconds=10)
    env = simcord_env
    channel, players = await open_table(env, ["ann", "bob"], bots=1, level="easy")
    acknowledged(await players[0].click(channel.last_message, label="Start"))
    table = table_of(simcord_bot, channel)
    computer_turns = 0
    for _ in range(30):
        game = table.game
        assert game is not None
        if game.phase is not Phase.ROUND_OVER and table.members[game.current].is_computer:
            computer_turns += 1
            assert pings(channel) == [], "the ping of the person before went, and none came"
            version = table.version
            await env.advance_time(11)
            assert table.version > version, "the computer player moved"
            continue
        awaited = awaited_person(table)
        if awaited is not None:
            [ping] = pings(channel)
            assert_pings_only(env, channel, ping, awaited)
        await careful_move(table, channel, players)
    assert computer_turns >= 3


async def test_one_person_against_computer_players_is_never_pinged(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    simcord_bot.tables.computer_pause = timedelta(0)
    channel, (ann,) = await open_table(simcord_env, ["ann"], bots=2, level="easy")
    acknowledged(await ann.click(channel.last_message, label="Start"))
    table = table_of(simcord_bot, channel)
    for _ in range(10):
        await careful_move(table, channel, [ann])
        assert pings(channel) == []
    assert table.version > 10


async def test_the_games_end_takes_the_last_ping_away(simcord_env: Any, simcord_bot: UnoBot) -> None:
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob"], points=50, start=True)
    table = table_of(simcord_bot, channel)
    for _ in range(3000):
        if table.phase.is_over:
            break
        await careful_move(table, channel, players)
        if not table.phase.is_over:
            assert len(pings(channel)) <= (0 if awaited_person(table) is None else 1)
    assert table.phase is TablePhase.FINISHED
    assert pings(channel) == []
    table_message, announcement = channel.history()
    assert table_message.embeds[0].title == "UNO: game over"
    assert "wins" in announcement.content


async def test_ending_a_table_in_its_thread_takes_the_ping_away_and_archives_the_thread(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    acknowledged(await alice.slash(channel, "uno start", thread=True))
    [thread] = channel.threads
    acknowledged(await bob.click(thread.last_message, label="Join"))
    acknowledged(await alice.click(thread.last_message, label="Start"))
    table = simcord_bot.tables.in_channel(thread.id)
    assert table is not None
    await until_the_turn_passes(table, thread, [alice, bob])
    [ping] = pings(thread)
    assert_pings_only(env, thread, ping, awaited_person(table) or 0)
    acknowledged(await alice.slash(thread, "uno end"))
    assert table.phase is TablePhase.ABORTED
    assert pings(thread) == []
    assert thread._channel.thread_metadata.archived


async def test_a_restart_keeps_the_pings_id_so_the_next_turn_takes_it_away(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory
) -> None:
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob"], start=True)
    await until_the_turn_passes(table_of(simcord_bot, channel), channel, players)
    [before] = pings(channel)
    new_bot = make_bot()
    await env.restart_bot(new_bot)
    table = table_of(new_bot, channel)
    first = awaited_person(table)
    for _ in range(10):
        await careful_move(table, channel, players)
        if awaited_person(table) not in (first, None):
            break
    [ping] = pings(channel)
    assert ping.id != before.id, "the ping from before the restart is gone"
    assert_pings_only(env, channel, ping, awaited_person(table) or 0)


async def until_the_turn_passes(table: Table, channel: Any, people: list[Any]) -> None:
    """Careful moves until the turn is another person's."""
    before = awaited_person(table)
    for _ in range(10):
        await careful_move(table, channel, people)
        if awaited_person(table) not in (before, None):
            return
    raise AssertionError("the turn did not pass")


async def test_a_ping_discord_refuses_costs_nothing_but_the_ping(
    simcord_env: Any, simcord_bot: UnoBot, caplog: pytest.LogCaptureFixture
) -> None:
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob"], start=True)
    table = table_of(simcord_bot, channel)
    caplog.set_level(logging.DEBUG)
    env.inject_error(
        "POST", f"/channels/{channel.id}/messages", status=403, code=50013, message="Missing Permissions"
    )
    version = table.version
    await until_the_turn_passes(table, channel, players)
    assert table.version > version and not table.phase.is_over, "the move stands, the table goes on"
    assert pings(channel) == [], "the previous ping went; the new one was refused"
    assert_table_message_matches(channel_table_message(channel), table)
    refused = [r for r in caplog.records if "ping" in r.getMessage()]
    assert refused and all(r.levelno <= logging.INFO for r in refused)

    # A ping a moderator already deleted is no trouble either (Discord answers 404).
    await until_the_turn_passes(table, channel, players)
    [ping] = pings(channel)
    env.backend.delete_message(channel.id, ping.id)
    await until_the_turn_passes(table, channel, players)
    [again] = pings(channel)
    assert again.id != ping.id
    assert_pings_only(env, channel, again, awaited_person(table) or 0)


async def test_whoever_clicks_their_own_turn_in_is_not_pinged(simcord_env: Any, simcord_bot: UnoBot) -> None:
    # Before: the host who pressed Start, or whoever pressed Deal next round, and so came to play
    # first, was mentioned "your turn" at once, for the turn their own click had just given them.
    channel, players = await open_table(simcord_env, ["alice", "bob"], start=True)
    alice, bob = players
    table = table_of(simcord_bot, channel)
    assert awaited_person(table) == alice.id, "the seeded deal seats the host first"
    assert pings(channel) == []
    await until_the_turn_passes(table, channel, players)
    [ping] = pings(channel)
    assert_pings_only(simcord_env, channel, ping, bob.id)

    mover = await play_to_the_round_end(table, channel, players)
    dealer = awaited_person(table)
    if dealer == mover:
        assert pings(channel) == [], "the round ended by the dealer's own click"
    else:
        [ping] = pings(channel)
        assert_pings_only(simcord_env, channel, ping, dealer or 0, deal=True)
    await click_action(alice, channel, players, DEAL_NEXT_ROUND)
    assert awaited_person(table) == alice.id, "the seeded deal gives alice the first turn"
    assert pings(channel) == [], "alice dealt: she is looking"
    await until_the_turn_passes(table, channel, players)
    [ping] = pings(channel)
    assert_pings_only(simcord_env, channel, ping, bob.id)


SERVER_PINGS_OFF = "Turn pings are off in this server:"
SERVER_PINGS_ON = "Turn pings are on in this server:"


def admin_of(env: Any, guild: Any) -> Any:
    """A member of `guild` who may manage the server."""
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user("admin"), roles=[admins])


async def test_a_server_that_turns_pings_off_has_none_and_its_tables_play_on(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob"], start=True)
    alice, bob = players
    table = table_of(simcord_bot, channel)
    admin = admin_of(env, channel.guild)
    await until_the_turn_passes(table, channel, players)
    assert len(pings(channel)) == 1

    told = acknowledged(await admin.slash(channel, "uno settings", turn_pings=False))
    assert told.ephemeral and told.response.content.startswith(SERVER_PINGS_OFF), told.response.content
    acknowledged(await alice.slash(channel, "preferences", turn_pings="on"))  # the server's off wins
    passes = 0
    for _ in range(30):
        before = awaited_person(table)
        version = table.version
        await careful_move(table, channel, players)
        assert table.version > version and not table.phase.is_over, "the game goes on"
        assert pings(channel) == [], "the ping that stood went with the turn, and no new one came"
        passes += awaited_person(table) not in (before, None)
    assert passes >= 5

    told = acknowledged(await admin.slash(channel, "uno settings", turn_pings=True))
    assert told.response.content.startswith(SERVER_PINGS_ON), told.response.content
    await until_the_turn_passes(table, channel, players)
    [ping] = pings(channel)
    assert_pings_only(env, channel, ping, awaited_person(table) or 0)

    # A player's own off still wins while the server's pings are on.
    acknowledged(await bob.slash(channel, "preferences", turn_pings="off"))
    alice_pinged = 0
    for _ in range(30):
        before = awaited_person(table)
        mover = await careful_move(table, channel, players)
        after = awaited_person(table)
        if after == bob.id:
            assert pings(channel) == [], "bob asked for no pings"
        elif after == alice.id != before and mover != alice.id:
            [ping] = pings(channel)
            assert_pings_only(env, channel, ping, alice.id, deal=between_rounds(table))
            alice_pinged += 1
    assert alice_pinged >= 3


async def until_pinged(table: Table, channel: Any, people: list[Any], person: Any) -> discord.Message:
    """Careful moves until the turn has passed to `person`, a plain turn (no Wild Draw Four to
    answer, which another's leaving may resolve), and their ping stands: the ping."""
    for _ in range(40):
        if awaited_person(table) == person.id and table.phase is TablePhase.PLAYING and pings(channel):
            [ping] = pings(channel)
            assert ping.content == f"<@{person.id}>, your turn."
            return ping
        await careful_move(table, channel, people)
    raise AssertionError(f"{person.name}'s turn did not come")


@pytest.mark.parametrize("how", ["leave", "kick"])
async def test_a_ping_goes_when_the_others_leave_the_pinged_person_alone_among_computer_players(
    simcord_env: Any, simcord_bot: UnoBot, how: str
) -> None:
    # Before: bob left (or was removed) during alice's turn, leaving her the only person in the
    # game against a computer player, and her "your turn" stayed until the turn moved on.
    simcord_bot.tables.computer_pause = timedelta(0)
    channel, players = await open_table(simcord_env, ["alice", "bob"], bots=1, level="easy", start=True)
    alice, bob = players
    table = table_of(simcord_bot, channel)
    await until_pinged(table, channel, players, alice)
    if how == "leave":
        acknowledged(await bob.slash(channel, "uno leave"))
    else:
        acknowledged(await alice.slash(channel, "uno kick", player=bob))
    assert not table.is_seated(bob.id) and not table.phase.is_over
    assert awaited_person(table) == alice.id, "still alice's turn"
    assert pings(channel) == [], "one person in play: pings are for tables of two or more"
    for _ in range(10):  # and none comes back while she plays the computer player
        await careful_move(table, channel, [alice])
        assert pings(channel) == []


async def test_a_ping_goes_when_a_computer_player_takes_over_the_only_other_persons_seat(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    simcord_bot.tables.computer_pause = timedelta(0)
    channel, players = await open_table(simcord_env, ["alice", "bob"], takeover="easy", start=True)
    alice, bob = players
    table = table_of(simcord_bot, channel)
    await until_pinged(table, channel, players, alice)
    acknowledged(await bob.slash(channel, "uno leave"))
    assert table.members[1 - table.seat_of(alice.id)].is_computer and not table.phase.is_over
    assert awaited_person(table) == alice.id
    assert pings(channel) == []


async def test_the_pinged_persons_ping_goes_when_they_leave_in_their_own_turn(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    # Already so: their leaving passes the turn on, and a turn passing retires the ping.
    channel, players = await open_table(simcord_env, ["alice", "bob", "carol"], start=True)
    alice, bob, carol = players
    table = table_of(simcord_bot, channel)
    before = await until_pinged(table, channel, players, bob)
    acknowledged(await bob.slash(channel, "uno leave"))
    awaited = awaited_person(table)
    assert awaited in (alice.id, carol.id)
    [ping] = pings(channel)
    assert ping.id != before.id
    assert_pings_only(simcord_env, channel, ping, awaited)

    await until_pinged(table, channel, [alice, carol], carol)
    acknowledged(await alice.slash(channel, "uno kick", player=carol))
    assert table.phase.is_over, "alice is left alone: she wins"
    assert pings(channel) == []


async def play_to_the_round_end(table: Table, channel: Any, people: list[Any]) -> int:
    """Careful moves until a round is over; the id of whoever made the last move."""
    game = table.game
    assert game is not None
    for _ in range(400):
        mover = await careful_move(table, channel, people)
        if game.phase is Phase.ROUND_OVER or table.phase.is_over:
            return mover
    raise AssertionError("the round did not end")


async def named_to_deal(table: Table, channel: Any, people: list[Any], person: Any = None) -> int:
    """Rounds played (and dealt on by the person named) until one ends by another's move with
    `person` (anyone, if None) named to deal: the id of the person named. A round whose mover is
    the one named to deal pings nobody: they are looking."""
    game = table.game
    assert game is not None
    by_id = {p.id: p for p in people}
    for _ in range(8):
        mover = await play_to_the_round_end(table, channel, people)
        assert not table.phase.is_over, "the game ended first"
        dealer = table.members[game.next_dealer].user_id
        if dealer != mover and (person is None or dealer == person.id):
            return dealer
        if dealer == mover:
            assert pings(channel) == [], "the round ended by their own click: they are looking"
        await click_action(by_id[dealer], channel, people, DEAL_NEXT_ROUND)
    raise AssertionError("no round ended so")


async def test_the_person_named_to_deal_the_next_round_is_pinged_to_deal(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """Between rounds the table waits on the person it names to deal (anyone may press Deal next
    round, but the timer runs for them): they are pinged as for a turn, in words that say it is
    their deal, with the button that deals. Not whoever ended the round: they are looking."""
    # Before: the table message named them ("to deal the next round"), and an edit notifies nobody.
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob"], start=True)
    by_id = {p.id: p for p in players}
    table = table_of(simcord_bot, channel)
    dealer = await named_to_deal(table, channel, players)
    [ping] = pings(channel)
    assert_pings_only(env, channel, ping, dealer, deal=True)
    assert button_labels(ping) == ["Deal next round"]
    acknowledged(await by_id[dealer].click(ping, label="Deal next round"))
    assert not between_rounds(table), "the ping's button deals"
    assert ping.id not in [p.id for p in pings(channel)], "play moved on: the deal's ping goes"


@pytest.mark.parametrize("off_by", ["the player", "the server"])
async def test_a_deal_is_not_pinged_where_turn_pings_are_off(
    off_by: str, simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob"], start=True)
    bob = players[1]
    if off_by == "the player":
        acknowledged(await bob.slash(channel, "preferences", turn_pings="off"))
    else:
        acknowledged(await admin_of(env, channel.guild).slash(channel, "uno settings", turn_pings=False))
    table = table_of(simcord_bot, channel)
    assert await named_to_deal(table, channel, players, bob) == bob.id
    assert pings(channel) == []
