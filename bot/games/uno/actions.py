"""What a seat can do. Every action prints as a short string and parses back (`parse_action`)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from bot.games.actions import DRAW as DRAW
from bot.games.actions import Draw as Draw
from bot.games.actions import Phrase
from bot.games.actions import Word
from bot.games.actions import interned_by_code
from bot.games.errors import MalformedAction
from bot.games.errors import quoted
from bot.games.uno.cards import ALL_CARDS
from bot.games.uno.playing_cards import ALL_PLAYING_CARDS
from bot.games.uno.playing_cards import AnyCard
from bot.games.uno.playing_cards import AnyColour
from bot.games.uno.playing_cards import parse_card
from bot.games.uno.playing_cards import parse_colour
from bot.i18n.text import text


@dataclass(frozen=True, slots=True)
class Play(Phrase):
    card: AnyCard

    def phrase(self) -> str:
        return "play " + self.card.code


class Pass(Word):
    """Keep the card just drawn and end the turn (O4)."""

    written = "pass"


@dataclass(frozen=True, slots=True)
class ChooseColour(Phrase):
    """Call the colour for a Wild, or name the suit for a twist Jack (T3)."""

    colour: AnyColour

    def phrase(self) -> str:
        return f"colour {self.colour.value}"


class CallUno(Word):
    written = "uno"


class Catch(Word):
    """Catch a player who is down to one card without having called UNO (O7)."""

    written = "catch"


class Challenge(Word):
    """Challenge the Wild Draw Four just played on you (O6)."""

    written = "challenge"


class Accept(Word):
    """Take the Wild Draw Four's four cards without challenging."""

    written = "accept"


class DealNextRound(Word):
    written = "deal"


class Leave(Word):
    """The seat leaves the game (of its own will, or removed after timing out); its cards go
    under the draw pile and play goes on without it."""

    written = "leave"


@dataclass(frozen=True, slots=True)
class SwapWith(Phrase):
    """Seven-O (H2): the seat that played a 7 swaps hands with `seat`."""

    seat: int

    def phrase(self) -> str:
        return f"swap {self.seat}"


@dataclass(frozen=True, slots=True)
class JumpIn(Phrase):
    """Jump-in (H3): play, out of turn, the very card on top of the discard pile; with `uno`,
    the second-to-last card, calling UNO as it goes down (O7), written `jump R5 uno`."""

    card: AnyCard
    uno: bool = False

    def phrase(self) -> str:
        return f"jump {self.card} uno" if self.uno else f"jump {self.card}"


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


# The action of playing a card, one per card.
play = interned_by_code(Play)

# Every card's play by its code, made at once: `legal_actions` looks up the plays it offers
# here, in C, rather than calling `play` for each (a card not found goes through `play`).
_EVERY_CARD: tuple[AnyCard, ...] = (*ALL_CARDS, *ALL_PLAYING_CARDS)
PLAY_BY_CODE: Final[dict[str, Play]] = {card.code: play(card) for card in _EVERY_CARD}


@cache
def choose(colour: AnyColour) -> ChooseColour:
    return ChooseColour(colour)


@cache
def swap_with(seat: int) -> SwapWith:
    return SwapWith(seat)


@cache
def jump_in(card: AnyCard, *, uno: bool = False) -> JumpIn:
    return JumpIn(card, uno)


def parse_action(written: str) -> Action:
    """Read an action from its short string, e.g. `play R5`, `draw`, `colour G`, `jump R5 uno`."""
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
    if len(words) == 3 and words[0] == "jump" and words[2] == "uno":
        return jump_in(parse_card(words[1]), uno=True)
    raise MalformedAction(text("{action} is not an UNO action.", action=quoted(written)))
