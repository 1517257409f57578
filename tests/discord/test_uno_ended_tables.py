"""A table that has ended, as the people still holding its controls meet it: a late click is
told why the table ended, and the controls it was made on are taken off the message."""

from __future__ import annotations

from typing import Any

from bot.app import UnoBot
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
