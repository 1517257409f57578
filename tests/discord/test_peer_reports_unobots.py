"""How a table plays for people (the lobby, the host, time-outs, hands, the channel), checked
against the bug reports and complaints filed on other Discord UNO and card-game bots: each test
cites the reports it answers, drives our bot through SimCord as the players would, and pins what
those players expected."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import discord
from simcord.backend.models.interaction import ResponseKind

from bot.app import UnoBot
from bot.games.uno.cards import Card
from bot.games.uno.cards import Role
from bot.games.uno.game import Phase
from bot.sessions.table import MAX_PLAYERS
from bot.sessions.table import Member
from bot.sessions.table import SessionError
from bot.sessions.table import Table
from bot.sessions.table import TablePhase
from tests.discord.flood_driver import fetch
from tests.discord.test_peer_reports import hold
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import button_labels
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import field
from tests.discord.uno_driver import open_hand
from tests.discord.uno_driver import open_table
from tests.discord.uno_driver import table_of
from tests.discord.uno_driver import take_turn
from tests.discord.uno_driver import whose_turn


def said(result: Any) -> str:
    """Everything an interaction's answer said, privately or not."""
    messages = [result.response, *result.followups] if result.response else result.followups
    return "\n".join(m.content or "" for m in messages)


def privately(result: Any) -> bool:
    """Whether everything the answer said was said to the clicker alone (the message a click
    updated is the clicked one, not something said)."""
    updated = result._interaction.response_kind in (ResponseKind.DEFERRED_UPDATE, ResponseKind.UPDATE)
    answers = result.followups if updated else [result.response, *result.followups]
    messages = [m for m in answers if m is not None and (m.content or m.embeds)]
    return bool(messages) and all(m.ephemeral for m in messages)


def recent(channel: Any) -> str:
    return field(channel_table_message(channel), "Recent")


async def dealt(
    env: Any, bot: UnoBot, names: list[str], **options: Any
) -> tuple[Any, list[Any], Table, dict[int, Any]]:
    """A table of `names` dealt (a long turn timer unless given), past a Wild turned first (its
    colour called by the first player): the channel, the players, the table, the players by id."""
    options.setdefault("turn_timer", 600)
    channel, players = await open_table(env, names, start=True, **options)
    table = table_of(bot, channel)
    by_id = {p.id: p for p in players}
    game = table.game
    assert game is not None
    holder = whose_turn(channel_table_message(channel))
    if game.phase is Phase.AWAITING_COLOUR and holder in by_id:  # a computer player calls its own
        await take_turn(by_id[holder], channel, players, random.Random(0))
    return channel, players, table, by_id


def one_card_left(table: Table) -> tuple[int, Card]:
    """The player in turn is dealt down to one number card they can play: their seat and card."""
    game = table.game
    assert game is not None
    last = next(c for c in game.draw_pile if c.colour is game.colour and c.role is Role.NUMBER)
    hold(game, game.current, [last])
    return game.current, last


def lobby_message(channel: Any) -> Any:
    """The newest public message of the bot with a Join button."""
    return next(m for m in reversed(channel.history()) if "Join" in button_labels(m))


async def forged_click(actor: Any, message: Any, custom_id: str) -> Any:
    """What a stale client, or one sending packets by hand, can send: a button interaction for a
    button the message no longer shows (SimCord's `click` checks the button is there, as
    Discord's own client does, so this goes one step below it, as `forged_select` does)."""
    from simcord import actors
    from simcord.enums import ComponentType

    stored = actors._visible_message(actor, message)
    data = {"custom_id": custom_id, "component_type": ComponentType.BUTTON}
    return await actors._component_interaction(actor, stored, data)


# ---------------------------------------------------------------- the lobby


