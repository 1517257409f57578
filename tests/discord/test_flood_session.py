"""The solo session without Discord: who may move, stale and simultaneous clicks, persist before
present, results counted once, idle expiry, snapshots."""

from __future__ import annotations

import asyncio
from collections.abc import Container
from datetime import UTC
from datetime import datetime
from datetime import timedelta
from typing import Any

import pytest

from bot.games.flood import DRAW
from bot.games.flood import FloodGame
from bot.games.flood import FloodOptions
from bot.games.flood import GreedyPlayer
from bot.games.flood import Play
from bot.games.flood import parse_action
from bot.render.flood_text import describe_events
from bot.sessions.solo import GameEnded
from bot.sessions.solo import NotYourGame
from bot.sessions.solo import SessionError
from bot.sessions.solo import SoloKind
from bot.sessions.solo import SoloManager
from bot.sessions.solo import SoloPhase
from bot.sessions.solo import SoloSession
from bot.sessions.solo import StaleClick
from bot.store import RunningGame
from bot.store import SoloStats

OWNER, OTHER = 1, 2


class Clock:
    def __init__(self) -> None:
        self.moment = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.moment


class Recorder:
    """A repository that remembers what was saved and counted, in order with the presents."""

    def __init__(self, log: list[str]) -> None:
        self.log = log
        self.results: list[tuple[str, bool]] = []

    async def save(self, session: SoloSession) -> None:
        self.log.append(f"save {session.move}")

    async def game_id_in_use(self, game_id: str) -> bool:
        return False

    async def running_elsewhere(self, user_id: int, kind: str, held: Container[str]) -> RunningGame | None:
        return None

    async def finish(self, session: SoloSession) -> SoloStats | None:
        self.log.append(f"finish {session.phase.value}")
        if session.phase is SoloPhase.ABORTED:
            return None
        self.results.append((session.variant, session.won))
        return SoloStats(OWNER, "flood", session.variant, 1, int(session.won), 0, 0)


KIND = SoloKind(
    name="flood",
    title="Survive the Flood",
    parse=parse_action,
    load=FloodGame.from_json,
    command="/flood play",
    describe=describe_events,
)


async def started(seed: int = 3) -> tuple[SoloManager, SoloSession, Recorder, list[str], Clock]:
    log: list[str] = []
    clock = Clock()
    repository = Recorder(log)
    manager = SoloManager(repository=repository, now=clock, idle_seconds=3600)
    manager.register(KIND)
    game, _ = FloodGame.new(FloodOptions.make("medium", "uno"), seed)
    session = await manager.start(
        "flood",
        user_id=OWNER,
        user_name="ann",
        channel_id=10,
        guild_id=None,
        variant="medium/uno",
        game=game,
    )
    return manager, session, repository, log, clock


def a_legal_move(session: SoloSession) -> str:
    game = session.game
    assert isinstance(game, FloodGame)
    return str(GreedyPlayer().choose(game.view()))


async def test_only_the_owner_moves_and_a_refusal_changes_nothing() -> None:
    manager, session, _, log, _ = await started()
    before, move = session.game.to_json(), session.move
    with pytest.raises(NotYourGame, match="belongs to ann"):
        await session.act(OTHER, a_legal_move(session), move)
    game = session.game
    assert isinstance(game, FloodGame)
    view = game.view()
    if view.obliged:
        with pytest.raises(SessionError, match="may not draw"):
            await session.act(OWNER, str(DRAW), move)
    illegal = next((c for c in game.hand if Play(c) not in view.legal), None)
    if illegal is not None:
        with pytest.raises(SessionError):
            await session.act(OWNER, f"play {illegal}", move)
    with pytest.raises(SessionError, match="not a Survive the Flood action"):
        await session.act(OWNER, "fly away", move)
    assert session.game.to_json() == before and session.move == move
    assert log == ["save 0"], "nothing saved for a refusal"
    await manager.close()


