"""Computer players at a table (issue 16): seated by the host in the lobby, moving after a pause
through the table's deadline (the turn timer's path), taking over a seat, surviving a restart."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from datetime import timedelta

import pytest

from bot.games.uno.actions import play
from bot.games.uno.ai import HeuristicPlayer
from bot.games.uno.cards import Card
from bot.sessions.manager import TableManager
from bot.sessions.table import Member
from bot.sessions.table import SessionError
from bot.sessions.table import Table
from bot.sessions.table import TableSettings
from bot.sessions.table import awaited_seat
from tests.sessions.tables import Clock
from tests.sessions.tables import deal


def manager(pause: float = 0.0) -> TableManager:
    tables = TableManager()
    tables.computer_pause = timedelta(seconds=pause)
    return tables


async def lobby_with_computers(tables: TableManager, count: int, level: str = "normal") -> Table:
    settings = TableSettings.of("official", target_score=100)
    table = await tables.open_table(guild_id=1, channel_id=5, host=Member(1, "Ann"), settings=settings)
    await table.add_computer(1, level, count)
    return table


async def play_until_over(table: Table, people: set[int], *, limit: float = 60.0) -> None:
    """The people play a careful player's choice from their own view; computer players move on
    their own, through the deadline."""
    careful = HeuristicPlayer()
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not table.phase.is_over:
        assert loop.time() < end, "the game did not end"
        game = table.game
        assert game is not None
        member = table.members[awaited_seat(game)]  # between rounds, the seat named to deal
        if member.user_id in people:
            async with table.lock:
                action = careful.choose(game.view(game.current))
            await table.act(member.user_id, action)
        else:
            await asyncio.sleep(0.001)


async def test_the_host_seats_computer_players_in_the_lobby_only() -> None:
    tables = manager()
    table = await lobby_with_computers(tables, 2, "easy")
    assert [m.level for m in table.members] == [None, "easy", "easy"]
    assert len({m.user_id for m in table.members}) == 3 and all(m.user_id < 0 for m in table.computers)
    with pytest.raises(SessionError, match="full"):
        await table.add_computer(1, "hard", 8)
    await table.join(Member(2, "Bob"))
    with pytest.raises(SessionError, match="Only the host"):
        await table.add_computer(2, "hard")
    await table.remove_computer(1)
    assert len(table.computers) == 1
    await table.start(1)
    with pytest.raises(SessionError, match="fixed"):
        await table.remove_computer(1)
    await tables.close()


async def test_a_person_plays_three_computer_players_to_the_end() -> None:
    tables = manager()
    table = await lobby_with_computers(tables, 3, "normal")
    await table.start(1)
    await play_until_over(table, {1})
    assert table.phase.value == "finished"
    await tables.close()


@pytest.mark.parametrize("level", ["easy", "hard"])
async def test_every_level_plays_to_the_end(level: str) -> None:
    tables = manager()
    table = await lobby_with_computers(tables, 2, level)
    await table.start(1)
    await play_until_over(table, {1}, limit=120)
    assert table.phase.value == "finished"
    await tables.close()


async def test_a_computer_move_waits_for_the_pause_and_is_saved_as_a_deadline() -> None:
    tables = manager(pause=30)
    table = await lobby_with_computers(tables, 1)
    await table.start(1)
    game = table.game
    assert game is not None
    while table.members[game.current].user_id == 1:  # a Skip or a Reverse heads-up: Ann again
        async with table.lock:
            action = HeuristicPlayer().choose(game.view(game.current))
        await table.act(1, action)
    assert table.computer_move is not None and table.computer_due is not None
    assert table.next_deadline == table.computer_due
    turn = table.turn
    await asyncio.sleep(0.05)
    assert table.turn == turn, "a computer player moved before its pause was over"
    # After a restart the move is still pending, and made once due.
    again = Table.from_snapshot(table.snapshot(), table.now)
    assert again.computer_move == table.computer_move and again.computer_due == table.computer_due
    await tables.close()


async def test_a_computer_player_takes_over_a_seat_that_left() -> None:
    tables = manager()
    settings = TableSettings.of("official", target_score=100)
    settings = replace(settings, takeover="normal")
    table = await tables.open_table(guild_id=1, channel_id=5, host=Member(1, "Ann"), settings=settings)
    await table.join(Member(2, "Bob"))
    await table.add_computer(1, "easy")
    await table.start(1)
    seats = len(table.members)
    await table.leave(2)
    assert len(table.members) == seats, "the seat is kept"
    (stand_in,) = (m for m in table.members if m.level == "normal")
    assert stand_in.name == "Computer 2 (normal)"
    assert [d.member.user_id for d in table.departed] == [2]
    # Bob asks to be forgotten: nothing at the table names him any more, the stand-in included.
    await table.forget_player(2)
    assert not any("Bob" in m.name for m in table.members)
    assert "Bob" not in json.dumps(table.snapshot())
    await play_until_over(table, {1})
    assert table.phase.value == "finished"
    await tables.close()


async def test_without_takeover_the_last_person_leaving_ends_the_table() -> None:
    tables = manager(pause=30)
    table = await lobby_with_computers(tables, 2)
    await table.start(1)
    await table.leave(1)
    assert table.phase.value == "aborted"
    await tables.close()


async def test_a_computer_player_pausing_longer_than_the_turn_timer_never_runs_out_of_time() -> None:
    """COMPUTER_MOVE_SECONDS may be up to 30 s and a host may give turns 15 s: the computer
    player's pause must not outlast its turn, or it would time out each turn (its move never
    made) and be removed after three."""
    clock = Clock()
    tables = TableManager(now=clock)
    tables.computer_pause = timedelta(seconds=20)
    settings = replace(TableSettings.of("official", target_score=100), turn_seconds=15)
    table = await tables.open_table(guild_id=1, channel_id=5, host=Member(1, "Ann"), settings=settings)
    await table.add_computer(1, "normal")
    await table.start(1)
    computer = table.computers[0]
    careful = HeuristicPlayer()
    computer_turns = 0
    while computer_turns < 5 and not table.phase.is_over:
        game = table.game
        assert game is not None
        member = table.members[game.current]
        if member.user_id == 1:
            await table.act(1, careful.choose(game.view(game.current)))
            continue
        computer_turns += 1
        due = table.next_deadline
        assert due is not None
        clock.now = due
        await table.deadline_passed(table.version)
        said = "\n".join(table.recent)
        assert "ran out of time" not in said, said
    assert table.is_seated(computer.user_id), "the computer player was removed"
    await tables.close()


async def test_a_host_removed_from_the_lobby_hands_on_to_a_person_never_a_computer_player() -> None:
    """A server manager removes the host from a lobby where computer players sit before the
    people: the host role goes to a person (a computer player can start nothing), and a lobby
    left with computer players only ends, as when its last person leaves."""
    tables = manager()
    table = await lobby_with_computers(tables, 2)
    await table.join(Member(2, "Bob"))
    await table.kick(99, 1, admin=True)
    assert table.host_id == 2, table.host
    await table.start(2)
    assert table.game is not None
    await tables.close()

    tables = manager()
    table = await lobby_with_computers(tables, 2)
    await table.kick(99, 1, admin=True)
    assert table.phase.value == "aborted", (table.phase, table.host)
    await tables.close()


async def test_a_computer_player_cannot_be_removed_once_dealt() -> None:
    """Seats are fixed once dealt: the host's tools remove a person, never a computer player (in
    a game of two, its seat gone, the host would win it against the computer by a click)."""
    tables = manager(pause=30)
    table = await lobby_with_computers(tables, 1, "hard")
    await table.start(1)
    computer = table.computers[0]
    with pytest.raises(SessionError, match="fixed"):
        await table.kick(1, computer.user_id)
    with pytest.raises(SessionError, match="fixed"):
        await table.kick(99, computer.user_id, admin=True)
    assert table.is_seated(computer.user_id) and not table.phase.is_over
    await tables.close()


async def test_a_computer_player_jumping_in_with_its_second_to_last_card_calls_uno_with_it() -> None:
    """H3 with O7: a computer player on two cards jumps in with the card just played and calls UNO
    in the same move, so the computer player whose reaction comes first cannot catch it."""
    clock = Clock()
    tables = TableManager(now=clock)
    tables.computer_pause = timedelta(seconds=20)
    settings = TableSettings.of("official", target_score=100).with_house_rules(["jump_in"])
    table = await tables.open_table(guild_id=1, channel_id=5, host=Member(1, "Ann"), settings=settings)
    await table.add_computer(1, "normal", 2)
    await table.start(1)
    game = table.game
    assert game is not None
    ann = table.seat_of(1)
    # Play runs so that after Ann comes the catcher, then the jumper, a later seat: reactions
    # are asked seat by seat, so the catcher is asked first.
    direction = 1 if (ann + 1) % 3 < (ann + 2) % 3 else -1
    catcher, jumper = (ann + direction) % 3, (ann + 2 * direction) % 3
    async with table.lock:
        deal(game, {ann: "R5 B1 B2", catcher: "G1 G2 G3", jumper: "R5 Y7"}, "R3")
        game.current, game.direction = ann, direction
    await table.act(1, play(Card.parse("R5")))
    for _ in range(5):  # the computer players' moves, each when its pause is over
        if table.computer_move is None:
            break
        assert table.computer_due is not None
        clock.now = table.computer_due
        await table.deadline_passed(table.version)
    said = "\n".join(table.recent)
    assert "jumped in" in said and "called UNO" in said, said
    assert "caught" not in said, said
    assert len(game.hands[jumper]) == 1 and game.uno_catchable is None
    assert game.current == ann and table.computer_move is None
    await tables.close()
