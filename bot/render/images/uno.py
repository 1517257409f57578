"""UNO pictures: a player's private hand and the public table.

The table picture is drawn from `PublicTable` alone, a value that holds what every seat may see:
names, card counts, the discard top, the colour in force, the direction, whose turn and the
scores. It has no field a hand could go in, so the type checker refuses a hand where the table
is drawn, and `PublicTable.from_view` copies only the public fields of a seat's view.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.games.uno.cards import Card, Colour
from bot.games.uno.game import SeatView
from bot.games.uno.playing_cards import AnyCard, AnyColour, Suit
from bot.render.images.cards import (
    CARD_H,
    CARD_W,
    COLOUR_FILL,
    INK,
    WHITE,
    colour_mark,
    dimmed,
    font,
    scaled,
    suit_pip,
)

# Discord keeps an attachment's alt text to 1024 characters.
DESCRIPTION_LIMIT = 1024
PER_ROW = 10
GAP = 6
LIFT = 12
LABEL_H = 22
PAD = 10
PILL: tuple[int, int, int, int] = (30, 32, 38, 235)
PLAYABLE_RING = (255, 214, 10)


@dataclass(frozen=True, slots=True)
class Picture:
    """A drawn picture: the PNG bytes, the file name and the same facts in words."""

    png: bytes
    filename: str
    description: str


def encode(image: Image.Image, filename: str, description: str) -> Picture:
    """PNG, palette-quantised: flat card art keeps its look in 256 colours at a fraction of the bytes."""
    buffer = io.BytesIO()
    image.quantize(256, method=Image.Quantize.FASTOCTREE).save(buffer, "PNG", compress_level=1)
    return Picture(buffer.getvalue(), filename, clip(description))


def clip(text: str, limit: int = DESCRIPTION_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def pill(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int = 15,
    fill: tuple[int, int, int, int] = PILL,
    ink: tuple[int, int, int] = WHITE,
    anchor: str = "mm",
) -> None:
    """Text on its own dark chip: the picture's background is transparent, so bare text would
    vanish on one of Discord's themes."""
    left, top, right, bottom = draw.textbbox(xy, text, font=font(size), anchor=anchor)
    draw.rounded_rectangle((left - 6, top - 4, right + 6, bottom + 4), 6, fill=fill)
    draw.text(xy, text, font=font(size), fill=ink, anchor=anchor)


def colour_words(colour: AnyColour | None) -> str:
    return "none" if colour is None else colour.label


# The private hand --------------------------------------------------------------------------


