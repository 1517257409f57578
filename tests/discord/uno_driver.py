"""Plays /uno through SimCord the way people do: read the table message, open your hand, click."""

from __future__ import annotations

import random
import re
from typing import Any

from bot.app import UnoBot
from bot.games.uno.game import Phase
from bot.render.uno_text import card_short
from bot.sessions.table import Table

COLOUR_LABELS = ("Red", "Yellow", "Green", "Blue")
SEEN_CUSTOM_IDS: set[str] = set()


def flat_components(message: Any) -> list[dict[str, Any]]:
    """Every button and select of a message (ResponseMessage or discord.Message)."""
    raw = message.components
    out: list[dict[str, Any]] = []
    for row in raw:
        row_dict = row if isinstance(row, dict) else row.to_dict()
        for child in row_dict.get("components", []):
            out.append(child)
            if "custom_id" in child:
                SEEN_CUSTOM_IDS.add(child["custom_id"])
    return out


def button_labels(message: Any) -> list[str]:
    return [c.get("label", "") for c in flat_components(message) if c["type"] == 2]


def field(message: Any, name: str) -> str:
    embed = message.embeds[0]
    for f in embed.fields:
        if f.name == name:
            return str(f.value)
    raise AssertionError(f"no field {name!r} in {embed.to_dict()}")


def whose_turn(message: Any) -> int | None:
    """The user id the table message says is to play, or None when no turn is shown."""
    try:
        turn = field(message, "Turn")
    except AssertionError:
        return None
    found = re.search(r"<@(\d+)>", turn)
    return int(found.group(1)) if found else None


def table_of(bot: UnoBot, channel: Any) -> Table:
    table = bot.tables.in_channel(channel.id)
    assert table is not None, "no table in the channel"
    return table


def assert_table_message_matches(message: Any, table: Table) -> None:
    """The public message shows exactly the engine's state."""
    game = table.game
    assert game is not None
    assert field(message, "Top card") == str(card_short(game.discard_top))
    players = field(message, "Players").splitlines()
    assert len(players) == len(table.members)
    # The seat the table waits for: the one to move, or between rounds the next dealer.
    awaited = game.next_dealer if game.phase is Phase.ROUND_OVER else game.current
    for seat, line in enumerate(players):
        member = table.members[seat]
        count = len(game.hands[seat])
        assert f"**{member.name}**: {count} card" in line, (line, count)
        assert f"{game.scores[seat]} pts" in line
        assert line.startswith("▶️") == (seat == awaited)
    if not table.phase.is_over:
        current = table.members[awaited]
        if current.is_computer:  # a computer player has no Discord account to mention
            assert whose_turn(message) is None and current.name in field(message, "Turn")
        else:
            assert whose_turn(message) == current.user_id


async def open_table(
    env: Any, names: list[str], *, channel: str = "uno", start: bool = False, **options: Any
) -> tuple[Any, list[Any]]:
    """A server with a channel where the first of `names` opens a table (`/uno start` with
    `options`) and the others press Join; the host presses Start too when `start`."""
    guild = env.create_guild()
    where = guild.create_text_channel(channel)
    players = [guild.add_member(env.create_user(name)) for name in names]
    res = acknowledged(await players[0].slash(where, "uno start", **options))
    assert res.ephemeral
    for player in players[1:]:
        acknowledged(await player.click(where.last_message, label="Join"))
    if start:
        acknowledged(await players[0].click(where.last_message, label="Start"))
    return where, players


async def open_thread_table(env: Any, names: list[str]) -> tuple[Any, Any, list[Any]]:
    """A server where the first of `names` opens a table in a thread of its own (`/uno start
    thread:true`), the others join and the host starts: the channel, the thread, the players."""
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    players = [guild.add_member(env.create_user(name)) for name in names]
    acknowledged(await players[0].slash(channel, "uno start", thread=True))
    [thread] = channel.threads
    for player in players[1:]:
        acknowledged(await player.click(thread.last_message, label="Join"))
    acknowledged(await players[0].click(thread.last_message, label="Start"))
    return channel, thread, players


async def open_hand(actor: Any, table_message: Any, everyone: list[Any], channel: Any) -> Any:
    res = acknowledged(await actor.click(table_message, label="Show my hand"))
    hand = res.response
    assert res.ephemeral and hand.ephemeral, "a hand is always private"
    for other in everyone:
        if other is not actor:
            visible = {m.id for m in channel.history(viewer=other)}
            assert hand.id not in visible, "another player could see this hand"
    return hand


def acknowledged(result: Any) -> Any:
    """Every interaction is answered (Discord gives 3 seconds; SimCord enforces the deadline)."""
    assert result.acknowledged, f"the bot left an interaction unanswered: {result!r}"
    return result


