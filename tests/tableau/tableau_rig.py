"""Builds solitaire deals for rule tests: chosen cards where a test needs them, the rest after."""

from __future__ import annotations

from collections import Counter

from bot.games.actions import DRAW
from bot.games.tableau.actions import parse_action
from bot.games.tableau.events import Event
from bot.games.tableau.game import TableauGame
from bot.games.tableau.samples import foundation_order
from bot.games.uno.cards import Card


def cards(codes: str) -> list[Card]:
    return [Card.parse(code) for code in codes.split()]


def deal_with(row0: str, stock: str = "") -> list[Card]:
    """A full deal: the seven row-0 cards, then `stock` (the first of them drawn first), then
    every other card of the deck in foundation order."""
    chosen = cards(row0) + cards(stock)
    assert len(cards(row0)) == 7
    rest = Counter(foundation_order())
    rest.subtract(Counter(chosen))
    assert all(n >= 0 for n in rest.values()), "a card was asked for more often than the deck has it"
    tail: list[Card] = []
    for card in foundation_order():
        if rest[card] > 0:
            rest[card] -= 1
            tail.append(card)
    return chosen + tail


def game_with(row0: str, stock: str = "") -> TableauGame:
    return TableauGame(deal_with(row0, stock))


def play(game: TableauGame, *moves: str) -> list[Event]:
    events: list[Event] = []
    for text in moves:
        events += game.apply(parse_action(text))
    return events


def draw_until_stock_empty(game: TableauGame) -> int:
    """Draw until the stock is empty; returns how many Draws that took."""
    draws = 0
    while game.stock:
        game.apply(DRAW)
        draws += 1
    return draws


def board(game: TableauGame) -> dict[str, object]:
    """The position without the bookkeeping of undos and the log."""
    state = game.to_json()
    for key in ("undos", "log"):
        del state[key]
    return state
