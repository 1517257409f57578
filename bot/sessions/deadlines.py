"""The watchers that fire running games' deadlines (turn timers, lobby expiry, idle solo games).

A deadline is data kept with its game; this module only sleeps until it. One watcher task per
game, sleeping to the deadline it last read: when a move pushes the deadline later the watcher
wakes at the old one, reads the new one and sleeps again. Creating a task per move instead would
leave a cancelled timer behind for every move.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime

log = logging.getLogger(__name__)


def utc_now() -> datetime:
    """The sessions' clock unless they are given another (the bot's is Discord's, tests' their own)."""
    return datetime.now(UTC)


# What a watcher asks of its game: the deadline to sleep to (None once there is none, or the
# game is over), and the change to make when it has passed.
ReadDeadline = Callable[[], datetime | None]
Fire = Callable[[], Awaitable[object]]


class DeadlineWatchers:
    def __init__(self, now: Callable[[], datetime], what: str) -> None:
        self.now = now
        self.what = what  # "table", "solo game": for task names and the log
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._sleeping_until: dict[str, datetime] = {}

    @property
    def armed(self) -> tuple[str, ...]:
        """The games a watcher sleeps for."""
        return tuple(self._tasks)

    def arm(self, game_id: str, deadline: ReadDeadline, fire: Fire) -> None:
        """Make sure one watcher sleeps until `deadline()`, then awaits `fire()`, as long as
        `deadline()` names a time that has passed."""
        due = deadline()
        if due is None:
            self.cancel(game_id)
            return
        sleeping_until = self._sleeping_until.get(game_id)
        if game_id in self._tasks and sleeping_until and sleeping_until <= due:
            return
        self.cancel(game_id)
        self._tasks[game_id] = asyncio.get_running_loop().create_task(
            self._watch(game_id, deadline, fire), name=f"{self.what}-timer-{game_id}"
        )

    def cancel(self, game_id: str) -> None:
        self._sleeping_until.pop(game_id, None)
        task = self._tasks.pop(game_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _watch(self, game_id: str, deadline: ReadDeadline, fire: Fire) -> None:
        me = asyncio.current_task()
        while self._tasks.get(game_id) is me:
            due = deadline()
            if due is None:
                break
            self._sleeping_until[game_id] = due
            delay = (due - self.now()).total_seconds()
            if delay > 0.001:
                await asyncio.sleep(delay)
                continue
            try:
                await fire()
            except Exception:
                log.exception("timer of %s %s failed", self.what, game_id)
                break
        if self._tasks.get(game_id) is me:
            del self._tasks[game_id]
            self._sleeping_until.pop(game_id, None)

    async def close(self) -> None:
        tasks = list(self._tasks.values())
        self._tasks.clear()
        self._sleeping_until.clear()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
