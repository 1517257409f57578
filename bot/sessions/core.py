"""What every session shares, a group table or a solo game: one family of refusals, the guard
around a change (a refusal undoes it), the stale-click check, and presenting after the save.

The lock is each session's own asyncio.Lock, taken around the whole of a change; deadlines are
data saved with each game, woken for by one scheduler (bot.sessions.deadlines).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Container
from typing import Any
from typing import Protocol
from typing import TypeVar

from bot.games.errors import GameError
from bot.games.errors import Refusal
from bot.i18n.text import Text
from bot.i18n.text import text
from bot.store import RunningGame
from bot.store import Store

log = logging.getLogger(__name__)
T = TypeVar("T")
S = TypeVar("S")


class SessionError(Refusal):
    """A session's refusal, shown to the player privately."""


class NotAtTable(SessionError):
    """The player has no seat at this table."""


class NotYourGame(SessionError):
    """The game belongs to another player."""


class StaleClick(SessionError):
    """The click was made on an earlier turn or position and no longer applies."""


class GameEnded(SessionError):
    """The game is over; nothing more can change it."""


MOVED_ON = text("This game moved on meanwhile, so that was not played: look at it again and retry.")


class MovedOn(StaleClick):
    """Another process of the bot saved a newer move of this game first (two processes that
    both hold the game, as in a misconfigured shard split or a rolling restart): the change was
    dropped and the session now holds the newer game."""

    def __init__(self, message: Text | str = MOVED_ON) -> None:
        super().__init__(message)


class SaveConflict(Exception):
    """Raised by a session's repository: the store holds a newer save of the game than the one
    the session started from, so this save was refused rather than overwrite it. `newer` is
    what the store holds (its snapshot), or None when the game is gone (ended elsewhere)."""

    def __init__(self, game_id: str, newer: dict[str, Any] | None) -> None:
        super().__init__(f"game {game_id} was saved by someone else first")  # not shown to players
        self.game_id = game_id
        self.newer = newer


class GameIds(Protocol):
    async def game_id_in_use(self, game_id: str) -> bool: ...


async def fresh_game_id(rng: random.Random, held: Container[str], saved: GameIds | None) -> str:
    """A game id (8 hex digits, as the controls' custom ids carry it) that no game this process
    `held` and no `saved` game has: tables and solo games of every process share one store, where
    a first save over another game's row would take its place."""
    while True:
        game_id = f"{rng.getrandbits(32):08x}"
        if game_id not in held and (saved is None or not await saved.game_id_in_use(game_id)):
            return game_id


class StoreRepository:
    """What the repositories of tables and of solo games share: the store, the ids it holds, and
    the games other processes of the bot hold in it."""

    def __init__(self, store: Store, serves: Callable[[int | None], bool] | None = None) -> None:
        self.store = store
        # Which places' games this process holds (`Settings.serves`); None: unknown, so a game
        # not held here may be another process's.
        self._serves = serves

    async def game_id_in_use(self, game_id: str) -> bool:
        return await self.store.running_game_exists(game_id)

    async def _held_elsewhere(self, user_id: int, kind: str, held: Container[str]) -> list[RunningGame]:
        """The saved games of `kind` naming `user_id` that another process of the bot holds: none
        held here (in `held`), in a place this process does not serve. One left in a place this
        process serves is held by nobody; one that cannot be read back is played by nobody."""
        found = []
        for game_id in await self.store.running_game_ids_for_user(user_id, kind=kind):
            if game_id in held:
                continue
            saved = await self.store.get_running_game(game_id)
            if isinstance(saved, RunningGame) and (self._serves is None or not self._serves(saved.guild_id)):
                found.append(saved)
        return found


def refuse_stale(clicked: int | None, current: int, message: Text | str) -> None:
    """A click carries the turn (or move number) it was made on; typed commands carry none.
    Two clicks made on one turn apply once: the second finds the turn moved on."""
    if clicked is not None and clicked != current:
        raise StaleClick(message)


def change_or_undo(mutate: Callable[[], T], *, save: Callable[[], S], restore: Callable[[S], None]) -> T:
    """Run `mutate`; if it refuses (or fails), put the session back as `save` found it and raise
    the refusal as a SessionError (a failure as it is).

    Both kinds of session undo this way. The solo sessions used to rely on the engines checking
    everything before changing anything; that holds today, but one rule that changes a hand and
    then refuses, or a session step that fails after the engine's, would leave a half-made move
    for the next save to write. Keeping a copy costs one serialisation per move, far below the
    save itself, so the safer policy is the one kept."""
    before = save()
    try:
        return mutate()
    except GameError as refusal:
        restore(before)
        raise SessionError(refusal.said) from refusal
    except Exception:
        # The session's own refusal, or a bug midway: either way the session goes back as it
        # was, so no later save writes a half-made change (a bug is raised on, to be logged).
        restore(before)
        raise


async def present_saved(present: Callable[[], Awaitable[T]], what: str) -> T | None:
    """Show a change already saved; what the presenter answers, or None when it failed. A message
    Discord refused (a permission taken away, an outage) must neither undo the change nor stall
    the game's timers: it is logged."""
    try:
        return await present()
    except Exception:
        log.exception("could not show %s", what)
        return None
