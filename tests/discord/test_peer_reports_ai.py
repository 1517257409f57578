"""Bug reports filed on other card-game bots and games with computer players, checked through
SimCord against the real bot: each test pins a fault a peer project had (its report cited above
the test) that nothing else here pinned. The session side is tests/test_peer_reports_ai.py."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from bot.app import UnoBot
from bot.games.uno.ai import HeuristicPlayer
from bot.games.uno.events import ColourChosen
from bot.games.uno.events import Event
from bot.i18n.text import Text
from bot.render.uno_text import colour_text
from bot.sessions.table import Table
from bot.sessions.table import TablePhase
from bot.sessions.table import TurnPing
from bot.sessions.table import awaited_seat
from tests.discord.test_uno_computers import play_as_people
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import click_action
from tests.discord.uno_driver import field
from tests.discord.uno_driver import flat_components
from tests.discord.uno_driver import open_hand
from tests.discord.uno_driver import open_table
from tests.discord.uno_driver import table_of


# https://github.com/discord/discord-api-docs/issues/20 (5 messages per 5 s a server);
# https://github.com/Slontia/lgtbot/issues/40 (bots playing on alone: "output every step: floods
# the channel"); https://github.com/ccarrster/kraplow/issues/58 (the AI too fast to follow);
# https://github.com/CompSciLauren/uno/issues/43 (the colour a bot called is not apparent). A
# game against computer players edits its one table message at each move (no message a move,
# no ping for a computer player's turn), and each colour a computer player calls is on it, in
# its Colour field and its recent lines, when that move is shown.
async def test_computer_players_moves_edit_one_message_each_colour_they_call_on_it(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    simcord_bot.tables.computer_pause = timedelta(0)
    channel, (ann,) = await open_table(simcord_env, ["ann"], points=300, bots=3, level="easy")
    acknowledged(await ann.click(channel.last_message, label="Start"))
    table = table_of(simcord_bot, channel)
    cog = simcord_bot.get_cog("UNO")
    assert cog is not None
    show = cog.show  # type: ignore[attr-defined]
    calls: list[tuple[str, str, str]] = []

    async def show_and_look(table: Table, events: Sequence[Event], ping: TurnPing) -> Text | None:
        unshown = await show(table, events, ping)
        for event in events:
            if not isinstance(event, ColourChosen) or table.phase.is_over:
                continue
            if table.members[event.seat].is_computer:
                message = channel_table_message(channel)
                called = str(colour_text(event.colour))
                calls.append((called, field(message, "Colour"), field(message, "Recent")))
        return unshown

    simcord_bot.tables.presenter = cog.show = show_and_look  # type: ignore[attr-defined]
    before = len(channel.history())
    moves = await play_as_people(table, channel, [ann])
    assert table.phase is TablePhase.FINISHED and moves > 10
    posted = channel.history()[before:]
    assert len(posted) <= 2, [m.content for m in posted]  # at most the winner's announcement
    assert calls, "no computer player called a colour in the whole game"
    for called, shown_colour, recent in calls:
        assert called in shown_colour and f"called {called}." in recent, (called, shown_colour, recent)


# https://github.com/ccarrster/kraplow/issues/172 ("kicked out ... AI takes his role. You can come
# back in the game but it seems like you are playing alone ... your cards disappear");
# https://github.com/XGDevGroup/PlayPalace11/issues/128 (a reconnecting player and the bot that
# took their seat). Bob leaves; a computer player takes his seat. His controls are then refused,
# privately, and change nothing: the stand-in plays his seat on.
async def test_a_person_whose_seat_was_taken_over_is_refused_privately_when_they_come_back(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    simcord_bot.tables.computer_pause = timedelta(seconds=60)  # nobody moves meanwhile
    channel, (ann, bob) = await open_table(
        simcord_env, ["ann", "bob"], bots=1, level="easy", takeover="normal", start=True
    )
    table = table_of(simcord_bot, channel)
    message = channel_table_message(channel)
    old_hand = await open_hand(bob, message, [ann, bob], channel)
    acknowledged(await bob.slash(channel, "uno leave"))
    seat = next(s for s, m in enumerate(table.members) if m.level == "normal")
    assert not table.is_seated(bob.id) and table.members[seat].name == "Computer 2 (normal)"
    game = table.game
    assert game is not None
    before, version = game.to_json(), table.version

    res = acknowledged(await bob.click(channel_table_message(channel), label="Show my hand"))
    assert res.ephemeral and "not playing at this table" in res.response.content
    button = next(c for c in flat_components(old_hand) if c["type"] == 2 and "custom_id" in c)
    res = acknowledged(await bob.click(old_hand, custom_id=button["custom_id"]))
    said = [res.response.content if res.response else ""] + [f.content for f in res.followups]
    assert any("not playing at this table" in s for s in said), said
    assert all(f.ephemeral for f in res.followups)
    res = acknowledged(await bob.slash(channel, "uno draw"))
    assert res.ephemeral and "not playing at this table" in res.response.content
    res = acknowledged(await bob.slash(channel, "uno join"))
    assert res.ephemeral and "already started" in res.response.content
    assert game.to_json() == before and table.version == version, "a refusal changed the game"


# https://github.com/w84death/Tanks-of-Freedom/issues/97 ("the AI is not stopped when the map is
# unloaded, and once its turn ends it triggers a turn switch" in the next game);
# https://github.com/yzyray/lizzieyzy/issues/240 (the AI moves after the game's end);
# https://github.com/online-go/online-go.com/issues/3018 (a resigned game played on). A table
# ended during a computer player's pause never makes its move, nor touches the table opened next
# in its channel.
async def test_a_table_ended_during_a_computer_players_pause_moves_no_more_nor_the_next_one(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    simcord_bot.tables.computer_pause = timedelta(seconds=10)  # waits for the virtual clock
    channel, (ann, bob) = await open_table(simcord_env, ["ann", "bob"], bots=1, level="hard")
    acknowledged(await ann.click(channel.last_message, label="Start"))
    old = table_of(simcord_bot, channel)
    assert old.game is not None
    careful = HeuristicPlayer()
    for _ in range(20):
        game = old.game
        if old.computer_move is not None or game is None:
            break
        mover = ann if old.members[awaited_seat(game)].user_id == ann.id else bob
        await click_action(mover, channel, [ann, bob], careful.choose(game.view(game.current)))
    assert old.computer_move is not None, "no computer player's move came up"
    acknowledged(await ann.slash(channel, "uno end"))
    assert old.phase is TablePhase.ABORTED
    assert old.computer_move is None and old.next_deadline is None
    ended_log, ended_game = list(old.recent), old.game.to_json()

    acknowledged(await bob.slash(channel, "uno start"))
    acknowledged(await ann.click(channel.last_message, label="Join"))
    acknowledged(await bob.click(channel.last_message, label="Start"))
    new = table_of(simcord_bot, channel)
    assert new is not old
    version, turn = new.version, new.turn
    posted = len(channel.history())
    await simcord_env.advance_time(11)
    assert old.recent == ended_log and old.game.to_json() == ended_game, "the ended table moved"
    assert (new.version, new.turn) == (version, turn), "the ended table's move reached the new one"
    assert len(channel.history()) == posted
