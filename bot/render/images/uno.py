"""UNO pictures: a player's private hand and the public table.

The table picture is drawn from `PublicTable` alone, a value that holds what every seat may see:
names, card counts, the discard top, the colour in force, the direction, whose turn and the
scores. It has no field a hand could go in, so the type checker refuses a hand where the table
is drawn, and `PublicTable.from_view` copies only the public fields of a seat's view.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any
from typing import Protocol

from PIL import Image
from PIL import ImageDraw

from bot.games.uno.cards import Card
from bot.games.uno.cards import Colour
from bot.games.uno.game import SeatView
from bot.games.uno.playing_cards import AnyCard
from bot.games.uno.playing_cards import AnyColour
from bot.games.uno.playing_cards import PlayingCard
from bot.games.uno.playing_cards import Suit
from bot.games.uno.playing_cards import uncalled
from bot.i18n.counts import points as points_said
from bot.i18n.text import Text
from bot.i18n.text import counted
from bot.i18n.text import joined
from bot.i18n.text import shortened
from bot.i18n.text import symbols
from bot.i18n.text import text
from bot.render.images.cards import CARD_H
from bot.render.images.cards import CARD_W
from bot.render.images.cards import COLOUR_FILL
from bot.render.images.cards import FONT_FILE
from bot.render.images.cards import INK
from bot.render.images.cards import WHITE
from bot.render.images.cards import colour_mark
from bot.render.images.cards import dimmed
from bot.render.images.cards import font
from bot.render.images.cards import scaled
from bot.render.images.cards import suit_pip
from bot.render.images.cards import written

# Puts what a picture says into its reader's language: a `bot.i18n.words.Words`; `str` (the
# default) writes English.
Say = Callable[[Any], str]
NO_CARDS = text("no cards")
COLOUR_WORD = text("colour")
SUIT_WORD = text("suit")


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
    return Picture(buffer.getvalue(), filename, shortened(description, DESCRIPTION_LIMIT))


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


def pile(
    image: Image.Image,
    xy: tuple[int, int],
    card: AnyCard | None,
    caption: str,
    *,
    width: int,
    back: bool = False,
    outline: tuple[int, int, int] = WHITE,
    room: int | None = None,
) -> None:
    """A pile seen from above: its top card (or a back, or an empty outline) with a caption under it,
    kept within `room` pixels (unless told, the card's width: piles stand a small gap apart)."""
    x, y = xy
    height = round(CARD_H * width / CARD_W)
    draw = ImageDraw.Draw(image)
    if card is not None or back:
        image.alpha_composite(scaled(card, width), (x, y))
    else:
        draw.rounded_rectangle((x, y, x + width - 1, y + height - 1), 8, outline=outline, width=3)
    lines, size = fitted(caption, width + 2 if room is None else room)
    for i, line in enumerate(lines):
        below = y + height + 3 + i * (size + 2)
        draw.text((x + width // 2, below), line, font=font(size), fill=WHITE, anchor="mt")


def fitted(caption: str, room: float, size: int = 12, smallest: int = 9) -> tuple[list[str], int]:
    """The caption's lines and type size so that it fits `room` pixels across: one line, a point
    smaller if it must; else two lines split at a space, made smaller down to `smallest`. German
    and French captions ("Nachziehstapel 100", "dernière carte jouée") are half as long again as
    English ones."""
    for points in (size, size - 1):
        if font(points).getlength(caption) <= room:
            return [caption], points
    words = caption.split()
    if len(words) < 2:
        return [caption], smallest
    splits = [[" ".join(words[:i]), " ".join(words[i:])] for i in range(1, len(words))]
    lines = min(splits, key=lambda two: max(font(size).getlength(line) for line in two))
    for points in range(size, smallest - 1, -1):
        if max(font(points).getlength(line) for line in lines) <= room:
            return lines, points
    return lines, smallest


def panel(width: int, height: int, fill: tuple[int, int, int]) -> Image.Image:
    """A picture's own opaque, rounded background: its white text reads on either theme."""
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    ImageDraw.Draw(image).rounded_rectangle((0, 0, width - 1, height - 1), 14, fill=(*fill, 255))
    return image


def colour_words(colour: AnyColour | None, suits: bool) -> Text:
    """The colour (suit) in force as a picture names it: "Red", "to be called"."""
    return uncalled(suits) if colour is None else colour.title


# The private hand --------------------------------------------------------------------------


def hand_picture(
    hand: Sequence[AnyCard],
    playable: frozenset[int] = frozenset(),
    description: Text | str = "",
    say: Say = str,
) -> Picture:
    """The cards in hand order, in rows of ten; the ones that can be played now stand raised with a
    gold ring, and each card carries its position so a player can name it. `say` puts its words
    into the reader's language."""
    width, height = HAND.size(len(hand))
    image = Image.new("RGBA", (width + 2 * PAD, height + 2 * PAD), (0, 0, 0, 0))
    draw_hand(image, (PAD, PAD), hand, playable, HAND)
    if not hand:
        pill(ImageDraw.Draw(image), (image.width / 2, image.height / 2), say(NO_CARDS), 16)
    described = say(description) if description else hand_description(hand, playable, say)
    return encode(image, "hand.png", described)


def hand_description(hand: Sequence[AnyCard], playable: frozenset[int], say: Say = str) -> str:
    """The hand picture's alt text, in the reader's language (`say`): "Your hand: 1 Red 5
    (playable), 2 Wild"; a hand too long for that, colour by colour (`hand_forms`)."""
    return fitting((text("Your hand: {cards}", cards=said) for said in hand_forms(hand, playable)), say)


def fitting(forms: Iterable[Text], say: Say) -> str:
    """The first of `forms` (the fullest first) that Discord keeps whole as an alt text, in the
    reader's language (`say`); the last, the shortest, should none fit."""
    said = ""
    for form in forms:
        said = say(form)
        if len(said) <= DESCRIPTION_LIMIT:
            break
    return said


def hand_forms(hand: Sequence[AnyCard], playable: frozenset[int], *, numbered: bool = True) -> Iterator[Text]:
    """A hand said ever shorter, every card and every playable one in each: card by card (by
    position when `numbered`), then colour by colour, then with the copies of a card counted."""
    yield hand_said(hand, playable, numbered=numbered)
    yield hand_by_colour(hand, playable)
    yield hand_by_colour(hand, playable, copies=True)


class Labelled(Protocol):
    @property
    def label(self) -> str: ...


def hand_words(hand: Sequence[Labelled], playable: frozenset[int], *, numbered: bool = False) -> str:
    """The hand as the alt text says it, in English: each card, and which can be played now."""
    return str(hand_said(hand, playable, numbered=numbered))


def hand_said(hand: Sequence[Labelled], playable: frozenset[int], *, numbered: bool = False) -> Text:
    """The hand as the alt text says it: each card, and which can be played now."""
    if not hand:
        return NO_CARDS
    cards: list[Text] = []
    for index, card in enumerate(hand):
        name: Text | str = getattr(card, "named", None) or card.label
        said = text("{card} (playable)", card=name) if index in playable else symbols("{card}", card=name)
        cards.append(symbols("{n} {card}", n=index + 1, card=said) if numbered else said)
    return joined(cards)


def hand_by_colour(hand: Sequence[AnyCard], playable: frozenset[int], *, copies: bool = False) -> Text:
    """A long hand said colour (suit) by colour, each card by its face, the cards of no colour
    by name ("Red: 0, 4, Skip (playable); Blue: 2; Wild (playable)"), a colour whose every card
    may be played said so once: every card and every playable one still said, in about half the
    words of `hand_said`. With `copies`, a card held more than once is said once with how many
    ("Skip x3", as the puzzles write copies): a hand of hundreds (twist's eight decks) in one
    entry per kind of card."""
    if not hand:
        return NO_CARDS
    groups: dict[AnyColour | None, list[int]] = {}
    for index, card in enumerate(hand):
        groups.setdefault(card.colour, []).append(index)
    return joined([_colour_said(hand, positions, playable, copies) for positions in groups.values()], "; ")


def _colour_said(
    hand: Sequence[AnyCard], positions: list[int], playable: frozenset[int], copies: bool
) -> Text:
    """The cards of one colour of a hand, by their faces; those of no colour, by name."""
    colour = hand[positions[0]].colour
    held = [(hand[index], index in playable) for index in positions]
    # Each card with how many copies, in hand order; a copy that may be played is told apart
    # from one that may not (though the engine decides by card: all copies or none).
    kinds = list(Counter(held).items()) if copies else [(card, 1) for card in held]
    every = len(positions) > 1 and all(up for _, up in held)
    said = [_card_said(card, colour, count, up and not every) for (card, up), count in kinds]
    if colour is None:
        return text("all playable: {cards}", cards=joined(said)) if every else joined(said)
    if every:
        return text("{colour}, all playable: {numbers}", colour=colour.title, numbers=joined(said))
    return text("{colour}: {numbers}", colour=colour.title, numbers=joined(said))


def _card_said(card: AnyCard, colour: AnyColour | None, count: int, up: bool) -> Text | str:
    """One card in its colour's list: its face (its name, having no colour), how many when
    more than one, and whether it may be played."""
    name: Text | str = card.named if colour is None else card.face.named
    if count > 1:
        name = text("{card} x{count}", card=name, count=count)
    return text("{card} (playable)", card=name) if up else name


@dataclass(frozen=True, slots=True)
class HandLayout:
    """Where a hand's cards sit: rows of `per_row` cards, each with room to be raised above its
    row, and under it its position when `numbered`."""

    per_row: int = PER_ROW
    numbered: bool = True

    @property
    def row_h(self) -> int:
        return LIFT + CARD_H + (LABEL_H if self.numbered else 0) + GAP

    def slot(self, index: int) -> tuple[int, int]:
        """Top-left of the card at this position, before any lift, from the hand's own corner."""
        row, column = divmod(index, self.per_row)
        return column * (CARD_W + GAP), row * self.row_h

    def size(self, count: int) -> tuple[int, int]:
        count = max(1, count)
        columns = min(self.per_row, count)
        rows = (count + self.per_row - 1) // self.per_row
        return columns * CARD_W + (columns - 1) * GAP, rows * self.row_h


HAND = HandLayout()
# The colour a hand's cells are drawn on: clear, or a panel's.
Ground = tuple[int, int, int, int]
CLEAR: Ground = (0, 0, 0, 0)
# The room a card's cell takes beyond the card on each side: half the gap, so cells never overlap.
RING = GAP // 2


def draw_hand(
    image: Image.Image,
    origin: tuple[int, int],
    hand: Sequence[AnyCard],
    playable: frozenset[int],
    layout: HandLayout,
    shade: bool | None = None,
) -> None:
    """Paste a hand's cells: each card is a cached cell (raised in its ring, plain, or shaded),
    and cells never overlap: drawn once on the ground they lie on (the picture's clear canvas or
    its panel's colour, read under the hand's corner), they are copied, not blended. The cards
    that cannot be played are shaded when some can (`shade` says so where another row holds them)."""
    shade = bool(playable) if shade is None else shade
    x0, y0 = origin
    ground = flat_ground(image, origin)
    put = image.alpha_composite if ground is None else image.paste
    for index, card in enumerate(hand):
        x, y = layout.slot(index)
        x, y = x0 + x, y0 + y
        look = "raised" if index in playable else "shaded" if shade else "plain"
        put(hand_cell(card, look, ground or CLEAR), (x - RING, y - RING))
        if layout.numbered:
            chip = position_chip(index + 1, index in playable, ground or CLEAR)
            put(chip, (x, y + LIFT + CARD_H + RING - 1))


def flat_ground(image: Image.Image, xy: tuple[int, int]) -> Ground | None:
    """The colour under a hand when it is clear or opaque, so its cells can be drawn on it once;
    None for a see-through ground, where they are blended instead."""
    pixel = image.getpixel(xy)
    if isinstance(pixel, tuple) and len(pixel) == 4 and pixel[3] in (0, 255):
        return CLEAR if pixel[3] == 0 else (pixel[0], pixel[1], pixel[2], 255)
    return None


HAND_LABEL_H = 26
EMPTY_HAND_H = 30


def labelled_hand_height(count: int, layout: HandLayout) -> int:
    return HAND_LABEL_H + (layout.size(count)[1] if count else EMPTY_HAND_H)


def labelled_hand(
    image: Image.Image,
    y: int,
    label: str,
    hand: Sequence[AnyCard],
    playable: frozenset[int],
    layout: HandLayout,
    shade: bool | None = None,
    empty: str = str(NO_CARDS),
) -> None:
    """A hand on a picture's panel, under its label ("Your hand (7)"); an empty one says so
    (`empty`, in the reader's language)."""
    draw = ImageDraw.Draw(image)
    draw.text((PAD, y + 4), label, font=font(15), fill=WHITE)
    if hand:
        draw_hand(image, (PAD, y + HAND_LABEL_H), hand, playable, layout, shade)
    else:
        pill(draw, (PAD + 6, y + HAND_LABEL_H + EMPTY_HAND_H // 2 - 4), empty, 14, anchor="lm")


# About 50 KB a cell: 256 of them cover every card in each look on the usual grounds.
@lru_cache(maxsize=256)
def hand_cell(card: AnyCard, look: str, ground: Ground = CLEAR) -> Image.Image:
    """One card of a hand with the room around it, on its ground: raised in a gold ring
    (playable now), or lowered, at full colour or shaded (the others, when some can be played)."""
    cell = Image.new("RGBA", (CARD_W + 2 * RING, LIFT + CARD_H + 2 * RING - 1), ground)
    if look == "raised":
        ring = ImageDraw.Draw(cell)
        ring.rounded_rectangle((0, 0, CARD_W + 2 * RING - 1, CARD_H + 2 * RING - 1), 12, fill=PLAYABLE_RING)
        cell.alpha_composite(scaled(card, CARD_W), (RING, RING))
    else:
        sprite = dimmed(card, CARD_W) if look == "shaded" else scaled(card, CARD_W)
        cell.alpha_composite(sprite, (RING, RING + LIFT))
    return cell


@lru_cache(maxsize=256)
def position_chip(position: int, playable: bool, ground: Ground = CLEAR) -> Image.Image:
    """A card's position under it, gold under a playable card; cached, as text is slow to draw."""
    chip = Image.new("RGBA", (CARD_W, LABEL_H), ground)
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
    """Where the card at this hand position sits in the hand picture (top-left, before any lift)."""
    x, y = HAND.slot(index)
    return PAD + x, PAD + y


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

    @property
    def suits(self) -> bool:
        """Played with playing cards (the twist): what must be matched is a suit, not a colour."""
        return isinstance(self.discard_top, PlayingCard)

    def describe(self) -> Text:
        """The table picture's alt text, one sentence after another."""
        colour = colour_words(self.colour, self.suits)
        if self.suits:
            if self.direction > 0:
                head = text(
                    "Top card {card}, suit {suit}, play goes clockwise.",
                    card=self.discard_top.named,
                    suit=colour,
                )
            else:
                head = text(
                    "Top card {card}, suit {suit}, play goes counter-clockwise.",
                    card=self.discard_top.named,
                    suit=colour,
                )
        elif self.direction > 0:
            head = text(
                "Top card {card}, colour {colour}, play goes clockwise.",
                card=self.discard_top.named,
                colour=colour,
            )
        else:
            head = text(
                "Top card {card}, colour {colour}, play goes counter-clockwise.",
                card=self.discard_top.named,
                colour=colour,
            )
        sentences: list[Text] = [head]
        if self.pending_draw:
            sentences.append(
                counted(
                    "{count} card to draw is stacked.",
                    "{count} cards to draw are stacked.",
                    count=self.pending_draw,
                )
            )
        for seat, public in enumerate(self.seats):
            if seat == self.current:
                sentences.append(
                    counted(
                        "{name} (to play): {count} card, {points}.",
                        "{name} (to play): {count} cards, {points}.",
                        count=public.cards,
                        name=public.name,
                        points=points_said(public.score),
                    )
                )
            else:
                sentences.append(
                    counted(
                        "{name}: {count} card, {points}.",
                        "{name}: {count} cards, {points}.",
                        count=public.cards,
                        name=public.name,
                        points=points_said(public.score),
                    )
                )
        return joined(sentences, " ")


SEAT_ROW_H = 56
FAN_STEP = 11
FAN_MAX = 20
SMALL_W = 34
FAN_X = 200
# What marks the seat to play, before its name.
TO_PLAY = "> "
# A seat's name ends a little before its fan begins.
NAME_ROOM = FAN_X - PAD - 4 - 8
TABLE_W = 560


def table_picture(table: PublicTable, say: Say = str) -> Picture:
    """The discard top and the colour in force on top, then one row per seat: name, a fan of
    backs as long as the hand, the count; the seat to play stands out. `say` puts its words into
    the reader's language."""
    head_h = CARD_H + 2 * PAD + 8
    height = head_h + len(table.seats) * SEAT_ROW_H + PAD
    image = Image.new("RGBA", (TABLE_W, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, TABLE_W - 1, height - 1), 14, fill=(44, 47, 56, 255))
    image.alpha_composite(scaled(table.discard_top, CARD_W), (PAD + 6, PAD + 4))
    caption = text(
        "{word}: {name}",
        word=SUIT_WORD if table.suits else COLOUR_WORD,
        name=colour_words(table.colour, table.suits),
    )
    colour_in_force(draw, table.colour, PAD + CARD_W + 30, PAD + 8, say(caption))
    way = text("clockwise  >>") if table.direction > 0 else text("<<  counter-clockwise")
    pill(draw, (PAD + CARD_W + 30, PAD + 76), say(way), 16, anchor="lm")
    extra = text("draw pile {count}", count=table.draw_pile)
    if table.pending_draw:
        extra = text(
            "draw pile {count}  ·  +{stacked} stacked", count=table.draw_pile, stacked=table.pending_draw
        )
    pill(draw, (PAD + CARD_W + 30, PAD + 110), say(extra), 14, anchor="lm")
    for seat, public in enumerate(table.seats):
        _seat_row(image, draw, head_h + seat * SEAT_ROW_H, seat, public, seat == table.current, say)
    return encode(image, "table.png", say(table.describe()))


@lru_cache(maxsize=FAN_MAX + 1)
def fan(cards: int) -> Image.Image:
    """A fan of `cards` backs, one per card in the hand; cached by count."""
    back = scaled(None, SMALL_W)
    image = Image.new("RGBA", (back.width + (cards - 1) * FAN_STEP, back.height), (0, 0, 0, 0))
    for i in range(cards):
        image.alpha_composite(back, (i * FAN_STEP, 0))
    return image


def swatch(draw: ImageDraw.ImageDraw, colour: AnyColour | None, x: int, y: int) -> None:
    """The colour (or suit) that must be matched, as a 46-pixel square at (x, y); none for none."""
    if isinstance(colour, Colour):
        draw.rounded_rectangle((x, y, x + 46, y + 46), 8, fill=COLOUR_FILL[colour], outline=WHITE, width=3)
        colour_mark(draw, colour, x + 23, y + 23, 12)
    elif isinstance(colour, Suit):
        draw.rounded_rectangle((x, y, x + 46, y + 46), 8, fill=(250, 248, 242), outline=WHITE, width=3)
        suit_pip(draw, colour, x + 23, y + 23, 14)


def colour_in_force(
    draw: ImageDraw.ImageDraw, colour: AnyColour | None, x: int, y: int, caption: str
) -> None:
    """A swatch of the colour (or suit) that must be matched, with its caption beside it ("colour:
    Red" in the reader's language: one sentence, so each language punctuates it its own way)."""
    swatch(draw, colour, x, y)
    pill(draw, (x + 58, y + 23), caption, 18, anchor="lm")


def _seat_row(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    y: int,
    number: int,
    seat: PublicSeat,
    to_play: bool,
    say: Say = str,
) -> None:
    if to_play:
        draw.rounded_rectangle((4, y, TABLE_W - 5, y + SEAT_ROW_H - 4), 10, fill=(88, 101, 242, 255))
    # The alt text says the whole name; the picture draws what its fonts can.
    drawn, file = written(seat.name)
    if not drawn:
        drawn, file = say(text("Seat {number}", number=number + 1)), FONT_FILE
    x, middle = PAD + 4, y + SEAT_ROW_H / 2 - 2
    room = NAME_ROOM
    if to_play:
        # Apart from the name: written as part of it, a right-to-left name put it at its far end.
        draw.text((x, middle), TO_PLAY, font=font(17), fill=WHITE, anchor="lm")
        x += round(font(17).getlength(TO_PLAY))
        room -= round(font(17).getlength(TO_PLAY))
    name = fitted_name(drawn, room, file=file)
    draw.text((x, middle), name, font=font(17, file), fill=WHITE, anchor="lm")
    count = say(counted("{count} card", "{count} cards", count=seat.cards))
    count_right = TABLE_W - PAD - 60
    if seat.cards:
        shown = backs_shown(seat.cards, count_right - font(16).getlength(count))
        image.alpha_composite(fan(shown), (FAN_X, y + 2))
    draw.text((count_right, y + SEAT_ROW_H / 2 - 2), count, font=font(16), fill=WHITE, anchor="rm")
    draw.text(
        (TABLE_W - PAD - 4, y + SEAT_ROW_H / 2 - 2),
        f"{seat.score}",
        font=font(14),
        fill=(200, 200, 210),
        anchor="rm",
    )


def fitted_name(name: str, room: float, size: int = 17, file: Path = FONT_FILE) -> str:
    """The name cut with an ellipsis where it would run past `room` pixels, in the font that
    writes it (`file`): a name of wide letters ran into the fan when it was cut at 18 characters."""
    if font(size, file).getlength(name) <= room:
        return name
    while name and font(size, file).getlength(name + "…") > room:
        name = name[:-1]
    return name + "…"


def backs_shown(cards: int, label_left: float) -> int:
    """How many backs the fan shows: one per card, as many as end before the card count's label
    (a long hand's fan ran under "21 cards")."""
    fit = int((label_left - 10 - FAN_X - SMALL_W) // FAN_STEP) + 1
    return max(1, min(cards, fit, FAN_MAX))


def sample_hand(size: int, seed: int = 7) -> list[Card]:
    """A deterministic hand for the bench and the tests."""
    from bot.games.uno.cards import Face

    cards = [Card.of(c, f) for c in Colour for f in Face if not f.is_wild]
    cards += [Card.of(None, f) for f in Face if f.is_wild]
    return [cards[(i * seed + 3) % len(cards)] for i in range(size)]
