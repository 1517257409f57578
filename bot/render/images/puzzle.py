"""The puzzles' pictures: the chain being built with the cards still to place, and the duel's two
open hands around the card last played.

Both are drawn from what the player sees anyway (a chain puzzle has no hidden card, and the duel
is played with open hands). Puzzle cards are the paper's (colour, number) pairs; the daily,
practice and duel hands come from the real deck's number cards, drawn as the UNO cards they are.
"""

from __future__ import annotations

from collections.abc import Collection
from collections.abc import Sequence

from PIL import Image
from PIL import ImageDraw

from bot.games.solver import Card as PuzzleCard
from bot.games.uno.cards import Card
from bot.games.uno.cards import Colour
from bot.games.uno.cards import Face
from bot.i18n.text import Text
from bot.i18n.text import text
from bot.i18n.words import Words
from bot.render.images.cards import CARD_H
from bot.render.images.cards import CARD_W
from bot.render.images.cards import WHITE
from bot.render.images.cards import font
from bot.render.images.cards import scaled
from bot.render.images.uno import GAP
from bot.render.images.uno import HAND_LABEL_H
from bot.render.images.uno import NO_CARDS
from bot.render.images.uno import PAD
from bot.render.images.uno import HandLayout
from bot.render.images.uno import Picture
from bot.render.images.uno import encode
from bot.render.images.uno import fitting
from bot.render.images.uno import hand_forms
from bot.render.images.uno import hand_said
from bot.render.images.uno import labelled_hand
from bot.render.images.uno import labelled_hand_height
from bot.render.images.uno import panel
from bot.render.images.uno import pile
from bot.render.images.uno import pill

PURPLE = (52, 38, 78)
MIN_W = 560
HAND = HandLayout(numbered=False)
ENGLISH = Words("en")
LINK_W = 60
LINK_H = round(CARD_H * LINK_W / CARD_W)
LINK_STEP = LINK_W + 18
COLOURS = tuple(Colour)


def uno_card(card: PuzzleCard) -> Card:
    """The real-deck card a puzzle card stands for; a card outside the real deck has no face."""
    if card.colour >= len(COLOURS) or card.number > 9:
        raise ValueError(f"{card} is not a card of the real deck")
    return Card.of(COLOURS[card.colour], Face(str(card.number)))


def raised(hand: Sequence[PuzzleCard], can_play: Collection[PuzzleCard]) -> frozenset[int]:
    """Positions of the cards that may be played now (every copy of such a card)."""
    return frozenset(i for i, card in enumerate(hand) if card in can_play)


def picture_width(*hands: Sequence[PuzzleCard]) -> int:
    return max(MIN_W, *(HAND.size(len(hand))[0] + 2 * PAD for hand in hands))


def hand_height(hand: Sequence[PuzzleCard]) -> int:
    return labelled_hand_height(len(hand), HAND)


def _hand(
    image: Image.Image, y: int, label: str, hand: Sequence[PuzzleCard], up: frozenset[int], words: Words
) -> None:
    """A hand under its label; an empty one says so in the reader's language."""
    labelled_hand(image, y, label, [uno_card(card) for card in hand], up, HAND, empty=words(NO_CARDS))


# ---------------------------------------------------------------------- the chain


