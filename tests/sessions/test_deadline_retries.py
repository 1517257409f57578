"""A change a deadline makes that fails (the store away for a moment) is tried again later, and
later still after each failure in a row, never at once over and over nor never again."""

from __future__ import annotations

import asyncio
from datetime import datetime
from datetime import timedelta

from bot.sessions.deadlines import RETRY_AFTER_A_FAILURE
from bot.sessions.deadlines import RETRY_AT_MOST
from bot.sessions.deadlines import DeadlineScheduler
from tests.sessions.tables import Clock


class Game:
    """A game whose change at its deadline fails while `failing` says so."""

    def __init__(self, clock: Clock, due: datetime) -> None:
        self.clock, self.due = clock, due
        self.failing = True
        self.tries: list[datetime] = []

    def deadline(self) -> datetime | None:
        return self.due

    async def fire(self) -> None:
        self.tries.append(self.clock.now)
        if self.failing:
            raise ConnectionResetError("the database went away")
        self.due = self.clock.now + timedelta(hours=1)


async def at(clock: Clock, scheduler: DeadlineScheduler, when: datetime) -> None:
    clock.now = when
    scheduler.wake()
    for _ in range(20):
        await asyncio.sleep(0.005)


async def test_a_failed_change_is_tried_again_later_and_later_still() -> None:
    clock = Clock()
    scheduler = DeadlineScheduler(clock, "test")
    due = clock.now + timedelta(seconds=60)
    game = Game(clock, due)
    scheduler.arm("g", game.deadline, game.fire)
    await at(clock, scheduler, due)
    assert game.tries == [due]
    first = due + RETRY_AFTER_A_FAILURE
    await at(clock, scheduler, first - timedelta(seconds=1))
    assert len(game.tries) == 1, "not at once, over and over"
    await at(clock, scheduler, first)
    assert game.tries[-1] == first
    second = first + 2 * RETRY_AFTER_A_FAILURE  # twice as long after a second failure in a row
    await at(clock, scheduler, second - timedelta(seconds=1))
    assert len(game.tries) == 2
    await at(clock, scheduler, second)
    assert game.tries[-1] == second
    # A change that went through since (a click, with its new deadline) starts the count again.
    game.due = second + timedelta(seconds=60)
    scheduler.arm("g", game.deadline, game.fire)
    await at(clock, scheduler, game.due)
    assert game.tries[-1] == game.due
    await at(clock, scheduler, game.due + RETRY_AFTER_A_FAILURE)
    assert len(game.tries) == 5, "the count started again: the shortest wait"
    game.failing = False
    retried = game.due + 3 * RETRY_AFTER_A_FAILURE
    await at(clock, scheduler, retried)
    assert game.tries[-1] == retried and game.due > clock.now
    await scheduler.close()


async def test_the_wait_never_grows_past_its_most() -> None:
    clock = Clock()
    scheduler = DeadlineScheduler(clock, "test")
    game = Game(clock, clock.now)
    scheduler.arm("g", game.deadline, game.fire)
    await at(clock, scheduler, clock.now)
    for _ in range(10):
        await at(clock, scheduler, clock.now + RETRY_AT_MOST)
    waits = {later - earlier for earlier, later in zip(game.tries, game.tries[1:], strict=False)}
    assert max(waits) == RETRY_AT_MOST and len(game.tries) == 11
    await scheduler.close()
