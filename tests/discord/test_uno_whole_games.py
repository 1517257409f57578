"""Whole games with house rules through the buttons, by people who use every choice the rules
give them: jump-ins (H3), Seven-O swaps (H2), stacked penalties (H1), forced plays (H5), drawing
to match (H4), a forgotten UNO caught, a late UNO call, a colour called, a Wild Draw Four taken or
challenged. At every step each person's legal moves are checked against the controls they are
shown: their private hand's select and buttons, or the table message's Catch! and Deal next round.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bot.app import UnoBot
from bot.games.uno.actions import CALL_UNO
from bot.games.uno.actions import CATCH
from bot.games.uno.actions import DEAL_NEXT_ROUND
from bot.games.uno.actions import LEAVE
from bot.games.uno.actions import Action
from bot.games.uno.actions import JumpIn
from bot.games.uno.actions import Play
from bot.games.uno.game import UnoGame
from bot.sessions.table import Table
from bot.sessions.table import TablePhase
from cogs.uno.render import SELECT_PAGE
from tests.discord.flood_driver import fetch
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import assert_table_message_matches
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import field
from tests.discord.uno_driver import flat_components
from tests.discord.uno_driver import open_hand
from tests.discord.uno_driver import table_of

# Only the table message carries these; every other move is made from the hand.
ON_THE_TABLE = (CATCH, DEAL_NEXT_ROUND)
RULE_NUMBER = re.compile(r"\b[OCTHFSP]\d{1,2}\b")


def offered(message: Any) -> set[str]:
    """The moves a message's controls make: a select's values, a button's action."""
    moves: set[str] = set()
    for item in flat_components(message):
        if item["type"] == 3:
            moves |= {option["value"] for option in item["options"]}
        elif "custom_id" in item:
            moves.add(item["custom_id"].rsplit(":", 1)[1])
    return moves


def moves_of(game: UnoGame, seat: int) -> list[Action]:
    """A person's moves: the legal ones but leaving; a jump-in down to one card only with its UNO
    call (the hand's one jump-in control calls it, as a player does slapping the card down)."""
    moves = [a for a in game.legal_actions(seat) if a is not LEAVE]
    calling = {a.card for a in moves if isinstance(a, JumpIn) and a.uno}
    return [a for a in moves if not (isinstance(a, JumpIn) and not a.uno and a.card in calling)]


def assert_reachable(game: UnoGame, seat: int, controls: set[str], where: str) -> None:
    """Every legal move of `seat` has a control (a hand lists at most one page of plays)."""
    moves = moves_of(game, seat)
    paged = sum(isinstance(a, Play) for a in moves) > SELECT_PAGE
    missing = [a for a in moves if str(a) not in controls and not (paged and isinstance(a, Play))]
    assert not missing, f"{where}: no control for {missing} in {sorted(controls)}"


async def look_at_everything(table: Table, channel: Any, people: dict[int, Any]) -> None:
    """The table message matches the game and speaks plainly; each person's hand (private) and
    the table message offer every move the rules give them."""
    game = table.game
    assert game is not None
    message = channel_table_message(channel)
    assert_table_message_matches(message, table)
    recent = field(message, "Recent")
    assert not RULE_NUMBER.search(recent), recent
    on_table = offered(message)
    everyone = list(people.values())
    for seat, member in enumerate(table.members):
        moves = moves_of(game, seat)
        for move in moves:
            if move in ON_THE_TABLE:
                assert move.written in on_table, f"no {move} button on the table"
        if any(move not in ON_THE_TABLE for move in moves):
            hand = await open_hand(people[member.user_id], message, everyone, channel)
            assert_reachable(game, seat, offered(hand) | on_table, f"{member.name}'s hand")


def choose_move(table: Table, rng: random.Random) -> tuple[int, Action]:
    """Someone's move: out of turn now and then (a catch, a late UNO, a jump-in), the player
    to move otherwise, who nearly always remembers UNO and prefers playing a card."""
    game = table.game
    assert game is not None
    if table.phase is TablePhase.ROUND_OVER:
        return rng.randrange(len(table.members)), DEAL_NEXT_ROUND
    out_of_turn = [
        (seat, move)
        for seat in range(len(table.members))
        for move in moves_of(game, seat)
        if move is CATCH or isinstance(move, JumpIn) or (move is CALL_UNO and seat != game.current)
    ]
    if out_of_turn and rng.random() < 0.6:
        return rng.choice(out_of_turn)
    seat = game.current
    moves = [a for a in moves_of(game, seat) if a is not CATCH]
    if CALL_UNO in moves and rng.random() < 0.3:
        return seat, CALL_UNO
    moves = [a for a in moves if a is not CALL_UNO] or moves
    plays = [a for a in moves if isinstance(a, Play)]
    return seat, rng.choice(plays if plays and rng.random() < 0.85 else moves)


