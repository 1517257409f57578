"""Solo games saved through the store: every change, then the result when a game ends."""

from __future__ import annotations

import logging
from collections.abc import Callable
from collections.abc import Container

from bot.sessions.core import StoreRepository
from bot.sessions.persistence import saving
from bot.sessions.solo import SoloKind
from bot.sessions.solo import SoloManager
from bot.sessions.solo import SoloPhase
from bot.sessions.solo import SoloSession
from bot.sessions.solo_history import solo_record
from bot.store import RunningGame
from bot.store import SeatResult
from bot.store import SoloStats
from bot.store import Store

log = logging.getLogger(__name__)


class StoreSoloRepository(StoreRepository):
    """The `SoloRepository` the bot uses: a running game's snapshot, then its streak entry."""

    async def running_elsewhere(self, user_id: int, kind: str, held: Container[str]) -> RunningGame | None:
        """The player's game of `kind` another process of the bot holds, still being played (a
        game saved as it ended, its result not yet counted, is not)."""
        playing = [
            saved for saved in await self._held_elsewhere(user_id, kind, held) if not _ended(saved.state)
        ]
        return playing[0] if playing else None

    async def save(self, session: SoloSession) -> None:
        """Save over the save the session holds, never over a newer one (see `save_table`)."""
        async with saving(self.store):
            await self.store.save_running_game(
                session.game_id,
                kind=session.kind.name,
                guild_id=session.guild_id,
                channel_id=session.channel_id,
                state=session.snapshot(),
                move_count=session.move,
                settings={"variant": session.variant},
                message_ids=(session.message_id,) if session.message_id else (),
                deadline=session.deadline,
                user_ids=[session.user_id],
                expected_move_count=session.saved_move,
                # Held as the player's one game of its kind while it is played (see `SoloManager.start`).
                solo_kind=None if session.phase.is_over else session.kind.name,
                puzzle_day=session.kind.puzzle_day(session.game),
            )
        session.saved_move = session.move
        session.ending_saved = session.phase.is_over

    async def finish(self, session: SoloSession) -> SoloStats | None:
        """Count the game (a resignation or an expiry is a loss) and drop its running row, in one
        transaction: a game whose ending is saved is counted once, however often this is tried
        (after a failure, or at a restart: `restore_solo_games`). An aborted game (its player
        asked to be forgotten) is not counted. A kind with its own `count` is counted by it
        instead, which ends the running game with its count (`ends`)."""
        await self.save(session)  # the ending is saved first, like any change
        counted = session.phase in (SoloPhase.FINISHED, SoloPhase.EXPIRED)
        if counted and session.kind.count is not None:
            session.record = await session.kind.count(session)
        elif counted:
            # With its seed and log, for /<game> replay, where the kind keeps replays.
            seat, record = solo_record(session) or (
                SeatResult(session.user_id, session.user_name, 0, 0, session.won),
                None,
            )
            # Its running row goes in the same transaction.
            return await self.store.record_solo_game(
                session.game_id,
                kind=session.kind.name,
                variant=session.variant,
                guild_id=session.guild_id,
                channel_id=session.channel_id,
                finished_at=session.now(),
                seat=seat,
                record=record,
            )
        # What is left: an aborted game, or one its kind's own count did not end.
        await self.store.delete_running_game(session.game_id)
        return None


async def restore_solo_games(
    manager: SoloManager, store: Store, serves: Callable[[int | None], bool] = lambda guild_id: True
) -> list[SoloSession]:
    """Bring back every solo game saved before a restart, for each registered kind, of the
    places this process serves (`serves(guild_id)`; None for a DM). A game that cannot be read
    back is dropped (uncounted) and its player told, where they can be. A game saved as it ended
    whose result was not counted (the process stopped, or the store failed, in between) is
    counted now, once."""
    restored: list[SoloSession] = []
    for kind in manager.kinds.values():
        running: list[RunningGame] = []
        broken: list[tuple[str, int | None, int, str]] = []
        for saved in await store.load_running_games(kind.name):
            if not serves(saved.guild_id):
                continue
            if not isinstance(saved, RunningGame):
                broken.append((saved.game_id, saved.guild_id, saved.channel_id, "en"))
            elif _ended(saved.state):
                await _count_ended(manager, kind, saved)
            else:
                running.append(saved)
        back, damaged = manager.restore(saved.state for saved in running)
        restored += back
        damaged_ids = {str(data.get("game_id")) for data in damaged}
        broken += [
            (row.game_id, row.guild_id, row.channel_id, _language(row.state))
            for row in running
            if row.game_id in damaged_ids
        ]
        for game_id, guild_id, channel_id, language in broken:
            log.error("dropping solo game %s (%s): it cannot be restored", game_id, kind.name)
            await store.delete_running_game(game_id)
            if kind.presenter is not None:
                try:
                    await kind.presenter.damaged(game_id, guild_id, channel_id, language)
                except Exception:
                    log.exception("could not tell the player of %s it was dropped", game_id)
    log.info("restored %d solo games", len(restored))
    return restored


def _ended(state: dict[str, object]) -> bool:
    return state.get("phase") != SoloPhase.PLAYING.value


async def _count_ended(manager: SoloManager, kind: SoloKind, saved: RunningGame) -> None:
    """Finish a game saved as it ended: counted (or, aborted, dropped) as its ending would have
    been. One that cannot be read back stays, to be tried again at the next start."""
    if manager.repository is None:
        return
    try:
        session = SoloSession.from_snapshot(kind, saved.state, manager.now)
        session.repository = manager.repository
        await manager.repository.finish(session)
    except Exception:  # one game must not keep the bot from starting
        log.exception("solo game %s (%s) ended but cannot be counted", saved.game_id, kind.name)


def _language(state: object) -> str:
    """The language saved with a game that cannot be restored, where its save still says it."""
    language = state.get("language") if isinstance(state, dict) else None
    return language if isinstance(language, str) else "en"
