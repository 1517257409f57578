"""Table sessions without Discord: concurrency against a real SQLite store, phases, refusals."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path

import pytest

from bot.games.flood import FloodGame
from bot.games.flood import FloodOptions
from bot.games.uno.actions import DRAW
from bot.games.uno.actions import PASS
from bot.games.uno.actions import Play
from bot.games.uno.game import Phase
from bot.i18n.text import text
from bot.sessions.manager import TableManager
from bot.sessions.persistence import StoreTableRepository
from bot.sessions.solo import SoloManager
from bot.sessions.solo_store import StoreSoloRepository
from bot.sessions.table import TRANSITIONS
from bot.sessions.table import Member
from bot.sessions.table import SessionError
from bot.sessions.table import Table
from bot.sessions.table import TablePhase
from bot.sessions.table import TableSettings
from bot.store import RunningGame
from bot.store import Store
from cogs.flood.cog import FLOOD
from tests.sessions.tables import clock
from tests.sessions.tables import players
from tests.sessions.tables import seated_table


async def started_table(manager: TableManager, channel_id: int) -> Table:
    host, guest = Member(channel_id * 10 + 1, "host"), Member(channel_id * 10 + 2, "guest")
    return await seated_table(manager, [host, guest], channel_id=channel_id, show_lobby=True)


async def a_move(table: Table) -> None:
    """The player to move draws (and keeps the card when it could be played)."""
    game = table.game
    assert game is not None
    user_id = table.members[game.current].user_id
    if game.drawn_card is not None:
        await table.act(user_id, PASS)
    elif game.phase.value == "awaiting colour":
        await table.act(
            user_id, next(a for a in game.legal_actions(game.current) if str(a).startswith("colour"))
        )
    elif game.phase.value == "awaiting challenge":
        await table.act(user_id, next(a for a in game.legal_actions(game.current) if str(a) == "accept"))
    else:
        await table.act(user_id, DRAW)


async def test_200_moves_across_20_tables_on_one_sqlite_file(tmp_path: Path) -> None:
    """No "database is locked", no lost update, each table's saved move count right."""
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'busy.db'}")
    manager = TableManager(repository=StoreTableRepository(store), now=clock)
    manager.rng = random.Random(1)
    try:
        tables = [await started_table(manager, channel_id) for channel_id in range(1, 21)]
        versions_before = [t.version for t in tables]

        async def ten_moves(table: Table) -> None:
            for _ in range(10):
                await a_move(table)

        await asyncio.gather(*(ten_moves(t) for t in tables))
        saved = {g.game_id: g for g in await store.load_running_games("uno")}
        assert len(saved) == 20
        for table, before in zip(tables, versions_before, strict=True):
            record = saved[table.game_id]
            assert isinstance(record, RunningGame)
            assert table.version == before + 10
            assert record.move_count == table.version, "a save was lost"
            assert record.state["game"]["log"] == [list(entry) for entry in table.game.log]
    finally:
        await manager.close()
        await store.close()


async def test_two_moves_at_once_on_one_table_apply_once() -> None:
    manager = TableManager(now=clock)
    manager.rng = random.Random(2)
    table = await started_table(manager, 1)
    game = table.game
    assert game is not None
    if game.phase is not Phase.PLAYING:
        await a_move(table)
    user_id = table.members[game.current].user_id
    turn = game.turn
    plays = [a for a in game.legal_actions(game.current) if isinstance(a, Play)]
    first = plays[0] if plays and not plays[0].card.is_wild else DRAW
    results = await asyncio.gather(
        table.act(user_id, first, turn), table.act(user_id, first, turn), return_exceptions=True
    )
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert sum(isinstance(r, SessionError) for r in results) == 1
    await manager.close()


