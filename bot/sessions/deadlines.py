"""One scheduler for every running game's deadlines (turn timers, lobby expiry, game time limits,
a computer player's pause, idle solo games).

A deadline is data kept with its game; the scheduler only knows when to look again. It keeps a
heap of (when, game) and one task that sleeps until the earliest, woken early when an earlier one
is added (the sleep is cancelled and begun again: a plain sleep is what SimCord's virtual clock
moves). A game's deadline may move at every move: the heap is not updated then (that would be
a heap operation per move); the entry wakes at the old time, reads the game's deadline again, and
goes back on the heap for the new time. One task rather than one per game keeps an idle table
light, and keeps SimCord's settle loop from slowing down with every open table.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
from collections.abc import Awaitable
from collections.abc import Callable
from datetime import UTC
from datetime import datetime
from datetime import timedelta

log = logging.getLogger(__name__)


def utc_now() -> datetime:
    """The sessions' clock unless they are given another (the bot's is Discord's, tests' their own)."""
    return datetime.now(UTC)


# What the scheduler asks of a game: the deadline to wake at (None once there is none, or the
# game is over), and the change to make when it has passed.
ReadDeadline = Callable[[], datetime | None]
Fire = Callable[[], Awaitable[object]]
FIRING_AT_ONCE = 8
# A change a deadline made that failed (the store away for a moment) is tried again this much later,
# then twice as long after each failure in a row, up to `RETRY_AT_MOST`.
RETRY_AFTER_A_FAILURE = timedelta(seconds=30)
RETRY_AT_MOST = timedelta(minutes=15)


class DeadlineScheduler:
    def __init__(self, now: Callable[[], datetime], what: str) -> None:
        self.now = now
        self.what = what  # "table", "solo game": for task names and the log
        self._games: dict[str, tuple[ReadDeadline, Fire]] = {}
        # Heap entries (when, tie-break, game id); an entry is live while `_queued` names it.
        self._heap: list[tuple[datetime, int, str]] = []
        self._queued: dict[str, tuple[datetime, int]] = {}
        self._order = itertools.count()
        self._task: asyncio.Task[None] | None = None
        self._sleeping_until: datetime | None = None
        self._firing: set[asyncio.Task[None]] = set()
        # Deadlines that come due together (a restart after an outage: thousands at once) fire a
        # few at a time, so their saves queue here rather than time out waiting for a connection.
        self._slots = asyncio.Semaphore(FIRING_AT_ONCE)
        # How many times in a row each game's change failed when its deadline came.
        self._failures: dict[str, int] = {}

    @property
    def armed(self) -> tuple[str, ...]:
        """The games the scheduler holds a deadline for."""
        return tuple(self._games)

    def arm(self, game_id: str, deadline: ReadDeadline, fire: Fire) -> None:
        """Call `fire()` once `deadline()` has passed (reading it again then: it may have moved).
        A game is armed after each change that went through: its failures in a row start again."""
        self._failures.pop(game_id, None)
        due = deadline()
        if due is None:
            self.cancel(game_id)
            return
        self._games[game_id] = (deadline, fire)
        queued = self._queued.get(game_id)
        if queued is not None and queued[0] <= due:
            return  # it wakes at the earlier time and reads the new deadline then
        self._push(game_id, due)

    def cancel(self, game_id: str) -> None:
        self._games.pop(game_id, None)
        self._failures.pop(game_id, None)
        self._queued.pop(game_id, None)  # its heap entry is dropped when it comes up

    def wake(self) -> None:
        """Look at the clock again now rather than at the end of the current sleep (for a clock
        that jumps, as tests' clocks do)."""
        if self._heap:
            self._restart()

    async def close(self) -> None:
        self._games.clear()
        self._queued.clear()
        self._heap.clear()
        tasks = [*self._firing, *([self._task] if self._task else [])]
        self._task = None
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _try_again_later(self, game_id: str) -> None:
        """A game whose change failed when its deadline came (undone: the store was away) keeps
        its deadline, which has passed: it is tried again later, and later still after each
        failure in a row, rather than at once and over and over, or never (the game would wait
        for a click that may not come)."""
        if game_id not in self._games or game_id in self._queued:
            return  # cancelled meanwhile, or a change since queued it anew
        failures = self._failures.get(game_id, 0)
        self._failures[game_id] = failures + 1
        wait = min(RETRY_AFTER_A_FAILURE * 2**failures, RETRY_AT_MOST)
        self._push(game_id, self.now() + wait)

    def _push(self, game_id: str, due: datetime) -> None:
        entry = (due, next(self._order), game_id)
        self._queued[game_id] = entry[:2]
        heapq.heappush(self._heap, entry)
        task = self._task
        if task is not None and not task.done():
            sleeping_until = self._sleeping_until
            if task is asyncio.current_task() or sleeping_until is None or sleeping_until <= due:
                return  # it looks at the heap again before it next sleeps, or wakes in time
        self._restart()  # it sleeps until a later time: begin again with this one

    def _restart(self) -> None:
        task = self._task
        if task is not None and not task.done() and task is not asyncio.current_task():
            task.cancel()
        self._sleeping_until = None
        self._task = asyncio.get_running_loop().create_task(self._run(), name=f"{self.what}-deadlines")

    def _earliest(self) -> tuple[datetime, str] | None:
        """The earliest live entry, dropping the entries of cancelled or re-queued games."""
        heap = self._heap
        while heap:
            due, order, game_id = heap[0]
            if self._queued.get(game_id) == (due, order):
                return due, game_id
            heapq.heappop(heap)
        return None

    async def _run(self) -> None:
        while (earliest := self._earliest()) is not None:
            due, game_id = earliest
            delay = (due - self.now()).total_seconds()
            if delay > 0.001:
                self._sleeping_until = due
                await asyncio.sleep(delay)
                self._sleeping_until = None
                continue
            heapq.heappop(self._heap)
            del self._queued[game_id]
            self._come_due(game_id)
        self._sleeping_until = None  # nothing queued: the next deadline starts a new task

    def _come_due(self, game_id: str) -> None:
        entry = self._games.get(game_id)
        if entry is None:
            return
        read, fire = entry
        due = read()
        if due is None:
            del self._games[game_id]
        elif due > self.now():
            self._push(game_id, due)  # it moved on since it was queued
        else:
            # Each firing in a task of its own: one game's slow save never holds up the others.
            task = asyncio.get_running_loop().create_task(
                self._fire(game_id, due, read, fire), name=f"{self.what}-timer-{game_id}"
            )
            self._firing.add(task)
            task.add_done_callback(self._firing.discard)

    async def _fire(self, game_id: str, fired: datetime, read: ReadDeadline, fire: Fire) -> None:
        try:
            async with self._slots:
                await fire()
        except Exception:
            log.exception("timer of %s %s failed", self.what, game_id)
            self._try_again_later(game_id)
            return
        self._failures.pop(game_id, None)
        # The change re-arms the game through its manager; a change that did not happen (the
        # game moved on meanwhile) leaves its next deadline to be queued here.
        if game_id in self._games and game_id not in self._queued:
            due = read()
            if due is None:
                self._games.pop(game_id, None)
            elif due != fired:
                self._push(game_id, due)