async def take_turn(
    actor: Any, channel: Any, everyone: list[Any], rng: random.Random, *, typed: bool = False
) -> None:
    """One move of the player whose turn it is, through their private hand."""
    table_message = channel_table_message(channel)
    hand = await open_hand(actor, table_message, everyone, channel)
    labels = button_labels(hand)
    if "Red" in labels:
        acknowledged(await actor.click(hand, label=rng.choice(COLOUR_LABELS)))
        return
    if "Take 4" in labels:
        acknowledged(await actor.click(hand, label=rng.choice(["Take 4", "Challenge"])))
        return
    if "UNO!" in labels:
        acknowledged(await actor.click(hand, label="UNO!"))
        hand = await open_hand(actor, table_message, everyone, channel)
        labels = button_labels(hand)
    select = next((c for c in flat_components(hand) if c["type"] == 3), None)
    if "Pass" in labels:
        if select and rng.random() < 0.7:
            acknowledged(
                await actor.select(hand, [select["options"][0]["value"]], custom_id=select["custom_id"])
            )
        else:
            acknowledged(await actor.click(hand, label="Pass"))
        return
    if select and rng.random() < 0.9:
        value = rng.choice(select["options"])["value"]
        if typed:
            res = acknowledged(await actor.slash(channel, "uno play", card=value.split()[1]))
            assert res.ephemeral
        else:
            acknowledged(await actor.select(hand, [value], custom_id=select["custom_id"]))
        return
    if typed:
        acknowledged(await actor.slash(channel, "uno draw"))
    else:
        acknowledged(await actor.click(hand, label="Draw"))


def channel_table_message(channel: Any) -> Any:
    """The newest public message of the bot with the table's controls."""
    for message in reversed(channel.history()):
        if not message.flags.ephemeral and message.embeds and "Show my hand" in button_labels(message):
            return message
    raise AssertionError("no table message with a Show my hand button")


async def click_action(actor: Any, channel: Any, everyone: list[Any], action: Any) -> Any:
    """Make `action` (an engine action the player may make) the way a player does: through
    their private hand's buttons and selects, or the table message's Catch! button."""
    from bot.games.uno.actions import CATCH
    from bot.games.uno.actions import DEAL_NEXT_ROUND
    from bot.games.uno.actions import ChooseColour

    table_message = channel_table_message(channel)
    if action is CATCH:
        return acknowledged(await actor.click(table_message, label="Catch!"))
    if action is DEAL_NEXT_ROUND:
        return acknowledged(await actor.click(table_message, label="Deal next round"))
    hand = await open_hand(actor, table_message, everyone, channel)
    text = str(action)
    for select in (c for c in flat_components(hand) if c["type"] == 3):
        if any(o["value"] == text for o in select["options"]):
            return acknowledged(await actor.select(hand, [text], custom_id=select["custom_id"]))
    for button in (c for c in flat_components(hand) if c["type"] == 2):
        if button.get("custom_id", "").endswith(f":{text}"):
            return acknowledged(await actor.click(hand, custom_id=button["custom_id"]))
    kind = "colour" if isinstance(action, ChooseColour) else "action"
    raise AssertionError(f"no control for the {kind} {text!r} in {flat_components(hand)}")


async def play_like_a_careful_player(
    table: Table, channel: Any, everyone: list[Any], *, until: Any, moves: int = 3000
) -> None:
    """The player to move makes the HeuristicPlayer's choice from their own view, through the
    buttons, until `until()` holds; a finished round is dealt on by the first player."""
    from bot.games.uno.ai import HeuristicPlayer

    careful = HeuristicPlayer()
    by_id = {p.id: p for p in everyone}
    for _ in range(moves):
        if until() or table.phase.is_over:
            return
        game = table.game
        assert game is not None
        if table.phase.value == "round over":
            await click_action(everyone[0], channel, everyone, careful.choose(game.view(0)))
        else:
            seat = game.current
            action = careful.choose(game.view(seat))
            await click_action(by_id[table.members[seat].user_id], channel, everyone, action)
        if not table.phase.is_over:
            assert_table_message_matches(channel_table_message(channel), table)
    raise AssertionError(f"not done after {moves} moves")


async def forged_select(actor: Any, message: Any, custom_id: str, values: list[str]) -> Any:
    """What an attacker's own client can send: a select interaction carrying values the select
    never offered. SimCord's `select` checks the values as Discord's client would, so this goes
    one step below it (its private helpers) to send the raw interaction."""
    from simcord import actors
    from simcord.enums import ComponentType

    stored = actors._visible_message(actor, message)
    data = {"custom_id": custom_id, "component_type": ComponentType.STRING_SELECT, "values": values}
    return await actors._component_interaction(actor, stored, data)
