"""What the player can do (F5, F14). Every action prints as a short string and parses back."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from bot.games.actions import DRAW
from bot.games.actions import RESIGN
from bot.games.actions import Draw
from bot.games.actions import Phrase
from bot.games.actions import Resign
from bot.games.actions import interned_by_code
from bot.games.errors import MalformedAction
from bot.games.errors import quoted
from bot.games.flood.cards import Card
from bot.games.flood.cards import Suit
from bot.i18n.text import text


@dataclass(frozen=True, slots=True)
class Play(Phrase):
    card: Card

    def phrase(self) -> str:
        return "play " + self.card.code


@dataclass(frozen=True, slots=True)
class CallSuit(Phrase):
    """Name the suit in force after a Wild or Wild Draw Four (F5, F15)."""

    suit: Suit

    def phrase(self) -> str:
        return f"suit {self.suit.value}"


@dataclass(frozen=True, slots=True)
class Bury(Phrase):
    """F14: put one card from the hand under the discard top, as part of a penalty."""

    card: Card

    def phrase(self) -> str:
        return f"bury {self.card}"


Action = Play | Draw | CallSuit | Bury | Resign


# The action of playing a card, one per card.
play = interned_by_code(Play)


@cache
def call(suit: Suit) -> CallSuit:
    return CallSuit(suit)


@cache
def bury(card: Card) -> Bury:
    return Bury(card)


def parse_action(written: str) -> Action:
    """Read an action from its short string: `play 10H`, `draw`, `suit D`, `bury 5C`, `resign`."""
    words = written.split()
    if words == ["draw"]:
        return DRAW
    if words == ["resign"]:
        return RESIGN
    if len(words) == 2 and words[0] == "play":
        return play(Card.parse(words[1]))
    if len(words) == 2 and words[0] == "bury":
        return bury(Card.parse(words[1]))
    if len(words) == 2 and words[0] == "suit":
        try:
            return call(Suit(words[1].upper()))
        except ValueError:
            pass
    raise MalformedAction(text("{action} is not a Survive the Flood action.", action=quoted(written)))