# https://github.com/byucs340ta/Fall2018/issues/241 ("If host leaves lobby, game can't start");
# https://github.com/keldaanCommunity/pokemonAutoChess/pull/591 (the host role passed on)
async def test_the_host_leaving_the_lobby_hands_it_to_someone_who_can_start(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, (alice, bob, carol) = await open_table(simcord_env, ["alice", "bob", "carol"])
    acknowledged(await alice.click(lobby_message(channel), label="Leave"))
    table = table_of(simcord_bot, channel)
    assert table.host_id == bob.id and not table.is_seated(alice.id)
    lobby = lobby_message(channel)
    seated = field(lobby, "Players (2)")
    assert seated.splitlines()[0] == f"👑 <@{bob.id}>", "the crown marks the new host"
    refused = acknowledged(await carol.click(lobby, label="Start"))
    assert privately(refused) and "Only the host, bob, can start" in said(refused)
    acknowledged(await bob.click(lobby, label="Start"))
    assert table.phase is not TablePhase.LOBBY and len(table.members) == 2
    assert {m.user_id for m in table.members} == {bob.id, carol.id}


# https://github.com/d-Rickyy-b/Python-BlackJackBot/issues/14 ("Stop cmd doesn't work when lobby
# is created but game isn't started yet"); https://github.com/Ratismal/UNO/issues/10 (a game
# nobody starts holds the channel)
async def test_the_host_closes_a_lobby_nobody_started_and_the_channel_is_free_again(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, (alice, bob) = await open_table(simcord_env, ["alice", "bob"])
    refused = acknowledged(await bob.slash(channel, "uno end"))
    assert refused.ephemeral and simcord_bot.tables.in_channel(channel.id) is not None
    res = acknowledged(await alice.slash(channel, "uno end"))
    assert res.ephemeral
    assert simcord_bot.tables.in_channel(channel.id) is None
    assert not any("Join" in button_labels(m) for m in channel.history()), "the lobby keeps no Join"
    again = acknowledged(await bob.slash(channel, "uno start"))
    assert again.ephemeral and simcord_bot.tables.in_channel(channel.id) is not None


# https://github.com/cozuya/secret-hitler/issues/11 ("People are able to join the same game
# twice", a double click); https://github.com/henricazottes/code-names/issues/26;
# https://github.com/Thrillberg/imperial/issues/239
async def test_join_pressed_twice_seats_the_player_once(simcord_env: Any, simcord_bot: UnoBot) -> None:
    channel, (alice,) = await open_table(simcord_env, ["alice"])
    bob = channel.guild.add_member(simcord_env.create_user("bob"))
    acknowledged(await bob.click(lobby_message(channel), label="Join"))
    # SimCord runs one interaction at a time: the second press is made on the lobby as the
    # first left it, and the two at the same moment are made on the table, as one click each.
    again = acknowledged(await bob.click(lobby_message(channel), label="Join"))
    assert privately(again) and "already joined" in said(again), said(again)
    table = table_of(simcord_bot, channel)
    carol = Member(channel.guild.add_member(simcord_env.create_user("carol")).id, "carol")
    results = await asyncio.gather(table.join(carol), table.join(carol), return_exceptions=True)
    assert sum(isinstance(r, SessionError) for r in results) == 1, results
    assert [m.user_id for m in table.members] == [alice.id, bob.id, carol.user_id]
    assert "Players (3)" in [f.name for f in lobby_message(channel).embeds[0].fields]


# https://github.com/GreyWolfDev/Werewolf/issues/523 ("Player limits exceeds for concurrent
# join"); https://github.com/openfrontio/OpenFrontIO/pull/2547 (clients able to join above max)
async def test_two_people_joining_for_the_last_seat_at_once_seat_one(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    names = [f"player{n}" for n in range(MAX_PLAYERS - 1)]
    channel, _ = await open_table(simcord_env, names)
    table = table_of(simcord_bot, channel)
    late = [Member(channel.guild.add_member(simcord_env.create_user(n)).id, n) for n in ("yara", "zoe")]
    results = await asyncio.gather(*(table.join(m) for m in late), return_exceptions=True)
    refused = [r for r in results if isinstance(r, SessionError)]
    assert len(refused) == 1 and "full" in str(refused[0]), results
    assert len(table.members) == MAX_PLAYERS
    assert f"Players ({MAX_PLAYERS})" in [f.name for f in lobby_message(channel).embeds[0].fields]
    # Pressed on the lobby, the full table says so privately and seats nobody.
    xavier = channel.guild.add_member(simcord_env.create_user("xavier"))
    res = acknowledged(await xavier.click(lobby_message(channel), label="Join"))
    assert privately(res) and f"The table is full ({MAX_PLAYERS} players)" in said(res), said(res)
    assert len(table.members) == MAX_PLAYERS


# https://github.com/letsuno/uno-online/issues/212 (the host adds or removes computer players in
# the middle of a game, by sending the request by hand, and wins the round so)
async def test_computer_players_cannot_be_added_or_removed_once_the_game_is_dealt(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, (alice, _) = await open_table(simcord_env, ["alice", "bob"], bots=1)
    lobby = lobby_message(channel)
    assert {"Add computer", "Remove computer"} <= set(button_labels(lobby))
    acknowledged(await alice.click(lobby, label="Start"))
    table = table_of(simcord_bot, channel)
    seats = [m.user_id for m in table.members]
    game = table.game
    assert game is not None and len(seats) == 3
    before = game.to_json()
    labels = set(button_labels(channel_table_message(channel)))
    assert not labels & {"Add computer", "Remove computer", "Join", "Start"}, labels
    # Discord delivers no click on a button a message no longer shows; a request sent by hand
    # reaches the table as these calls, and the table refuses it.
    for attempt in (table.add_computer(alice.id, "easy"), table.remove_computer(alice.id)):
        try:
            await attempt
        except SessionError as refusal:
            assert "fixed once the game has started" in str(refusal)
        else:
            raise AssertionError("a seat changed mid-game")
    assert [m.user_id for m in table.members] == seats
    assert table.game is not None and table.game.to_json() == before


# https://github.com/letsuno/uno-online/issues/150 (someone who closed the page in the lobby keeps
# everyone waiting: "the host should kick them")
async def test_the_host_removes_someone_who_went_away_from_the_lobby(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, (alice, bob, carol) = await open_table(simcord_env, ["alice", "bob", "carol"])
    refused = acknowledged(await bob.slash(channel, "uno kick", player=carol))
    assert privately(refused) and "Only the host" in said(refused)
    acknowledged(await alice.slash(channel, "uno kick", player=carol))
    table = table_of(simcord_bot, channel)
    assert [m.user_id for m in table.members] == [alice.id, bob.id]
    assert "Players (2)" in [f.name for f in lobby_message(channel).embeds[0].fields]
    acknowledged(await alice.click(lobby_message(channel), label="Start"))
    assert table.game is not None and table.game.seat_count == 2


# https://github.com/mjsalerno/UnoBot/issues/46 ("Ai plays Itself if a player quits from a 1
# player and Ai game"); https://github.com/letsuno/uno-online/pull/132 (the room closed when only
# bots are left)
async def test_the_only_person_leaving_a_table_of_computer_players_ends_it(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, (alice,), table, _ = await dealt(simcord_env, simcord_bot, ["alice"], bots=2)
    assert len(table.members) == 3
    acknowledged(await alice.slash(channel, "uno leave"))
    assert table.phase.is_over and simcord_bot.tables.in_channel(channel.id) is None
    moves = len(table.game.log) if table.game else 0
    await simcord_env.advance_time(120)
    assert (len(table.game.log) if table.game else 0) == moves, "the computer players played on alone"
    again = acknowledged(await alice.slash(channel, "uno start"))
    assert again.ephemeral and simcord_bot.tables.in_channel(channel.id) is not None


# ---------------------------------------------------------------- people who go quiet


# https://github.com/Ratismal/UNO/issues/10 ("Players can start a game and never end it ... and
# the channel can never again play Uno"); https://github.com/jakelauer/allbadcards/issues/381 ("If
# they also lose connection then the game is stuck forever"); https://github.com/myano/jenni/issues/252
async def test_a_table_everyone_walked_away_from_ends_by_itself_and_frees_the_channel(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, (_, bob) = await open_table(simcord_env, ["alice", "bob"], start=True, turn_timer=15)
    table = table_of(simcord_bot, channel)
    for _ in range(20):
        if table.phase.is_over:
            break
        await simcord_env.advance_time(15)
    assert table.phase is TablePhase.FINISHED, table.phase
    assert simcord_bot.tables.in_channel(channel.id) is None
    assert "timed out 3 times in a row and was removed" in "\n".join(
        str(f.value) for m in channel.history() for e in m.embeds for f in e.fields
    )
    res = acknowledged(await bob.slash(channel, "uno start"))
    assert res.ephemeral and simcord_bot.tables.in_channel(channel.id) is not None


# https://github.com/Ratismal/UNO/issues/24 ("Can't Kick Unresponsive Player ... If the game host
# abruptly leaves, well that stinks too"); https://github.com/jakelauer/allbadcards/issues/23 ("If
# the game owner leaves you have to create a new game")
async def test_a_host_who_went_quiet_is_removed_and_the_host_tools_pass_to_a_player(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, players, table, by_id = await dealt(
        simcord_env, simcord_bot, ["alice", "bob", "carol"], turn_timer=30
    )
    host = players[0]
    rng = random.Random(11)
    for _ in range(300):
        if not table.is_seated(host.id):
            break
        message = channel_table_message(channel)
        if table.phase is TablePhase.ROUND_OVER:
            acknowledged(await players[1].click(message, label="Deal next round"))
        elif whose_turn(message) == host.id:
            await simcord_env.advance_time(30)
        else:
            await take_turn(by_id[whose_turn(message)], channel, players, rng)
    assert not table.is_seated(host.id) and not table.phase.is_over
    new_host = by_id[table.host_id]
    assert new_host is not host and "is now the host" in recent(channel)
    res = acknowledged(await new_host.slash(channel, "uno pause"))
    assert res.ephemeral and table.paused is not None, said(res)
    res = acknowledged(await new_host.slash(channel, "uno end"))
    assert simcord_bot.tables.in_channel(channel.id) is None, said(res)


# https://github.com/hc-tcg/hc-tcg/issues/73 ("can we have a display for it instead of just timing
# out with no warning? Makes it a bit confusing when it just skips a turn all of a sudden")
async def test_the_table_shows_when_the_turn_runs_out(simcord_env: Any, simcord_bot: UnoBot) -> None:
    channel, _ = await open_table(simcord_env, ["alice", "bob"], start=True, turn_timer=45)
    table = table_of(simcord_bot, channel)
    assert table.deadline is not None
    turn = field(channel_table_message(channel), "Turn")
    assert f"time runs out <t:{int(table.deadline.timestamp())}:R>" in turn, turn


# https://github.com/hc-tcg/hc-tcg/issues/73 (a turn skipped "all of a sudden" confuses); the
# SCNX UNO module warns inactive players before it removes them
# (https://docs.scnx.xyz/docs/custom-bot/modules/fun/uno); https://github.com/myano/jenni/issues/252
async def test_a_player_who_keeps_running_out_of_time_is_warned_before_being_removed(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, _, table, _ = await dealt(simcord_env, simcord_bot, ["alice", "bob"], turn_timer=15)
    first = table.members[table.game.current if table.game else 0]
    warning = f"{first.name} ran out of time; one more time-out in a row and they leave the table."
    seen: list[str] = []
    while table.is_seated(first.user_id):
        await simcord_env.advance_time(15)
        seen.append(recent(channel) if not table.phase.is_over else "")
        assert len(seen) < 10
    warned_at = [n for n, said in enumerate(seen) if warning in said]
    # Warned at their second time-out in a row (the third of the table's), not before.
    assert warned_at and warned_at[0] == 2, seen
    assert not table.is_seated(first.user_id)


# https://github.com/jakelauer/allbadcards/issues/106 (an idle timer to move on when the one the
# next round waits for has gone); https://github.com/Lattyware/massivedecks/issues/10
async def test_a_round_nobody_deals_is_dealt_when_the_timer_runs_out(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, _, table, by_id = await dealt(simcord_env, simcord_bot, ["alice", "bob", "carol"], turn_timer=30)
    seat, last = one_card_left(table)
    acknowledged(await by_id[table.members[seat].user_id].slash(channel, "uno play", card=str(last)))
    assert table.phase is TablePhase.ROUND_OVER
    assert "Deal next round" in button_labels(channel_table_message(channel))
    await simcord_env.advance_time(30)
    game = table.game
    assert game is not None and table.phase is TablePhase.PLAYING and game.round_number == 2
    assert not any("ran out of time" in line for line in table.recent), "nobody's time-out counts"


# ---------------------------------------------------------------- hands and buttons


# https://github.com/discordeno/discordeno/issues/589 (interaction tokens last 15 minutes);
# https://github.com/Kord-Extensions/kord-extensions/issues/262 ("Error when attempting to use
# paginator buttons after some time": 401 Invalid Webhook Token)
async def test_a_hand_opened_before_a_long_pause_still_plays_and_show_my_hand_opens_a_fresh_one(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, players, table, by_id = await dealt(simcord_env, simcord_bot, ["alice", "bob"])
    current = by_id[whose_turn(channel_table_message(channel))]
    hand = await open_hand(current, channel_table_message(channel), players, channel)
    shown_then = (hand.content, button_labels(hand))
    acknowledged(await players[0].slash(channel, "uno pause"))
    await simcord_env.advance_time(20 * 60)  # the hand's own interaction token has expired
    seat = table.seat_of(current.id)
    assert table.game is not None
    held = len(table.game.hands[seat])
    res = acknowledged(await current.click(hand, label="Draw"))
    assert table.game is not None and len(table.game.hands[seat]) == held + 1, said(res)
    assert "earlier turn" not in said(res)
    shown = fetch(channel, hand.id, viewer=current)
    assert (shown.content, button_labels(shown)) != shown_then, "the old hand shows the card drawn"
    fresh = await open_hand(current, channel_table_message(channel), players, channel)
    assert fresh.id != hand.id


# https://github.com/Lattyware/massivedecks/issues/560 ("ejected member still counts in the
# game": the game waited for them); https://github.com/Lattyware/massivedecks/issues/556
async def test_a_removed_player_is_never_waited_for_and_their_old_hand_is_not_theirs_any_more(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, players, table, by_id = await dealt(simcord_env, simcord_bot, ["alice", "bob", "carol"])
    host = players[0]
    gone = next(p for p in players if p is not host and p.id != whose_turn(channel_table_message(channel)))
    old_hand = await open_hand(gone, channel_table_message(channel), players, channel)
    acknowledged(await host.slash(channel, "uno kick", player=gone))
    assert not table.is_seated(gone.id)
    res = acknowledged(await gone.click(old_hand, label="Refresh"))
    assert "not playing at this table" in said(res) and privately(res), said(res)
    rng = random.Random(4)
    for _ in range(12):
        if table.phase.is_over:
            break
        message = channel_table_message(channel)
        if table.phase is TablePhase.ROUND_OVER:
            acknowledged(await host.click(message, label="Deal next round"))
            continue
        assert whose_turn(message) != gone.id
        assert gone.name not in field(message, "Players")
        await take_turn(by_id[whose_turn(message)], channel, players, rng)


# ---------------------------------------------------------------- the channel


def bot_messages(channel: Any, bot: UnoBot) -> list[Any]:
    """The bot's public messages in the channel, oldest first."""
    assert bot.user is not None
    return [m for m in channel.history() if m.author.id == bot.user.id and not m.flags.ephemeral]


# https://github.com/CampbellCrowley/SpikeyBot-Discord/issues/27 ("reduce the number of messages
# required to send each player's turn"); https://github.com/HardlyDifficult/HardlyBot/issues/44
# (the same announcement posted twice)
async def test_a_game_in_play_keeps_the_table_and_one_ping_in_the_channel_whatever_the_moves(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, players = await open_table(
        simcord_env, ["alice", "bob", "carol"], start=True, turn_timer=600, points=500
    )
    table = table_of(simcord_bot, channel)
    by_id = {p.id: p for p in players}
    rng = random.Random(8)
    for _ in range(15):
        if table.phase.is_over or table.phase is TablePhase.ROUND_OVER:
            break
        message = channel_table_message(channel)
        await take_turn(by_id[whose_turn(message)], channel, players, rng)
        shown = bot_messages(channel, simcord_bot)
        pings = [m for m in shown if not m.embeds]
        assert len(pings) <= 1 and len(shown) <= 2, [m.content for m in shown]
        assert shown[0].id == channel_table_message(channel).id, "the table message is edited, not posted"


# https://github.com/lexicalunit/spellbot/issues/119 ("Admins can delete embeds and posts ... If
# they do this for a pending game... that's really bad"; fixed there by posting the game again)
async def test_a_table_message_a_moderator_deleted_comes_back_with_the_next_move(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, _, table, by_id = await dealt(simcord_env, simcord_bot, ["alice", "bob"])
    first = channel_table_message(channel)
    current = by_id[whose_turn(first)]
    moderator = channel.guild.add_member(
        simcord_env.create_user("mod"),
        roles=[channel.guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))],
    )
    await moderator.delete(first)
    res = acknowledged(await current.slash(channel, "uno hand"))
    assert res.ephemeral, "the hand is still at hand with the table message gone"
    acknowledged(await current.slash(channel, "uno draw"))
    back = channel_table_message(channel)
    assert back.id != first.id and table.message_id == back.id
    assert "Show my hand" in button_labels(back)


# https://github.com/yannickgloster/discord-10man/issues/120 ("Move the score card down as the
# latest message in the channel"); https://github.com/lexicalunit/spellbot/issues/119
async def test_uno_status_brings_the_tables_buttons_down_to_a_player_whose_table_scrolled_away(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """Chat buries the table message (on a phone, far out of reach); the turn's ping carries only
    Show my hand. `/uno status` answers privately at the bottom with the table and its buttons,
    Catch! among them, and they work there as on the table."""
    channel, players, table, by_id = await dealt(simcord_env, simcord_bot, ["alice", "bob", "carol"])
    game = table.game
    assert game is not None
    seat = game.current
    playable = next(c for c in game.draw_pile if c.colour is game.colour and c.role is Role.NUMBER)
    keep = next(c for c in game.draw_pile if c.colour not in (None, game.colour))
    hold(game, seat, [playable, keep])
    forgetful = by_id[table.members[seat].user_id]
    acknowledged(await forgetful.slash(channel, "uno play", card=str(playable)))
    game = table.game
    assert game is not None and game.uno_catchable == seat
    catcher = next(p for p in players if p is not forgetful)
    for n in range(40):
        await players[n % 3].send(channel, f"chat {n}")
    assert channel_table_message(channel).id not in {m.id for m in channel.history()[-40:]}

    res = acknowledged(await catcher.slash(channel, "uno status"))
    status = res.response
    assert privately(res) and status.embeds, said(res)
    labels = button_labels(status)
    assert "Catch!" in labels and "Show my hand" in labels, labels
    acknowledged(await catcher.click(status, label="Catch!"))
    # As a hand's own buttons do, the private message answers with the catcher's hand.
    assert "**Your hand**" in (fetch(channel, status.id, viewer=catcher).content or "")
    game = table.game
    assert game is not None and len(game.hands[seat]) == 3 and game.uno_catchable is None
    assert "Catch!" not in button_labels(channel_table_message(channel))


async def test_the_buttons_of_uno_status_work_in_the_lobby_and_turns_later(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """In the lobby `/uno status` carries Join (a lobby buried in chat can still be joined); in
    play, Show my hand on a status asked turns ago opens the player's hand as it is now, in its
    place, as a hand's own Refresh does."""
    channel, (alice,) = await open_table(simcord_env, ["alice"])
    bob = channel.guild.add_member(simcord_env.create_user("bob"))
    status = acknowledged(await bob.slash(channel, "uno status")).response
    acknowledged(await bob.click(status, label="Join"))
    table = table_of(simcord_bot, channel)
    assert table.is_seated(bob.id)
    acknowledged(await alice.click(lobby_message(channel), label="Start"))
    players = [alice, bob]
    by_id = {p.id: p for p in players}
    game = table.game
    assert game is not None
    if game.phase is Phase.AWAITING_COLOUR:
        await take_turn(by_id[whose_turn(channel_table_message(channel))], channel, players, random.Random(9))
    waiting = next(p for p in players if p.id != whose_turn(channel_table_message(channel)))
    old = acknowledged(await waiting.slash(channel, "uno status")).response
    mover = by_id[whose_turn(channel_table_message(channel))]
    acknowledged(await mover.slash(channel, "uno draw"))
    if table.game is not None and table.game.drawn_card is not None:
        acknowledged(
            await mover.click(
                await open_hand(mover, channel_table_message(channel), players, channel), label="Pass"
            )
        )
    res = acknowledged(await waiting.click(old, label="Show my hand"))
    assert "**Your hand**" in (fetch(channel, old.id, viewer=waiting).content or ""), said(res)


# ---------------------------------------------------------------- the game's end


# https://github.com/sQuiz-2/Core/pull/103 ("Display the entire scoreboard at the end of the game")
async def test_the_finished_table_shows_every_players_score_and_the_winner_is_announced_once(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, _, table, by_id = await dealt(simcord_env, simcord_bot, ["alice", "bob", "carol"], points=50)
    seat, last = one_card_left(table)
    game = table.game
    assert game is not None
    for other in (s for s in range(3) if s != seat):  # the others hold enough to pass 50 points
        wild = next(c for c in game.draw_pile if c.is_wild)
        game.draw_pile.remove(wild)
        game.hands[other].append(wild)
    winner = table.members[seat]
    acknowledged(await by_id[winner.user_id].slash(channel, "uno play", card=str(last)))
    assert table.phase is TablePhase.FINISHED
    final = next(m for m in reversed(channel.history()) if m.embeds)
    standings = field(final, "Players").splitlines()
    assert len(standings) == 3, standings
    for seat_now, member in enumerate(table.members):
        line = next(line for line in standings if f"**{member.name}**" in line)
        assert f"{game.scores[seat_now]} pts" in line, (line, game.scores)
    announcements = [
        m.content for m in bot_messages(channel, simcord_bot) if "wins the game" in (m.content or "")
    ]
    assert announcements == [f"🎉 <@{winner.user_id}> wins the game with {game.scores[seat]} points!"], (
        announcements
    )


# https://github.com/ruby-rbot/rbot/issues/8 ("that's not right howcome he gets points from his
# own cards?": the end announced after a player dropped out); https://github.com/lamapgame/lamap-bot/issues/18
# ("Last player after everyone leaves wins"); https://github.com/dnsbty/level10/issues/77
async def test_the_last_player_left_at_the_table_is_told_they_won_because_the_others_left(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """Not "wins the game with 0 points" (a target of 500 never reached): they won because
    everyone else left. The log ends with the win, nothing after it."""
    channel, (alice, bob), table, _ = await dealt(simcord_env, simcord_bot, ["alice", "bob"])
    acknowledged(await alice.slash(channel, "uno leave"))
    assert table.phase is TablePhase.FINISHED
    announcement = channel.last_message.content
    assert announcement == f"🎉 <@{bob.id}> wins the game: everyone else left the table!", announcement
    final = next(m for m in reversed(channel.history()) if m.embeds)
    log = field(final, "Recent").splitlines()
    assert log[-1] == "🎉 bob wins the game: everyone else left the table!", log
    assert not any("points" in line for line in log if "wins the game" in line), log


async def test_the_last_team_left_at_the_table_is_told_it_won_because_the_others_left(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """The same for partners (T7): both players of one team leave; the other team won because
    they left, not "with 0 points, the lowest total"."""
    channel, _, table, by_id = await dealt(
        simcord_env, simcord_bot, ["alice", "bob", "carol", "dave"], ruleset="twist", teams="partners"
    )
    game = table.game
    assert game is not None and game.is_team_game
    leaving = [m.user_id for seat, m in enumerate(table.members) if game.team_of(seat) == 1]
    staying = [m.name for seat, m in enumerate(table.members) if game.team_of(seat) == 0]
    for user_id in leaving:
        acknowledged(await by_id[user_id].slash(channel, "uno leave"))
    assert table.phase is TablePhase.FINISHED
    announcement = channel.last_message.content
    assert announcement.startswith("🎉 Team A, ") and announcement.endswith(
        ", wins the game: every other team left the table!"
    ), announcement
    final = next(m for m in reversed(channel.history()) if m.embeds)
    log = field(final, "Recent").splitlines()
    members = " and ".join(staying)
    assert log[-1] == f"🎉 Team A ({members}) wins the game: every other team left the table!", log
