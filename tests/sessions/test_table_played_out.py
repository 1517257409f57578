"""A table where no person is left in play (C7 put them out, the others left) but computer players
are: the computer players play the rest of the game out at once, in the change that left them
alone, and the table ends as any game ends, rather than stepping on every 1.5 s for nobody."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bot.games.uno.actions import DEAL_NEXT_ROUND
from bot.games.uno.ai import HeuristicPlayer
from bot.games.uno.ai import NormalPlayer
from bot.games.uno.game import Phase
from bot.i18n.words import Words
from bot.sessions import table as table_module
from bot.sessions.manager import TableManager
from bot.sessions.table import Member
from bot.sessions.table import Table
from bot.sessions.table import TablePhase
from bot.sessions.table import TableSettings
from tests.sessions.tables import START
from tests.sessions.tables import Clock
from tests.sessions.tables import Recorder

ANN, BOB = Member(1, "Ann"), Member(2, "Bob")


async def classic_table(
    people: list[Member], computers: int, *, language: str = "", seed: int = 3
) -> tuple[Clock, Recorder, TableManager, Table]:
    clock, recorder = Clock(), Recorder()
    tables = TableManager(now=clock, repository=recorder)
    tables.rng = random.Random(seed)
    settings = replace(TableSettings.of("classic"), language=language)
    host, *guests = people
    table = await tables.open_table(guild_id=1, channel_id=5, host=host, settings=settings)
    for guest in guests:
        await table.join(guest)
    await table.add_computer(host.user_id, "normal", computers)
    await table.start(host.user_id)
    return clock, recorder, tables, table


def put_out(table: Table, member: Member) -> None:
    """`member` as C7 leaves a player put out of the game in an earlier round: no cards (the deal
    passed them over), above the limit, never in turn."""
    game = table.game
    assert game is not None
    seat = table.seat_of(member.user_id)
    assert game.current != seat, "pick another seed: the player to put out is in turn"
    game.draw_pile[0:0] = game.hands[seat]
    game.hands[seat].clear()
    game.scores[seat] = game.ruleset.target_score + 10
    game.eliminated[seat] = True


def assert_played_out(table: Table, tables: TableManager, recorder: Recorder) -> None:
    game = table.game
    assert game is not None
    assert table.phase is TablePhase.FINISHED and game.phase is Phase.FINISHED
    assert game.winner is not None and table.members[game.winner].is_computer
    assert str(table.ended_reason) == str(table_module.PLAYED_OUT)
    assert table.recent[-1] == str(table_module.PLAYED_OUT), table.recent
    # Saved as it ended, once: the store records it and frees the channel.
    assert recorder.finished == [table]
    assert table.deadline is None and table.computer_move is None and table.computer_due is None
    assert table.next_deadline is None
    assert tables.in_channel(table.channel_id) is None and table.game_id not in tables.deadlines.armed


async def test_the_last_person_in_play_leaving_has_the_computer_players_finish_the_game_at_once() -> None:
    """Ann is out (C7) and sits on; Bob leaves: nobody at the table plays any more. The game is
    played out in Bob's leaving, one change, the clock never moved."""
    clock, recorder, tables, table = await classic_table([ANN, BOB], 2)
    put_out(table, ANN)
    version = table.version
    await table.leave(BOB.user_id)
    assert table.version == version + 1, "one change"
    assert clock.now == START
    assert_played_out(table, tables, recorder)
    # Ann lost: she is still seated, out of the game, and the recording sees her seat as lost.
    game = table.game
    assert game is not None
    assert table.is_seated(ANN.user_id) and game.eliminated[table.seat_of(ANN.user_id)]
    assert [d.member for d in table.departed] == [BOB]
    await tables.close()


async def test_the_only_person_put_out_at_a_rounds_end_the_computer_players_finish_it_then() -> None:
    """Ann plays three computer players; she stands at the limit, so the first round she does
    not win puts her out. The change that ends that round (a computer player's move, due after
    its pause) finishes the whole game: no further pause, no table left stepping on."""
    clock, recorder, tables, table = await classic_table([ANN], 3, seed=11)
    game = table.game
    assert game is not None
    ann = table.seat_of(ANN.user_id)
    game.scores[ann] = game.ruleset.target_score
    careful = HeuristicPlayer()
    for _ in range(2000):
        if table.phase.is_over or game.eliminated[ann]:
            break
        if game.phase is Phase.ROUND_OVER:
            await table.act(ANN.user_id, DEAL_NEXT_ROUND)
        elif game.current == ann:
            async with table.lock:
                action = careful.choose(game.view(ann))
            await table.act(ANN.user_id, action)
        else:
            due = table.next_deadline
            assert due is not None
            clock.now = max(clock.now, due)
            await table.deadline_passed(table.version)
    assert game.eliminated[ann], "Ann was never put out"
    assert_played_out(table, tables, recorder)
    await tables.close()


async def test_the_announcement_is_in_the_tables_language() -> None:
    _, _, tables, table = await classic_table([ANN, BOB], 2, language="de")
    put_out(table, ANN)
    await table.leave(BOB.user_id)
    assert table.ended_reason is not None
    german = Words("de")(table.ended_reason)
    assert german != str(table.ended_reason) and "Computer" in german, german
    assert table.recent_in(Words("de"))[-1] == german
    await tables.close()


async def test_a_long_remainder_is_played_quickly_past_the_computer_players_own_moves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past `PLAY_OUT_CHOICES` moves (a hard player's search costs tens of milliseconds a move)
    the rest is the careful player's, as the turn timer plays a turn: still to the game's end."""
    monkeypatch.setattr(table_module, "PLAY_OUT_CHOICES", 0)
    chose: list[object] = []
    own = NormalPlayer.choose

    def watched(self: NormalPlayer, *args: object) -> object:
        chose.append(self)
        return own(self, *args)  # type: ignore[arg-type]

    _, recorder, tables, table = await classic_table([ANN, BOB], 3, seed=4)
    put_out(table, ANN)
    monkeypatch.setattr(NormalPlayer, "choose", watched)
    await table.leave(BOB.user_id)
    assert not chose, "a computer player searched past the budget"
    assert_played_out(table, tables, recorder)
    await tables.close()


async def test_a_remainder_that_never_ends_ends_the_table_unrecorded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(table_module, "PLAY_OUT_MOVES", 5)
    _, recorder, tables, table = await classic_table([ANN, BOB], 3, seed=4)
    put_out(table, ANN)
    await table.leave(BOB.user_id)
    game = table.game
    assert game is not None and not game.is_over
    assert table.phase is TablePhase.ABORTED, "ended, unrecorded (as `/uno end`)"
    assert str(table.ended_reason) == str(table_module.NOT_PLAYED_OUT)
    assert recorder.finished == [table] and tables.in_channel(table.channel_id) is None
    await tables.close()


async def test_with_a_person_still_in_play_the_computer_players_keep_their_pause() -> None:
    _, recorder, tables, table = await classic_table([ANN, BOB], 2)
    put_out(table, ANN)
    game = table.game
    assert game is not None
    await table.hand_host(ANN.user_id, BOB.user_id)  # any change: Bob still plays, so nothing is played out
    assert not table.phase.is_over and not game.is_over
    assert table.ended_reason is None and not recorder.finished
    await tables.close()
