"""Survive the Flood cards, hands and events as words, for messages, buttons and select options.
Each is a `Text` (bot/i18n/text.py), put into the reader's language when shown."""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence

from bot.games.flood.cards import Card
from bot.games.flood.cards import Rank
from bot.games.flood.cards import Role
from bot.games.flood.cards import Suit
from bot.games.flood.events import CardBuried
from bot.games.flood.events import CardPlayed
from bot.games.flood.events import CardsDrawn
from bot.games.flood.events import DrawReason
from bot.games.flood.events import DrawsSkipped
from bot.games.flood.events import Event
from bot.games.flood.events import GameEnded
from bot.games.flood.events import PenaltyOwed
from bot.games.flood.events import PileReshuffled
from bot.games.flood.events import RoundCompleted
from bot.games.flood.events import StarterTurned
from bot.games.flood.events import SuitCalled
from bot.games.flood.game import Asked
from bot.games.flood.game import FloodView
from bot.games.flood.game import group_by_suit
from bot.i18n.text import Text
from bot.i18n.text import counted
from bot.i18n.text import joined
from bot.i18n.text import labelled
from bot.i18n.text import symbols
from bot.i18n.text import text
from bot.render.uno_text import FACE_SHORT
from bot.render.uno_text import JOKER_EMOJI
from bot.render.uno_text import WILD_EMOJI

# An UNO card's face reads as in an UNO game; a flood rank and an UNO face share their code.
_UNO_SHORT: dict[Rank, Text | str] = {Rank(face.value): short for face, short in FACE_SHORT.items()}
# What a standard card does when it is special (F1): shown beside its rank.
_ROLE_NOTE: dict[Role, Text | str] = {Role.WILD: text("wild"), Role.DRAW_TWO: "+2", Role.WILD_DRAW_FOUR: "+4"}


def rank_short(card: Card) -> Text | str:
    """The rank alone, as printed in a hand line grouped by suit: `7`, `Skip`, `Q (wild)`."""
    rank = card.rank
    if rank in _UNO_SHORT:
        return _UNO_SHORT[rank]
    if rank is Rank.JOKER:
        return text("Joker (+4)")
    note = _ROLE_NOTE.get(card.role)
    return symbols("{rank} ({note})", rank=rank.value, note=note) if note else rank.value


def card_short(card: Card) -> Text:
    """A card on its own: `🟥 Red 7`, `🌈 Wild +4`, `A♥`, `Q♠ (wild)`, `🃏 Joker (+4)`."""
    suit = card.suit
    if suit is None:
        symbol = JOKER_EMOJI if card.rank is Rank.JOKER else WILD_EMOJI
        return symbols("{symbol} {rank}", symbol=symbol, rank=rank_short(card))
    if suit.is_uno:
        # Its colour in words as well: 🟥 and 🟩 are one square to a red-green colour-blind player.
        return symbols("{symbol} {name}", symbol=suit.symbol, name=card.said)
    note = _ROLE_NOTE.get(card.role)
    if note:
        return symbols("{rank}{symbol} ({note})", rank=card.rank.value, symbol=suit.symbol, note=note)
    return symbols("{rank}{symbol}", rank=card.rank.value, symbol=suit.symbol)


def suit_text(suit: Suit | None) -> Text:
    return symbols("{symbol} {name}", symbol=suit.symbol, name=suit.said) if suit else text("to be called")


def no_suit(view: FloodView) -> Text:
    """What stands for the suit in force while there is none: one is to be called after a wild,
    and none will be once the game is over (it may end on a wild, before the call). No colour and
    no suit are each their own words: a language may make them agree with its nouns."""
    if not view.is_over:
        return text("to be called")
    return text("no colour") if view.options.has_colours else text("no suit")


def cards_text(cards: Iterable[Card]) -> Text:
    return joined([card_short(c) for c in cards])


def hand_lines(cards: Iterable[Card]) -> list[Text]:
    """A hand grouped by suit, one line per suit; wilds last."""
    lines = []
    for suit, group in group_by_suit(cards):
        label = suit_text(suit) if suit else symbols("{symbol} {name}", symbol=WILD_EMOJI, name=text("Wilds"))
        shown = joined([rank_short(c) for c in group], " · ") if suit else cards_text(group)
        lines.append(labelled(label, shown))
    return lines


