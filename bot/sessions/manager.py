"""Every running table, by channel and by game id, and the timers that watch them.

A process may hold ten thousand tables while people play at a few hundred. A table nobody has
touched for a while rests as an `IdleTable`: its saved snapshot, packed (about 1 KB), and what
the indexes and the scheduler need; the game object, the lock and the log are built again from
the snapshot when a click or the table's deadline reaches it. Tables saved before a restart come
back resting, so a start-up reads rows and builds no game at all.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import random
from collections import OrderedDict
from collections.abc import Callable
from collections.abc import Coroutine
from collections.abc import Iterable
from dataclasses import dataclass
from dataclasses import replace
from datetime import datetime
from datetime import timedelta
from functools import partial
from typing import Any

from bot.games.errors import GameError
from bot.i18n.text import counted
from bot.i18n.text import text
from bot.sessions.core import SaveConflict
from bot.sessions.core import fresh_game_id
from bot.sessions.deadlines import DeadlineScheduler
from bot.sessions.deadlines import utc_now
from bot.sessions.table import Line
from bot.sessions.table import Member
from bot.sessions.table import Presenter
from bot.sessions.table import SessionError
from bot.sessions.table import Table
from bot.sessions.table import TableRepository
from bot.sessions.table import TableSettings
from bot.store.packing import pack_state
from bot.store.packing import unpack_state

log = logging.getLogger(__name__)

# How many tables stay built in memory, the most recently used; the others rest packed.
WARM_TABLES = 1000
# How many tables that ended lately are remembered with why they ended, for a late click.
ENDED_KEPT = 1000
# What reading a damaged snapshot back raises.
DAMAGED = (GameError, KeyError, TypeError, ValueError, AttributeError)


@dataclass(slots=True)
class IdleTable:
    """A table at rest: its last saved snapshot, packed, and what finds it and wakes it."""

    game_id: str
    guild_id: int
    channel_id: int
    # Everyone the table names (`Table.user_ids`): who may host it, whom forgetting concerns.
    user_ids: tuple[int, ...]
    deadline: datetime | None  # its next deadline (`Table.next_deadline`)
    packed: str


def resting(table: Table) -> IdleTable:
    packed = table.saved_packed
    if packed is None or table.saved_version != table.version:
        packed = pack_state(table.snapshot())  # never saved as it is (no store, or a failed save)
    return IdleTable(
        table.game_id, table.guild_id, table.channel_id, table.user_ids, table.next_deadline, packed
    )


def read_back(idle: IdleTable, now: Callable[[], datetime]) -> Table:
    """The table `idle` holds, built again; one of `DAMAGED` if its snapshot cannot be read."""
    table = Table.from_snapshot(unpack_state(idle.packed), now)
    # What the store holds: a move need not rewrite the seats, nor resting pack it again.
    table.saved_seats = idle.user_ids
    table.saved_packed = idle.packed
    return table


# The damaged table's game id and channel, for the bot to close its row and say so there.
OnDamaged = Callable[[str, int], Coroutine[Any, Any, None]]


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
        self._by_channel: dict[int, str] = {}
        self._by_id: dict[str, Table | IdleTable] = {}
        # The ids of the tables built in memory, least recently used first.
        self._warm: OrderedDict[str, None] = OrderedDict()
        self.warm_limit = WARM_TABLES
        self.deadlines = DeadlineScheduler(now, "table")
        # Tables one member may host at once (settings.max_tables_per_host); None: no limit.
        self.max_tables_per_host: int | None = None
        # How long a computer player pauses before it moves (settings.computer_move_seconds).
        self.computer_pause = timedelta(seconds=1.5)
        # Called for a resting table whose snapshot cannot be read back once it is woken.
        self.on_damaged: OnDamaged | None = None
        self._closing: set[asyncio.Task[None]] = set()
        # Why the tables that ended lately ended, oldest first (`why_ended`).
        self._ended: OrderedDict[str, Line] = OrderedDict()

    def in_channel(self, channel_id: int) -> Table | None:
        game_id = self._by_channel.get(channel_id)
        return None if game_id is None else self.get(game_id)

    def get(self, game_id: str) -> Table | None:
        """The table, woken if it was resting; None when there is none (or it cannot be read back)."""
        entry = self._by_id.get(game_id)
        if entry is None:
            return None
        table = self._wake(entry) if isinstance(entry, IdleTable) else entry
        if table is not None:
            self._warm[game_id] = None
            self._warm.move_to_end(game_id)
            self.rest(self.warm_limit)
        return table

    def in_guild(self, guild_id: int) -> list[Table]:
        """Every open table of a server, each woken in turn (for when the bot leaves it)."""
        found = [game_id for game_id, entry in self._by_id.items() if entry.guild_id == guild_id]
        return [table for game_id in found if (table := self.get(game_id)) is not None]

    def guild_ids(self) -> set[int]:
        """The servers with an open table here (resting or not), without waking any; a table
        in a DM (`/uno solo`) has no server (0)."""
        return {entry.guild_id for entry in self._by_id.values() if entry.guild_id}

    def why_ended(self, game_id: str) -> Line | None:
        """Why the table `game_id` ended, if it ended lately in this process: what a click on its
        old controls is told. None for a table ended long ago or before a restart."""
        return self._ended.get(game_id)

    def holds(self, game_id: str) -> bool:
        """Whether this process holds the table `game_id` (built or resting)."""
        return game_id in self._by_id

    @property
    def open_count(self) -> int:
        return len(self._by_id)

    @property
    def resting_count(self) -> int:
        return len(self._by_id) - len(self._warm)

    @property
    def tables(self) -> list[Table]:
        """Every open table, each woken in turn: for rare sweeps, not for a click."""
        return [table for game_id in list(self._by_id) if (table := self.get(game_id)) is not None]

    async def open_table(
        self,
        *,
        guild_id: int,
        channel_id: int,
        host: Member,
        settings: TableSettings,
        in_thread: bool = False,
    ) -> Table:
        # The id first: it is looked up in the store, and another table may open meanwhile (two
        # people pressing Play again at once): only what is checked after the lookup holds.
        game_id = await fresh_game_id(self.rng, self._by_id, self.repository)
        # Tables of other processes (servers on their shards) count toward the host's cap too.
        elsewhere = 0
        if self.max_tables_per_host is not None and self.repository is not None:
            elsewhere = await self.repository.hosted_elsewhere(host.user_id, self._by_id)
        if channel_id in self._by_channel:
            raise SessionError(
                text("A table is already running in this channel. Join it, or wait until it ends.")
            )
        self._refuse_a_host_over_the_cap(host, elsewhere)
        table = Table(
            game_id=game_id,
            guild_id=guild_id,
            channel_id=channel_id,
            host=host,
            settings=settings,
            seed=self.rng.getrandbits(63),
            now=self.now,
        )
        table.in_thread = in_thread
        self._adopt(table)
        self.get(table.game_id)  # the most recently used now
        return table

    async def open_solo(
        self, *, channel_id: int, host: Member, settings: TableSettings, level: str, opponents: int
    ) -> Table:
        """/uno solo: `host` against `opponents` computer players of `level` at a table of its
        own in `channel_id` (their DM with the bot), dealt at once. Seats the rules cannot
        deal (twist needs three players) are refused before anything is opened, saved or shown:
        a lobby left behind would hold the DM until it expired."""
        settings.rules().check_seats(opponents + 1)
        if channel_id in self._by_channel:
            # Asked in a server, "this channel" would be the wrong place: the table is in the DM.
            raise SessionError(
                text(
                    "You already have a table against computer players in your DMs with me: "
                    "finish it there, or close it there with `/uno end`."
                )
            )
        table = await self.open_table(guild_id=0, channel_id=channel_id, host=host, settings=settings)
        try:
            await table.add_computer(host.user_id, level, opponents)
        except SessionError:
            self.forget(table)  # refused before its first save: nothing to show or delete
            raise
        await table.start(host.user_id)
        return table

    def _refuse_a_host_over_the_cap(self, host: Member, elsewhere: int) -> None:
        """One member cannot hold more than their share of tables open (issue 14: one member
        opened 25 lobbies in 25 channels), here and in other processes (`elsewhere`)."""
        cap = self.max_tables_per_host
        if cap is None:
            return
        hosted = elsewhere + sum(1 for entry in self._by_id.values() if _hosted_by(entry, host.user_id))
        if hosted >= cap:
            raise SessionError(
                counted(
                    "You already host {count} open UNO table, the most one player may host at once. "
                    "End it with `/uno end` in its channel (or finish its game), then open a new one.",
                    "You already host {count} open UNO tables, the most one player may host at once. "
                    "End one with `/uno end` in its channel (or finish its game), then open a new one.",
                    count=hosted,
                )
            )

    def _adopt(self, table: Table) -> None:
        table.computer_pause = self.computer_pause
        table.presenter = self.presenter
        table.repository = self.repository
        table.on_change = self._changed
        self._by_channel[table.channel_id] = table.game_id
        self._by_id[table.game_id] = table

    async def restore(self, saved: Iterable[IdleTable | Table]) -> int:
        """Take up the tables saved before a restart, resting: each is built when first clicked
        or when its deadline comes (`get`), and its deadline is armed now. A table the store
        already read back at the start (one saved with no deadline) comes built, and is not read
        a second time. Returns how many."""
        count = 0
        for entry in saved:
            if entry.channel_id in self._by_channel or entry.game_id in self._by_id:
                continue
            idle = await self._dated(entry) if isinstance(entry, Table) or entry.deadline is None else entry
            self._by_channel[idle.channel_id] = idle.game_id
            self._by_id[idle.game_id] = idle
            self._arm(idle.game_id)
            count += 1
        return count

    async def _dated(self, saved: IdleTable | Table) -> IdleTable:
        """A table saved with no deadline, read back: one that has a deadline once read was saved
        before that deadline existed (a pause saved before pauses had a limit: when it was
        paused is not known, so its day counts from now, `Table._paused_from`). It is saved so
        now, for the scheduler to end it when its day is out and for a later restart to count
        the same day, rather than count it from whenever someone next wakes the table."""
        if isinstance(saved, Table):
            table, as_saved = saved, replace(resting(saved), deadline=None)
        else:
            try:
                table, as_saved = read_back(saved, self.now), saved
            except DAMAGED:
                return saved  # found and closed when first woken, as any damaged table
        if table.next_deadline is None or table.phase.is_over:
            return as_saved
        if self.repository is not None:
            try:
                await self.repository.save_table(table)
            except SaveConflict:
                return as_saved  # another process saved it since: what it saved is the newer
        return resting(table)

    def rest(self, keep: int) -> None:
        """Put the tables used least recently to rest until `keep` stay built. The table just
        handed out stays, and so does one in the middle of a change."""
        excess = len(self._warm) - max(keep, 1)
        if excess <= 0:
            return
        for game_id in list(itertools.islice(self._warm, excess)):
            table = self._by_id[game_id]
            if isinstance(table, Table) and not table.lock.locked():
                del self._warm[game_id]
                self._by_id[game_id] = resting(table)

    def _wake(self, idle: IdleTable) -> Table | None:
        try:
            table = read_back(idle, self.now)
        except DAMAGED as error:
            log.error("saved table %s cannot be restored: %r", idle.game_id, error)
            self._drop(idle.game_id, idle.channel_id)
            self._report_damage(idle)
            return None
        self._adopt(table)
        if table.phase.is_over:  # saved as it ended, its row not yet gone
            self.forget(table)
            return None
        return table

    def _report_damage(self, idle: IdleTable) -> None:
        if self.on_damaged is None:
            return
        task = asyncio.get_running_loop().create_task(self.on_damaged(idle.game_id, idle.channel_id))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    async def _changed(self, table: Table) -> None:
        if table.phase.is_over:
            self.forget(table)
            return
        if isinstance(self._by_id.get(table.game_id), IdleTable):
            # Put to rest while a caller still held it, and changed since: it is the newest.
            self._by_id[table.game_id] = table
            self._warm[table.game_id] = None
        self.arm(table)

    def forget(self, table: Table) -> None:
        why = table.why_ended
        if why is not None:
            self._ended[table.game_id] = why
            self._ended.move_to_end(table.game_id)
            while len(self._ended) > ENDED_KEPT:
                self._ended.popitem(last=False)
        self._drop(table.game_id, table.channel_id)

    def _drop(self, game_id: str, channel_id: int) -> None:
        if self._by_channel.get(channel_id) == game_id:
            del self._by_channel[channel_id]
        self._by_id.pop(game_id, None)
        self._warm.pop(game_id, None)
        self.deadlines.cancel(game_id)

    async def forget_player(self, user_id: int) -> None:
        """Take a player who asked to be forgotten out of every running table (see
        `Table.forget_player`); one table's failure does not keep them in the others. Resting
        tables that do not name them (seated, gone with a result due, or in a recent line, as
        someone who left a lobby is) stay at rest; the ends remembered for late clicks name
        them no more."""
        concerned = [
            game_id
            for game_id, entry in self._by_id.items()
            if isinstance(entry, Table) or user_id in entry.user_ids or _in_lines(entry, user_id)
        ]
        for game_id in concerned:
            table = self.get(game_id)
            if table is None:
                continue
            try:
                await table.forget_player(user_id)
            except Exception:
                log.exception("could not forget %s at table %s", user_id, table.game_id)
        self._ended = OrderedDict((game_id, why.without(user_id)) for game_id, why in self._ended.items())

    def arm(self, table: Table) -> None:
        """Have the scheduler wake for the table's next deadline (a turn's, the lobby's, or
        the game's time limit, T8: `Table.next_deadline`)."""
        self._arm(table.game_id)

    def _arm(self, game_id: str) -> None:
        # By game id, not by table: the table may be resting, or built again, when it comes due.
        self.deadlines.arm(
            game_id, partial(self._deadline_of, game_id), partial(self._deadline_passed, game_id)
        )

    def _deadline_of(self, game_id: str) -> datetime | None:
        entry = self._by_id.get(game_id)
        if isinstance(entry, Table):
            return None if entry.phase.is_over else entry.next_deadline
        return None if entry is None else entry.deadline

    async def _deadline_passed(self, game_id: str) -> None:
        table = self.get(game_id)
        if table is not None:
            await table.deadline_passed(table.version)

    async def close(self) -> None:
        await self.deadlines.close()
        for task in list(self._closing):
            await task


def _in_lines(entry: IdleTable, user_id: int) -> bool:
    """Whether a resting table's recent lines name `user_id` (read only when someone asks to
    be forgotten, which is rare: each resting table's snapshot is unpacked for it)."""
    try:
        lines = [Line.from_json(line) for line in unpack_state(entry.packed).get("recent", [])]
    except DAMAGED:  # found and closed when the table is next needed; it keeps nobody from going
        return False
    return any(line.names(user_id) for line in lines)


def _hosted_by(entry: Table | IdleTable, user_id: int) -> bool:
    if isinstance(entry, Table):
        return entry.host_id == user_id
    # A host is always seated; only a resting table that seats them is read to know.
    return user_id in entry.user_ids and unpack_state(entry.packed).get("host_id") == user_id
