"""Survive the Flood's picture: the discard top and the suit in force, the piles, the decks still
to survive, then the hand (and the reserve, where the difficulty keeps one) with the cards that
can be played now raised.

It is drawn from the player's own `FloodView`, which is all the player may know, with its words
already in the viewer's language (`picture_words`, on the event loop): the drawing itself runs in
a worker thread and says nothing of its own.
"""

from __future__ import annotations

from typing import Any
from typing import NamedTuple

from PIL import Image
from PIL import ImageDraw

from bot.games.flood import Bury
from bot.games.flood import FloodView
from bot.games.flood import Play
from bot.games.flood.cards import Card as FloodCard
from bot.games.uno.playing_cards import AnyCard
from bot.games.uno.playing_cards import AnyColour
from bot.games.uno.playing_cards import parse_card
from bot.games.uno.playing_cards import parse_colour
from bot.i18n.text import Text
from bot.i18n.text import counted
from bot.i18n.text import joined
from bot.i18n.text import text
from bot.i18n.words import Words
from bot.render.flood_text import asked_text
from bot.render.flood_text import no_suit
from bot.render.images.cards import CARD_H
from bot.render.images.cards import CARD_W
from bot.render.images.cards import WHITE
from bot.render.images.cards import dimmed
from bot.render.images.cards import font
from bot.render.images.cards import scaled
from bot.render.images.uno import GAP
from bot.render.images.uno import PAD
from bot.render.images.uno import HandLayout
from bot.render.images.uno import Picture
from bot.render.images.uno import encode
from bot.render.images.uno import labelled_hand
from bot.render.images.uno import labelled_hand_height
from bot.render.images.uno import panel
from bot.render.images.uno import pile
from bot.render.images.uno import pill
from bot.render.images.uno import swatch

WATER = (22, 54, 88)
MIN_W = 560
HEADER_H = 28 + CARD_H + 24
HAND = HandLayout(numbered=False)
DECK_ICON_W = 18
DECK_ICONS_MAX = 20


class PictureWords(NamedTuple):
    """Every word the picture shows, in its viewer's language."""

    title: str
    discard: str
    draw_pile: str
    suit: str
    decks: str
    prompt: str
    hand: str
    reserve: str
    no_cards: str
    description: str


def sprite_card(card: FloodCard) -> AnyCard:
    """The drawn card for a flood card: its code names the same UNO card or playing card."""
    return parse_card(card.code)


def _raised(view: FloodView) -> tuple[frozenset[int], frozenset[int]]:
    chosen = {action.card for action in view.legal if isinstance(action, Play | Bury)}
    hand_up = frozenset(i for i, card in enumerate(view.hand) if card in chosen)
    reserve_up = frozenset(i for i, card in enumerate(view.reserve) if card in chosen)
    return hand_up, reserve_up


def picture_words(view: FloodView, words: Words) -> PictureWords:
    """The picture's words for `view` in `words`: made before the drawing, which runs elsewhere."""
    hand_up, reserve_up = _raised(view)
    suit = no_suit(view) if view.suit is None else view.suit.said
    return PictureWords(
        title=words(text("Survive the Flood")),
        discard=words(text("discard {count}", count=view.discard_size)),
        draw_pile=words(text("draw pile {count}", count=view.draw_pile_size)),
        suit=words(
            text("colour: {colour}", colour=suit)
            if view.options.has_colours
            else text("suit: {suit}", suit=suit)
        ),
        decks=words(
            text(
                "decks survived {done} of {target} · {left} to go",
                done=view.rounds_done,
                target=view.target,
                left=view.target - view.rounds_done,
            )
        ),
        prompt=words(prompt(view)),
        hand=words(text("Your hand ({count})", count=len(view.hand))),
        reserve=words(text("Reserve ({count})", count=len(view.reserve))),
        no_cards=words(text("no cards")),
        description=words(describe(view, hand_up, reserve_up)),
    )


def flood_picture(view: FloodView, said: PictureWords | None = None) -> Picture:
    """The picture of `view`, with `said` (English when not given)."""
    said = said or picture_words(view, Words("en"))
    hand = [sprite_card(card) for card in view.hand]
    reserve = [sprite_card(card) for card in view.reserve]
    hand_up, reserve_up = _raised(view)
    show_reserve = view.options.difficulty.specials_in_reserve
    hand_h = labelled_hand_height(len(hand), HAND)
    reserve_h = labelled_hand_height(len(reserve), HAND) if show_reserve else 0
    width = max(MIN_W, HAND.size(len(hand))[0] + 2 * PAD)
    height = PAD + HEADER_H + hand_h + reserve_h + PAD
    image = panel(width, height, WATER)
    _header(image, view, said)
    y = PAD + HEADER_H
    # A card playable from the reserve shades the hand's cards too: the eye goes to the raised ones.
    shade = bool(hand_up or reserve_up)
    labelled_hand(image, y, said.hand, hand, hand_up, HAND, shade, said.no_cards)
    if show_reserve:
        labelled_hand(image, y + hand_h, said.reserve, reserve, reserve_up, HAND, shade, said.no_cards)
    return encode(image, "flood.png", said.description)


