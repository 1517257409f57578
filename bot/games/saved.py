"""What the engines' saved games share: reading a save back, and comparing games by their save."""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Mapping
from contextlib import contextmanager
from typing import Any

from bot.games.errors import CorruptState
from bot.games.errors import IllegalAction
from bot.games.errors import MalformedAction


@contextmanager
def reading_save(
    data: Mapping[str, Any], format_: int, what: str, *, format_key: str = "format"
) -> Iterator[None]:
    """Check a save's format (kept under `format_key`), and turn whatever its damaged data
    raises inside the block, a card or a move the engine cannot read or refuses included, into
    `CorruptState`, naming `what` was saved."""
    try:
        if data[format_key] != format_:
            raise CorruptState(f"unknown {what} format {data[format_key]!r}")  # not shown to players
        yield
    except (KeyError, TypeError, ValueError, IllegalAction, MalformedAction) as error:
        raise CorruptState(f"damaged {what}: {error!r}") from error  # not shown to players


def card_codes(cards: Iterable[object]) -> list[str]:
    """Cards as a save keeps them: each by its short code."""
    return [str(card) for card in cards]


class ComparedBySave:
    """A game equals another of its kind that saves to the same JSON; it changes as it is
    played, so it has no hash."""

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]
