"""Typed errors every engine raises for input it refuses; the message is fit to show a player."""

from __future__ import annotations


class GameError(Exception):
    """Base of every refusal by a rules engine. `str(error)` is written for the player."""


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
