"""Solo games saved through the store: every change, then the result when a game ends."""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.sessions.core import StoreRepository
from bot.sessions.persistence import saving
from bot.sessions.solo import SoloManager
from bot.sessions.solo import SoloPhase
from bot.sessions.solo import SoloSession
from bot.sessions.solo_history import keep_finished
from bot.store import RunningGame
from bot.store import SoloStats
from bot.store import Store

log = logging.getLogger(__name__)


class StoreSoloRepository(StoreRepository):
    """The `SoloRepository` the bot uses: a running game's snapshot, then its streak entry."""

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
            )
        session.saved_move = session.move

    async def finish(self, session: SoloSession) -> SoloStats | None:
        """Count the game (a resignation or an expiry is a loss), then drop its running row.
        An aborted game (its player asked to be forgotten) is not counted. A kind with its own
        `count` is counted by it instead."""
        await self.save(session)  # the ending is saved first, like any change: counted once
        stats = None
        counted = session.phase in (SoloPhase.FINISHED, SoloPhase.EXPIRED)
        if counted and session.kind.count is not None:
            session.record = await session.kind.count(session)
        elif counted:
            await keep_finished(self.store, session)  # its seed and log, for /<game> replay
            stats = await self.store.record_solo_result(
                session.user_id,
                session.kind.name,
                session.variant,
                session.won,
                display_name=session.user_name,
                finished_at=session.now(),
            )
        await self.store.delete_running_game(session.game_id)
        return stats


async def restore_solo_games(
    manager: SoloManager, store: Store, serves: Callable[[int | None], bool] = lambda guild_id: True
) -> list[SoloSession]:
    """Bring back every solo game saved before a restart, for each registered kind, of the
    places this process serves (`serves(guild_id)`; None for a DM). A game that cannot be read
    back is dropped (uncounted) and its player told, where they can be."""
    restored: list[SoloSession] = []
    for kind in manager.kinds.values():
        running: list[RunningGame] = []
        broken: list[tuple[str, int | None, int, str]] = []
        for saved in await store.load_running_games(kind.name):
            if not serves(saved.guild_id):
                continue
            if isinstance(saved, RunningGame):
                running.append(saved)
            else:
                broken.append((saved.game_id, saved.guild_id, saved.channel_id, "en"))
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


def _language(state: object) -> str:
    """The language saved with a game that cannot be restored, where its save still says it."""
    language = state.get("language") if isinstance(state, dict) else None
    return language if isinstance(language, str) else "en"
