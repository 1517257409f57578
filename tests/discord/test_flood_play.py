"""/flood end to end in SimCord: whole games in a DM, privacy in a server, refusals, restarts."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from bot.app import UnoBot
from bot.games.flood import FloodGame
from bot.games.flood import Planner
from bot.games.flood.cards import Role
from bot.games.flood.game import Phase
from bot.games.flood.odds import PLAYER_ODDS
from bot.games.tableau.odds import SOLITAIRE_ODDS
from cogs.flood.render import HINT
from cogs.flood.render import action_words
from tests.discord.conftest import BotFactory
from tests.discord.flood_driver import assert_message_matches
from tests.discord.flood_driver import fetch
from tests.discord.flood_driver import greedy_move
from tests.discord.flood_driver import greedy_seed
from tests.discord.flood_driver import play_to_the_end
from tests.discord.flood_driver import resign
from tests.discord.flood_driver import session_of
from tests.discord.flood_driver import short_loss
from tests.discord.flood_driver import short_win
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import button_labels
from tests.discord.uno_driver import flat_components


def stats_text(res: Any) -> str:
    message = res.response or res.followups[0]
    return str(message.embeds[0].description)


async def test_a_dm_game_to_a_win_then_one_to_a_loss_updates_the_streaks(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    ann = env.create_user("ann")
    dm = ann.dm_channel
    simcord_bot.solo.seeds = [short_win()]
    res = acknowledged(await ann.slash("flood play", difficulty="easy", deck="standard"))
    assert not res.ephemeral
    game_message = res.response
    assert game_message.embeds[0].title == "🌊 Survive the Flood · Easy · standard deck"
    assert any(f.name.startswith("Reserve (") for f in game_message.embeds[0].fields)
    final = await play_to_the_end(simcord_bot, ann, dm, game_message.id)
    assert final.embeds[0].title == "🌊 You survived the flood!"
    assert "Win streak: **1** (best 1)" in final.embeds[0].description
    assert not flat_components(final), "a finished game keeps no controls"
    assert simcord_bot.solo.of(ann.id, "flood") is None

    text = stats_text(acknowledged(await ann.slash("flood stats")))
    assert "**Easy · standard deck**: 1 game · 1 win (100%) · streak 1 · best streak 1" in text

    # A lost game on easy resets the streak and keeps the best.
    simcord_bot.solo.seeds = [greedy_seed("easy", "standard", won=False, max_moves=80)]
    res = acknowledged(await ann.slash("flood play", difficulty="easy", deck="standard"))
    final = await play_to_the_end(simcord_bot, ann, dm, res.response.id)
    assert final.embeds[0].title == "🌊 The flood won"
    assert "Your hand ran dry." in final.embeds[0].description
    assert "Streak reset. Best streak: 1 · 1/2 won." in final.embeds[0].description

    # Resigning is a loss too, in its own difficulty and deck.
    res = acknowledged(await ann.slash("flood play", difficulty="medium"))
    await resign(ann, dm, res.response.id)
    assert fetch(dm, res.response.id).embeds[0].title == "🌊 The flood won"

    text = stats_text(acknowledged(await ann.slash("flood stats")))
    assert "**Easy · standard deck**: 2 games · 1 win (50%) · streak 0 · best streak 1" in text
    assert "**Medium · UNO deck**: 1 game · 0 wins (0%) · streak 0 · best streak 0" in text
    assert text.index("Easy") < text.index("Medium")

    # The boards: ann is ranked by best streak beside a stronger player.
    for won in (True, True, False):
        await simcord_bot.store.record_solo_result(999, "flood", "easy/standard", won, display_name="zed")
    res = acknowledged(await ann.slash("leaderboard", game="flood", metric="best_streak"))
    board = (res.response or res.followups[0]).embeds[0]
    # Solo games are played in DMs as in servers: their boards are everyone's, and say so.
    assert board.title == "Survive the Flood leaderboard: best win streak (everyone)"
    easy = next(f for f in board.fields if f.name.startswith("Easy · standard deck"))
    assert easy.name == "Easy · standard deck (2 players)"
    assert easy.value.splitlines() == [
        "**1.** zed: best streak 2 · 2 wins · 3 games · current streak 0",
        "**2.** ann: best streak 1 · 1 win · 2 games · current streak 0",
    ]
    medium = next(f for f in board.fields if f.name.startswith("Medium · UNO deck"))
    assert "**1.** ann: best streak 0 · 0 wins · 1 game" in medium.value
    res = acknowledged(await ann.slash("leaderboard", game="flood", metric="wins", variant="medium/uno"))
    page = (res.response or res.followups[0]).embeds[0]
    assert page.title == "Survive the Flood · Medium · UNO deck: wins (everyone)"
    # A row leads with what the board is ranked by: here wins, the best streak after.
    assert page.description.startswith("**1.** ann: 0 wins · 1 game · best streak 0 · current streak 0")
    res = acknowledged(await ann.slash("leaderboard", game="flood", metric="wins"))
    board = (res.response or res.followups[0]).embeds[0]
    assert board.title == "Survive the Flood leaderboard: wins (everyone)"
    easy = next(f for f in board.fields if f.name.startswith("Easy · standard deck"))
    assert easy.value.splitlines() == [
        "**1.** zed: 2 wins · 3 games · best streak 2 · current streak 0",
        "**2.** ann: 1 win · 2 games · best streak 1 · current streak 0",
    ]
    res = acknowledged(await ann.slash("stats"))
    solo = next(f for f in (res.response or res.followups[0]).embeds[0].fields)
    assert solo.name == "Survive the Flood" and "best streak 1" in solo.value


async def test_a_game_in_a_server_channel_is_private_to_its_player(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    simcord_bot.solo.seeds = [short_loss()]
    res = acknowledged(await alice.slash(channel, "flood play", difficulty="medium"))
    assert res.ephemeral and res.response.ephemeral
    message_id = res.response.id
    await play_to_the_end(simcord_bot, alice, channel, message_id, viewer=alice, limit=5)
    seen_by_bob = {m.id for m in channel.history(viewer=bob)}
    assert message_id not in seen_by_bob, "another member could see the game"
    assert not seen_by_bob, "nothing of alice's game reaches the channel"
    assert fetch(channel, message_id, alice).flags.ephemeral
    # Bob's own game is his alone, and does not touch alice's.
    res = acknowledged(await bob.slash(channel, "flood play", difficulty="easy"))
    assert res.ephemeral
    assert session_of(simcord_bot, alice) is not session_of(simcord_bot, bob)
    final = await play_to_the_end(simcord_bot, alice, channel, message_id, viewer=alice)
    assert final.embeds[0].title == "🌊 The flood won"
    assert not {m.id for m in channel.history(viewer=bob)} & {message_id}


async def test_bad_input_is_refused_clearly_and_changes_nothing(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    cy = env.create_user("cy")
    dm = cy.dm_channel
    res = acknowledged(await cy.slash("flood play", difficulty="hard", deck="uno", decks=3))
    assert res.ephemeral
    assert "at least 4 draw decks" in res.response.content
    assert simcord_bot.solo.of(cy.id, "flood") is None

    # A fixed deal: with a random one, whether the stale message still held a Draw button or a
    # select to click depended on the cards, and the test failed now and then.
    simcord_bot.solo.seeds = [2024]
    res = acknowledged(await cy.slash("flood play", difficulty="medium", decks=5))
    first = res.response
    session = session_of(simcord_bot, cy)
    assert session.game.to_json()["options"]["target"] == 5
    # The running game shown again in a second message; a move there makes the first stale.
    again = acknowledged(await cy.slash("flood play", difficulty="easy"))
    assert "already have a game running" in again.response.embeds[0].description
    second = again.response
    await play_to_the_end(simcord_bot, cy, dm, second.id, limit=1)
    before = session.game.to_json()
    move = session.move
    stale = fetch(dm, first.id)
    labels = button_labels(stale)
    if "Draw" in labels:
        res = acknowledged(await cy.click(stale, label="Draw"))
    else:
        select = next(c for c in flat_components(stale) if c["type"] == 3)
        res = acknowledged(
            await cy.select(stale, [select["options"][0]["value"]], custom_id=select["custom_id"])
        )
    refusal = res.followups[-1]
    assert refusal.ephemeral and "earlier position" in refusal.content
    assert session.game.to_json() == before and session.move == move
    refreshed = fetch(dm, first.id)
    assert f"move {move}" in refreshed.embeds[0].footer.text, "the stale message now shows the game"


async def test_a_wild_draw_four_turned_first_on_hard_is_told_as_the_first_cards_penalty(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    # F3, F12: on hard the colour is called before the four cards are drawn; the line told of them
    # read "(Wild Draw Four)", as if the player had played one.
    dee = simcord_env.create_user("dee")
    simcord_bot.solo.seeds = [10]  # the UNO deck's first card turned is a Wild Draw Four
    res = acknowledged(await dee.slash("flood play", difficulty="hard", deck="uno"))
    game = session_of(simcord_bot, dee).game
    assert game.discard_top.role is Role.WILD_DRAW_FOUR and game.phase is Phase.CALLING_SUIT
    acknowledged(await dee.click(res.response, label="Red"))
    lines = fetch(dee.dm_channel, res.response.id).embeds[0].description.splitlines()
    drawn = [line for line in lines if line.startswith("You drew ")]
    assert len(drawn) == 1 and drawn[0].endswith(" (the first card).")


async def test_a_game_survives_a_restart_and_is_finished_from_the_old_message(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory
) -> None:
    env = simcord_env
    dee = env.create_user("dee")
    dm = dee.dm_channel
    simcord_bot.solo.seeds = [short_loss()]
    res = acknowledged(await dee.slash("flood play", difficulty="medium"))
    message_id = res.response.id
    await play_to_the_end(simcord_bot, dee, dm, message_id, limit=8)
    before = session_of(simcord_bot, dee)
    state, move = before.game.to_json(), before.move

    new_bot = make_bot()
    await env.restart_bot(new_bot)

    after = session_of(new_bot, dee)
    assert after is not before
    assert after.game.to_json() == state and after.move == move
    final = await play_to_the_end(new_bot, dee, dm, message_id)
    assert final.embeds[0].title == "🌊 The flood won"
    text = stats_text(acknowledged(await dee.slash("flood stats")))
    assert "**Medium · UNO deck**: 1 game · 0 wins" in text


async def test_an_idle_game_expires_as_a_loss(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory
) -> None:
    env = simcord_env
    eve = env.create_user("eve")
    dm = eve.dm_channel
    simcord_bot.solo.seeds = [short_win()]
    res = acknowledged(await eve.slash("flood play", difficulty="easy", deck="standard"))
    message_id = res.response.id
    await play_to_the_end(simcord_bot, eve, dm, message_id, limit=3)
    await env.advance_time(23 * 3600)
    assert simcord_bot.solo.of(eve.id, "flood") is not None, "not idle long enough yet"
    await play_to_the_end(simcord_bot, eve, dm, message_id, limit=1)
    # A restart in between: the deadline is data, re-armed from the store.
    new_bot = make_bot()
    await env.restart_bot(new_bot)
    await env.advance_time(23 * 3600)
    assert new_bot.solo.of(eve.id, "flood") is not None, "the move pushed the deadline back"
    await env.advance_time(2 * 3600)
    assert new_bot.solo.of(eve.id, "flood") is None
    expired = fetch(dm, message_id)
    assert expired.embeds[0].title == "🌊 The flood won"
    assert "left idle too long" in expired.embeds[0].description
    assert not flat_components(expired)
    text = stats_text(acknowledged(await eve.slash("flood stats")))
    assert "1 game · 0 wins (0%) · streak 0" in text


async def test_privacy_forget_ends_the_running_game_first(simcord_env: Any, simcord_bot: UnoBot) -> None:
    env = simcord_env
    fay = env.create_user("fay")
    dm = fay.dm_channel
    res = acknowledged(await fay.slash("flood play", difficulty="easy"))
    game_id = session_of(simcord_bot, fay).game_id
    await resign(fay, dm, res.response.id)
    res = acknowledged(await fay.slash("flood play", difficulty="easy"))
    message_id = res.response.id
    assert await simcord_bot.store.get_running_game(session_of(simcord_bot, fay).game_id)
    res = acknowledged(await fay.slash("privacy forget"))
    acknowledged(await fay.click(res.response, label="Yes, delete my data"))
    assert simcord_bot.solo.sessions_of(fay.id) == []
    assert await simcord_bot.store.running_game_ids_for_user(fay.id) == ()
    assert await simcord_bot.store.solo_stats(fay.id, "flood") == ()
    assert game_id not in {s.game_id for s in simcord_bot.solo.sessions}
    # The old game's buttons now say it has ended and go away.
    res = acknowledged(await fay.click(fetch(dm, message_id), label="Resign"))
    assert "has ended" in res.followups[-1].content
    assert not flat_components(fetch(dm, message_id))
    assert await simcord_bot.store.solo_stats(fay.id, "flood") == (), "nothing was written back"


async def test_flood_rules_explain_each_difficulty_in_our_words(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    gus = simcord_env.create_user("gus")
    res = acknowledged(await gus.slash("flood rules", difficulty="hard"))
    rules = res.response.embeds[0].description
    assert "`difficulty:hard`: survive 4 draw decks with the UNO deck, 8 with the standard deck." in rules
    assert "*before*" in rules and "difficulty:easy" not in rules
    res = acknowledged(await gus.slash("flood rules"))
    every = res.response.embeds[0].description
    for name in ("easy", "medium", "hard", "master", "master-inhand"):
        assert f"`difficulty:{name}`:" in every
    assert "`difficulty:easy`: survive 2 draw decks with the UNO deck, 4 with the standard deck." in every
    # The odds come from the table bench/flood.py writes, not from text typed in the cog.
    hard = PLAYER_ODDS[("hard", "standard", False)]
    assert f"{hard.rate:.0%} with the standard deck ({hard.deals:,} deals)" in rules


async def test_solitaire_says_how_often_a_careful_player_wins(simcord_env: Any, simcord_bot: UnoBot) -> None:
    ann = simcord_env.create_user("ann")
    res = acknowledged(await ann.slash("solitaire play"))
    footer = res.response.embeds[0].footer.text
    odds = SOLITAIRE_ODDS
    found = re.search(rf"a careful player wins ([\d.]+)% of deals \({odds.deals:,} played\)", footer)
    assert found, footer
    # Near the measured rate, and never 100% while some deal was lost (9,993 of 10,000: 99.9%).
    shown = float(found.group(1))
    assert abs(shown - odds.rate * 100) < 1 and (shown < 100) == (odds.wins < odds.deals)


async def test_hint_shows_the_planners_move_and_why_without_moving(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    ann = simcord_env.create_user("ann")
    dm = ann.dm_channel
    simcord_bot.solo.seeds = [short_loss()]
    res = acknowledged(await ann.slash("flood play", difficulty="medium", deck="uno"))
    message_id = res.response.id
    session = session_of(simcord_bot, ann)
    game = session.game
    assert isinstance(game, FloodGame)
    before = game.to_json()
    advice = Planner().advise(game.view())
    assert advice.action in game.view().legal
    acknowledged(await ann.click(fetch(dm, message_id), label="Hint"))
    shown = fetch(dm, message_id).embeds[0].description
    assert f"💡 Hint: {action_words(advice.action)}. {advice.reason}" in shown  # str() of each Text: English
    assert session.move == 0 and game.to_json() == before, "a hint changes nothing"


async def test_the_hint_is_worked_out_off_the_event_loop(simcord_env: Any, simcord_bot: UnoBot) -> None:
    """The planner's search may take most of a second: done on the event loop it would hold up
    every other table and player of the bot meanwhile."""
    cog = simcord_bot.get_cog("Flood")
    assert cog is not None
    front = cog.front  # type: ignore[attr-defined]
    hint = front.local_actions[HINT]
    where: list[bool] = []

    def hint_noting_the_loop(session: Any) -> Any:
        try:
            asyncio.get_running_loop()
            where.append(True)
        except RuntimeError:
            where.append(False)
        return hint(session)

    front.local_actions[HINT] = hint_noting_the_loop
    ann = simcord_env.create_user("ann")
    simcord_bot.solo.seeds = [short_loss()]
    res = acknowledged(await ann.slash("flood play", difficulty="medium", deck="uno"))
    acknowledged(await ann.click(fetch(ann.dm_channel, res.response.id), label="Hint"))
    assert "💡 Hint:" in fetch(ann.dm_channel, res.response.id).embeds[0].description
    assert where == [False], "the hint ran on the event loop"


def message_words(message: Any) -> list[str]:
    embed = message.embeds[0]
    shown = [embed.title, embed.description, *(f"{f.name}: {f.value}" for f in embed.fields)]
    return [*shown, *button_labels(message)]


async def test_the_uno_deck_speaks_of_colours_and_the_standard_deck_of_suits(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """As in an UNO game, a wild card of the UNO deck asks for a colour, one of the standard deck
    for a suit; neither deck's message names the other's."""
    for deck, word, other in (("uno", "colour", "suit"), ("standard", "suit", "colour")):
        player = simcord_env.create_user(f"{deck}-player")
        simcord_bot.solo.seeds = [greedy_seed("medium", deck, won=False, max_moves=80)]
        res = acknowledged(await player.slash("flood play", difficulty="medium", deck=deck))
        session = session_of(simcord_bot, player)
        calls = 0
        for _ in range(80):
            message = fetch(player.dm_channel, res.response.id)
            if session.phase.is_over:
                break
            game = session.game
            assert isinstance(game, FloodGame)
            assert_message_matches(message, game)
            words = message_words(message)
            assert not any(other in line.lower() for line in words), (deck, words)
            if game.phase is Phase.CALLING_SUIT:
                calls += 1
                assert message.embeds[0].description.endswith(f"**Call a {word}** for your wild card.")
                assert f"{word.capitalize()} in force: to be called" in words
            await greedy_move(player, message, game)
        assert calls, f"no wild card was played with the {deck} deck"


async def test_a_dm_game_moved_on_from_a_server_copy_still_shows_its_end_in_the_dm(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """`/flood play` in a server shows a running DM game privately there; a move made on that
    private copy must not take the game's home away from the DM: when the game is left idle,
    its DM message says so and loses its controls."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ivy_user = env.create_user("ivy")
    ivy = guild.add_member(ivy_user)
    dm = ivy_user.dm_channel
    simcord_bot.solo.seeds = [2024]
    home = acknowledged(await ivy_user.slash("flood play", difficulty="medium")).response
    copy = acknowledged(await ivy.slash(channel, "flood play", difficulty="medium"))
    assert copy.ephemeral and "already have a game running" in copy.response.embeds[0].description
    session = session_of(simcord_bot, ivy_user)
    game = session.game
    assert isinstance(game, FloodGame)
    await greedy_move(ivy, fetch(channel, copy.response.id, ivy), game)
    assert session.move == 1
    await env.advance_time(25 * 3600)
    assert simcord_bot.solo.of(ivy_user.id, "flood") is None
    expired = fetch(dm, home.id)
    assert "left idle too long" in expired.embeds[0].description
    assert not flat_components(expired), "the DM message still offers moves in a finished game"
