"""Every running table, by channel and by game id, and the timers that watch them."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from typing import Any

from bot.games.errors import GameError
from bot.sessions.deadlines import DeadlineScheduler, utc_now
from bot.sessions.table import Member, Presenter, SessionError, Table, TableRepository, TableSettings

log = logging.getLogger(__name__)


class TableManager:
    def __init__(
        self,
        *,
        repository: TableRepository | None = None,
        presenter: Presenter | None = None,
        now: Callable[[], datetime] = utc_now,
    ) -> None:
        self.repository = repository
        self.presenter = presenter
        self.now = now
        # Where game ids and deck seeds come from; tests put a seeded random.Random here.
        self.rng: random.Random = random.SystemRandom()
        self._by_channel: dict[int, Table] = {}
        self._by_id: dict[str, Table] = {}
        self.deadlines = DeadlineScheduler(now, "table")
        # Tables one member may host at once (settings.max_tables_per_host); None: no limit.
        self.max_tables_per_host: int | None = None
        # How long a computer player pauses before it moves (settings.computer_move_seconds).
        self.computer_pause = timedelta(seconds=1.5)

    def in_channel(self, channel_id: int) -> Table | None:
        return self._by_channel.get(channel_id)

    def get(self, game_id: str) -> Table | None:
        return self._by_id.get(game_id)

    @property
    def tables(self) -> list[Table]:
        return list(self._by_id.values())

    async def open_table(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host: Member,
        settings: TableSettings,
        in_thread: bool = False,
    ) -> Table:
        if channel_id in self._by_channel:
            raise SessionError(
                "A table is already running in this channel. Join it, or wait until it ends."
            )
        self._refuse_a_host_over_the_cap(host)
        table = Table(
            game_id=f"{self.rng.getrandbits(32):08x}",
            guild_id=guild_id,
            channel_id=channel_id,
            host=host,
            settings=settings,
            seed=self.rng.getrandbits(63),
            now=self.now,
        )
        table.in_thread = in_thread
        self._adopt(table)
        return table

    def _refuse_a_host_over_the_cap(self, host: Member) -> None:
        """One member cannot hold more than their share of tables open (issue 14: one member
        opened 25 lobbies in 25 channels)."""
        cap = self.max_tables_per_host
        if cap is None:
            return
        hosted = sum(1 for table in self._by_id.values() if table.host_id == host.user_id)
        if hosted >= cap:
            raise SessionError(
                f"You already host {hosted} open UNO tables, the most one player may host at once. "
                "End one with `/uno end` in its channel (or finish its game), then open a new one."
            )

    def _adopt(self, table: Table) -> None:
        table.computer_pause = self.computer_pause
        table.presenter = self.presenter
        table.repository = self.repository
        table.on_change = self._changed
        self._by_channel[table.channel_id] = table
        self._by_id[table.game_id] = table

    def restore(self, snapshots: Iterable[dict[str, Any]]) -> tuple[list[Table], list[dict[str, Any]]]:
        """Adopt tables saved before a restart and re-arm their timers from the stored deadlines.

        Returns the tables restored and the snapshots that could not be (damaged ones: logged, for
        the caller to close and announce).
        """
        restored, damaged = [], []
        for data in snapshots:
            try:
                table = Table.from_snapshot(data, self.now)
            except (GameError, KeyError, TypeError, ValueError, AttributeError) as error:
                log.error("saved table %s cannot be restored: %r", data.get("game_id"), error)
                damaged.append(data)
                continue
            if table.phase.is_over or table.channel_id in self._by_channel:
                continue
            self._adopt(table)
            self.arm(table)
            restored.append(table)
        return restored, damaged

    async def _changed(self, table: Table) -> None:
        if table.phase.is_over:
            self.forget(table)
        else:
            self.arm(table)

    def forget(self, table: Table) -> None:
        self._by_channel.pop(table.channel_id, None)
        self._by_id.pop(table.game_id, None)
        self.deadlines.cancel(table.game_id)

    async def forget_player(self, user_id: int) -> None:
        """Take a player who asked to be forgotten out of every running table (see
        `Table.forget_player`); one table's failure does not keep them in the others."""
        for table in self.tables:
            try:
                await table.forget_player(user_id)
            except Exception:
                log.exception("could not forget %s at table %s", user_id, table.game_id)

    def arm(self, table: Table) -> None:
        """Have the scheduler wake for the table's next deadline (a turn's, the lobby's, or
        the game's time limit, T8: `Table.next_deadline`)."""
        self.deadlines.arm(
            table.game_id,
            lambda: None if table.phase.is_over else table.next_deadline,
            lambda: table.deadline_passed(table.version),
        )

    async def close(self) -> None:
        await self.deadlines.close()