async def test_a_stale_click_is_refused_and_two_clicks_at_once_apply_once() -> None:
    manager, session, _, log, _ = await started()
    text = a_legal_move(session)
    results = await asyncio.gather(
        session.act(OWNER, text, 0), session.act(OWNER, text, 0), return_exceptions=True
    )
    assert sum(isinstance(r, StaleClick) for r in results) == 1
    assert session.move == 1
    with pytest.raises(StaleClick):
        await session.act(OWNER, a_legal_move(session), 0)
    assert log == ["save 0", "save 1"]
    await manager.close()


async def test_persist_comes_before_present_and_a_finished_game_is_counted_once() -> None:
    manager, session, repository, log, _ = await started()

    async def present(s: SoloSession, events: list[Any]) -> None:
        log.append(f"present {s.move}")

    await session.act(OWNER, a_legal_move(session), session.move, present=present)
    assert log[-2:] == ["save 1", "present 1"]
    await session.act(OWNER, "resign", session.move, present=present)
    assert log[-2:] == ["finish finished", "present 2"]
    assert repository.results == [("medium/uno", False)]
    assert manager.of(OWNER, "flood") is None and manager.get(session.game_id) is None
    with pytest.raises(GameEnded):
        await session.act(OWNER, "draw", session.move)
    await manager.close()


async def test_an_idle_game_expires_as_a_loss_once_and_a_move_pushes_the_deadline() -> None:
    manager, session, repository, _, clock = await started()
    clock.moment += timedelta(minutes=59)
    assert not await session.expire(session.move)
    await session.act(OWNER, a_legal_move(session), session.move)
    clock.moment += timedelta(minutes=59)
    assert not await session.expire(session.move), "the move pushed the deadline back"
    assert not await session.expire(session.move - 1), "a watcher of an older move does nothing"
    clock.moment += timedelta(minutes=2)
    assert await session.expire(session.move)
    assert session.phase is SoloPhase.EXPIRED
    assert repository.results == [("medium/uno", False)]
    assert not await session.expire(session.move)
    assert repository.results == [("medium/uno", False)], "counted once"
    assert manager.of(OWNER, "flood") is None
    await manager.close()


@pytest.mark.logged_errors_expected
async def test_a_snapshot_restores_the_same_game_and_a_second_game_is_refused() -> None:
    manager, session, _, _, clock = await started()
    await session.act(OWNER, a_legal_move(session), session.move)
    with pytest.raises(SessionError, match="already have"):
        await manager.start(
            "flood",
            user_id=OWNER,
            user_name="ann",
            channel_id=10,
            guild_id=None,
            variant="easy/uno",
            game=FloodGame.new(FloodOptions.make("easy"), 1)[0],
        )
    other = SoloManager(now=clock)
    other.register(KIND)
    restored, damaged = other.restore([session.snapshot(), {"kind": "flood", "game_id": "bad"}])
    assert damaged == [{"kind": "flood", "game_id": "bad"}]
    [back] = restored
    assert back.snapshot() == session.snapshot()
    await manager.close()
    await other.close()


async def test_forgetting_aborts_without_counting() -> None:
    manager, session, repository, log, _ = await started()
    await session.abort()
    assert session.phase is SoloPhase.ABORTED
    assert log[-1] == "finish aborted" and repository.results == []
    assert manager.sessions_of(OWNER) == []
    await manager.close()


@pytest.mark.logged_errors_expected
async def test_a_failed_message_edit_keeps_the_saved_move_and_frees_a_finished_game() -> None:
    manager, session, repository, log, _ = await started()

    async def broken(s: SoloSession, events: list[Any]) -> None:
        raise RuntimeError("Discord is down")

    await session.act(OWNER, a_legal_move(session), 0, present=broken)
    assert session.move == 1 and log[-1] == "save 1"
    await session.act(OWNER, "resign", 1, present=broken)
    assert repository.results == [("medium/uno", False)]
    assert manager.of(OWNER, "flood") is None
    await manager.close()
