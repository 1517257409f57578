"""UNO Solitaire as text: the tableau drawn in monospace with its rows staggered as on the table,
the foundations, and the events of a move.

Each card is a three-character token: the colour letter and the face (`R5`, `BS` skip, `GR`
reverse, `Y+2`), wilds `W` and `W+4`. A seven-card row starts at the margin and a six-card row
half a card further right, so every card sits between the two cards it rests on (S6).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.tableau import Event
from bot.games.tableau import Slot
from bot.games.tableau import TableauView
from bot.games.tableau import parse_action
from bot.games.tableau.actions import Place
from bot.games.tableau.actions import ToFoundation
from bot.games.tableau.events import CardPlaced
from bot.games.tableau.events import CardsDrawn
from bot.games.tableau.events import GameEnded
from bot.games.tableau.events import MovedToFoundation
from bot.games.tableau.events import MoveUndone
from bot.games.tableau.events import SlotLeftEmpty
from bot.games.tableau.events import SlotRefilled
from bot.games.tableau.events import WasteTurnedOver
from bot.games.uno.cards import COLOURS
from bot.games.uno.cards import Card
from bot.games.uno.cards import Face
from bot.i18n.text import Code
from bot.i18n.text import Text
from bot.i18n.text import counted
from bot.i18n.text import joined
from bot.i18n.text import symbols
from bot.i18n.text import text
from bot.render.uno_text import card_short
from bot.render.uno_text import colour_emoji

CELL = 4  # a token and a space
_FACE_TOKEN = {Face.DRAW_TWO: "+2", Face.WILD: "W", Face.WILD_DRAW_FOUR: "W+4"}
EMPTY = " . "  # an empty slot a card could be placed into
GONE = "   "


def token(card: Card) -> str:
    face = _FACE_TOKEN.get(card.face, card.face.value)
    colour = card.colour.value if card.colour is not None else ""
    return f"{colour}{face}".ljust(3)


def grid_legend() -> Text:
    """What the grid's codes stand for, in the reader's words: a colour's letter, then the face
    (`RR` is a Red Reverse). Built from `token`'s own tables, so it names every code it writes."""
    colours = [symbols("{code} {name}", code=Code(colour.value), name=colour.title) for colour in COLOURS]
    faces = [
        symbols("{code} {name}", code=Code(_FACE_TOKEN.get(face, face.value)), name=face.named)
        for face in Face
        if not face.is_number
    ]
    return text("Colour, then face: {colours}; {faces}.", colours=joined(colours), faces=joined(faces))


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


def slot_text(slot: Slot) -> Text:
    """ "row 1, slot 4": the slot as the player reads it (slots counted from 1)."""
    return slot.said


def slot_title(slot: Slot) -> Text:
    """The same at the start of a sentence or a label: "Row 1, slot 4"."""
    return text("Row {row}, slot {slot}", row=slot.row, slot=slot.index + 1)


def foundation_lines(view: TableauView) -> list[Text]:
    lines = []
    # The cards as a hand says them ("🟥 5"), not the grid's codes: the grid needs three columns a
    # card, a line of words does not, and a code's letters are English ("G" is Grün and Gelb).
    for pile in view.colour_foundations:
        top = card_short(pile.top) if pile.top else "—"
        needed = (
            text("next {card}", card=card_short(pile.next_card)) if pile.next_card else text("complete ✅")
        )
        lines.append(
            text(
                "{emoji} {colour}: {size}/19 · top {top} · {next}",
                emoji=colour_emoji(pile.colour),
                colour=pile.colour.title,  # a foundation is named by its colour
                size=pile.size,
                top=top,
                next=needed,
            )
        )
    action = view.action_pile
    top = card_short(action.top) if action.top else "—"
    lines.append(
        text(
            "⚡ Actions: {size} · top {top} · next: {next}", size=action.size, top=top, next=action.next_said
        )
    )
    return lines


def describe_event(event: Event) -> Text | None:
    if isinstance(event, CardsDrawn):
        return text("You drew {cards}.", cards=joined([card_short(card) for card in event.cards]))
    if isinstance(event, WasteTurnedOver):
        return counted(
            "The waste was turned over into a new stock ({count} card).",
            "The waste was turned over into a new stock ({count} cards).",
            count=event.cards,
        )
    if isinstance(event, MovedToFoundation):
        if event.source is None:
            return text("{card} went from the waste to its foundation.", card=card_short(event.card))
        return text(
            "{card} went from {slot} to its foundation.",
            card=card_short(event.card),
            slot=slot_text(event.source),
        )
    if isinstance(event, CardPlaced):
        return text("You placed {card} in {slot}.", card=card_short(event.card), slot=slot_text(event.slot))
    if isinstance(event, SlotRefilled):
        return text(
            "{card} from the stock filled {slot}.", card=card_short(event.card), slot=slot_text(event.slot)
        )
    if isinstance(event, SlotLeftEmpty):
        return text("{slot} stays empty: nothing left to fill it.", slot=slot_title(event.slot))
    if isinstance(event, MoveUndone):
        return counted(
            "Undone: {move} ({count} undo so far).",
            "Undone: {move} ({count} undos so far).",
            count=event.undos,
            move=undone_said(event),
        )
    if isinstance(event, GameEnded):
        if event.outcome.won:
            return text("Every card is on the foundations!")
        return text("Game over: {outcome}.", outcome=event.outcome.said)
    return None


def card_from(card: Text | str, source: Slot | None) -> Text:
    """A card said with where it is: "🟥 5 from the waste", "🟥 5 from row 1, slot 4"."""
    if source is None:
        return text("{card} from the waste", card=card)
    return text("{card} from {slot}", card=card, slot=slot_text(source))


def undone_said(event: MoveUndone) -> Text:
    """The move an Undo took back, as the player made it: "🟩 Skip from row 0, slot 6 to its
    foundation", "🟥 1, 🟦 4 drawn", never its action string."""
    action = parse_action(event.move)
    shown = [card_short(card) for card in event.cards]
    card = shown[0] if shown else "?"
    if isinstance(action, ToFoundation):
        return text("{card} to its foundation", card=card_from(card, action.source))
    if isinstance(action, Place):
        return text("{card} placed in {slot}", card=card, slot=slot_text(action.slot))
    if shown:
        return text("{cards} drawn", cards=joined(shown))
    return text("the waste turned over")


def describe_events(events: Sequence[Event]) -> list[Text]:
    return [line for line in map(describe_event, events) if line is not None]
