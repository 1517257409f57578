"""UNO Solitaire as text: the tableau drawn in monospace with its rows staggered as on the table,
the foundations, and the events of a move.

Each card is a three-character token: the colour letter and the face (`R5`, `BS` skip, `GR`
reverse, `Y+2`), wilds `W` and `W+4`. A seven-card row starts at the margin and a six-card row
half a card further right, so every card sits between the two cards it rests on (S6).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.tableau import Event, Slot, TableauView
from bot.games.tableau.actions import Place
from bot.games.tableau.events import (
    CardPlaced,
    CardsDrawn,
    GameEnded,
    MovedToFoundation,
    MoveUndone,
    SlotLeftEmpty,
    SlotRefilled,
    WasteTurnedOver,
)
from bot.games.uno.cards import Card, Face
from bot.render.uno_text import card_short, colour_emoji

CELL = 4  # a token and a space
_FACE_TOKEN = {Face.DRAW_TWO: "+2", Face.WILD: "W", Face.WILD_DRAW_FOUR: "W+4"}
EMPTY = " . "  # an empty slot a card could be placed into
GONE = "   "


def token(card: Card) -> str:
    face = _FACE_TOKEN.get(card.face, card.face.value)
    colour = card.colour.value if card.colour is not None else ""
    return f"{colour}{face}".ljust(3)


def tableau_lines(view: TableauView) -> list[str]:
    """The tableau, one text line per row, numbered; the empty row below the last card is drawn
    only where the waste card could go."""
    targets = {a.slot for a in view.legal if isinstance(a, Place)}
    last = max((r for r, row in enumerate(view.rows) if any(s.card for s in row)), default=-1)
    lines = []
    for r, row in enumerate(view.rows):
        if r > last and not any(s.slot in targets for s in row):
            break
        cells = []
        for slot_view in row:
            if slot_view.card is not None:
                cells.append(token(slot_view.card))
            elif slot_view.slot in targets:
                cells.append(EMPTY)
            else:
                cells.append(GONE)
        indent = " " * (CELL // 2) if r % 2 else ""
        lines.append(f"{r:>2} {indent}{' '.join(cells)}".rstrip())
    return lines


def slot_text(slot: Slot) -> str:
    return f"row {slot.row}, slot {slot.index + 1}"


def foundation_lines(view: TableauView) -> list[str]:
    lines = []
    for pile in view.colour_foundations:
        top = token(pile.top).strip() if pile.top else "—"
        needed = f"next {token(pile.next_card).strip()}" if pile.next_card else "complete ✅"
        lines.append(
            f"{colour_emoji(pile.colour)} {pile.colour.label}: {pile.size}/19 · top {top} · {needed}"
        )
    action = view.action_pile
    top = token(action.top).strip() if action.top else "—"
    lines.append(f"⚡ Actions: {action.size} · top {top} · next: {action.next_label}")
    return lines


def describe_event(event: Event) -> str:
    if isinstance(event, CardsDrawn):
        return f"You drew {', '.join(str(card_short(c)) for c in event.cards)}."
    if isinstance(event, WasteTurnedOver):
        return f"The waste was turned over into a new stock ({event.cards} cards)."
    if isinstance(event, MovedToFoundation):
        where = "the waste" if event.source is None else slot_text(event.source)
        return f"{card_short(event.card)} went from {where} to its foundation."
    if isinstance(event, CardPlaced):
        return f"You placed {card_short(event.card)} in {slot_text(event.slot)}."
    if isinstance(event, SlotRefilled):
        return f"{card_short(event.card)} from the stock filled {slot_text(event.slot)}."
    if isinstance(event, SlotLeftEmpty):
        return f"{slot_text(event.slot).capitalize()} stays empty: nothing left to fill it."
    if isinstance(event, MoveUndone):
        return f"Undone: `{event.move}` ({event.undos} undo{'s' if event.undos != 1 else ''} so far)."
    if isinstance(event, GameEnded):
        if event.outcome.won:
            return "Every card is on the foundations!"
        return f"Game over: {event.outcome.value}."
    return ""


def describe_events(events: Sequence[Event]) -> list[str]:
    return [line for line in map(describe_event, events) if line]
