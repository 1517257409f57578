"""What a seat can do. Every action prints as a short string and parses back (`parse_action`)."""

from __future__ import annotations

from dataclasses import dataclass
from dataclasses import field
from functools import cache
from typing import Final

from bot.games.errors import MalformedAction
from bot.games.errors import quoted
from bot.games.uno.playing_cards import AnyCard
from bot.games.uno.playing_cards import AnyColour
from bot.games.uno.playing_cards import parse_card
from bot.games.uno.playing_cards import parse_colour
from bot.i18n.text import text


class Written:
    """An action's short string, `str(action)`, held as `written`: the game's log writes one
    every move, and reading an attribute costs less than a call to `__str__`."""

    __slots__ = ()
    written: str

    def __str__(self) -> str:
        return self.written


@dataclass(frozen=True, slots=True)
class Play(Written):
    card: AnyCard
    written: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "written", "play " + self.card.code)


@dataclass(frozen=True, slots=True)
class Draw(Written):
    written: str = field(default="draw", init=False, repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class Pass(Written):
    """Keep the card just drawn and end the turn (O4)."""

    written: str = field(default="pass", init=False, repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class ChooseColour(Written):
    """Call the colour for a Wild, or name the suit for a twist Jack (T3)."""

    colour: AnyColour
    written: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "written", f"colour {self.colour.value}")


@dataclass(frozen=True, slots=True)
class CallUno(Written):
    written: str = field(default="uno", init=False, repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class Catch(Written):
    """Catch a player who is down to one card without having called UNO (O7)."""

    written: str = field(default="catch", init=False, repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class Challenge(Written):
    """Challenge the Wild Draw Four just played on you (O6)."""

    written: str = field(default="challenge", init=False, repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class Accept(Written):
    """Take the Wild Draw Four's four cards without challenging."""

    written: str = field(default="accept", init=False, repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class DealNextRound(Written):
    written: str = field(default="deal", init=False, repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class Leave(Written):
    """The seat leaves the game (of its own will, or removed after timing out); its cards go
    under the draw pile and play goes on without it."""

    written: str = field(default="leave", init=False, repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class SwapWith(Written):
    """Seven-O (H2): the seat that played a 7 swaps hands with `seat`."""

    seat: int
    written: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "written", f"swap {self.seat}")


@dataclass(frozen=True, slots=True)
class JumpIn(Written):
    """Jump-in (H3): play, out of turn, the very card on top of the discard pile."""

    card: AnyCard
    written: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "written", f"jump {self.card}")


Action = (
    Play
    | Draw
    | Pass
    | ChooseColour
    | CallUno
    | Catch
    | Challenge
    | Accept
    | DealNextRound
    | Leave
    | SwapWith
    | JumpIn
)

DRAW: Final = Draw()
PASS: Final = Pass()
CALL_UNO: Final = CallUno()
CATCH: Final = Catch()
CHALLENGE: Final = Challenge()
ACCEPT: Final = Accept()
DEAL_NEXT_ROUND: Final = DealNextRound()
LEAVE: Final = Leave()

_SIMPLE: dict[str, Action] = {
    str(a): a for a in (DRAW, PASS, CALL_UNO, CATCH, CHALLENGE, ACCEPT, DEAL_NEXT_ROUND, LEAVE)
}


def play(card: AnyCard) -> Play:
    """The (interned) action of playing `card`."""
    action = _PLAYS.get(card.code)
    if action is None:
        action = _PLAYS[card.code] = Play(card)
    return action


_PLAYS: dict[str, Play] = {}


@cache
def choose(colour: AnyColour) -> ChooseColour:
    return ChooseColour(colour)


@cache
def swap_with(seat: int) -> SwapWith:
    return SwapWith(seat)


@cache
def jump_in(card: AnyCard) -> JumpIn:
    return JumpIn(card)


def parse_action(written: str) -> Action:
    """Read an action from its short string, e.g. `play R5`, `draw`, `colour G`."""
    words = written.split()
    if len(words) == 1 and words[0] in _SIMPLE:
        return _SIMPLE[words[0]]
    if len(words) == 2:
        verb, word = words
        if verb == "play":
            return play(parse_card(word))
        if verb == "colour":
            return choose(parse_colour(word))
        if verb == "jump":
            return jump_in(parse_card(word))
        if verb == "swap" and word.isdigit() and word.isascii() and len(word) <= 2:
            return swap_with(int(word))
    raise MalformedAction(text("{action} is not an UNO action.", action=quoted(written)))