def _header(image: Image.Image, view: FloodView, said: PictureWords) -> None:
    draw = ImageDraw.Draw(image)
    draw.text((PAD, PAD + 2), said.title, font=font(15), fill=WHITE)
    top = PAD + 28
    pile(image, (PAD, top), sprite_card(view.discard_top), said.discard, width=CARD_W, room=CARD_W + 2 * GAP)
    pile(
        image,
        (PAD + CARD_W + 2 * GAP, top),
        None,
        said.draw_pile,
        width=CARD_W,
        back=view.draw_pile_size > 0,
        room=CARD_W + 2 * GAP,
    )
    x = PAD + 2 * (CARD_W + 2 * GAP) + 8
    _suit_in_force(draw, suit_colour(view), x, top, said.suit)
    pill(draw, (x, top + 72), said.decks, 14, anchor="lm")
    _deck_meter(image, x, top + 80, view.rounds_done, view.target)
    pill(draw, (x, top + CARD_H - 2), said.prompt, 15, anchor="lm")


def _suit_in_force(draw: ImageDraw.ImageDraw, colour: AnyColour | None, x: int, y: int, caption: str) -> None:
    """A swatch of the suit (or colour) that must be matched, with its caption beside it."""
    swatch(draw, colour, x, y)
    pill(draw, (x + 58, y + 23), caption, 18, anchor="lm")


def suit_colour(view: FloodView) -> AnyColour | None:
    return None if view.suit is None else parse_colour(view.suit.value)


def _deck_meter(image: Image.Image, x: int, y: int, done: int, target: int) -> None:
    """One small back per deck to survive: those survived are shaded, those to go stand bright."""
    if target > DECK_ICONS_MAX:
        return
    for deck in range(target):
        icon = dimmed(None, DECK_ICON_W) if deck < done else scaled(None, DECK_ICON_W)
        image.alpha_composite(icon, (x + deck * (DECK_ICON_W + 4), y))


def prompt(view: FloodView) -> Text:
    """What the player does now, in the picture's words."""
    if view.is_over:
        return text("You survived the flood!") if view.won else text("The flood won")
    return asked_text(view, in_picture=True)


def hand_words(hand: tuple[FloodCard, ...], playable: frozenset[int]) -> Text:
    """The hand as the alt text says it: each card, and which can be played now."""
    if not hand:
        return text("no cards")
    return joined(
        [
            text("{card} (playable)", card=card.said) if i in playable else card.said
            for i, card in enumerate(hand)
        ]
    )


def describe(view: FloodView, hand_up: frozenset[int], reserve_up: frozenset[int]) -> Text:
    suit = no_suit(view) if view.suit is None else view.suit.said
    fields: dict[str, Any] = {
        "top": view.discard_top.said,
        "discard": view.discard_size,
        "done": view.rounds_done,
        "target": view.target,
        # The sentence puts its own full stop after the prompt: the won game's "!" would double it.
        "prompt": text("You survived the flood") if view.is_over and view.won else prompt(view),
        "held": len(view.hand),
        "hand": hand_words(view.hand, hand_up),
    }
    said = (
        # Counted by the draw pile, which runs down to its last card.
        counted(
            "Survive the Flood. Top card {top}, colour in force {colour}. Draw pile {count} card, "
            "discard pile {discard}. Decks survived {done} of {target}. {prompt}. Your hand ({held}): "
            "{hand}.",
            "Survive the Flood. Top card {top}, colour in force {colour}. Draw pile {count} cards, "
            "discard pile {discard}. Decks survived {done} of {target}. {prompt}. Your hand ({held}): "
            "{hand}.",
            count=view.draw_pile_size,
            colour=suit,
            **fields,
        )
        if view.options.has_colours
        else counted(
            "Survive the Flood. Top card {top}, suit in force {suit}. Draw pile {count} card, discard "
            "pile {discard}. Decks survived {done} of {target}. {prompt}. Your hand ({held}): {hand}.",
            "Survive the Flood. Top card {top}, suit in force {suit}. Draw pile {count} cards, discard "
            "pile {discard}. Decks survived {done} of {target}. {prompt}. Your hand ({held}): {hand}.",
            count=view.draw_pile_size,
            suit=suit,
            **fields,
        )
    )
    if view.options.difficulty.specials_in_reserve:
        reserve = text(
            "Reserve ({count}): {cards}.", count=len(view.reserve), cards=hand_words(view.reserve, reserve_up)
        )
        return Text("{said} {reserve}", (("said", said), ("reserve", reserve)))
    return said
