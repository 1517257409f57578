"""The host panel: a "Host tools" button on the table answers the host privately with selects to
remove a player and to hand the host role on, each announced on the table; anyone else is
refused privately."""

from __future__ import annotations

from typing import Any

from bot.app import UnoBot
from tests.discord.flood_driver import fetch
from tests.discord.test_uno_host_tools import recent
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import button_labels
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import flat_components
from tests.discord.uno_driver import open_table
from tests.discord.uno_driver import table_of


def _select(message: Any, placeholder: str) -> dict[str, Any]:
    return next(c for c in flat_components(message) if c["type"] == 3 and c.get("placeholder") == placeholder)


async def test_the_host_removes_a_player_and_hands_the_role_on_from_the_panel(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob", "carol", "dave"])
    alice, bob, carol, dave = players
    assert "Host tools" in button_labels(channel.last_message), "in the lobby too"
    acknowledged(await alice.click(channel.last_message, label="Start"))
    table = table_of(simcord_bot, channel)
    table_message = channel_table_message(channel)
    assert "Host tools" in button_labels(table_message)

    refused = acknowledged(await bob.click(table_message, label="Host tools"))
    assert refused.ephemeral and "Only the host, alice, or a server manager" in refused.response.content

    opened = acknowledged(await alice.click(table_message, label="Host tools"))
    assert opened.ephemeral
    panel = opened.response
    assert panel.id not in {m.id for m in channel.history(viewer=bob)}
    kick = _select(panel, "Remove a player…")
    assert {o["label"] for o in kick["options"]} == {"bob", "carol", "dave"}

    acknowledged(await alice.select(panel, [str(carol.id)], custom_id=kick["custom_id"]))
    panel = fetch(channel, panel.id, viewer=alice)
    assert "✅ carol was removed from the table." in panel.content
    assert not table.is_seated(carol.id) and len(table.members) == 3
    assert "carol was removed from the table by alice." in recent(channel)
    assert {o["label"] for o in _select(panel, "Remove a player…")["options"]} == {"bob", "dave"}

    second = acknowledged(await alice.click(table_message, label="Host tools")).response
    host = _select(panel, "Hand the host role to…")
    acknowledged(await alice.select(panel, [str(dave.id)], custom_id=host["custom_id"]))
    panel = fetch(channel, panel.id, viewer=alice)
    assert "✅ dave is now the host." in panel.content
    assert not flat_components(panel), "the panel is no longer alice's to use"
    assert table.host_id == dave.id
    assert "alice handed the host role to dave." in recent(channel)

    again = acknowledged(await alice.click(channel_table_message(channel), label="Host tools"))
    assert again.ephemeral and "Only the host, dave" in again.response.content
    # A panel opened before the role was handed on is refused like the command would be.
    stale = _select(second, "Remove a player…")
    refused_pick = acknowledged(await alice.select(second, [str(bob.id)], custom_id=stale["custom_id"]))
    [told] = refused_pick.followups
    assert told.ephemeral and "Only the host, dave, or a server manager can remove a player" in told.content
    assert table.is_seated(bob.id)


async def test_the_panel_offers_computer_players_for_removal_in_the_lobby_only(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """Seats are fixed once the game is dealt: the panel's removal select lists the people then,
    not the computer players (removing one would hand its points, or the win, to the others)."""
    simcord_bot.tables.computer_pause = simcord_bot.tables.computer_pause * 20  # they wait
    channel, (alice, _bob) = await open_table(simcord_env, ["alice", "bob"], bots=1, level="easy")
    table = table_of(simcord_bot, channel)
    panel = acknowledged(await alice.click(channel.last_message, label="Host tools")).response
    computer = table.computers[0].name
    assert {o["label"] for o in _select(panel, "Remove a player…")["options"]} == {"bob", computer}
    acknowledged(await alice.click(channel.last_message, label="Start"))
    panel = acknowledged(await alice.click(channel_table_message(channel), label="Host tools")).response
    assert {o["label"] for o in _select(panel, "Remove a player…")["options"]} == {"bob"}
