"""What a seat can do. Every action prints as a short string and parses back (`parse_action`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from bot.games.errors import MalformedAction
from bot.games.uno.cards import Card, Colour


@dataclass(frozen=True, slots=True)
class Play:
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Draw:
    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """Keep the card just drawn and end the turn (O4)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class ChooseColour:
    colour: Colour

    def __str__(self) -> str:
        return f"colour {self.colour.value}"


@dataclass(frozen=True, slots=True)
class CallUno:
    def __str__(self) -> str:
        return "uno"


@dataclass(frozen=True, slots=True)
class Catch:
    """Catch a player who is down to one card without having called UNO (O7)."""

    def __str__(self) -> str:
        return "catch"


@dataclass(frozen=True, slots=True)
class Challenge:
    """Challenge the Wild Draw Four just played on you (O6)."""

    def __str__(self) -> str:
        return "challenge"


@dataclass(frozen=True, slots=True)
class Accept:
    """Take the Wild Draw Four's four cards without challenging."""

    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True, slots=True)
class DealNextRound:
    def __str__(self) -> str:
        return "deal"


@dataclass(frozen=True, slots=True)
class Leave:
    """The seat leaves the game (of its own will, or removed after timing out); its cards go
    under the draw pile and play goes on without it."""

    def __str__(self) -> str:
        return "leave"


Action = Play | Draw | Pass | ChooseColour | CallUno | Catch | Challenge | Accept | DealNextRound | Leave

DRAW = Draw()
PASS = Pass()
CALL_UNO = CallUno()
CATCH = Catch()
CHALLENGE = Challenge()
ACCEPT = Accept()
DEAL_NEXT_ROUND = DealNextRound()
LEAVE = Leave()

_SIMPLE: dict[str, Action] = {
    str(a): a for a in (DRAW, PASS, CALL_UNO, CATCH, CHALLENGE, ACCEPT, DEAL_NEXT_ROUND, LEAVE)
}


@cache
def play(card: Card) -> Play:
    """The (interned) action of playing `card`."""
    return Play(card)


@cache
def choose(colour: Colour) -> ChooseColour:
    return ChooseColour(colour)


def parse_action(text: str) -> Action:
    """Read an action from its short string, e.g. `play R5`, `draw`, `colour G`."""
    words = text.split()
    if len(words) == 1 and words[0] in _SIMPLE:
        return _SIMPLE[words[0]]
    if len(words) == 2 and words[0] == "play":
        return play(Card.parse(words[1]))
    if len(words) == 2 and words[0] == "colour":
        try:
            return choose(Colour(words[1].upper()))
        except ValueError:
            pass
    raise MalformedAction(f"`{text}` is not an UNO action.")
