"""What the engines' saved games share: reading a save back, and comparing games by their save."""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Mapping
from contextlib import contextmanager
from typing import Any

from bot.games.errors import CorruptState


@contextmanager
def reading_save(data: Mapping[str, Any], format_: int, what: str) -> Iterator[None]:
    """Check a save's format, and turn whatever its damaged data raises inside the block into
    `CorruptState`, naming `what` was saved."""
    try:
        if data["format"] != format_:
            raise CorruptState(f"unknown {what} format {data['format']!r}")  # not shown to players
        yield
    except (KeyError, TypeError, ValueError) as error:
        raise CorruptState(f"damaged {what}: {error!r}") from error  # not shown to players


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
