"""Tables for the session tests: a fixed clock and one the test moves on, a repository that keeps
what it is given, a table seated and started, and hands dealt as a test wants them."""

from __future__ import annotations

import random
from collections.abc import Container
from collections.abc import Sequence
from datetime import UTC
from datetime import datetime

from bot.games.uno.cards import Card
from bot.games.uno.cards import official_deck
from bot.games.uno.game import Phase
from bot.games.uno.game import UnoGame
from bot.games.uno.playing_cards import AnyCard
from bot.sessions.manager import TableManager
from bot.sessions.table import Member
from bot.sessions.table import Table
from bot.sessions.table import TableSettings

START = datetime(2026, 11, 21, 18, 0, tzinfo=UTC)


def clock() -> datetime:
    return datetime(2026, 11, 21, tzinfo=UTC)


class Clock:
    """A clock the test moves on (computer players and deadlines wait for it)."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime:
        return self.now


class Recorder:
    """A TableRepository that keeps what it was given."""

    def __init__(self) -> None:
        self.saved: list[dict[str, object]] = []
        self.finished: list[Table] = []

    async def save_table(self, table: Table) -> None:
        self.saved.append(table.snapshot())

    async def game_id_in_use(self, game_id: str) -> bool:
        return False

    async def hosted_elsewhere(self, user_id: int, held: Container[str]) -> int:
        return 0

    async def finish_table(self, table: Table) -> None:
        self.finished.append(table)


def players(count: int) -> list[Member]:
    """p1 (user 1, the host) to p<count>."""
    return [Member(n, f"p{n}") for n in range(1, count + 1)]


async def seated_table(
    manager: TableManager,
    members: Sequence[Member],
    *,
    channel_id: int = 7,
    settings: TableSettings | None = None,
    seed: int | None = None,
    show_lobby: bool = False,
) -> Table:
    """The first of `members` opens a table in `channel_id` (its lobby saved and shown first
    when `show_lobby`), the others join, and the host starts it. `seed` seeds the manager's
    seating and decks."""
    if seed is not None:
        manager.rng = random.Random(seed)
    host, *guests = members
    table = await manager.open_table(
        guild_id=1, channel_id=channel_id, host=host, settings=settings or TableSettings()
    )
    if show_lobby:
        await table.open()
    for guest in guests:
        await table.join(guest)
    await table.start(host.user_id)
    return table


def deal(game: UnoGame, hands: dict[int, str], top: str) -> None:
    """Deal `hands` (card codes by seat) and turn `top` on an official game in play, its colour
    in force; the rest of the deck is the draw pile, so no card is made or lost. Call it under
    the table's lock."""
    deck = list(official_deck())

    def dealt(codes: str) -> list[AnyCard]:
        held: list[AnyCard] = [Card.parse(code) for code in codes.split()]
        for card in held:
            deck.remove(card)
        return held

    for seat, codes in hands.items():
        game.hands[seat] = dealt(codes)
    game.discard = dealt(top)
    game.draw_pile = deck
    game.colour = game.discard[-1].colour
    game.phase, game.drawn_card, game.pending_draw = Phase.PLAYING, None, 0
    game.uno_catchable = game.uno_declared = None
    assert game.card_count == 108