def describe_event(event: Event) -> Text | None:
    """One line for the game's recent log; None for events the message shows anyway."""
    if isinstance(event, StarterTurned):
        return text("The first card turned is {card}.", card=card_short(event.card))
    if isinstance(event, CardPlayed):
        if event.from_reserve:
            return text("You played {card} from your reserve.", card=card_short(event.card))
        return text("You played {card}.", card=card_short(event.card))
    if isinstance(event, SuitCalled):
        return text("You called {suit}.", suit=suit_text(event.suit))
    if isinstance(event, CardsDrawn):
        return _drawn(event)
    if isinstance(event, DrawsSkipped):
        return counted(
            "Nothing was left to draw: {count} forced draw skipped.",
            "Nothing was left to draw: {count} forced draws skipped.",
            count=event.count,
        )
    if isinstance(event, PileReshuffled):
        return counted(
            "The discard pile was shuffled into a new draw pile ({count} card).",
            "The discard pile was shuffled into a new draw pile ({count} cards).",
            count=event.cards,
        )
    if isinstance(event, RoundCompleted):
        return text("🌊 Draw deck {done} of {target} survived!", done=event.rounds_done, target=event.target)
    if isinstance(event, PenaltyOwed):
        return counted(
            "You drew while you could play: put {count} card under the top card.",
            "You drew while you could play: put {count} cards under the top card.",
            count=event.count,
        )
    if isinstance(event, CardBuried):
        return text("You put {card} under the top card.", card=card_short(event.card))
    if isinstance(event, GameEnded):
        return event.outcome.explanation
    return None


def _drawn(event: CardsDrawn) -> Text | None:
    cards = cards_text(event.cards)
    if event.reason is DrawReason.DEAL:
        return None
    if event.reason is DrawReason.DRAW_TWO:
        line = text("You drew {cards} (Draw Two).", cards=cards)
    elif event.reason is DrawReason.WILD_DRAW_FOUR:
        line = text("You drew {cards} (Wild Draw Four).", cards=cards)
    elif event.reason is DrawReason.STARTER:
        line = text("You drew {cards} (the first card).", cards=cards)
    else:
        line = text("You drew {cards}.", cards=cards)
    if event.to_reserve:
        reserve = text("To the reserve: {cards}.", cards=cards_text(event.to_reserve))
        return symbols("{drawn} {reserve}", drawn=line, reserve=reserve)
    return line


def describe_events(events: Sequence[Event]) -> list[Text]:
    return [line for line in map(describe_event, events) if line is not None]


def asked_text(view: FloodView, *, in_picture: bool = False) -> Text:
    """What the player must do now: in the message with its verb in bold, or in the picture's
    words, which point at the raised cards."""
    if view.asked is Asked.BURY:
        if in_picture:
            return counted(
                "Put {count} more card under the top card",
                "Put {count} more cards under the top card",
                count=view.bury_left,
            )
        return counted(
            "**Penalty:** put {count} more card under the top card.",
            "**Penalty:** put {count} more cards under the top card.",
            count=view.bury_left,
        )
    if view.asked is Asked.CALL_SUIT and view.options.has_colours:
        in_message, in_picture_said = _CALL_COLOUR
    else:
        in_message, in_picture_said = _ASKED[view.asked]
    return in_picture_said if in_picture else in_message


# Each: the message's words, then the picture's. The UNO deck's suits are colours, and its
# player is asked for one as in an UNO game.
_CALL_COLOUR = (text("**Call a colour** for your wild card."), text("Call a colour for your wild card"))
_ASKED = {
    Asked.CALL_SUIT: (text("**Call a suit** for your wild card."), text("Call a suit for your wild card")),
    Asked.PLAY_OR_DRAW: (
        text("**Play a card** from your reserve, or draw."),
        text("Play a raised card, or draw"),
    ),
    Asked.PLAY: (text("**Play a card.**"), text("Play a raised card")),
    Asked.DRAW: (text("Nothing can be played: **draw a card**."), text("Nothing can be played: draw a card")),
}
