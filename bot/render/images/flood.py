"""Survive the Flood's picture: the discard top and the suit in force, the piles, the decks still
to survive, then the hand (and the reserve, where the difficulty keeps one) with the cards that
can be played now raised.

It is drawn from the player's own `FloodView`, which is all the player may know.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.games.flood import Bury, FloodView, Phase, Play
from bot.games.flood.cards import Card as FloodCard
from bot.games.uno.playing_cards import AnyCard, AnyColour, parse_card, parse_colour
from bot.render.images.cards import CARD_H, CARD_W, WHITE, dimmed, font, scaled
from bot.render.images.uno import (
    GAP,
    PAD,
    HandLayout,
    Picture,
    colour_in_force,
    encode,
    hand_words,
    labelled_hand,
    labelled_hand_height,
    panel,
    pile,
    pill,
)

WATER = (22, 54, 88)
MIN_W = 560
HEADER_H = 28 + CARD_H + 24
HAND = HandLayout(numbered=False)
DECK_ICON_W = 18
DECK_ICONS_MAX = 20


def sprite_card(card: FloodCard) -> AnyCard:
    """The drawn card for a flood card: its code names the same UNO card or playing card."""
    return parse_card(card.code)


def flood_picture(view: FloodView) -> Picture:
    hand = [sprite_card(card) for card in view.hand]
    reserve = [sprite_card(card) for card in view.reserve]
    chosen = {action.card for action in view.legal if isinstance(action, Play | Bury)}
    hand_up = frozenset(i for i, card in enumerate(view.hand) if card in chosen)
    reserve_up = frozenset(i for i, card in enumerate(view.reserve) if card in chosen)
    show_reserve = view.options.difficulty.specials_in_reserve
    hand_h = labelled_hand_height(len(hand), HAND)
    reserve_h = labelled_hand_height(len(reserve), HAND) if show_reserve else 0
    width = max(MIN_W, HAND.size(len(hand))[0] + 2 * PAD)
    height = PAD + HEADER_H + hand_h + reserve_h + PAD
    image = panel(width, height, WATER)
    _header(image, view)
    y = PAD + HEADER_H
    # A card playable from the reserve shades the hand's cards too: the eye goes to the raised ones.
    shade = bool(hand_up or reserve_up)
    labelled_hand(image, y, f"Your hand ({len(hand)})", hand, hand_up, HAND, shade)
    if show_reserve:
        labelled_hand(image, y + hand_h, f"Reserve ({len(reserve)})", reserve, reserve_up, HAND, shade)
    return encode(image, "flood.png", describe(view, hand_up, reserve_up))


def _header(image: Image.Image, view: FloodView) -> None:
    draw = ImageDraw.Draw(image)
    draw.text((PAD, PAD + 2), "Survive the Flood", font=font(15), fill=WHITE)
    top = PAD + 28
    pile(image, (PAD, top), sprite_card(view.discard_top), f"discard {view.discard_size}", width=CARD_W)
    pile(
        image,
        (PAD + CARD_W + 2 * GAP, top),
        None,
        f"draw pile {view.draw_pile_size}",
        width=CARD_W,
        back=view.draw_pile_size > 0,
    )
    x = PAD + 2 * (CARD_W + 2 * GAP) + 8
    colour_in_force(draw, suit_colour(view), x, top, word="suit", unset="to be called")
    to_go = view.target - view.rounds_done
    pill(
        draw,
        (x, top + 72),
        f"decks survived {view.rounds_done} of {view.target} · {to_go} to go",
        14,
        anchor="lm",
    )
    _deck_meter(image, x, top + 80, view.rounds_done, view.target)
    pill(draw, (x, top + CARD_H - 2), prompt(view), 15, anchor="lm")


def suit_colour(view: FloodView) -> AnyColour | None:
    return None if view.suit is None else parse_colour(view.suit.value)


def _deck_meter(image: Image.Image, x: int, y: int, done: int, target: int) -> None:
    """One small back per deck to survive: those survived are shaded, those to go stand bright."""
    if target > DECK_ICONS_MAX:
        return
    for deck in range(target):
        icon = dimmed(None, DECK_ICON_W) if deck < done else scaled(None, DECK_ICON_W)
        image.alpha_composite(icon, (x + deck * (DECK_ICON_W + 4), y))


def prompt(view: FloodView) -> str:
    """What the player does now, in the picture's words."""
    if view.is_over:
        return "You survived the flood!" if view.won else "The flood won"
    if view.phase is Phase.CALLING_SUIT:
        return "Call a suit for your wild card"
    if view.phase is Phase.BURYING:
        return f"Put {view.bury_left} more card(s) under the top card"
    if any(isinstance(action, Play) for action in view.legal):
        return "Play a raised card" + (", or draw" if view.can_draw and not view.obliged else "")
    return "Nothing can be played: draw a card"


def describe(view: FloodView, hand_up: frozenset[int], reserve_up: frozenset[int]) -> str:
    suit = "to be called" if view.suit is None else view.suit.label
    text = (
        f"Survive the Flood. Top card {view.discard_top.label}, suit in force {suit}. "
        f"Draw pile {view.draw_pile_size} cards, discard pile {view.discard_size}. "
        f"Decks survived {view.rounds_done} of {view.target}. {prompt(view)}. "
        f"Your hand ({len(view.hand)}): {hand_words(view.hand, hand_up)}."
    )
    if view.options.difficulty.specials_in_reserve:
        text += f" Reserve ({len(view.reserve)}): {hand_words(view.reserve, reserve_up)}."
    return text