def hand_picture(
    hand: Sequence[AnyCard], playable: frozenset[int] = frozenset(), description: str = ""
) -> Picture:
    """The cards in hand order, in rows of ten; the ones that can be played now stand raised with a
    gold ring, and each card carries its position so a player can name it."""
    count = max(1, len(hand))
    columns = min(PER_ROW, count)
    rows = (count + PER_ROW - 1) // PER_ROW
    row_h = LIFT + CARD_H + LABEL_H + GAP
    width = PAD * 2 + columns * CARD_W + (columns - 1) * GAP
    height = PAD * 2 + rows * row_h
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    for index, card in enumerate(hand):
        x, y = card_slot(index)
        lifted = index in playable
        top = y if lifted else y + LIFT
        if lifted:
            draw.rounded_rectangle((x - 4, top - 4, x + CARD_W + 3, top + CARD_H + 3), 13, fill=PLAYABLE_RING)
        sprite = dimmed(card, CARD_W) if playable and not lifted else scaled(card, CARD_W)
        image.alpha_composite(sprite, (x, top))
        chip = position_chip(index + 1, lifted)
        image.alpha_composite(chip, (x + (CARD_W - chip.width) // 2, y + LIFT + CARD_H + 2))
    if not hand:
        pill(draw, (width / 2, height / 2), "no cards", 16)
    text = description or "Your hand: " + ", ".join(
        f"{i + 1} {c.label}" + (" (playable)" if i in playable else "") for i, c in enumerate(hand)
    )
    return encode(image, "hand.png", text)


@lru_cache(maxsize=256)
def position_chip(position: int, playable: bool) -> Image.Image:
    """A card's position under it, gold under a playable card; cached, as text is slow to draw."""
    chip = Image.new("RGBA", (CARD_W, LABEL_H), (0, 0, 0, 0))
    pill(
        ImageDraw.Draw(chip),
        (CARD_W / 2, LABEL_H / 2),
        str(position),
        14,
        fill=(*PLAYABLE_RING, 255) if playable else PILL,
        ink=INK if playable else WHITE,
    )
    return chip


def card_slot(index: int) -> tuple[int, int]:
    """Where the card at this hand position sits (top-left, before any lift)."""
    row, column = divmod(index, PER_ROW)
    return PAD + column * (CARD_W + GAP), PAD + row * (LIFT + CARD_H + LABEL_H + GAP)


# The public table --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PublicSeat:
    name: str
    cards: int
    score: int = 0


@dataclass(frozen=True, slots=True)
class PublicTable:
    """What anyone at the table may see. No hand goes in here: only the discard top is a card."""

    seats: tuple[PublicSeat, ...]
    discard_top: AnyCard
    colour: AnyColour | None
    direction: int
    current: int
    draw_pile: int = 0
    pending_draw: int = 0

    @staticmethod
    def from_view(view: SeatView, names: Sequence[str]) -> PublicTable:
        """Copy the public fields of any seat's view; its hand is left behind."""
        return PublicTable(
            seats=tuple(
                PublicSeat(names[seat], count, view.scores[seat] if seat < len(view.scores) else 0)
                for seat, count in enumerate(view.hand_counts)
            ),
            discard_top=view.discard_top,
            colour=view.colour,
            direction=view.direction,
            current=view.current,
            draw_pile=view.draw_pile_size,
            pending_draw=view.pending_draw,
        )

    def describe(self) -> str:
        way = "clockwise" if self.direction > 0 else "counter-clockwise"
        lines = [f"Top card {self.discard_top.label}, colour {colour_words(self.colour)}, play goes {way}."]
        if self.pending_draw:
            lines.append(f"{self.pending_draw} cards to draw are stacked.")
        for seat, public in enumerate(self.seats):
            turn = " (to play)" if seat == self.current else ""
            lines.append(f"{public.name}{turn}: {public.cards} cards, {public.score} points.")
        return " ".join(lines)


SEAT_ROW_H = 56
FAN_STEP = 11
FAN_MAX = 20
SMALL_W = 34
TABLE_W = 560


def table_picture(table: PublicTable) -> Picture:
    """The discard top and the colour in force on top, then one row per seat: name, a fan of
    backs as long as the hand, the count; the seat to play stands out."""
    head_h = CARD_H + 2 * PAD + 8
    height = head_h + len(table.seats) * SEAT_ROW_H + PAD
    image = Image.new("RGBA", (TABLE_W, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, TABLE_W - 1, height - 1), 14, fill=(44, 47, 56, 255))
    image.alpha_composite(scaled(table.discard_top, CARD_W), (PAD + 6, PAD + 4))
    _colour_in_force(draw, table.colour, PAD + CARD_W + 30, PAD + 8)
    way = "clockwise  >>" if table.direction > 0 else "<<  counter-clockwise"
    pill(draw, (PAD + CARD_W + 30, PAD + 76), way, 16, anchor="lm")
    extra = f"draw pile {table.draw_pile}"
    if table.pending_draw:
        extra += f"  ·  +{table.pending_draw} stacked"
    pill(draw, (PAD + CARD_W + 30, PAD + 110), extra, 14, anchor="lm")
    for seat, public in enumerate(table.seats):
        _seat_row(image, draw, head_h + seat * SEAT_ROW_H, public, seat == table.current)
    return encode(image, "table.png", table.describe())


@lru_cache(maxsize=FAN_MAX + 1)
def fan(cards: int) -> Image.Image:
    """A fan of `cards` backs, one per card in the hand; cached by count."""
    back = scaled(None, SMALL_W)
    image = Image.new("RGBA", (back.width + (cards - 1) * FAN_STEP, back.height), (0, 0, 0, 0))
    for i in range(cards):
        image.alpha_composite(back, (i * FAN_STEP, 0))
    return image


def _colour_in_force(draw: ImageDraw.ImageDraw, colour: AnyColour | None, x: int, y: int) -> None:
    if isinstance(colour, Colour):
        draw.rounded_rectangle((x, y, x + 46, y + 46), 8, fill=COLOUR_FILL[colour], outline=WHITE, width=3)
        colour_mark(draw, colour, x + 23, y + 23, 12)
    elif isinstance(colour, Suit):
        draw.rounded_rectangle((x, y, x + 46, y + 46), 8, fill=(250, 248, 242), outline=WHITE, width=3)
        suit_pip(draw, colour, x + 23, y + 23, 14)
    pill(draw, (x + 58, y + 23), f"colour: {colour_words(colour)}", 18, anchor="lm")


def _seat_row(image: Image.Image, draw: ImageDraw.ImageDraw, y: int, seat: PublicSeat, to_play: bool) -> None:
    if to_play:
        draw.rounded_rectangle((4, y, TABLE_W - 5, y + SEAT_ROW_H - 4), 10, fill=(88, 101, 242, 255))
    name = seat.name if len(seat.name) <= 18 else seat.name[:17] + "…"
    marker = "> " if to_play else ""
    draw.text((PAD + 4, y + SEAT_ROW_H / 2 - 2), marker + name, font=font(17), fill=WHITE, anchor="lm")
    if seat.cards:
        image.alpha_composite(fan(min(seat.cards, FAN_MAX)), (200, y + 2))
    count = f"{seat.cards} card" + ("" if seat.cards == 1 else "s")
    if seat.cards > FAN_MAX:
        count += " (+)"
    draw.text((TABLE_W - PAD - 60, y + SEAT_ROW_H / 2 - 2), count, font=font(16), fill=WHITE, anchor="rm")
    draw.text(
        (TABLE_W - PAD - 4, y + SEAT_ROW_H / 2 - 2),
        f"{seat.score}",
        font=font(14),
        fill=(200, 200, 210),
        anchor="rm",
    )


def sample_hand(size: int, seed: int = 7) -> list[Card]:
    """A deterministic hand for the bench and the tests."""
    from bot.games.uno.cards import Face

    cards = [Card.of(c, f) for c in Colour for f in Face if not f.is_wild]
    cards += [Card.of(None, f) for f in Face if f.is_wild]
    return [cards[(i * seed + 3) % len(cards)] for i in range(size)]
