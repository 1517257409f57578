"""Bug reports filed on other card-game bots and games with computer players, checked against our
computer players and the table that moves them: each test pins a fault a peer project had (its
report cited above the test) that nothing else here pinned, or one we had too and fixed. The
SimCord side is tests/discord/test_peer_reports_ai.py."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta
from typing import Any

import pytest

from bot.games.uno.actions import CALL_UNO
from bot.games.uno.actions import DEAL_NEXT_ROUND
from bot.games.uno.actions import DRAW
from bot.games.uno.actions import PASS
from bot.games.uno.actions import Action
from bot.games.uno.actions import ChooseColour
from bot.games.uno.actions import Play
from bot.games.uno.actions import jump_in
from bot.games.uno.actions import play
from bot.games.uno.ai.baseline import HeuristicPlayer
from bot.games.uno.ai.normal import NormalPlayer
from bot.games.uno.cards import Card
from bot.games.uno.game import Phase
from bot.games.uno.game import SeatView
from bot.sessions.manager import TableManager
from bot.sessions.table import Member
from bot.sessions.table import Table
from bot.sessions.table import TableSettings
from tests.sessions.tables import Clock
from tests.sessions.tables import deal

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


# ---------------------------------------------------------------- a computer player that cannot move


@pytest.fixture
def broken_choice(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The normal level fails every decision it is asked to make at its turn."""

    def broken(self: NormalPlayer, *args: Any) -> Any:
        raise RuntimeError("the computer player could not choose")

    monkeypatch.setattr(NormalPlayer, "choose", broken)
    yield


# https://github.com/jdmonin/JSettlers2/issues/47 ("bot cant move -> giving up eventually, but
# happens again next turn": long timeouts every turn); https://github.com/Ryukaki/ThressGame/issues/60
# (a bot's turn that never ends); https://github.com/vcmi/vcmi/pull/443 (a time limit so a frozen
# AI does not stop the game). Before, a computer player whose choice failed waited for the turn
# timer at each of its turns, "ran out of time" like a person, and after three was removed from
# the game: Ann won a game against two computer players that never played it.
@pytest.mark.usefixtures("broken_choice")
async def test_a_computer_player_that_cannot_choose_moves_after_its_pause_and_keeps_its_seat() -> None:
    clock, tables, table = await computer_table(2)
    computers = [m.user_id for m in table.computers]
    computer_turns = 0
    while computer_turns < 12 and not table.phase.is_over:
        game = table.game
        assert game is not None
        if table.members[game.current] == ANN and game.phase is not Phase.ROUND_OVER:
            await person_moves(table, ANN.user_id)
            continue
        computer_turns += 1
        # Its move is planned for its pause, never left to the turn's time-out.
        assert table.computer_due is not None and table.next_deadline == table.computer_due
        assert table.computer_due == clock.now + PAUSE
        await next_due(clock, table)
    said = "\n".join(table.recent)
    assert "ran out of time" not in said and "removed" not in said, said
    assert all(table.is_seated(uid) for uid in computers), "a computer player lost its seat"
    await tables.close()