def chain_picture(
    title: str,
    chain: Sequence[PuzzleCard],
    left: Sequence[PuzzleCard],
    can_play: Collection[PuzzleCard],
    words: Words = ENGLISH,
) -> Picture:
    """The chain left to right (wrapping), each card linked to the next; under it the cards left,
    the ones that may come next raised."""
    width = picture_width(left)
    per_row = max(1, (width - 2 * PAD + LINK_STEP - LINK_W) // LINK_STEP)
    rows = max(1, (len(chain) + per_row - 1) // per_row)
    chain_h = HAND_LABEL_H + rows * (LINK_H + GAP)
    height = PAD + 24 + chain_h + GAP + hand_height(left) + PAD
    image = panel(width, height, PURPLE)
    draw = ImageDraw.Draw(image)
    draw.text((PAD, PAD + 2), title, font=font(15), fill=WHITE)
    y = PAD + 24
    draw.text((PAD, y + 4), words(chain_name(len(chain), len(chain) + len(left))), font=font(15), fill=WHITE)
    _chain(image, draw, y + HAND_LABEL_H, chain, per_row, words, running=bool(can_play))
    up = raised(left, can_play)
    _hand(image, y + chain_h + GAP, words(cards_left_name(len(left))), left, up, words)
    return encode(image, "puzzle.png", describe_chain(title, chain, left, up, words))


def _chain(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    y0: int,
    chain: Sequence[PuzzleCard],
    per_row: int,
    words: Words,
    *,
    running: bool = True,
) -> None:
    """The chain's cards linked by arrows; an empty chain invites a first card while the puzzle
    runs (some card can be played), and is only said empty once it is over."""
    if not chain:
        draw.rounded_rectangle((PAD, y0, PAD + LINK_W - 1, y0 + LINK_H - 1), 8, outline=WHITE, width=2)
        note = ANY_START if running else EMPTY_CHAIN
        pill(draw, (PAD + LINK_W + 12, y0 + LINK_H // 2), words(note), 14, anchor="lm")
        return
    for index, card in enumerate(chain):
        row, column = divmod(index, per_row)
        x, y = PAD + column * LINK_STEP, y0 + row * (LINK_H + GAP)
        image.alpha_composite(scaled(uno_card(card), LINK_W), (x, y))
        if index + 1 < len(chain):
            _link(draw, x + LINK_W + 2, y + LINK_H // 2)


def _link(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    """A small arrow to the next card of the chain."""
    draw.polygon([(x + 2, y - 7), (x + 14, y), (x + 2, y + 7)], fill=WHITE)


def describe_chain(
    title: str,
    chain: Sequence[PuzzleCard],
    left: Sequence[PuzzleCard],
    up: frozenset[int],
    words: Words = ENGLISH,
) -> str:
    links: Text | str = EMPTY_CHAIN
    if chain:
        links = uno_card(chain[-1]).named
        for card in reversed(chain[:-1]):
            links = text("{card} then {next}", card=uno_card(card).named, next=links)
    return words(
        text(
            "{title}. {chain}: {links}. {left}: {cards}.",
            title=title,
            chain=chain_name(len(chain), len(chain) + len(left)),
            links=links,
            left=cards_left_name(len(left)),
            cards=hand_said([uno_card(c) for c in left], up),
        )
    )


def chain_name(played: int, total: int) -> Text:
    """`Chain (3 of 10)`."""
    return text("Chain ({played} of {total})", played=played, total=total)


def cards_left_name(count: int) -> Text:
    """`Cards left (7)`."""
    return text("Cards left ({count})", count=count)


ANY_START = text("empty: any card may start")
EMPTY_CHAIN = text("no card played")


# ---------------------------------------------------------------------- the duel


def duel_picture(
    yours: Sequence[PuzzleCard],
    bots: Sequence[PuzzleCard],
    last: PuzzleCard | None,
    can_play: Collection[PuzzleCard],
    status: Text | str,
    words: Words = ENGLISH,
) -> Picture:
    """The bot's open hand on top, the card last played in the middle, your hand below with the
    cards you may play raised."""
    width = picture_width(yours, bots)
    # The last card's caption may take two lines in some languages ("dernière carte jouée").
    middle_h = CARD_H + 34
    height = PAD + 24 + hand_height(bots) + GAP + middle_h + hand_height(yours) + PAD
    image = panel(width, height, PURPLE)
    draw = ImageDraw.Draw(image)
    title = words(text("Duel against the bot"))
    draw.text((PAD, PAD + 2), title, font=font(15), fill=WHITE)
    y = PAD + 24
    _hand(image, y, words(text("The bot's hand ({count})", count=len(bots))), bots, frozenset(), words)
    y += hand_height(bots) + GAP
    shown = None if last is None else uno_card(last)
    pile(image, (PAD, y), shown, words(text("last card played")), width=CARD_W, room=CARD_W + 2 * PAD)
    pill(draw, (PAD + CARD_W + 20, y + CARD_H // 2), words(status), 16, anchor="lm")
    up = raised(yours, can_play)
    _hand(image, y + middle_h, words(text("Your hand ({count})", count=len(yours))), yours, up, words)
    return encode(image, "duel.png", describe_duel(yours, bots, shown, up, status, words))


def describe_duel(
    yours: Sequence[PuzzleCard],
    bots: Sequence[PuzzleCard],
    last: Card | None,
    up: frozenset[int],
    status: Text | str,
    words: Words = ENGLISH,
) -> str:
    """Both open hands card by card; where that passes what Discord keeps of an alt text (a duel
    of 38 cards each does), colour by colour (`hand_forms`), so that no card of either hand is
    cut off."""
    your_cards, bot_cards = [uno_card(c) for c in yours], [uno_card(c) for c in bots]
    forms = zip(
        hand_forms(your_cards, up, numbered=False),
        hand_forms(bot_cards, frozenset(), numbered=False),
        strict=True,
    )
    return fitting(
        (
            text(
                # The player's own hand first: a screen reader's user plays from that hand.
                "Duel. Last card played: {played}. {status}. Your hand ({yours}): {your_cards}. "
                "The bot's hand ({bots}): {bot_cards}.",
                played=text("no card yet") if last is None else last.named,
                status=status,
                bots=len(bots),
                bot_cards=bots_said,
                yours=len(yours),
                your_cards=yours_said,
            )
            for yours_said, bots_said in forms
        ),
        words,
    )
