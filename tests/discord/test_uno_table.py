"""/uno end to end: the real bot in SimCord, driven as players would drive it."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import discord
import pytest

from bot.app import UnoBot
from bot.games.uno.actions import CATCH
from bot.games.uno.game import Phase
from bot.sessions.table import SessionError
from bot.sessions.table import TablePhase
from tests.discord.flood_driver import fetch
from tests.discord.uno_driver import COLOUR_LABELS
from tests.discord.uno_driver import SEEN_CUSTOM_IDS
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import assert_table_message_matches
from tests.discord.uno_driver import button_labels
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import field
from tests.discord.uno_driver import flat_components
from tests.discord.uno_driver import open_hand
from tests.discord.uno_driver import open_table
from tests.discord.uno_driver import play_like_a_careful_player
from tests.discord.uno_driver import table_of
from tests.discord.uno_driver import take_turn
from tests.discord.uno_driver import whose_turn
from tests.test_peer_reports_store import failing_once


async def start(channel: Any, host: Any) -> None:
    await host.click(channel.last_message, label="Start")


async def test_three_players_play_a_whole_game_to_its_end(simcord_env: Any, simcord_bot: UnoBot) -> None:
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob", "carol"], points=50)
    lobby = channel.last_message
    assert "Players (3)" in [f.name for f in lobby.embeds[0].fields]
    await start(channel, players[0])
    by_id = {p.id: p for p in players}
    rng = random.Random(7)
    table = table_of(simcord_bot, channel)
    for move in range(3000):
        if table.phase is TablePhase.FINISHED:
            break
        message = channel_table_message(channel)
        assert_table_message_matches(message, table)
        if table.phase is TablePhase.ROUND_OVER:
            await rng.choice(players).click(message, label="Deal next round")
            continue
        current = by_id[whose_turn(message)]
        await take_turn(current, channel, players, rng, typed=move % 5 == 0)
    else:
        raise AssertionError("the game did not end in 3000 moves")
    assert table.game is not None and table.game.winner is not None
    winner = table.members[table.game.winner]
    final = channel.history()[-2]
    assert final.embeds[0].title == "UNO: game over"
    assert button_labels(final) == ["Play again"], "a finished table keeps no game buttons"
    assert channel.last_message.content.startswith(f"🎉 <@{winner.user_id}> wins")
    assert simcord_bot.tables.in_channel(channel.id) is None, "the channel is free again"
    assert all(len(custom_id) <= 100 for custom_id in SEEN_CUSTOM_IDS)


async def test_refusals_are_private_and_change_nothing(simcord_env: Any, simcord_bot: UnoBot) -> None:
    env = simcord_env
    channel, (alice, bob, carol) = await open_table(env, ["alice", "bob", "carol"])
    dave = channel.guild.add_member(env.create_user("dave"))
    await start(channel, alice)
    table = table_of(simcord_bot, channel)
    game = table.game
    assert game is not None
    by_id = {p.id: p for p in (alice, bob, carol)}
    if game.phase is Phase.AWAITING_COLOUR:  # a Wild turned first: its colour is called first
        first = by_id[whose_turn(channel_table_message(channel))]
        await take_turn(first, channel, [alice, bob, carol], random.Random(0))
    before = game.to_json()
    message = channel_table_message(channel)
    current = by_id[whose_turn(message)]
    waiting = next(p for p in (alice, bob, carol) if p is not current)

    res = await dave.click(message, label="Show my hand")
    assert res.ephemeral and "not playing at this table" in res.response.content
    res = await dave.slash(channel, "uno draw")
    assert res.ephemeral and "not playing at this table" in res.response.content

    waiting_card = str(game.hands[table.seat_of(waiting.id)][0])
    res = await waiting.slash(channel, "uno play", card=waiting_card)
    assert res.ephemeral and "not your turn" in res.response.content

    held = {str(c) for c in game.hands[table.seat_of(current.id)]}
    missing = next(code for code in ("R0", "Y0", "G0", "B0", "R1", "Y1") if code not in held)
    res = await current.slash(channel, "uno play", card=missing)
    assert res.ephemeral and "don't hold" in res.response.content

    res = await current.slash(channel, "uno play", card="X9")
    assert res.ephemeral and "is not a card" in res.response.content

    res = await bob.slash(channel, "uno start")
    assert res.ephemeral and "already running" in res.response.content

    not_host = bob if alice.id == table.host_id else alice
    res = await not_host.slash(channel, "uno end")
    assert res.ephemeral and "Manage Server" in res.response.content

    assert game.to_json() == before, "a refusal changed the game"
    assert table.phase is not TablePhase.ABORTED

    dm_user = env.create_user("erin")
    res = await dm_user.slash("uno start")
    assert res.ephemeral and "server channels" in res.response.content
    assert "/uno solo" in res.response.content, "a DM is told it can play UNO against the computer"


async def test_a_button_from_an_earlier_turn_is_refused(simcord_env: Any, simcord_bot: UnoBot) -> None:
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob"])
    await start(channel, players[0])
    table = table_of(simcord_bot, channel)
    by_id = {p.id: p for p in players}
    message = channel_table_message(channel)
    first = by_id[whose_turn(message)]
    old_hand = await open_hand(first, message, players, channel)
    assert "Draw" in button_labels(old_hand) or "Red" in button_labels(old_hand)
    rng = random.Random(3)
    # Play on until the turn has moved on at least twice.
    turn_then = table.turn
    while table.turn < turn_then + 2 and table.phase is not TablePhase.FINISHED:
        message = channel_table_message(channel)
        await take_turn(by_id[whose_turn(message)], channel, players, rng)
    snapshot = table.game.to_json() if table.game else None
    label = "Draw" if "Draw" in button_labels(old_hand) else "Red"
    res = await first.click(old_hand, label=label)
    texts = [res.response.content if res.response else ""] + [f.content for f in res.followups]
    assert any("earlier turn" in text for text in texts), texts
    assert all(f.ephemeral for f in res.followups)
    assert (table.game.to_json() if table.game else None) == snapshot


async def test_a_double_click_applies_once(simcord_env: Any, simcord_bot: UnoBot) -> None:
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob", "carol"])
    await start(channel, players[0])
    table = table_of(simcord_bot, channel)
    game = table.game
    assert game is not None
    by_id = {p.id: p for p in players}
    while True:
        message = channel_table_message(channel)
        current = by_id[whose_turn(message)]
        hand = await open_hand(current, message, players, channel)
        select = next((c for c in flat_components(hand) if c["type"] == 3), None)
        if select and "Pass" not in button_labels(hand):
            plain = [o for o in select["options"] if not o["value"].startswith("play W")]
            if plain:
                break
        await take_turn(current, channel, players, random.Random(2))
    # SimCord runs one interaction at a time, so the second click of a double click is made on
    # a second copy of the same hand (same turn) rather than on the message the first edited.
    twin = await open_hand(current, message, players, channel)
    value = plain[0]["value"]
    log_before = len(game.log)
    await current.select(hand, [value], custom_id=select["custom_id"])
    assert len(game.log) == log_before + 1
    second = await current.select(twin, [value], custom_id=select["custom_id"])
    assert len(game.log) == log_before + 1, "the second click applied too"
    refusals = [f.content for f in second.followups]
    assert any("earlier turn" in text for text in refusals), refusals
    assert all(f.ephemeral for f in second.followups)


async def test_two_players_catching_at_the_same_moment_apply_once(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob", "carol"])
    await start(channel, players[0])
    table = table_of(simcord_bot, channel)
    game = table.game
    assert game is not None
    if game.phase is Phase.AWAITING_COLOUR:
        await take_turn(
            next(p for p in players if p.id == whose_turn(channel_table_message(channel))),
            channel,
            players,
            random.Random(1),
        )
    # Deal the current player down to two cards, one of which they can play.
    seat = game.current
    hand = game.hands[seat]
    playable = next((c for c in hand if game.is_playable(c)), None)
    if playable is None:
        playable = next(c for c in game.draw_pile if c.is_wild)
        game.draw_pile.remove(playable)
        hand.append(playable)
    hand.remove(playable)
    keep = hand.pop()
    game.draw_pile[0:0] = hand
    hand[:] = [playable, keep]
    assert game.card_count == 108
    player = next(p for p in players if p.id == table.members[seat].user_id)
    await player.slash(channel, "uno play", card=str(playable))
    if game.phase is Phase.AWAITING_COLOUR:
        await player.click(channel_table_message(channel), label="Show my hand")
        game.apply(seat, next(a for a in game.legal_actions(seat) if str(a).startswith("colour")))
    assert game.uno_catchable == seat
    message = channel_table_message(channel)
    assert "Catch!" in button_labels(message)
    others = [m.user_id for m in table.members if m.user_id != player.id]
    turn = game.turn
    results = await asyncio.gather(*(table.act(uid, CATCH, turn) for uid in others), return_exceptions=True)
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, SessionError)]
    assert len(applied) == 1 and len(refused) == 1, results
    assert len(game.hands[seat]) == 3, "caught once: two cards, not four"
    assert "Catch!" not in button_labels(channel_table_message(channel))
    with pytest.raises(SessionError, match="Nobody can be caught"):
        await table.act(others[0], CATCH, turn)


async def test_turn_timer_draws_for_the_player_and_removes_after_three(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob", "carol"], turn_timer=30)
    await start(channel, players[0])
    table = table_of(simcord_bot, channel)
    game = table.game
    assert game is not None
    sleeper = table.members[game.current]
    sleeper_id = sleeper.user_id
    timeouts = 0
    rng = random.Random(5)
    by_id = {p.id: p for p in players}
    while table.is_seated(sleeper_id):
        message = channel_table_message(channel)
        if whose_turn(message) == sleeper_id:
            seat = table.seat_of(sleeper_id)
            cards = len(game.hands[seat])
            turn = game.turn
            await env.advance_time(30)
            timeouts += 1
            assert game.turn > turn, "the turn passed on time-out"
            if table.is_seated(sleeper_id):
                drew = len(game.hands[table.seat_of(sleeper_id)]) - cards
                assert drew in (0, 1) and timeouts < 3
        elif table.phase is TablePhase.ROUND_OVER:
            await players[0].click(message, label="Deal next round")
        else:
            await take_turn(by_id[whose_turn(message)], channel, players, rng)
        assert table.phase is not TablePhase.FINISHED or not table.is_seated(sleeper_id)
    assert timeouts == 3
    assert len(table.members) == 2
    assert game.card_count == 108
    recent = channel_table_message(channel).embeds[0].fields
    assert any("removed" in f.value for f in recent if f.name == "Recent")


async def test_an_unstarted_lobby_expires(simcord_env: Any, simcord_bot: UnoBot) -> None:
    env = simcord_env
    channel, _ = await open_table(env, ["alice", "bob"])
    await env.advance_time(600)
    assert simcord_bot.tables.in_channel(channel.id) is None
    assert "Nobody started" in channel.last_message.embeds[0].description


async def test_host_or_manage_server_can_end_a_table(simcord_env: Any, simcord_bot: UnoBot) -> None:
    env = simcord_env
    channel, (alice, _) = await open_table(env, ["alice", "bob"])
    await start(channel, alice)
    admin_role = channel.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = channel.guild.add_member(env.create_user("admin"), roles=[admin_role])
    res = await admin.slash(channel, "uno end")
    assert res.ephemeral and "closed" in res.response.content
    assert simcord_bot.tables.in_channel(channel.id) is None
    assert not flat_components(channel.last_message)


async def test_the_controls_of_an_ended_table_are_refused_and_go_away(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    channel, (alice, bob) = await open_table(env, ["alice", "bob"])
    await start(channel, alice)
    message = channel_table_message(channel)
    hands = {p: await open_hand(p, message, [alice, bob], channel) for p in (alice, bob)}
    acknowledged(await alice.slash(channel, "uno end"))
    for player, hand in hands.items():
        res = acknowledged(await player.click(hand, label="Refresh"))
        told = [res.response, *res.followups] if res.response else res.followups
        assert any("has ended" in (m.content or "") for m in told), told
        assert all(m.ephemeral for m in told)
        assert not flat_components(fetch(channel, hand.id, viewer=player)), "a stale hand keeps its controls"


async def test_a_player_who_forgot_uno_is_told_to_call_it_and_can_from_their_hand(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """O7 through the buttons: a player who played down to one card without UNO sees Catch! on
    the table like everyone; pressing it on themselves is refused with what to do instead (not
    that everyone has called UNO), and the UNO! button of their hand still saves them."""
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob", "carol"], start=True)
    table = table_of(simcord_bot, channel)
    game = table.game
    assert game is not None
    if game.phase is Phase.AWAITING_COLOUR:
        game.apply(game.current, next(a for a in game.legal_actions(game.current)))
    # The player to move holds two cards: a number card of the colour in force, and another.
    seat = game.current
    hand = game.hands[seat]
    playable = next(
        c for c in (*hand, *game.draw_pile) if c.colour is game.colour and c.role.value == "number"
    )
    if playable not in hand:
        game.draw_pile[game.draw_pile.index(playable)] = hand.pop()
        hand.append(playable)
    rest = list(hand)
    rest.remove(playable)
    keep = rest.pop()
    game.draw_pile[0:0] = rest
    hand[:] = [playable, keep]
    assert game.card_count == 108
    by_id = {p.id: p for p in players}
    forgetful = by_id[table.members[seat].user_id]
    shown = await open_hand(forgetful, channel_table_message(channel), players, channel)
    select = next(c for c in flat_components(shown) if c["type"] == 3)
    acknowledged(await forgetful.select(shown, [f"play {playable}"], custom_id=select["custom_id"]))
    assert game.uno_catchable == seat
    message = channel_table_message(channel)
    assert "Catch!" in button_labels(message)

    res = acknowledged(await forgetful.click(message, label="Catch!"))
    told = [m.content for m in [res.response, *res.followups] if m is not None and m.content]
    assert all(m.ephemeral for m in [res.response, *res.followups] if m is not None)
    assert not any("has called UNO" in t for t in told), told
    assert any("UNO!" in t and "yourself" in t for t in told), told
    assert table.game is not None and table.game.uno_catchable == seat, "a refusal changes nothing"

    shown = fetch(channel, shown.id, viewer=forgetful)
    assert "UNO!" in button_labels(shown), "the hand still offers the call"
    acknowledged(await forgetful.click(shown, label="UNO!"))
    game = table.game  # a refused move restores the table's game from its snapshot
    assert game is not None and game.uno_catchable is None and len(game.hands[seat]) == 1
    assert "Catch!" not in button_labels(channel_table_message(channel))
    assert "called UNO" in field(channel_table_message(channel), "Recent")


async def test_at_the_end_of_a_round_the_table_names_who_deals_the_next(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """O10: the deal passes one seat on each round. Between rounds the table message names the
    player who will deal the next round, not the one who just went out."""
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob", "carol"], start=True, turn_timer=600)
    table = table_of(simcord_bot, channel)
    game = table.game
    assert game is not None
    await play_like_a_careful_player(
        table, channel, players, until=lambda: table.phase is TablePhase.ROUND_OVER
    )
    winner = table.members[game.current].name  # the seat that went out keeps the turn
    message = channel_table_message(channel)
    named = whose_turn(message)
    assert "to deal the next round" in field(message, "Turn")
    assert "Deal next round" in button_labels(message)
    acknowledged(await players[2].click(message, label="Deal next round"))
    dealer = table.members[game.dealer]
    assert f"Round 2 dealt by {dealer.name}." in field(channel_table_message(channel), "Recent")
    assert dealer.name != winner, "this deal tells the dealer and the winner apart"
    assert named == dealer.user_id, "the table named someone else as the next dealer"


async def test_a_wild_turned_first_is_called_by_the_first_player_who_then_plays(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """O2: a Wild turned first lets the first player choose the colour, then they play. Their
    hand offers the colours and says whose Wild it is: the one turned first, not theirs."""
    env = simcord_env
    simcord_bot.tables.rng = random.Random(15)  # this deal turns a Wild first
    channel, players = await open_table(env, ["alice", "bob", "carol"], start=True, turn_timer=600)
    table = table_of(simcord_bot, channel)
    game = table.game
    assert game is not None and game.phase is Phase.AWAITING_COLOUR and game.colour is None
    message = channel_table_message(channel)
    assert "to call a colour" in field(message, "Turn") and field(message, "Colour") == "to be called"
    assert "First card: 🌈 Wild." in field(message, "Recent")
    by_id = {p.id: p for p in players}
    first = by_id[whose_turn(message)]
    for other in (p for p in players if p is not first):
        waiting = await open_hand(other, message, players, channel)
        assert "Waiting for" in waiting.content and "Red" not in button_labels(waiting)
    shown = await open_hand(first, message, players, channel)
    assert [label for label in button_labels(shown) if label in COLOUR_LABELS] == list(COLOUR_LABELS)
    assert "the Wild turned first" in shown.content and "your Wild" not in shown.content, shown.content
    held = len(game.hands[game.current])
    acknowledged(await first.click(shown, label="Green"))
    message = channel_table_message(channel)
    assert field(message, "Colour") == "🟩 green" and whose_turn(message) == first.id
    assert "to play" in field(message, "Turn")
    shown = fetch(channel, shown.id, viewer=first)
    assert "**Your turn**" in shown.content and len(table.game.hands[table.game.current]) == held


# https://github.com/stackcollision/Nebulous-BugReporting/issues/492 (a save that failed left the
# game on a state the store never had)
@pytest.mark.logged_errors_expected
async def test_a_move_the_store_failed_to_save_is_apologised_for_and_taken_when_made_again(
    simcord_env: Any, simcord_bot: UnoBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    channel, players = await open_table(simcord_env, ["alice", "bob"])
    await start(channel, players[0])
    table = table_of(simcord_bot, channel)
    game = table.game
    assert game is not None
    by_id = {p.id: p for p in players}
    message = channel_table_message(channel)
    current = by_id[whose_turn(message)]
    action = str(game.legal_actions(game.current)[0])
    hand = await open_hand(current, message, players, channel)
    twin = await open_hand(current, message, players, channel)  # the same turn's hand, again

    async def make(hand: Any) -> Any:
        for select in (c for c in flat_components(hand) if c["type"] == 3):
            if any(o["value"] == action for o in select["options"]):
                return await current.select(hand, [action], custom_id=select["custom_id"])
        [button] = [c for c in flat_components(hand) if c.get("custom_id", "").endswith(f":{action}")]
        return await current.click(hand, custom_id=button["custom_id"])

    version = table.version
    failures = failing_once(monkeypatch, simcord_bot.store, "save_running_game")
    failed = await make(hand)
    assert not failures
    said = [f.content for f in failed.followups]
    assert any("Something went wrong on my side" in line for line in said), said
    assert all(f.ephemeral for f in failed.followups)
    assert table.version == version and channel_table_message(channel).id == message.id
    # Nothing was played: the same turn's control, clicked again, is taken, not refused.
    taken = await make(twin)
    refusals = [f.content for f in taken.followups]
    assert not any("earlier turn" in line for line in refusals), refusals
    assert table.version > version
