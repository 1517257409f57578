"""UNO Solitaire's picture: the staggered tableau, the foundations, the waste and the stock.

Rows alternate seven and six slots, a six-slot row sitting half a card to the right, each row
lying over the one above it as the cards do; the cards that may go to a foundation (exposed)
are drawn bright, the covered ones shaded.
"""

from __future__ import annotations

from PIL import Image
from PIL import ImageDraw

from bot.games.tableau.view import TableauView
from bot.i18n.text import Clauses
from bot.i18n.text import text
from bot.i18n.words import Words
from bot.render.images.cards import CARD_H
from bot.render.images.cards import CARD_W
from bot.render.images.cards import COLOUR_FILL
from bot.render.images.cards import WHITE
from bot.render.images.cards import colour_mark
from bot.render.images.cards import dimmed
from bot.render.images.cards import font
from bot.render.images.cards import scaled
from bot.render.images.uno import PAD
from bot.render.images.uno import Picture
from bot.render.images.uno import encode
from bot.render.images.uno import pile
from bot.render.images.uno import pill

W = 60
H = round(CARD_H * W / CARD_W)
GAP = 6
# A side pile and its caption, which may take two lines in some languages.
SIDE_STEP = H + 34
ROW_STEP = 34
SIDE_X = PAD + 7 * (W + GAP) + 24
ENGLISH = Words("en")


def slot_xy(row: int, index: int) -> tuple[int, int]:
    """Top-left of a tableau slot."""
    shift = (W + GAP) // 2 if row % 2 else 0
    return PAD + shift + index * (W + GAP), PAD + 28 + row * ROW_STEP


def tableau_picture(view: TableauView, words: Words = ENGLISH) -> Picture:
    """The picture, its words (and its description) in `words`."""
    rows = len(view.rows)
    height = max(PAD + 28 + max(rows - 1, 0) * ROW_STEP + H + PAD, 4 * SIDE_STEP + 20)
    width = SIDE_X + 2 * (W + GAP) + PAD
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), 14, fill=(38, 72, 56, 255))
    title = words(text("Tableau - move {move}", move=view.moves))
    draw.text((PAD, PAD + 2), title, font=font(15), fill=WHITE)
    for row in view.rows:
        for slot in row:
            if slot.card is None:
                continue
            x, y = slot_xy(slot.slot.row, slot.slot.index)
            sprite = scaled(slot.card, W) if slot.exposed else dimmed(slot.card, W)
            image.alpha_composite(sprite, (x, y))
    _side(image, draw, view, words)
    return encode(image, "tableau.png", describe(view, words))


def _side(image: Image.Image, draw: ImageDraw.ImageDraw, view: TableauView, words: Words) -> None:
    for i, foundation in enumerate(view.colour_foundations):
        x = SIDE_X + (i % 2) * (W + GAP)
        y = PAD + (i // 2) * SIDE_STEP
        # An empty foundation is outlined in its colour, with the colour's mark.
        pile(
            image,
            (x, y),
            foundation.top,
            f"{foundation.size}/19",
            width=W,
            outline=COLOUR_FILL[foundation.colour],
        )
        if foundation.top is None:
            colour_mark(draw, foundation.colour, x + W / 2, y + H / 2, 10)
    y = PAD + 2 * SIDE_STEP
    pile(
        image,
        (SIDE_X, y),
        view.action_pile.top,
        words(text("actions {count}", count=view.action_pile.size)),
        width=W,
    )
    pile(
        image,
        (SIDE_X + W + GAP, y),
        view.waste_top,
        words(text("waste {count}", count=view.waste_size)),
        width=W,
    )
    y += SIDE_STEP
    pile(
        image,
        (SIDE_X, y),
        None,
        words(text("stock {count}", count=view.stock_size)),
        width=W,
        back=view.stock_size > 0,
    )
    if view.draw_ends_game:
        pill(draw, (SIDE_X + W + GAP + W // 2, y + H // 2), words(text("last draw")), 12)


def describe(view: TableauView, words: Words = ENGLISH) -> str:
    """The picture in words, for its description (alt text)."""
    parts = []
    for row in view.rows:
        cards = [
            f"{slot.slot} {slot.card.code}{'*' if slot.exposed else ''}"
            for slot in row
            if slot.card is not None
        ]
        if cards:
            parts.append(" ".join(cards))
    found = [
        text("{colour} {size} (next {card})", colour=f.colour.named, size=f.size, card=f.next_card.named)
        if f.next_card
        else text("{colour} {size}", colour=f.colour.named, size=f.size)
        for f in view.colour_foundations
    ]
    return words(
        text(
            "Tableau rows (* free to move): {rows}. Foundations: {foundations}. "
            "Action pile {actions}. Waste {waste} ({size}). Stock {stock}.",
            rows=" / ".join(parts),
            foundations=Clauses(tuple(found)),
            actions=view.action_pile.size,
            waste=view.waste_top.named if view.waste_top else text("empty"),
            size=view.waste_size,
            stock=view.stock_size,
        )
    )
