"""Bug reports filed on other card-game bots and games with computer players, checked against our
computer players and the table that moves them: each test pins a fault a peer project had (its
report cited above the test) that nothing else here pinned, or one we had too and fixed. The
SimCord side is tests/discord/test_peer_reports_ai.py."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import timedelta

from bot.games.uno.actions import DEAL_NEXT_ROUND
from bot.games.uno.ai.baseline import HeuristicPlayer
from bot.games.uno.game import Phase
from bot.sessions.manager import TableManager
from bot.sessions.table import Member
from bot.sessions.table import Table
from bot.sessions.table import TableSettings
from tests.sessions.tables import Clock

ANN = Member(1, "Ann")
PAUSE = timedelta(seconds=1.5)


async def computer_table(
    computers: int,
    *,
    level: str = "normal",
    settings: TableSettings | None = None,
    seed: int = 0,
    people: tuple[Member, ...] = (ANN,),
) -> tuple[Clock, TableManager, Table]:
    """`people` (Ann hosting) and `computers` computer players of `level`, dealt; the clock
    moves only when the test moves it."""
    clock = Clock()
    tables = TableManager(now=clock)
    tables.rng = random.Random(seed)
    tables.computer_pause = PAUSE
    settings = settings or replace(TableSettings.of("official", target_score=500), turn_seconds=30)
    host, *guests = people
    table = await tables.open_table(guild_id=1, channel_id=5, host=host, settings=settings)
    for guest in guests:
        await table.join(guest)
    await table.add_computer(host.user_id, level, computers)
    await table.start(host.user_id)
    return clock, tables, table


async def next_due(clock: Clock, table: Table) -> None:
    """Move the clock to the table's next deadline and let it pass."""
    due = table.next_deadline
    assert due is not None, "the table waits for nothing"
    clock.now = max(clock.now, due)
    await table.deadline_passed(table.version)


async def person_moves(table: Table, user_id: int) -> None:
    game = table.game
    assert game is not None
    async with table.lock:
        action = HeuristicPlayer().choose(game.view(table.seat_of(user_id)))
    await table.act(user_id, action)


# ---------------------------------------------------------------- between rounds


async def first_round_over(clock: Clock, table: Table) -> None:
    for _ in range(3000):
        game = table.game
        assert game is not None
        if game.phase is Phase.ROUND_OVER or table.phase.is_over:
            return
        if table.members[game.current] == ANN:
            await person_moves(table, ANN.user_id)
        else:
            await next_due(clock, table)
    raise AssertionError("the first round did not end")


# https://github.com/Pasta-Devs/Marinara-Engine/issues/3802 (the game freezes at the AI's turn);
# https://github.com/SibylLab/Program-Wars/issues/196 (the AI sits there when it is to go first).
# Between rounds the table names the seat whose deal it is (O10, anyone may press Deal); before,
# the computer player so named never dealt when a person had won the round (the table waited out
# the turn timer), while a computer player that had won it dealt after its pause in place of the
# person named.
async def test_between_rounds_the_computer_player_named_to_deal_deals_and_no_other() -> None:
    seen = {"computer deals": 0, "person deals": 0}
    for seed in range(40):
        clock, tables, table = await computer_table(2, seed=seed)
        await first_round_over(clock, table)
        game = table.game
        assert game is not None
        if game.phase is Phase.ROUND_OVER:
            dealer = table.members[game.next_dealer]
            if dealer.is_computer:
                seen["computer deals"] += 1
                assert table.computer_move == (dealer.user_id, str(DEAL_NEXT_ROUND), game.turn)
                assert table.computer_due == clock.now + PAUSE
                rounds = game.round_number
                await next_due(clock, table)
                assert game.round_number == rounds + 1 and game.phase is not Phase.ROUND_OVER
            else:
                seen["person deals"] += 1
                assert table.computer_move is None, f"seed {seed}: a computer player deals Ann's deal"
                assert table.next_deadline == table.deadline, "the table waits for Ann, or its timer"
        await tables.close()
        if all(seen.values()):
            break
    assert all(seen.values()), seen
