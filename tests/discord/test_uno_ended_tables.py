"""A table that has ended, as the people still holding its controls meet it: a late click is
told why the table ended, and the controls it was made on are taken off the message."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from collections.abc import Coroutine
from datetime import timedelta
from typing import Any

import pytest

from bot.app import UnoBot
from bot.games.uno.actions import play
from bot.games.uno.cards import NUMBER
from bot.games.uno.cards import WILD
from bot.games.uno.cards import Card
from bot.i18n.text import text
from bot.sessions.table import Table
from bot.sessions.table import TablePhase
from tests.discord.conftest import BotFactory
from tests.discord.conftest import ClientLocales
from tests.discord.flood_driver import fetch
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import flat_components
from tests.discord.uno_driver import open_table
from tests.discord.uno_driver import table_of


def said(res: Any) -> str:
    return "\n".join(str(m.content) for m in (res.response, *res.followups) if m is not None)


async def late_click(player: Any, hand: Any) -> Any:
    """A click on the first control of a private hand shown before the table ended (Draw, a
    card, or Refresh while another player was to move)."""
    control = flat_components(hand)[0]
    if control["type"] == 2:
        return acknowledged(await player.click(hand, custom_id=control["custom_id"]))
    value = control["options"][0]["value"]
    return acknowledged(await player.select(hand, [value], custom_id=control["custom_id"]))


async def test_a_click_on_a_hand_of_a_table_the_host_ended_says_who_ended_it(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    # Before: "This table has ended." and nothing more; the player could not tell whether the
    # game was won, timed out or closed.
    env = simcord_env
    channel, (alice, bob) = await open_table(env, ["alice", "bob"], start=True)
    hand = acknowledged(await bob.click(channel_table_message(channel), label="Show my hand")).response
    assert flat_components(hand)
    acknowledged(await alice.slash(channel, "uno end"))
    res = await late_click(bob, hand)
    assert all(m.ephemeral for m in (res.response, *res.followups))
    assert "This table has ended: The table was ended by alice." in said(res)
    assert res.response is not None and flat_components(res.response) == [], "its stale controls stay"


async def test_a_click_on_a_hand_of_a_won_game_names_the_winner(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    channel, (alice, bob) = await open_table(env, ["alice", "bob"], start=True)
    table = table_of(simcord_bot, channel)
    hand = acknowledged(await bob.click(channel_table_message(channel), label="Show my hand")).response
    # The host removes the last other player: the one left at the table wins the game.
    acknowledged(await alice.slash(channel, "uno kick", player=bob))
    assert table.phase.is_over
    res = await late_click(bob, hand)
    assert "This table has ended: 🎉 alice wins the game" in said(res)
    assert res.response is not None and flat_components(res.response) == []


async def test_a_kick_that_ends_the_game_says_so_to_the_host(simcord_env: Any, simcord_bot: UnoBot) -> None:
    # Before: "bob was removed from the table." and nothing of the game it ended.
    env = simcord_env
    channel, (alice, bob) = await open_table(env, ["alice", "bob"], start=True)
    res = acknowledged(await alice.slash(channel, "uno kick", player=bob))
    assert res.ephemeral
    assert "bob was removed from the table." in said(res)
    assert "This table has ended: 🎉 alice wins the game" in said(res)


async def test_a_kick_from_the_host_panel_that_ends_the_game_says_so_and_closes_the_panel(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    # Before: "✅ bob was removed from the table." above the panel's selects, as if the table
    # went on.
    env = simcord_env
    channel, (alice, bob) = await open_table(env, ["alice", "bob"], start=True)
    panel = acknowledged(await alice.click(channel_table_message(channel), label="Host tools")).response
    kick = next(c for c in flat_components(panel) if c["type"] == 3)
    acknowledged(await alice.select(panel, [str(bob.id)], custom_id=kick["custom_id"]))
    panel = fetch(channel, panel.id, viewer=alice)
    assert "bob was removed from the table." in panel.content
    assert "This table has ended: 🎉 alice wins the game" in panel.content
    assert flat_components(panel) == [], "a panel for a table that has ended"


async def test_leaving_a_lobby_alone_says_the_table_has_ended(simcord_env: Any, simcord_bot: UnoBot) -> None:
    env = simcord_env
    channel, (alice,) = await open_table(env, ["alice"])
    res = acknowledged(await alice.slash(channel, "uno leave"))
    assert "You left the table." in said(res)
    assert "This table has ended: Everyone left the table." in said(res)


async def test_a_host_command_the_table_can_no_longer_show_says_the_table_has_ended(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    # Before: "The timer is paused" of a table that had just ended, as the bot could no longer
    # post in its channel.
    env = simcord_env
    channel, (alice, _bob) = await open_table(env, ["alice", "bob"], start=True)
    table = table_of(simcord_bot, channel)
    message = channel_table_message(channel)
    env.inject_error(
        "PATCH",
        f"/channels/{channel.id}/messages/{message.id}",
        status=403,
        code=50001,
        message="Missing Access",
        times=None,
    )
    res = acknowledged(await alice.slash(channel, "uno pause"))
    assert table.phase.is_over
    assert "timer is paused" not in said(res)
    assert "This table has ended: I can no longer post in this table's channel." in said(res)


async def a_game_one_card_from_won(env: Any, bot: UnoBot) -> tuple[Any, Table, list[Any], Any, Card]:
    """alice and bob play to 50 points; the player to move holds one number card they may play,
    the other a Wild (50 points), so going out wins the game. Every card stays in the game: the
    others go under the draw pile. The channel, the table, the players, the one to move and
    their card."""
    channel, players = await open_table(env, ["alice", "bob"], start=True, points=50)
    table = table_of(bot, channel)
    game = table.game
    assert game is not None
    seat, other = game.current, 1 - game.current
    card = next(c for c in game.draw_pile if c.colour is game.discard_top.colour and c.role is NUMBER)
    game.draw_pile.remove(card)
    while game.hands[seat]:
        game.draw_pile.insert(0, game.hands[seat].pop())
    game.hands[seat].append(card)
    wild = next(c for c in game.draw_pile if c.role is WILD)
    game.draw_pile.remove(wild)
    game.draw_pile.insert(0, game.hands[other].pop())
    game.hands[other].append(wild)
    return channel, table, players, next(p for p in players if p.id == table.members[seat].user_id), card


async def test_a_typed_move_that_wins_the_game_says_the_table_has_ended(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    # Before: "Done." above a hand whose round was over.
    channel, table, _, mover, card = await a_game_one_card_from_won(simcord_env, simcord_bot)
    res = acknowledged(await mover.slash(channel, "uno play", card=str(card)))
    assert table.phase.is_over
    assert all(m.ephemeral for m in (res.response, *res.followups) if m is not None)
    assert f"This table has ended: 🎉 {mover.name} wins the game" in said(res)
    assert "Done." not in said(res)


async def test_a_solo_table_the_bot_can_no_longer_message_says_why_without_a_server_admin(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    # Before: "Ask a server admin to check my permissions there", in a DM, where there is none:
    # Discord refuses a DM to someone who blocked the bot or no longer accepts its messages.
    simcord_bot.tables.computer_pause = timedelta(seconds=20)  # the computer players wait
    user = simcord_env.create_user("eve")
    acknowledged(await user.slash("uno solo", opponents=2, level="easy"))
    dm = user.dm_channel
    table = table_of(simcord_bot, dm)
    message = channel_table_message(dm)
    simcord_env.inject_error(
        "PATCH",
        f"/channels/{dm.id}/messages/{message.id}",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    res = acknowledged(await user.slash("uno pause"))
    assert table.phase.is_over
    for answer in (said(res), said(acknowledged(await user.click(message, label="Show my hand")))):
        assert "This table has ended: I can no longer send you messages" in answer
        assert "blocked" in answer
        assert "admin" not in answer
        assert "Start a new one with `/uno solo`." in answer


# When a late click meets the change that ends its table. SimCord runs one interaction at a time
# (it refuses an overlapping one), so the change that ends the table is the session call a click
# or a command makes; the late click goes through Discord.
#   SAVING: the click comes in while the end, made, is being saved and shown (the table holds its
#     lock, and is not yet forgotten).
#   WAITING: the click came in first, found the table open, and waits on its lock behind the end.
SAVING = "arriving while the end is saved"
WAITING = "waiting on the lock behind the end"


async def late(when: str, table: Table, ending: Coroutine[Any, Any, object], click: Awaitable[Any]) -> Any:
    """The answer to `click`, made `when` (SAVING or WAITING) the change `ending` ends `table`."""
    if when == SAVING:
        ended = asyncio.create_task(ending)
        await asyncio.sleep(0)  # it holds the lock now, its change made, and waits on the store
        answered = await click
    else:
        async with table.lock:  # held until both wait on it, the end first
            ended = asyncio.create_task(ending)
            clicked = asyncio.create_task(click)
            for _ in range(500):
                if len(table.lock._waiters or ()) == 2:  # type: ignore[attr-defined]
                    break
                await asyncio.sleep(0.01)
            else:
                raise AssertionError("the click did not come to wait on the table")
        answered = await clicked
    await ended
    return acknowledged(answered)


@pytest.mark.parametrize(
    ("whose", "control", "when"),
    [
        # Before: "This table has ended. Start a new one with `/uno start`.", the generic
        # sentence: the winner's own second click found the table open, then waited on its lock.
        ("the winner's", "Draw", WAITING),
        # Before: the hand of a game already won, with its controls: the table, ended, was not
        # yet forgotten.
        ("the winner's", "Draw", SAVING),
        ("the other's", "Refresh", SAVING),
    ],
)
async def test_a_click_on_a_hand_as_the_winning_move_is_saved_names_the_winner(
    simcord_env: Any, simcord_bot: UnoBot, whose: str, control: str, when: str
) -> None:
    channel, table, players, mover, card = await a_game_one_card_from_won(simcord_env, simcord_bot)
    player = mover if whose == "the winner's" else next(p for p in players if p is not mover)
    hand = acknowledged(await player.click(channel_table_message(channel), label="Show my hand")).response
    winning = table.act(mover.id, play(card), table.turn)
    res = await late(when, table, winning, player.click(hand, label=control))
    assert table.phase is TablePhase.FINISHED
    assert all(m.ephemeral for m in (res.response, *res.followups) if m is not None)
    assert f"This table has ended: 🎉 {mover.name} wins the game" in said(res)
    assert flat_components(fetch(channel, hand.id, viewer=player)) == [], "its stale controls go"


@pytest.mark.parametrize("when", [WAITING, SAVING])
async def test_uno_end_as_the_winning_move_is_saved_names_the_winner(
    simcord_env: Any, simcord_bot: UnoBot, when: str
) -> None:
    channel, table, players, mover, card = await a_game_one_card_from_won(simcord_env, simcord_bot)
    winning = table.act(mover.id, play(card), table.turn)
    res = await late(when, table, winning, players[0].slash(channel, "uno end"))
    assert table.phase is TablePhase.FINISHED, "won, not ended by the host"
    assert f"This table has ended: 🎉 {mover.name} wins the game" in said(res)


@pytest.mark.parametrize("when", [WAITING, SAVING])
async def test_a_move_typed_as_the_host_ends_the_table_says_who_ended_it(
    simcord_env: Any, simcord_bot: UnoBot, when: str
) -> None:
    channel, players = await open_table(simcord_env, ["alice", "bob"], start=True)
    table = table_of(simcord_bot, channel)
    game = table.game
    assert game is not None
    mover = next(p for p in players if p.id == table.members[game.current].user_id)
    by_alice = text("The table was ended by {name}.", name="alice")  # as `/uno end` ends it
    res = await late(when, table, table.end(by_alice), mover.slash(channel, "uno draw"))
    assert "This table has ended: The table was ended by alice." in said(res)


# After a restart the bot no longer remembers why a table ended: a click on a control it left
# behind (a hand, a turn ping's Show my hand, a table message it could not edit) is told who won
# from the finished game's record.


async def a_hand_of_a_game_won_before_a_restart(env: Any, make_bot: BotFactory) -> tuple[Any, Any, Any]:
    """bob's hand, shown before alice won the game (the host removed him) and the bot restarted;
    the channel, bob and the hand."""
    channel, (alice, bob) = await open_table(env, ["alice", "bob"], start=True)
    hand = acknowledged(await bob.click(channel_table_message(channel), label="Show my hand")).response
    acknowledged(await alice.slash(channel, "uno kick", player=bob))
    await env.restart_bot(make_bot())
    return channel, bob, hand


async def test_a_click_after_a_restart_on_a_hand_of_a_won_game_names_the_winner(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory
) -> None:
    # Before: "This table has ended. Open a new one with `/uno start`.", as for a table the bot
    # knows nothing of.
    channel, bob, hand = await a_hand_of_a_game_won_before_a_restart(simcord_env, make_bot)
    res = await late_click(bob, hand)
    assert all(m.ephemeral for m in (res.response, *res.followups) if m is not None)
    assert "This table has ended: alice won the game." in said(res)
    assert "Open a new one with `/uno start`." in said(res)
    assert flat_components(fetch(channel, hand.id, viewer=bob)) == [], "its stale controls go"


async def test_a_click_after_a_restart_names_the_winner_in_the_clickers_language(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory, client_locales: ClientLocales
) -> None:
    _, bob, hand = await a_hand_of_a_game_won_before_a_restart(simcord_env, make_bot)
    client_locales.users[bob.id] = "de"
    res = await late_click(bob, hand)
    assert "Dieser Tisch ist beendet: alice hat das Spiel gewonnen." in said(res)


async def test_a_click_after_a_restart_on_a_table_ended_unwon_says_it_has_ended(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory
) -> None:
    # The table was ended by its host, and a later table in the same channel was won: the click
    # is not told the later table's winner.
    env = simcord_env
    channel, (alice, bob) = await open_table(env, ["alice", "bob"], start=True)
    hand = acknowledged(await bob.click(channel_table_message(channel), label="Show my hand")).response
    acknowledged(await alice.slash(channel, "uno end"))
    acknowledged(await alice.slash(channel, "uno start"))
    acknowledged(await bob.click(channel.last_message, label="Join"))
    acknowledged(await alice.click(channel.last_message, label="Start"))
    acknowledged(await alice.slash(channel, "uno kick", player=bob))  # the later table: alice wins
    await env.restart_bot(make_bot())
    res = await late_click(bob, hand)
    assert "This table has ended. Open a new one with `/uno start`." in said(res)
    assert "won" not in said(res)
    assert flat_components(fetch(channel, hand.id, viewer=bob)) == []


async def test_a_click_after_a_restart_names_a_computer_player_that_won(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory
) -> None:
    # A computer player has no result of its own: the game's record names it.
    simcord_bot.tables.computer_pause = timedelta(seconds=60)  # it does not move meanwhile
    channel, (alice, bob) = await open_table(simcord_env, ["alice", "bob"], bots=1, start=True)
    hand = acknowledged(await alice.click(channel_table_message(channel), label="Show my hand")).response
    acknowledged(await alice.slash(channel, "uno kick", player=bob))
    acknowledged(await alice.slash(channel, "uno leave"))  # the computer player is left to win
    await simcord_env.restart_bot(make_bot())
    res = await late_click(alice, hand)
    assert "This table has ended: Computer 1 (normal) won the game." in said(res)
