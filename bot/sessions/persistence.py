"""Tables saved through the store: every change, then the result when a game ends."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from collections.abc import Callable
from collections.abc import Container
from contextlib import asynccontextmanager
from datetime import datetime

from bot.games.uno.ai import LEVELS
from bot.ops import STORE_CONFLICTS
from bot.ops import STORE_ERRORS
from bot.sessions.core import SaveConflict
from bot.sessions.core import StoreRepository
from bot.sessions.deadlines import utc_now
from bot.sessions.manager import DAMAGED
from bot.sessions.manager import IdleTable
from bot.sessions.manager import read_back
from bot.sessions.table import Table
from bot.sessions.table import TablePhase
from bot.store import GameRecord
from bot.store import RunningGame
from bot.store import SeatResult
from bot.store import SoloGameTaken
from bot.store import StaleGameSave
from bot.store import Store
from bot.store.packing import pack_state

log = logging.getLogger(__name__)
KIND = "uno"


def record_kind(table: Table) -> str:
    """Where a finished game is recorded: people-only games as UNO; a game with computer players
    (seated in the lobby or taking a seat over) apart, by the strongest level that played, so
    the people-only leaderboards stay people-only. Computer players have no record of their own."""
    levels = {m.level for m in table.members if m.level} | table.computer_levels_seen
    for level in reversed(LEVELS):
        if level in levels:
            return f"{KIND}_vs_{level}"
    return KIND


COMPUTER_KINDS = tuple(f"{KIND}_vs_{level}" for level in LEVELS)


class StoreTableRepository(StoreRepository):
    """The `TableRepository` the bot uses: the store keeps each running table's snapshot."""

    async def save_table(self, table: Table) -> None:
        """Save the table over the save it was last loaded from or saved as (its version), never
        over a newer one: a second process holding the same table loses with `SaveConflict`."""
        seated = table.user_ids
        state = table.snapshot()
        packed = pack_state(state)
        async with saving(self.store):
            await self.store.save_running_game(
                table.game_id,
                kind=KIND,
                guild_id=table.guild_id,
                channel_id=table.channel_id,
                state=state,
                packed=packed,
                move_count=table.version,
                settings=table.settings.to_json(),
                message_ids=(table.message_id,) if table.message_id else (),
                # The earliest of the table's deadlines: what a restart arms for it unread.
                deadline=table.next_deadline,
                user_ids=seated,
                expected_move_count=table.saved_version,
                seats_changed=seated != table.saved_seats,
            )
        table.saved_version = table.version
        table.saved_seats = seated
        table.saved_packed = packed

    async def finish_table(self, table: Table) -> None:
        # The ending is saved like any change first, so a process holding an older copy of the
        # table can neither record its result a second time nor end it differently.
        await self.save_table(table)
        await self._record_or_later(table)

    async def _record_or_later(self, table: Table) -> None:
        """Record `table`, saved as ended; where the store fails, its result is recorded at the
        next start (`resting_tables`), once, and the table ends for its players all the same."""
        try:
            await self._record_ended(table)
        except Exception:
            STORE_ERRORS.inc()
            log.exception("table %s ended, but its result could not be recorded yet", table.game_id)

    async def _record_ended(self, table: Table) -> None:
        """Record the result of `table`, saved as ended, and drop its running row, in one
        transaction: a result is recorded once, however often this is tried (after a failure, at
        a restart, by a second process)."""
        seats = result_seats(table)
        game = table.game
        if not seats or game is None:
            await self.store.delete_running_game(table.game_id)
            return
        await self.store.record_finished_game(
            kind=record_kind(table),
            ruleset=table.settings.ruleset,
            guild_id=table.guild_id or None,  # a solo table (/uno solo) is in a DM
            channel_id=table.channel_id,
            finished_at=table.now(),
            seats=seats,
            record=game_record(table),
            table_id=table.game_id,
            ends=table.game_id,
        )

    async def hosted_elsewhere(self, user_id: int, held: Container[str]) -> int:
        """How many open tables `user_id` hosts that another process of the bot holds."""
        return sum(
            1
            for saved in await self._held_elsewhere(user_id, KIND, held)
            if saved.state.get("host_id") == user_id and not TablePhase(saved.state.get("phase")).is_over
        )

    async def resting_tables(
        self, serves: Callable[[int], bool] = lambda guild_id: True, now: Callable[[], datetime] = utc_now
    ) -> list[IdleTable | Table]:
        """The tables saved before a restart of the servers `serves` says are this process's,
        their snapshots still packed: the manager builds each one when it is first needed (a
        damaged one is found and closed then). Those saved with no deadline are read now, on the
        manager's clock `now`, and handed over built (the manager dates them without reading them
        again): one saved as it ended whose result was not recorded (the store failed, or the
        process stopped, in between) is recorded now instead."""
        resting: list[IdleTable | Table] = []
        for row in await self.store.packed_running_games(KIND):
            idle = IdleTable(
                row.game_id, row.guild_id or 0, row.channel_id, row.user_ids, row.deadline, row.packed
            )
            if not serves(idle.guild_id):
                continue
            # An ended table waits for nothing: only those without a deadline are read here.
            taken_up = idle if idle.deadline is not None else await self._unless_ended(idle, now)
            if taken_up is not None:
                resting.append(taken_up)
        return resting

    async def _unless_ended(self, idle: IdleTable, now: Callable[[], datetime]) -> IdleTable | Table | None:
        """`idle` read back, or None if it was saved as it ended: then its result is recorded (or
        tried again at the next start, if the store fails again)."""
        try:
            table = read_back(idle, now)
        except DAMAGED:
            return idle  # the manager closes it when it is first needed
        if not table.phase.is_over:
            return table
        await self._record_or_later(table)
        return None


