"""Typed errors every engine raises for input it refuses; the message is fit to show a player."""

from __future__ import annotations

from bot.i18n.text import Code
from bot.i18n.text import Text
from bot.i18n.text import shortened

# A refusal may quote what the player typed. A slash command's text option holds up to 6,000
# characters and a Discord message 2,000, so the quote is cut short: a refusal always fits.
QUOTE_LIMIT = 40


def quoted(text: str) -> Code:
    """`text` as a refusal quotes the player's input (as code), cut to QUOTE_LIMIT characters."""
    return Code(shortened(text, QUOTE_LIMIT))


def as_text(said: Text | str) -> Text:
    """A refusal's words as a `Text`; a plain string (text not yet in the catalogues, or words
    already in the reader's language) is shown as it is."""
    return said if isinstance(said, Text) else Text("{said}", (("said", said),))


class Refusal(Exception):
    """Something a player asked for and may not have: `said` is what they read, put into their
    language when shown; `str(error)` is its English."""

    def __init__(self, said: Text | str) -> None:
        self.said = as_text(said)
        super().__init__(str(self.said))


class GameError(Refusal):
    """Base of every refusal by a rules engine."""


class IllegalAction(GameError):
    """The action breaks a rule in the current position."""


class NotYourTurn(IllegalAction):
    """Someone acted while it was another seat's turn."""


class GameOver(IllegalAction):
    """The game (or round) has already ended."""


class MalformedAction(GameError):
    """A string could not be read as an action of this game."""


class CorruptState(GameError):
    """A saved game could not be restored: its data is damaged or from an unknown version."""
