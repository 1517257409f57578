"""Survive the Flood cards, hands and events as text, for messages, buttons and select options."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.games.flood.cards import Card, Rank, Role, Suit
from bot.games.flood.events import (
    CardBuried,
    CardPlayed,
    CardsDrawn,
    DrawReason,
    DrawsSkipped,
    Event,
    GameEnded,
    PenaltyOwed,
    PileReshuffled,
    RoundCompleted,
    StarterTurned,
    SuitCalled,
)
from bot.games.flood.game import group_by_suit

WILD_SYMBOL = "🌈"
JOKER_SYMBOL = "🃏"
_UNO_SHORT = {
    Rank.SKIP: "Skip",
    Rank.REVERSE: "Reverse",
    Rank.DRAW_TWO: "+2",
    Rank.WILD: "Wild",
    Rank.WILD_DRAW_FOUR: "Wild +4",
}
# What a standard card does when it is special (F1): shown beside its rank.
_ROLE_NOTE = {Role.WILD: "wild", Role.DRAW_TWO: "+2", Role.WILD_DRAW_FOUR: "+4"}


def rank_short(card: Card) -> str:
    """The rank alone, as printed in a hand line grouped by suit: `7`, `Skip`, `Q (wild)`."""
    rank = card.rank
    if rank in _UNO_SHORT:
        return _UNO_SHORT[rank]
    if rank is Rank.JOKER:
        return "Joker (+4)"
    note = _ROLE_NOTE.get(card.role)
    return f"{rank.value} ({note})" if note else rank.value


def card_short(card: Card) -> str:
    """A card on its own: `🟥 7`, `🌈 Wild +4`, `A♥`, `Q♠ (wild)`, `🃏 Joker (+4)`."""
    suit = card.suit
    if suit is None:
        return f"{JOKER_SYMBOL if card.rank is Rank.JOKER else WILD_SYMBOL} {rank_short(card)}"
    if suit.is_uno:
        return f"{suit.symbol} {rank_short(card)}"
    note = _ROLE_NOTE.get(card.role)
    return f"{card.rank.value}{suit.symbol}" + (f" ({note})" if note else "")


def suit_text(suit: Suit | None) -> str:
    return f"{suit.symbol} {suit.label}" if suit else "to be called"


def cards_text(cards: Iterable[Card]) -> str:
    return ", ".join(card_short(c) for c in cards)


def hand_lines(cards: Iterable[Card]) -> list[str]:
    """A hand grouped by suit, one line per suit; wilds last."""
    lines = []
    for suit, group in group_by_suit(cards):
        label = f"{suit.symbol} {suit.label}" if suit else f"{WILD_SYMBOL} Wilds"
        shown = " · ".join(rank_short(c) for c in group) if suit else cards_text(group)
        lines.append(f"{label}: {shown}")
    return lines


def describe_event(event: Event) -> str:
    """One line for the game's recent log; empty for events the message shows anyway."""
    if isinstance(event, StarterTurned):
        return f"The first card turned is {card_short(event.card)}."
    if isinstance(event, CardPlayed):
        where = " from your reserve" if event.from_reserve else ""
        return f"You played {card_short(event.card)}{where}."
    if isinstance(event, SuitCalled):
        return f"You called {suit_text(event.suit)}."
    if isinstance(event, CardsDrawn):
        return _drawn(event)
    if isinstance(event, DrawsSkipped):
        return f"Nothing was left to draw: {event.count} forced draw(s) skipped."
    if isinstance(event, PileReshuffled):
        return f"The discard pile was shuffled into a new draw pile ({event.cards} cards)."
    if isinstance(event, RoundCompleted):
        return f"🌊 Draw deck {event.rounds_done} of {event.target} survived!"
    if isinstance(event, PenaltyOwed):
        return f"You drew while you could play: put {event.count} card(s) under the top card."
    if isinstance(event, CardBuried):
        return f"You put {card_short(event.card)} under the top card."
    if isinstance(event, GameEnded):
        return event.outcome.explanation
    return ""


def _drawn(event: CardsDrawn) -> str:
    if event.reason is DrawReason.DEAL:
        return ""
    cause = {
        DrawReason.CHOSE_TO_DRAW: "",
        DrawReason.DRAW_TWO: " (Draw Two)",
        DrawReason.WILD_DRAW_FOUR: " (Wild Draw Four)",
        DrawReason.STARTER: " (the first card)",
    }[event.reason]
    line = f"You drew {cards_text(event.cards)}{cause}."
    if event.to_reserve:
        line += f" To the reserve: {cards_text(event.to_reserve)}."
    return line


def describe_events(events: Sequence[Event]) -> list[str]:
    return [line for line in map(describe_event, events) if line]