def result_seats(table: Table) -> list[SeatResult]:
    """The people's results of a finished game; none for a table that ended otherwise.

    With teams every member of the winning team won (T7, T8) and each seat carries its team,
    which is what the partners records are made of (T9). Seats eliminated on the way (C7) are
    recorded too, as lost, with the points that put them out. Players who left are recorded after
    the seats still there, as lost with the points they had when they left, and on no team: they
    did not play it out. Computer players are not recorded: with every person gone from it (the
    last one asked to be forgotten), the game leaves nothing to record."""
    game = table.game
    if table.phase is not TablePhase.FINISHED or game is None or game.winner is None:
        return []
    winners = set(game.winners)
    teams = game.is_team_game
    seated = len(table.members)
    return [
        SeatResult(
            user_id=member.user_id,
            display_name=member.name,
            seat=seat,
            points=game.scores[seat],
            won=seat in winners,
            team=game.team_of(seat) if teams else None,
        )
        for seat, member in enumerate(table.members)
        if not member.is_computer
    ] + [
        SeatResult(
            user_id=gone.member.user_id,
            display_name=gone.member.name,
            seat=seated + index,
            points=gone.points,
            won=False,
        )
        for index, gone in enumerate(table.departed)
        if not gone.member.is_computer
    ]


@asynccontextmanager
async def saving(store: Store) -> AsyncIterator[None]:
    """Around the save of a running game (a table's or a solo game's): a save the store refuses
    because another process saved a newer move first becomes the `SaveConflict` the session
    takes up; any other failure is counted, and goes on up."""
    try:
        yield
    except StaleGameSave as stale:
        raise await _conflict(store, stale) from stale
    except SoloGameTaken:
        raise  # a refusal, not a failure: the player already plays a game of that kind
    except Exception:
        STORE_ERRORS.inc()
        raise


async def _conflict(store: Store, stale: StaleGameSave) -> SaveConflict:
    """What the store holds instead of the save it refused, for the session to take up."""
    STORE_CONFLICTS.inc()
    log.warning("game %s: another process saved a newer move first; taking it up", stale.game_id)
    newer = await store.get_running_game(stale.game_id)
    return SaveConflict(stale.game_id, newer.state if isinstance(newer, RunningGame) else None)


def game_record(table: Table) -> GameRecord | None:
    """What replays a finished table: its seed, rules, the engine's move log and who sat where
    at the deal, as the seats its results are recorded under (members still seated first, then
    those who left, as `finish_table` numbers them); None for a table that does not know its
    deal's seating (saved before replays were kept)."""
    game = table.game
    if game is None or not table.dealt:
        return None
    result_seat = {m.user_id: seat for seat, m in enumerate(table.members)}
    result_seat |= {d.member.user_id: len(table.members) + i for i, d in enumerate(table.departed)}
    settings = table.settings
    # Computer players have no result of their own (they are nobody's): their seats are kept
    # here, so a history and a replay name them and show their points.
    winners = set(game.winners)
    computers = [
        [
            seat,
            m.user_id,
            m.name,
            game.scores[seat],
            seat in winners,
            game.team_of(seat) if game.is_team_game else None,
            m.level,
        ]
        for seat, m in enumerate(table.members)
        if m.is_computer
    ]
    return GameRecord(
        seed=table.seed,
        rules={
            "ruleset": settings.ruleset,
            "target_score": settings.target_score,
            "options": settings.options,
            # Not rules of the game, but what "Play again" opens the next table with.
            "turn_seconds": settings.turn_seconds,
            "takeover": settings.takeover,
        },
        log={
            "seating": [result_seat.get(uid) for uid in table.dealt],
            "moves": [[seat, text] for seat, text in game.log],
            **({"computers": computers} if computers else {}),
        },
        rounds=game.round_number,
        seat_count=len(table.dealt),
    )