async def test_phase_transitions_follow_the_table() -> None:
    assert TablePhase.LOBBY in TRANSITIONS[TablePhase.LOBBY]
    assert not TRANSITIONS[TablePhase.FINISHED] and not TRANSITIONS[TablePhase.ABORTED]
    assert TablePhase.LOBBY not in TRANSITIONS[TablePhase.PLAYING], "a game never returns to its lobby"
    manager = TableManager(now=clock)
    table = await manager.open_table(
        guild_id=1, channel_id=5, host=Member(1, "host"), settings=TableSettings()
    )
    with pytest.raises(SessionError, match="At least 2 players"):
        await table.start(1)
    await table.join(Member(2, "guest"))
    with pytest.raises(SessionError, match="Only the host"):
        await table.start(2)
    with pytest.raises(SessionError, match="already running"):
        await manager.open_table(guild_id=1, channel_id=5, host=Member(3, "other"), settings=TableSettings())
    await table.end("closed by test")
    assert table.phase is TablePhase.ABORTED
    assert manager.in_channel(5) is None
    with pytest.raises(SessionError, match="ended"):
        await table.join(Member(4, "late"))
    await manager.close()


async def four_seat_table(store: Store) -> tuple[TableManager, Table]:
    manager = TableManager(repository=StoreTableRepository(store), now=clock)
    names = ("ann", "bob", "cat", "dan")
    table = await seated_table(manager, [Member(n, name) for n, name in enumerate(names, 1)], seed=3)
    return manager, table


async def test_players_who_leave_a_running_game_are_recorded_as_lost_when_it_ends(
    tmp_path: Path,
) -> None:
    """Leaving (/uno leave) or being removed after three time-outs dodges no loss: when the game
    finishes, they are in its results with the points they had, beside those who played it out."""
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'left.db'}")
    manager, table = await four_seat_table(store)
    try:
        game = table.game
        assert game is not None
        sleeper = table.members[game.current]
        while table.is_seated(sleeper.user_id):
            if table.current_member == sleeper:
                await table.deadline_passed(table.version)
            else:
                await a_move(table)
        quitter = next(m for m in table.members if table.current_member != m)
        await table.leave(quitter.user_id)
        assert table.phase is not TablePhase.FINISHED, "two players are still at the table"
        [saved] = await store.load_running_games("uno")
        assert isinstance(saved, RunningGame)
        assert {sleeper.user_id, quitter.user_id} <= set(saved.user_ids), "their result is due"

        # A restart in between keeps who left.
        restored = Table.from_snapshot(table.snapshot(), clock)
        assert restored.departed == table.departed

        last_out = table.members[0]
        await table.leave(last_out.user_id)
        assert table.phase is TablePhase.FINISHED
        [winner] = table.members
        for member, won in ((winner, 1), (sleeper, 0), (quitter, 0), (last_out, 0)):
            uno = (await store.player_stats(member.user_id)).for_kind("uno")
            assert uno is not None, f"{member.name} has no result"
            assert (uno.games, uno.wins) == (1, won), member.name
        assert await store.load_running_games("uno") == []
    finally:
        await manager.close()
        await store.close()


async def test_a_player_forgotten_after_leaving_is_not_recorded_when_the_game_ends(
    tmp_path: Path,
) -> None:
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'forget.db'}")
    manager, table = await four_seat_table(store)
    try:
        forgotten, stays = table.members[0], table.members[1]
        await table.leave(forgotten.user_id)
        assert await table.forget_player(forgotten.user_id)
        assert not table.departed
        assert not any(forgotten.name in line for line in table.recent)
        saved = await store.get_running_game(table.game_id)
        assert saved is not None and not saved.state["departed"]
        assert not any(forgotten.name in line for line in saved.state["recent"])
        assert forgotten.user_id not in saved.user_ids
        assert not await table.forget_player(forgotten.user_id), "nothing of theirs is left"
        await table.leave(table.members[-1].user_id)
        await table.leave(stays.user_id)
        assert table.phase is TablePhase.FINISHED
        assert await store.get_player(forgotten.user_id) is None
        stays_uno = (await store.player_stats(stays.user_id)).for_kind("uno")
        assert stays_uno is not None and (stays_uno.games, stays_uno.wins) == (1, 0)
    finally:
        await manager.close()
        await store.close()


