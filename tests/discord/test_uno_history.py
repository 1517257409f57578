"""/uno history and /uno replay: a finished four-player game listed, then replayed privately
move by move to its recorded final scores, from the old message after a restart too."""

from __future__ import annotations

import re
from typing import Any

from bot.app import UnoBot
from tests.discord.conftest import BotFactory
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import button_labels
from tests.discord.uno_driver import flat_components
from tests.discord.uno_driver import open_table
from tests.discord.uno_driver import play_like_a_careful_player
from tests.discord.uno_driver import table_of


def _button(message: Any, label: str) -> dict[str, Any]:
    return next(c for c in flat_components(message) if c["type"] == 2 and c.get("label") == label)


async def test_a_finished_four_player_game_replays_move_by_move_to_its_final_scores(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory
) -> None:
    env = simcord_env
    channel, players = await open_table(env, ["alice", "bob", "carol", "dave"], start=True, points=50)
    table = table_of(simcord_bot, channel)
    game = table.game
    assert game is not None
    await play_like_a_careful_player(table, channel, players, until=lambda: False)
    moves = len(game.log)
    final = {m.name: game.scores[seat] for seat, m in enumerate(table.members)}
    winner = table.members[game.winner or 0].name

    listed = acknowledged(await players[1].slash(channel, "uno history"))
    assert listed.ephemeral
    text = listed.response.embeds[0].description
    found = re.search(r"\*\*#(\d+)\*\*", text)
    assert found, text
    game_id = int(found.group(1))
    # The ruleset by its title and the day as the reader writes it, not as they are stored.
    assert "Official UNO rules" in text and f"won by **{winner}**" in text
    assert re.search(r"· [A-Z][a-z]{2} \d{1,2}, \d{4} ·", text) and not re.search(r"\d{4}-\d\d-\d\d", text)
    for name in final:
        assert name in text

    stats = acknowledged(await players[0].slash(channel, "stats")).response.embeds[0]
    recent = next(f for f in stats.fields if f.name.startswith("Recent UNO games"))
    won = "won" if winner == "alice" else "lost"
    assert (
        recent.value.startswith(f"**#{game_id}** · ")
        and f"· {won} with {final['alice']} points" in recent.value
    )

    asked = acknowledged(await players[2].slash(channel, "uno replay", game=game_id))
    assert asked.ephemeral, "a replay is private to the one who asked"
    message = asked.response
    embed = message.embeds[0]
    assert embed.title.startswith(f"Game #{game_id} · move 0 of {moves}")
    # Every hand face up: four hands of seven cards at the deal.
    hands = [f for f in embed.fields if "points" in f.name]
    assert len(hands) == 4 and all(f.value.startswith("7 cards: ") for f in hands)
    assert _button(message, "◀ Previous").get("disabled")

    steps = 0
    while not _button(message, "Next ▶").get("disabled"):
        message = acknowledged(await players[2].click(message, label="Next ▶")).response
        steps += 1
        assert f"move {steps} of {moves}" in message.embeds[0].title
        if steps == moves // 2:
            # A restart midway: the old message's controls still answer, recomputed from the store.
            new_bot = make_bot()
            await env.restart_bot(new_bot)
    assert steps == moves, "every move of the game is a step"
    last = message.embeds[0]
    for name, points in final.items():
        assert any(f.name == f"{name} · {points} points" for f in last.fields), (name, points, last.fields)
        assert f"{name}: {points}" in last.footer.text
    assert f"{winner}: {final[winner]} (won)" in last.footer.text

    back = acknowledged(await players[2].click(message, label="⏮ First")).response
    assert "move 0 of" in back.embeds[0].title
    assert "Next ▶" in button_labels(back)


async def last_step_of_the_last_game(player: Any, channel: Any) -> Any:
    """The embed of the last step of the server's last finished game, as `player` replays it."""
    listed = acknowledged(await player.slash(channel, "uno history")).response.embeds[0].description
    found = re.search(r"\*\*#(\d+)\*\*", listed)
    assert found, listed
    replay = acknowledged(await player.slash(channel, "uno replay", game=int(found.group(1)))).response
    return acknowledged(await player.click(replay, label="Last ⏭")).response.embeds[0]


async def test_a_replay_of_an_unknown_game_is_refused_privately(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    where = guild.create_text_channel("uno")
    alice = guild.add_member(env.create_user("alice"))
    res = acknowledged(await alice.slash(where, "uno replay", game=42))
    assert res.ephemeral
    assert "no finished game #42" in res.response.content


async def test_a_replay_of_a_game_won_by_a_removal_names_the_winner(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """The events of a removal name seats as they were before it (the one removed) and after it
    (the winner): the replay's last step says who won, as the table said."""
    channel, (alice, bob) = await open_table(simcord_env, ["alice", "bob"], start=True)
    table = table_of(simcord_bot, channel)
    seated = [m.name for m in table.members]
    acknowledged(await alice.slash(channel, "uno kick", player=bob))
    last = await last_step_of_the_last_game(bob, channel)
    # Before, with bob dealt the first seat, the win went to bob, as the seat numbers after bob's
    # removal were read against the seats before it.
    assert seated == ["bob", "alice"], "the seats drawn: bob first"
    assert last.description.splitlines()[-2:] == [
        "bob's 7 cards went under the draw pile.",
        "🎉 alice wins the game: everyone else left the table!",
    ]
