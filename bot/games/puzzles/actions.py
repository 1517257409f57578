"""What a puzzle player may do, as short strings (they travel in a button's custom_id).

`play R5` (a card in the paper's notation), `undo`, `restart`, `resign` (give up).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.actions import RESIGN
from bot.games.actions import UNDO
from bot.games.actions import Resign
from bot.games.actions import Undo
from bot.games.actions import Word
from bot.games.errors import MalformedAction
from bot.games.errors import quoted
from bot.games.solver import BadHand
from bot.games.solver import Card
from bot.games.solver import parse_hand
from bot.i18n.text import Code
from bot.i18n.text import Text
from bot.i18n.text import text


@dataclass(frozen=True, slots=True)
class PlayCard:
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


class Restart(Word):
    """Empty the chain and start the puzzle again."""

    written = "restart"


Action = PlayCard | Undo | Restart | Resign
RESTART = Restart()
_WORDS: dict[str, Action] = {str(action): action for action in (UNDO, RESTART, RESIGN)}


def parse_action(text: str) -> Action:
    """Read an action string; raise MalformedAction with a readable message otherwise."""
    word = text.strip()
    if word in _WORDS:
        return _WORDS[word]
    verb, _, rest = word.partition(" ")
    if verb == "play" and rest:
        try:
            cards = parse_hand(rest)
        except BadHand as error:
            raise MalformedAction(error.said) from error
        if len(cards) == 1:
            return PlayCard(cards[0])
    raise MalformedAction(_not_a_move(quoted(text)))


def _not_a_move(written: Code) -> Text:
    # A function of its own: `parse_action`'s parameter hides `text`.
    return text("{move} is not a puzzle move.", move=written)