async def test_forgetting_a_player_named_a_leaves_everyone_elses_lines_intact(tmp_path: Path) -> None:
    """The log keeps who each line names by user id: forgetting a player called "a" renames
    them only, where they are named, and no other line changes (by text, "a" is in almost every
    line: "played", "card", "table")."""
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'named-a.db'}")
    manager = TableManager(repository=StoreTableRepository(store), now=clock)
    try:
        a, bob, carol = Member(101, "a"), Member(102, "bob"), Member(103, "carol")
        table = await seated_table(manager, [bob, a, carol], channel_id=9, seed=5, show_lobby=True)
        for _ in range(3):
            await a_move(table)
        before = table.recent
        assert any(line.startswith("a ") for line in before), before
        assert await table.forget_player(a.user_id)
        after = table.recent
        scrubbed = ["a former player" + line[1:] if line.startswith("a ") else line for line in before]
        # The log now holds the newest of those lines, then the lines of a's leaving.
        kept = next((n for n in range(len(after), 0, -1) if after[:n] == scrubbed[-n:]), 0)
        leaving = after[kept:]
        assert leaving and all(line.startswith("a former player") for line in leaving), after
        assert kept >= 3, "the lines from before are still there, as they were"
        saved = await store.get_running_game(table.game_id)
        assert saved is not None
        restored = Table.from_snapshot(saved.state, clock)
        assert restored.recent == after
        assert '"a"' not in json.dumps(saved.state["recent"]), "the name is not saved either"
    finally:
        await manager.close()
        await store.close()


async def test_a_move_answers_with_the_movers_hand_taken_before_anything_else_moves() -> None:
    """A click crosses from cog to session once: the change carries the hand to show, so the
    presenter never reads the live table (a computer or another player may move meanwhile)."""
    manager = TableManager(now=clock)
    table = await seated_table(manager, [Member(1, "ann"), Member(2, "bob")], seed=3)
    game = table.game
    assert game is not None
    mover = table.members[game.current]
    change = await table.act(mover.user_id, DRAW)
    hand = change.hand
    assert hand is not None
    assert hand.view == game.view(table.seat_of(mover.user_id))
    assert hand.names == tuple(m.name for m in table.members)
    assert hand.game_id == table.game_id and not hand.playing_cards and not hand.time_called
    await a_move(table)  # the table moves on; the hand handed out stays the one of its move
    assert game.view(hand.view.seat) != hand.view


async def test_a_hand_is_refused_before_the_deal_and_to_someone_not_seated() -> None:
    manager = TableManager(now=clock)
    table = await manager.open_table(
        guild_id=1, channel_id=8, host=Member(1, "ann"), settings=TableSettings()
    )
    with pytest.raises(SessionError, match="not started"):
        table.hand_of(1)
    await table.join(Member(2, "bob"))
    await table.start(1)
    with pytest.raises(SessionError, match="not playing"):
        table.hand_of(99)


class _SameIdsFirst(random.Random):
    """Draws the game id `0x1234abcd` twice, then others: two tables opened one after the other
    are offered the same id."""

    def __init__(self) -> None:
        super().__init__(1)
        self.ids = [0x1234ABCD, 0x1234ABCD]

    def getrandbits(self, k: int) -> int:
        return self.ids.pop(0) if k == 32 and self.ids else super().getrandbits(k)


async def test_a_new_table_never_takes_the_id_of_a_table_still_open(tmp_path: Path) -> None:
    """A game id is 32 random bits: with thousands of tables open, a new one is sometimes offered
    an id in use. It draws again instead of taking the open table's place in the manager (where
    its channel would find the newcomer) and overwriting its saved game."""
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}")
    try:
        manager = TableManager(repository=StoreTableRepository(store), now=clock)
        manager.rng = _SameIdsFirst()
        first = await manager.open_table(
            guild_id=1, channel_id=5, host=Member(1, "ann"), settings=TableSettings()
        )
        await first.open()
        second = await manager.open_table(
            guild_id=1, channel_id=6, host=Member(2, "bob"), settings=TableSettings()
        )
        await second.open()
        assert first.game_id == "1234abcd" and second.game_id != first.game_id
        assert manager.in_channel(5) is first and manager.in_channel(6) is second
        saved = await store.get_running_game(first.game_id)
        assert isinstance(saved, RunningGame) and saved.channel_id == 5 and saved.user_ids == (1,)
    finally:
        await store.close()


