"""The turn's ping as the table decides it: whom a change calls (a person the turn has just
passed to, at a server table of two people or more) and which earlier ping it retires, handed
to the presenter with the change; the ping's message id kept with the table's saved state."""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import timedelta
from pathlib import Path

from bot.games.uno.ai import HeuristicPlayer
from bot.games.uno.events import Event
from bot.games.uno.game import Phase
from bot.i18n.text import Text
from bot.i18n.text import text
from bot.sessions.manager import TableManager
from bot.sessions.persistence import StoreTableRepository
from bot.sessions.table import Member
from bot.sessions.table import Table
from bot.sessions.table import TableSettings
from bot.sessions.table import TurnPing
from bot.store import Store
from tests.sessions.tables import Clock
from tests.sessions.tables import clock
from tests.sessions.tables import players
from tests.sessions.tables import seated_table

CAREFUL = HeuristicPlayer()


class Pings:
    """A presenter that posts each ping it is asked for (message ids of its own) and retires
    those it is told to, as the cog does; what was live after each change."""

    def __init__(self) -> None:
        self.live: set[int] = set()
        self.called: list[int] = []
        self.retired: list[int] = []
        self._next = 1000

    async def show(self, table: Table, events: Sequence[Event], ping: TurnPing) -> Text | None:
        if ping.retire is not None:
            assert ping.retire in self.live, "only a ping posted is retired"
            self.live.discard(ping.retire)
            self.retired.append(ping.retire)
        if ping.call is not None:
            assert not ping.call.is_computer
            self._next += 1
            self.live.add(self._next)
            self.called.append(ping.call.user_id)
            await table.remember_ping(self._next)
        return None


def awaited_person(table: Table) -> int | None:
    game = table.game
    if game is None or table.phase.is_over or game.phase is Phase.ROUND_OVER:
        return None
    member = table.members[game.current]
    return None if member.is_computer else member.user_id


async def careful_move(table: Table) -> None:
    game = table.game
    assert game is not None
    seat = game.next_dealer if game.phase is Phase.ROUND_OVER else game.current
    await table.act(table.members[seat].user_id, CAREFUL.choose(game.view(seat)))


async def test_the_turn_passing_to_a_person_calls_them_and_retires_the_ping_before() -> None:
    shown = Pings()
    manager = TableManager(presenter=shown, now=clock)
    table = await seated_table(manager, players(3), seed=5)
    assert shown.called == [awaited_person(table)] and table.ping_id in shown.live
    passes = stays = 0
    for _ in range(60):
        before, called_before, ping_before = awaited_person(table), len(shown.called), table.ping_id
        await careful_move(table)
        after = awaited_person(table)
        if after == before:
            # Their turn goes on (a colour to call, a drawn card to play or keep): no new ping.
            assert len(shown.called) == called_before and table.ping_id == ping_before
            stays += after is not None
            continue
        assert ping_before is None or shown.retired[-1] == ping_before
        if after is None:  # between rounds nobody is called
            assert len(shown.called) == called_before and table.ping_id is None
        else:
            assert shown.called[called_before:] == [after]
            passes += 1
        assert shown.live == ({table.ping_id} if table.ping_id else set()), "one ping at a time"
    assert passes >= 20 and stays >= 1


async def test_the_end_of_the_table_retires_the_last_ping() -> None:
    shown = Pings()
    manager = TableManager(presenter=shown, now=clock)
    table = await seated_table(manager, players(2), seed=2)
    while table.ping_id is None:  # the host who started is not pinged for the first turn
        await careful_move(table)
    last = table.ping_id
    assert last is not None
    await table.end(text("The table was closed."))
    assert shown.retired == [last] and shown.live == set()


async def test_out_of_turn_changes_call_nobody() -> None:
    shown = Pings()
    manager = TableManager(presenter=shown, now=clock)
    table = await seated_table(manager, [*players(3), Member(4, "p4")], seed=1)
    called = list(shown.called)
    awaited = awaited_person(table)
    other = next(m.user_id for m in table.members if m.user_id != awaited)
    await table.pause(table.host_id)
    await table.resume(table.host_id)
    await table.leave(other)  # someone else leaves: the turn stays where it was
    assert shown.called == called and shown.retired == []