async def test_a_reaction_that_fails_leaves_the_turn_to_the_computer_players_own_level(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A reaction (a catch, UNO, a jump-in) is a chance, not owed: its failure does not hand the
    move the game waits on to the careful player."""
    asked: list[NormalPlayer] = []
    choose = NormalPlayer.choose

    def counted(self: NormalPlayer, *args: Any) -> Any:
        asked.append(self)
        return choose(self, *args)

    def broken(self: Table, game: Any) -> Any:
        raise RuntimeError("could not choose whether to react")

    monkeypatch.setattr(NormalPlayer, "choose", counted)
    monkeypatch.setattr(Table, "_computer_reaction", broken)
    _, tables, table = await computer_table(2)
    while table.computer_due is None:
        await person_moves(table, ANN.user_id)
    assert asked, "the computer player's own level chose its move"
    await tables.close()


def plain_move(view: SeatView) -> Action:
    """A person's move made without the careful player: a colour, a card, else draw or pass."""
    for kind in (ChooseColour, Play):
        found = next((a for a in view.legal if isinstance(a, kind)), None)
        if found is not None:
            return found
    return DRAW if DRAW in view.legal else PASS if PASS in view.legal else view.legal[0]


@pytest.mark.usefixtures("broken_choice")
async def test_a_computer_players_seat_is_never_removed_for_running_out_of_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Even when the careful player fails too, so that only the turn timer moves it (drawing and
    passing for it), a computer player is not removed: seats are fixed once dealt."""

    def broken(self: HeuristicPlayer, *args: Any) -> Any:
        raise RuntimeError("nor could the careful player")

    monkeypatch.setattr(HeuristicPlayer, "choose", broken)
    clock, tables, table = await computer_table(1, seed=3)
    computer = table.computers[0]
    timed_out = 0
    for _ in range(60):
        game = table.game
        assert game is not None
        if table.phase.is_over or timed_out >= 4:
            break
        if table.members[game.current] == ANN:
            await table.act(ANN.user_id, plain_move(game.view(table.seat_of(ANN.user_id))))
            continue
        timed_out += 1
        await next_due(clock, table)
    said = "\n".join(table.recent)
    assert table.is_seated(computer.user_id) and not table.phase.is_over, said
    assert timed_out >= 4 and "ran out of time" in said, said
    await tables.close()


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


# ---------------------------------------------------------------- who moves, and when


# https://github.com/mjsalerno/UnoBot/issues/46 (the AI plays itself once the one person quits);
# https://github.com/joffrey-bion/seven-wonders/issues/135 (bots stay on when every human left).
# Even where a computer player takes over the seat of someone who leaves, the last person
# leaving ends the table: no computer player takes their seat to play on alone.
async def test_the_last_person_leaving_a_takeover_table_ends_it_with_no_computer_left_moving() -> None:
    settings = replace(TableSettings.of("official", target_score=500), takeover="hard")
    _, tables, table = await computer_table(2, settings=settings, seed=1)
    await table.leave(ANN.user_id)
    assert table.phase.value == "aborted", table.recent
    assert [m.level for m in table.members] == ["normal", "normal"], "nobody took over Ann's seat"
    assert table.computer_move is None and table.next_deadline is None
    assert tables.in_channel(table.channel_id) is None
    await tables.close()


# https://github.com/SibylLab/Program-Wars/issues/196 (the AI does not play when it goes first);
# https://github.com/Pasta-Devs/Marinara-Engine/issues/3802 (frozen on the AI's first turn). A Wild
# turned first (O2) asks the first player for its colour before anything else.
async def test_a_computer_player_first_to_move_on_a_turned_wild_calls_its_colour() -> None:
    settings = TableSettings.of("official", target_score=500)
    clock, tables, table = await computer_table(3, settings=settings, seed=53)
    game = table.game
    assert game is not None
    first = table.members[game.current]
    assert first.is_computer and game.phase is Phase.AWAITING_COLOUR, "the seed no longer deals it"
    assert table.computer_move is not None and table.computer_move[0] == first.user_id
    assert table.computer_due == clock.now + PAUSE
    await next_due(clock, table)
    assert game.colour is not None and game.phase is not Phase.AWAITING_COLOUR
    assert any(f"{first.name} called" in line for line in table.recent), table.recent
    await tables.close()


# https://github.com/letsuno/uno-online/issues/151 (whoever must call UNO is always caught: the
# catcher clicks first); https://github.com/smogon/pokemon-showdown/pull/3822 ("UNO bots ...
# sniping users at UNO": a grace delay). A computer player's Catch! comes after its pause, and a
# person who calls UNO meanwhile is not caught.
async def test_uno_called_during_a_computer_players_pause_is_not_caught() -> None:
    clock, tables, table = await computer_table(2, seed=2)
    game = table.game
    assert game is not None
    ann = table.seat_of(ANN.user_id)
    others = [seat for seat in range(3) if seat != ann]
    async with table.lock:
        deal(game, {ann: "R1 B2", others[0]: "G1 G2 G3", others[1]: "Y1 Y2 Y3"}, "R7")
        game.current = ann
    await table.act(ANN.user_id, play(Card.parse("R1")))  # UNO forgotten
    planned = table.computer_move
    assert planned is not None and planned[1] == "catch", "a normal computer player catches"
    assert table.computer_due == clock.now + PAUSE
    clock.now += PAUSE / 2
    await table.act(ANN.user_id, CALL_UNO)
    await next_due(clock, table)
    said = "\n".join(table.recent)
    assert "caught" not in said and len(game.hands[ann]) == 1, said
    await tables.close()


# https://github.com/freeboardgames/FreeBoardGames.org/issues/500 (a bot tries to play when it is
# not its turn); https://github.com/bitburner-official/bitburner-src/pull/1260 (two AI turns
# pending at once). A person jumps in (H3) while a computer player waits out its pause: the move
# it planned for the turn it lost is never made; play goes on from the jumper.
async def test_a_computer_players_move_for_a_turn_lost_to_a_jump_in_is_never_made() -> None:
    settings = TableSettings.of("official", target_score=500).with_house_rules(["jump_in"])
    clock, tables, table = await computer_table(3, settings=settings, seed=4)
    game = table.game
    assert game is not None
    ann = table.seat_of(ANN.user_id)
    waiting = (ann + 2) % 4  # two seats on: the jump passes it by
    async with table.lock:
        game.direction = 1
        deal(
            game,
            {ann: "R5 B7 B8", (ann + 1) % 4: "G1 G2 G3", waiting: "R6 G7 G8", (ann + 3) % 4: "Y1 Y2 Y3"},
            "R5",
        )
        game.current = waiting
    await table.open()  # a change that moves nothing (as a save): the waiting player plans its move
    assert table.computer_move is not None
    assert table.computer_move[0] == table.members[waiting].user_id
    await table.act(ANN.user_id, jump_in(Card.parse("R5")))  # during its pause
    assert game.current == (ann + 1) % 4, "play goes on from the jumper"
    moves = len(game.log)
    await next_due(clock, table)
    movers = [seat for seat, _ in game.log[moves:]]
    assert movers and set(movers) == {(ann + 1) % 4}, game.log[moves:]
    await tables.close()


# https://github.com/OpenArena/gamecode/issues/165 (paused bots dropped for inactivity);
# https://github.com/ValveSoftware/Dota2-Gameplay/issues/12516 (a pause that ends itself). A pause
# stops the turn timer (/uno pause): no seat, a person's or a computer player's, runs out of time
# while it lasts; the computer players' moves are moves, not time-outs, and come at their pace,
# as a person's may (the pause's docstring); the table waits on at a person's turn.
async def test_a_paused_table_times_nobody_out_and_its_computer_players_play_to_anns_turn() -> None:
    clock, tables, table = await computer_table(2, seed=6)
    game = table.game
    assert game is not None
    if table.members[game.current] == ANN:
        await person_moves(table, ANN.user_id)
    assert table.members[game.current] != ANN, "the seed no longer gives Ann one move"
    await table.pause(ANN.user_id)
    paused_at = table.turn
    for _ in range(40):
        if table.members[game.current] == ANN and game.phase is not Phase.ROUND_OVER:
            break
        await next_due(clock, table)
    assert table.members[game.current] == ANN and table.turn > paused_at, "the computer players moved"
    assert table.paused is not None and clock.now < table.paused.until
    turn = table.turn
    clock.now += timedelta(hours=20)
    await table.deadline_passed(table.version)
    assert table.turn == turn and not table.phase.is_over
    assert "ran out of time" not in "\n".join(table.recent)
    await tables.close()