async def make(person: Any, channel: Any, everyone: list[Any], move: Action) -> Any:
    """The move through the UI; returns the private hand it was made from (None for a move made
    on the table message)."""
    message = channel_table_message(channel)
    if move in ON_THE_TABLE:
        label = "Catch!" if move is CATCH else "Deal next round"
        acknowledged(await person.click(message, label=label))
        return None
    hand = await open_hand(person, message, everyone, channel)
    written = str(move)
    for item in flat_components(hand):
        if item["type"] == 3 and written in {o["value"] for o in item["options"]}:
            acknowledged(await person.select(hand, [written], custom_id=item["custom_id"]))
            return hand
        if item["type"] == 2 and item.get("custom_id", "").endswith(f":{written}"):
            acknowledged(await person.click(hand, custom_id=item["custom_id"]))
            return hand
    raise AssertionError(f"no control for {written}")


async def start_table(env: Any, names: list[str], house: list[str], **options: Any) -> tuple[Any, list[Any]]:
    """A table opened with `options`, the house rules picked in the host's settings, started."""
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    people = [guild.add_member(env.create_user(name)) for name in names]
    acknowledged(await people[0].slash(channel, "uno start", turn_timer=600, **options))
    for person in people[1:]:
        acknowledged(await person.click(channel.last_message, label="Join"))
    if house:
        settings = acknowledged(await people[0].click(channel.last_message, label="Settings")).response
        houses = next(c for c in flat_components(settings) if c["custom_id"].endswith(":set:house"))
        res = acknowledged(await people[0].select(settings, house, custom_id=houses["custom_id"]))
        assert not [m.content for m in res.followups if "Not changed" in (m.content or "")]
    acknowledged(await people[0].click(channel.last_message, label="Start"))
    return channel, people


# Each game: the people, the house rules, /uno start's options, and the kinds of move its seeded
# play is known to make besides playing, drawing, calling a colour and calling UNO.
GAMES = {
    "every official house rule": (
        ["alice", "bob", "carol", "dave"],
        ["stacking_wd4", "seven_o", "jump_in", "draw_to_match", "forced_play", "no_bluffing"],
        {},
        {"JumpIn", "SwapWith"},
    ),
    "stacking Draw Twos": (
        ["alice", "bob", "carol"],
        ["stacking"],
        {},
        {"Challenge", "Accept", "Catch", "DealNextRound"},
    ),
    "twist with jump-in, partners": (
        ["alice", "bob", "carol", "dave"],
        ["jump_in"],
        {"ruleset": "twist", "teams": "partners"},
        {"JumpIn", "Catch", "DealNextRound"},
    ),
}


@pytest.mark.parametrize("name", list(GAMES))
async def test_every_choice_the_rules_give_is_on_a_button_to_the_end_of_the_game(
    simcord_env: Any, simcord_bot: UnoBot, name: str
) -> None:
    names, house, options, rule_moves = GAMES[name]
    channel, everyone = await start_table(simcord_env, names, house, points=50, **options)
    table = table_of(simcord_bot, channel)
    assert set(table.settings.rules().house_rules) == set(house)
    people = {p.id: p for p in everyone}
    rng = random.Random(11)
    made: set[str] = set()
    for _ in range(1500):
        if table.phase is TablePhase.FINISHED:
            break
        await look_at_everything(table, channel, people)
        seat, move = choose_move(table, rng)
        person = people[table.members[seat].user_id]
        made.add(type(move).__name__)
        hand = await make(person, channel, everyone, move)
        game = table.game
        if hand is not None and game is not None and not table.phase.is_over:
            # The hand a move was made from shows what that player may do next.
            after = offered(fetch(channel, hand.id, viewer=person)) | offered(channel_table_message(channel))
            assert_reachable(game, seat, after, "the hand after the move")
    else:
        raise AssertionError("the game did not end")
    game = table.game
    assert game is not None and game.winner is not None
    final = channel.history()[-2]
    assert final.embeds[0].title == "UNO: game over"
    # No game button stays on a finished table; only Play again (tests/discord/test_uno_play_again.py).
    assert [c.get("label") for c in flat_components(final)] == ["Play again"]
    winner = table.members[game.winner]
    assert f"<@{winner.user_id}>" in channel.last_message.content
    assert {"Play", "Draw", "ChooseColour", "CallUno", *rule_moves} <= made, made