async def test_a_computer_players_turn_and_a_table_of_one_person_call_nobody() -> None:
    shown = Pings()
    manager = TableManager(presenter=shown, now=clock)
    # A long pause: the computer player's turn waits, so it can be looked at.
    manager.computer_pause = timedelta(hours=1)
    settings = TableSettings()
    table = await manager.open_table(guild_id=1, channel_id=3, host=Member(1, "ann"), settings=settings)
    await table.add_computer(1, "easy")
    await table.start(1)
    for _ in range(40):
        if awaited_person(table) is None:
            break
        await careful_move(table)
    assert shown.called == [] and shown.retired == [], "one person with computer players: no ping"

    two = await manager.open_table(guild_id=1, channel_id=4, host=Member(5, "bo"), settings=settings)
    await two.join(Member(6, "cy"))
    await two.add_computer(5, "easy")
    await two.start(5)
    for _ in range(40):
        if awaited_person(two) is None:
            break
        await careful_move(two)
    game = two.game
    assert game is not None and two.members[game.current].is_computer
    assert two.ping_id is None and shown.live == set(), "the ping before went, and none came"


async def test_the_one_person_left_in_play_is_not_called_once_the_other_is_put_out() -> None:
    """Classic (C7): once one of two people is out of the game, the other plays on against the
    computer players alone, as at a table of one person: nobody is called."""
    shown = Pings()
    clock = Clock()
    manager = TableManager(presenter=shown, now=clock)
    # Seeded: an unseeded deal could end the round before ten turns (seen once in a while).
    manager.rng = random.Random(3)
    manager.computer_pause = timedelta(seconds=2)
    settings = TableSettings.of("classic")
    table = await manager.open_table(guild_id=1, channel_id=3, host=Member(1, "ann"), settings=settings)
    await table.join(Member(2, "bob"))
    await table.add_computer(1, "easy")
    await table.start(1)
    game = table.game
    assert game is not None
    ann, bob = table.seat_of(1), table.seat_of(2)
    async with table.lock:  # bob put out at the last round's end: his cards back in the pile
        game.eliminated[bob] = True
        game.draw_pile += game.hands[bob]
        game.hands[bob] = []
        game.current = ann
    shown.called.clear()
    for _ in range(40):
        if table.phase.is_over or game.phase is Phase.ROUND_OVER:
            break
        if table.computer_due is not None:
            clock.now = table.computer_due
            await table.deadline_passed(table.version)
        elif awaited_person(table) == 1:
            await careful_move(table)
    assert game.turn > 10, "ann and the computer player took turns"
    assert shown.called == [], "ann, the one person left in play, is not called"


async def test_a_table_in_a_dm_calls_nobody() -> None:
    shown = Pings()
    manager = TableManager(presenter=shown, now=clock)
    ann, settings = Member(1, "ann"), TableSettings()
    table = await manager.open_table(guild_id=0, channel_id=9, host=ann, settings=settings)  # a DM's guild: 0
    await table.join(Member(2, "bob"))  # not how a DM table is seated today, but two people
    await table.start(1)
    await careful_move(table)
    assert shown.called == []


async def test_the_pings_id_is_saved_with_the_table_and_comes_back_after_a_restart(tmp_path: Path) -> None:
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'pings.db'}")
    try:
        shown = Pings()
        manager = TableManager(repository=StoreTableRepository(store), presenter=shown, now=clock)
        table = await seated_table(manager, players(2), seed=4)
        posted = table.ping_id
        assert posted is not None
        saved = await store.get_running_game(table.game_id)
        assert saved is not None and saved.state["ping_id"] == posted, "saved once posted"
        restored = Table.from_snapshot(saved.state, clock)
        assert restored.ping_id == posted
        # A table saved before pings were kept has none.
        del saved.state["ping_id"]
        assert Table.from_snapshot(saved.state, clock).ping_id is None
    finally:
        await store.close()


async def test_the_timer_deals_the_next_round_as_the_dealer_the_table_named() -> None:
    """O10: between rounds the table names the next dealer and its ping calls them; when nobody
    deals in time the timer deals for that same player (their deal in the game's log, as a
    replay shows it), not for whoever's turn it last was."""
    for seed in range(1, 30):
        shown = Pings()
        manager = TableManager(presenter=shown, now=clock)
        table = await seated_table(manager, players(3), seed=seed)
        game = table.game
        assert game is not None
        while game.phase is not Phase.ROUND_OVER:
            await careful_move(table)
        if game.current != game.next_dealer:
            break
        await manager.close()
    else:
        raise AssertionError("no round ended away from its next dealer")
    named = table.members[game.next_dealer]
    assert shown.called[-1] == named.user_id, "the deal's ping calls the named dealer"
    await table.deadline_passed(table.version)
    assert game.phase is Phase.PLAYING and game.round_number == 2
    assert game.log[-1] == (table.seat_of(named.user_id), "deal")
    await manager.close()
