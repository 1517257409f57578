"""A table's time limit (T8: "or when the table's time is up") without Discord: the setting and
its refusals, the game's deadline kept as data with the table, the one watcher per table that
calls time, what follows mid-round and between rounds, and a restart keeping the deadline."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.games.errors import GameError
from bot.games.uno.actions import DEAL_NEXT_ROUND
from bot.games.uno.ai import HeuristicPlayer
from bot.games.uno.game import Phase
from bot.games.uno.game import UnoGame
from bot.sessions.manager import TableManager
from bot.sessions.manager import resting
from bot.sessions.manager import utc_now
from bot.sessions.table import Member
from bot.sessions.table import SessionError
from bot.sessions.table import Table
from bot.sessions.table import TablePhase
from bot.sessions.table import TableSettings
from tests.sessions.tables import START
from tests.sessions.tables import Clock
from tests.sessions.tables import Recorder
from tests.sessions.tables import players
from tests.sessions.tables import seated_table

TIMED_TWIST = TableSettings().edited(ruleset="twist", time_limit=30)


async def started(manager: TableManager, settings: TableSettings, count: int = 3) -> Table:
    return await seated_table(manager, players(count), channel_id=9, settings=settings, seed=5)


async def timed_table() -> tuple[Clock, Recorder, TableManager, Table, UnoGame]:
    """A started three-player twist table with a 30-minute limit, on a clock the test moves."""
    clock, recorder = Clock(), Recorder()
    manager = TableManager(now=clock, repository=recorder)
    table = await started(manager, TIMED_TWIST)
    assert table.game is not None
    return clock, recorder, manager, table, table.game


async def a_careful_move(table: Table) -> None:
    game = table.game
    assert game is not None
    seat = game.current
    action = DEAL_NEXT_ROUND if game.phase is Phase.ROUND_OVER else HeuristicPlayer().choose(game.view(seat))
    await table.act(table.members[seat].user_id, action)


def test_t8_the_time_limit_is_a_setting_kept_across_rulesets_and_house_rules() -> None:
    assert TIMED_TWIST.time_limit == 30 and TIMED_TWIST.options == {"time_limit": 30}
    assert TIMED_TWIST.rules().time_limit == 30
    # The table's clock is the table's, whatever it plays.
    assert TIMED_TWIST.with_ruleset("classic").time_limit == 30
    assert TIMED_TWIST.with_house_rules(["jump_in"]).options == {"time_limit": 30, "jump_in": True}
    assert TIMED_TWIST.with_house_rules([]).time_limit == 30
    assert TIMED_TWIST.edited(time_limit=0).options == {}
    assert TIMED_TWIST.server_options() == {"time_limit": 30}
    assert TableSettings.of("twist", TIMED_TWIST.server_options()) == TIMED_TWIST
    with pytest.raises(GameError, match="5 to 600 minutes, or 0 for none"):
        TableSettings().edited(time_limit=3)


async def test_t8_a_time_limit_that_makes_no_sense_is_refused_in_the_lobby_with_the_reason() -> None:
    manager = TableManager(now=Clock())
    table = await manager.open_table(guild_id=1, channel_id=3, host=Member(1, "host"), settings=TIMED_TWIST)
    with pytest.raises(SessionError, match="A time limit is 5 to 600 minutes"):
        await table.change_settings(1, lambda s: s.with_option("time_limit", 700))
    assert table.settings == TIMED_TWIST
    await table.change_settings(1, lambda s: s.with_option("time_limit", 45))
    assert table.settings.time_limit == 45
    await manager.close()


async def test_t8_time_up_mid_round_the_round_is_played_out_then_the_lowest_total_wins() -> None:
    clock, recorder, manager, table, game = await timed_table()
    # The game's deadline is data, set at the first deal; the turn's comes first.
    assert table.game_deadline == START + timedelta(minutes=30)
    assert table.next_deadline == table.deadline == START + timedelta(seconds=60)
    assert recorder.saved[-1]["game_deadline"] == (START + timedelta(minutes=30)).isoformat()
    for _ in range(4):
        await a_careful_move(table)
    round_number = game.round_number

    # Half an hour later the turn's deadline has passed too: time is called first.
    clock.now = START + timedelta(minutes=30, seconds=5)
    turn = game.turn
    await table.deadline_passed(table.version)
    assert game.time_called and not game.is_over and game.turn == turn
    assert table.recent[-1] == "⏱ Time is up: this round is the last."
    assert not any("ran out of time" in line for line in table.recent)
    assert table.next_deadline == table.deadline, "only the turn's deadline is left to wait for"
    # The turn's time-out then still fires as usual.
    await table.deadline_passed(table.version)
    assert game.turn > turn and any("ran out of time" in line for line in table.recent)

    while not table.phase.is_over:
        await a_careful_move(table)
    assert table.phase is TablePhase.FINISHED and game.round_number == round_number
    totals = game.team_scores()
    assert game.winner is not None and totals[game.winner] == min(totals)
    assert max(totals) < game.ruleset.target_score, "the time, not the threshold, ended the game"
    assert recorder.finished == [table]
    assert table.next_deadline is None
    await manager.close()


async def test_t8_time_up_between_rounds_ends_the_game_at_once() -> None:
    clock, recorder, manager, table, game = await timed_table()
    while game.phase is not Phase.ROUND_OVER:
        await a_careful_move(table)
    clock.now = START + timedelta(hours=1)
    await table.deadline_passed(table.version)
    assert table.phase is TablePhase.FINISHED and game.round_number == 1
    assert "⏱ Time is up: the game ends now." in table.recent
    assert recorder.finished == [table]
    await manager.close()


async def test_t8_a_restart_keeps_the_game_deadline_and_the_watcher_sleeps_to_it() -> None:
    _, recorder, manager, table, _ = await timed_table()
    await manager.close()

    later = Clock()
    later.now = START + timedelta(minutes=10)
    revived = TableManager(now=later)
    assert await revived.restore([resting(Table.from_snapshot(recorder.saved[-1], later))]) == 1
    assert list(revived.deadlines.armed) == [table.game_id], "armed while the table rests"
    restored = revived.get(table.game_id)
    assert restored is not None
    assert restored.game_deadline == table.game_deadline == START + timedelta(minutes=30)
    # The turn's deadline (a minute after the start) passed while the bot was down: due first.
    assert restored.next_deadline == restored.deadline
    await revived.close()
    # A table saved before time limits existed has none.
    old = dict(recorder.saved[-1])
    del old["game_deadline"]
    assert Table.from_snapshot(old, later).game_deadline is None


async def test_t8_the_scheduler_calls_time_when_the_game_deadline_passes() -> None:
    """The manager's scheduler reads `next_deadline`: nothing is added for the game's deadline,
    and it fires although the turn's deadline is much later."""
    manager = TableManager(now=utc_now)
    settings = TableSettings().edited(ruleset="twist", time_limit=5)
    table = await started(manager, settings)
    game = table.game
    assert game is not None
    assert list(manager.deadlines.armed) == [table.game_id]
    # The test cannot wait five minutes: the deadline is moved to a moment from now and the
    # scheduler told, as a move would tell it.
    table.game_deadline = utc_now() + timedelta(milliseconds=50)
    manager.arm(table)
    assert list(manager.deadlines.armed) == [table.game_id]
    for _ in range(200):
        if game.time_called:
            break
        await asyncio.sleep(0.01)
    assert game.time_called and not game.is_over
    assert table.recent[-1] == "⏱ Time is up: this round is the last."
    assert list(manager.deadlines.armed) == [table.game_id], "still armed, now for the turn"
    await manager.close()


async def test_one_scheduler_task_wakes_for_every_tables_deadline() -> None:
    """Many open tables cost one sleeping task, not one each; the earliest deadline is served
    first even when it is armed after later ones."""
    manager = TableManager(now=utc_now)
    tables = [await seated_table(manager, players(3), channel_id=100 + n, seed=n) for n in range(30)]
    tasks = [t for t in asyncio.all_tasks() if t.get_name().startswith("table-")]
    assert [t.get_name() for t in tasks] == ["table-deadlines"]
    last = tables[-1]
    last.deadline = utc_now() + timedelta(milliseconds=30)
    manager.arm(last)
    turn = last.turn
    for _ in range(200):
        if last.turn != turn:
            break
        await asyncio.sleep(0.01)
    assert last.turn != turn, "the earliest deadline fired"
    assert all(t.turn == tables[0].turn for t in tables[:-1]), "the others still wait"
    await manager.close()