async def test_a_new_game_never_takes_the_id_of_another_processes_game(tmp_path: Path) -> None:
    """Tables and solo games of every process share one store: a first save with an id another
    process's game has would take that game's row (its next save would find it gone). The id is
    drawn again when the store holds it."""
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}")
    try:
        one, other = (TableManager(repository=StoreTableRepository(store), now=clock) for _ in range(2))
        one.rng, other.rng = _SameIdsFirst(), _SameIdsFirst()
        first = await one.open_table(
            guild_id=1, channel_id=5, host=Member(1, "ann"), settings=TableSettings()
        )
        await first.open()
        second = await other.open_table(
            guild_id=2, channel_id=6, host=Member(2, "bob"), settings=TableSettings()
        )
        await second.open()
        assert first.game_id == "1234abcd" and second.game_id != first.game_id
        saved = await store.get_running_game(first.game_id)
        assert isinstance(saved, RunningGame) and saved.channel_id == 5 and saved.user_ids == (1,)
        # A solo game of a third process, offered the same id, draws again too.
        solo = SoloManager(repository=StoreSoloRepository(store), now=clock)
        solo.rng = _SameIdsFirst()
        solo.register(FLOOD)
        game, _ = FloodGame.new(FloodOptions.make("easy", "uno"), 3)
        session = await solo.start(
            "flood", user_id=3, user_name="cy", channel_id=7, guild_id=None, variant="easy/uno", game=game
        )
        assert session.game_id not in (first.game_id, second.game_id)
        saved = await store.get_running_game(first.game_id)
        assert isinstance(saved, RunningGame) and saved.kind == "uno"
    finally:
        await store.close()


async def test_a_change_that_fails_midway_leaves_the_table_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A bug after the engine moved (here, telling the events) must not leave a half-made
    change in memory for the next save to write: the table goes back as it was, and the error
    goes on to be logged."""
    table = await seated_table(TableManager(now=clock), players(3), channel_id=9, seed=5)
    game = table.game
    assert game is not None
    before = json.dumps(table.snapshot(), sort_keys=True)
    seat = game.current

    def broken(events: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(table, "_tell", broken)
    with pytest.raises(RuntimeError, match="a bug"):
        await table.act(table.members[seat].user_id, DRAW, table.turn)
    assert json.dumps(table.snapshot(), sort_keys=True) == before


async def test_a_player_forgotten_while_their_table_ends_is_told_the_table_has_ended() -> None:
    """`/privacy forget` looks at a table, then waits for its lock: a table that ended in the
    meantime (a move before it in the queue) has nothing left to forget there, which is no
    error (it raised "This table has ended", logged as a failure to forget)."""
    manager = TableManager(now=clock)
    manager.rng = random.Random(2)
    table = await started_table(manager, 1)
    guest = table.members[1].user_id
    async with table.lock:
        ending = asyncio.create_task(table.end(text("The host ended the table.")))
        await asyncio.sleep(0)
        forgetting = asyncio.create_task(table.forget_player(guest))
        await asyncio.sleep(0)
    await ending
    assert table.phase.is_over
    assert await forgetting is False
    await manager.close()


async def test_why_a_table_ended_is_kept_for_late_clicks_without_a_forgotten_players_name() -> None:
    """A click on the controls of a table that has ended is told why it ended: the manager keeps
    the reason, or the line naming the winner. A player who then asks to be forgotten is no
    longer named in it."""
    manager = TableManager(now=clock)
    won = await seated_table(manager, players(2), channel_id=1, seed=1)
    ended = await seated_table(manager, players(2), channel_id=2, seed=1)
    winner = next(m for m in won.members if m.user_id != won.host_id)
    await won.leave(won.host_id)  # the other player is the last one standing: they win
    await ended.end(text("The host ended the table."))
    assert manager.get(won.game_id) is None and manager.get(ended.game_id) is None
    why_won, why_ended = manager.why_ended(won.game_id), manager.why_ended(ended.game_id)
    assert why_won is not None and why_won.render().startswith(f"🎉 {winner.name} wins the game")
    assert why_ended is not None and why_ended.render() == "The host ended the table."
    await manager.forget_player(winner.user_id)
    why_won = manager.why_ended(won.game_id)
    assert why_won is not None and winner.name not in why_won.render()
    assert "a former player" in why_won.render()
    await manager.close()
