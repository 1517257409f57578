"""Plays /flood through SimCord the way a person does: read the game message, pick a control.

The moves are chosen by the engine's greedy player from the game the bot holds (a person reads
the same facts off the message; `assert_message_matches` checks that the message shows them).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from bot.app import UnoBot
from bot.games.flood import Bury
from bot.games.flood import CallSuit
from bot.games.flood import Draw
from bot.games.flood import FloodGame
from bot.games.flood import FloodOptions
from bot.games.flood import GreedyPlayer
from bot.games.flood import Play
from bot.games.flood import play_out
from bot.render.flood_text import card_short
from bot.render.flood_text import suit_text
from bot.sessions.solo import SoloSession
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import button_labels
from tests.discord.uno_driver import field
from tests.discord.uno_driver import flat_components

MAX_MOVES = 2000


@cache
def greedy_seed(difficulty: str, deck: str, *, won: bool, start: int = 0, max_moves: int = 10**6) -> int:
    """The first seed from `start` whose game the greedy player wins (or loses) within
    `max_moves` moves: a known outcome to play through Discord. `start` is only a hint to
    keep the search short (a short game keeps the test fast)."""
    options = FloodOptions.make(difficulty, deck)
    for seed in range(start, start + 300):
        game, _ = FloodGame.new(options, seed)
        moves = play_out(game, GreedyPlayer(), max_moves)
        if game.is_over and game.won == won and moves <= max_moves:
            return seed
    raise AssertionError("no such seed in 300")


def short_win() -> int:
    return greedy_seed("easy", "standard", won=True, start=136, max_moves=250)


def short_loss() -> int:
    return greedy_seed("medium", "uno", won=False, max_moves=80)


def fetch(channel: Any, message_id: int, viewer: Any = None) -> Any:
    """The message as it is now (edits included), as `viewer` sees it."""
    for message in channel.history(viewer=viewer):
        if message.id == message_id:
            return message
    raise AssertionError(f"message {message_id} is not visible")


async def resign(
    user: Any, channel: Any, message_id: int, viewer: Any = None, *, label: str = "Resign"
) -> Any:
    """Resign (or give up) as a player does: the red button asks first, and the question's own
    red button ends the game."""
    acknowledged(await user.click(fetch(channel, message_id, viewer), label=label))
    return acknowledged(await user.click(fetch(channel, message_id, viewer), label=label))


def session_of(bot: UnoBot, user: Any) -> SoloSession:
    session = bot.solo.of(user.id, "flood")
    assert session is not None, "the player has no running flood game"
    return session


def assert_message_matches(message: Any, game: FloodGame) -> None:
    """The game message shows what the player may know: top card, suit (the UNO deck's
    colour), rounds, draw pile."""
    view = game.view()
    assert field(message, "Top card") == str(card_short(view.discard_top))
    in_force = "Colour in force" if view.options.has_colours else "Suit in force"
    assert field(message, in_force) == str(suit_text(view.suit))
    assert field(message, "Draw decks survived") == f"{view.rounds_done} of {view.target}"
    left = view.draw_pile_size
    assert field(message, "Draw pile") == f"{left} card{'' if left == 1 else 's'} left"
    hand_field = next(f for f in message.embeds[0].fields if f.name.startswith("Hand ("))
    assert hand_field.name.startswith(f"Hand ({len(view.hand)} card")
    labels = button_labels(message)
    assert ("Draw" in labels or "Draw (penalty)" in labels) == view.can_draw
    plays = {str(a) for a in view.legal if isinstance(a, (Play, Bury))}
    offered = {
        option["value"]
        for component in flat_components(message)
        if component["type"] == 3
        for option in component["options"]
    }
    assert offered == plays, "the select offers exactly the legal plays"


async def greedy_move(user: Any, message: Any, game: FloodGame) -> Any:
    """Make the greedy player's move through the message's controls."""
    action = GreedyPlayer().choose(game.view())
    text = str(action)
    if isinstance(action, (Play, Bury)):
        select = next(
            c
            for c in flat_components(message)
            if c["type"] == 3 and any(o["value"] == text for o in c["options"])
        )
        return acknowledged(await user.select(message, [text], custom_id=select["custom_id"]))
    if isinstance(action, CallSuit):
        return acknowledged(await user.click(message, label=action.suit.label))
    if isinstance(action, Draw):
        label = "Draw" if "Draw" in button_labels(message) else "Draw (penalty)"
        return acknowledged(await user.click(message, label=label))
    acknowledged(await user.click(message, label="Resign"))
    return acknowledged(await user.click(message, label="Resign"))


async def play_to_the_end(
    bot: UnoBot, user: Any, channel: Any, message_id: int, viewer: Any = None, *, limit: int = MAX_MOVES
) -> Any:
    """Play the user's flood game to its end (or `limit` moves); returns the final message."""
    session = session_of(bot, user)
    for _ in range(limit):
        message = fetch(channel, message_id, viewer)
        if session.phase.is_over:
            return message
        game = session.game
        assert isinstance(game, FloodGame)
        assert_message_matches(message, game)
        move = session.move
        await greedy_move(user, message, game)
        assert session.move == move + 1 or session.phase.is_over
    return fetch(channel, message_id, viewer)
