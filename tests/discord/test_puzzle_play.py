"""/puzzle end to end in SimCord: the daily chain and its streak, practice, the duel to its end,
privacy in a server, refusals, a restart in the middle of a puzzle."""

from __future__ import annotations

from datetime import date
from datetime import timedelta
from typing import Any

import pytest
from simcord.backend.errors import OptionError

from bot.app import UnoBot
from bot.games.puzzles import BOT
from bot.games.puzzles import PLAYER
from bot.games.puzzles import ChainPuzzle
from bot.games.puzzles import DuelGame
from bot.games.puzzles import PlayCard
from bot.games.puzzles import daily_puzzle
from bot.games.puzzles.generate import COUNT_CAP
from bot.games.solver import Card
from bot.games.solver import count_uno1_orders
from bot.games.solver import perfect_duel_move
from bot.games.solver import solve_duel
from bot.games.solver import solve_uno1
from bot.games.solver.cards import card_text
from bot.games.solver.cards import colour_square
from bot.sessions.solo import SoloSession
from tests.discord.conftest import BotFactory
from tests.discord.flood_driver import fetch
from tests.discord.flood_driver import resign
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import button_labels
from tests.discord.uno_driver import field
from tests.discord.uno_driver import flat_components

SIMCORD_FIRST_DAY = date(2026, 1, 1)  # where SimCord's virtual clock starts


def session_of(bot: UnoBot, user: Any, kind: str) -> SoloSession:
    session = bot.solo.of(user.id, kind)
    assert session is not None, f"no running {kind}"
    return session


def offered(message: Any) -> set[str]:
    """The card moves a player can make on the message: enabled card buttons, select options."""
    moves = set()
    for component in flat_components(message):
        if component["type"] == 2 and ":play " in component["custom_id"] and not component.get("disabled"):
            moves.add(component["custom_id"].split(":", 3)[3])
        if component["type"] == 3:
            moves.update(option["value"] for option in component["options"])
    return moves


def shown_cards(message: Any) -> set[str]:
    """Every card button, playable or greyed out."""
    return {
        c["custom_id"].split(":", 3)[3]
        for c in flat_components(message)
        if c["type"] == 2 and ":play " in c.get("custom_id", "")
    }


async def play_card(user: Any, message: Any, card: Card) -> Any:
    """Play `card` through the control that offers it (its button, or a select)."""
    move = str(PlayCard(card))
    for component in flat_components(message):
        if component["type"] == 3 and any(o["value"] == move for o in component["options"]):
            return acknowledged(await user.select(message, [move], custom_id=component["custom_id"]))
    button = next(
        c for c in flat_components(message) if c["type"] == 2 and c["custom_id"].endswith(f":{move}")
    )
    return acknowledged(await user.click(message, custom_id=button["custom_id"]))


def assert_chain_message_matches(message: Any, game: ChainPuzzle) -> None:
    """The message shows the chain, the cards left, and offers exactly the playable cards."""
    assert field(message, f"Chain ({len(game.chain)} of {len(game.hand)})")
    assert offered(message) == {str(PlayCard(card)) for card in game.playable_cards()}
    if len(set(game.left)) <= 20:
        assert shown_cards(message) == {str(PlayCard(card)) for card in game.left}


async def solve_from_scratch(
    user: Any, channel: Any, message_id: int, session: SoloSession, viewer: Any = None
) -> Any:
    """Empty the chain if needed, then play the solver's order card by card."""
    game = session.game
    assert isinstance(game, ChainPuzzle)
    if game.chain:
        acknowledged(await user.click(fetch(channel, message_id, viewer), label="Restart"))
    order = solve_uno1(game.hand).order
    assert order is not None
    for card in order:
        message = fetch(channel, message_id, viewer)
        assert_chain_message_matches(message, game)
        await play_card(user, message, card)
    return fetch(channel, message_id, viewer)


async def test_daily_puzzles_solved_through_the_buttons_build_a_streak(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    ada = env.create_user("ada")
    dm = ada.dm_channel
    res = acknowledged(await ada.slash("puzzle daily"))
    assert not res.ephemeral
    message_id = res.response.id
    session = session_of(simcord_bot, ada, "puzzle-daily")
    game = session.game
    assert isinstance(game, ChainPuzzle)
    assert game.day == SIMCORD_FIRST_DAY and game.hand == daily_puzzle(SIMCORD_FIRST_DAY).hand
    message = fetch(dm, message_id)
    assert message.embeds[0].title == "🧩 Daily puzzle · Thursday 1 January 2026 · medium"
    assert "Play all 10 cards in one chain" in message.embeds[0].description
    assert_chain_message_matches(message, game)
    assert button_labels(message)[-3:] == ["Undo", "Restart", "Give up"]

    # Two cards, Undo, then a card that does not fit is not even offered.
    order = solve_uno1(game.hand).order
    assert order is not None
    await play_card(ada, message, order[0])
    await play_card(ada, fetch(dm, message_id), order[1])
    acknowledged(await ada.click(fetch(dm, message_id), label="Undo"))
    message = fetch(dm, message_id)
    assert game.chain == [order[0]] and game.undos == 1
    assert "↩️ Took back" in message.embeds[0].description
    assert "undos 1" in message.embeds[0].footer.text
    assert_chain_message_matches(message, game)

    final = await solve_from_scratch(ada, dm, message_id, session)
    embed = final.embeds[0]
    assert embed.title == "🧩 Solved! · Daily puzzle · Thursday 1 January 2026 · medium"
    assert "🔥 Daily streak: **1** (best 1) · 1 daily puzzle solved." in embed.description
    assert "1 undo and 1 restart" in embed.description
    assert not flat_components(final), "a solved puzzle keeps no buttons"
    assert await simcord_bot.store.daily_puzzle_result(ada.id, SIMCORD_FIRST_DAY) is True

    # A second go the same day: already done, the result is shown, nothing starts.
    res = acknowledged(await ada.slash("puzzle daily"))
    again = res.response.embeds[0].description
    assert "You already solved today's puzzle. 🔥 Daily streak: **1** (best 1)" in again
    assert simcord_bot.solo.of(ada.id, "puzzle-daily") is None

    # The next day (UTC), the next puzzle extends the streak.
    await env.advance_time(24 * 3600)
    res = acknowledged(await ada.slash("puzzle daily"))
    session = session_of(simcord_bot, ada, "puzzle-daily")
    assert isinstance(session.game, ChainPuzzle)
    assert session.game.day == SIMCORD_FIRST_DAY + timedelta(days=1)
    final = await solve_from_scratch(ada, dm, res.response.id, session)
    assert "🔥 Daily streak: **2** (best 2) · 2 daily puzzles solved." in final.embeds[0].description


async def test_giving_up_the_daily_shows_a_solution_and_counts_the_day(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    bo = env.create_user("bo")
    dm = bo.dm_channel
    res = acknowledged(await bo.slash("puzzle daily"))
    await resign(bo, dm, res.response.id, label="Give up")
    embed = fetch(dm, res.response.id).embeds[0]
    assert embed.title.startswith("🧩 Given up · Daily puzzle")
    shown = embed.description.split("A solution: ")[1].splitlines()[0]
    assert len(shown.split(" → ")) == 10
    assert "Daily streak: **0** (best 0) · 0 daily puzzles solved." in embed.description
    assert await simcord_bot.store.daily_puzzle_result(bo.id, SIMCORD_FIRST_DAY) is False
    res = acknowledged(await bo.slash("puzzle daily"))
    again = res.response.embeds[0].description
    assert "You gave up on today's puzzle" in again and "A solution: " in again


async def test_a_daily_finished_after_midnight_counts_for_its_day_and_an_idle_one_not_at_all(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    flo = env.create_user("flo")
    dm = flo.dm_channel
    first = acknowledged(await flo.slash("puzzle daily")).response
    session = session_of(simcord_bot, flo, "puzzle-daily")
    game = session.game
    assert isinstance(game, ChainPuzzle)
    await play_card(flo, fetch(dm, first.id), game.playable_cards()[0])
    await env.advance_time(23 * 3600)
    await play_card(flo, fetch(dm, first.id), game.playable_cards()[0])
    await env.advance_time(2 * 3600)  # 1 am the next day: yesterday's puzzle is still open
    res = acknowledged(await flo.slash("puzzle daily"))
    assert "This is the puzzle of Thursday 1 January 2026, still open" in res.response.embeds[0].description
    final = await solve_from_scratch(flo, dm, res.response.id, session)
    assert "🔥 Daily streak: **1** (best 1)" in final.embeds[0].description
    assert await simcord_bot.store.daily_puzzle_result(flo.id, SIMCORD_FIRST_DAY) is True

    # Today's, left idle past the deadline: closed, not counted, so it may be played again.
    res = acknowledged(await flo.slash("puzzle daily"))
    assert session_of(simcord_bot, flo, "puzzle-daily").game.to_json()["day"] == "2026-01-02"
    await env.advance_time(25 * 3600)
    assert simcord_bot.solo.of(flo.id, "puzzle-daily") is None
    closed = fetch(dm, res.response.id)
    assert closed.embeds[0].title.startswith("🧩 Closed · Daily puzzle · Friday 2 January 2026")
    assert "left idle too long and was closed; it does not count" in closed.embeds[0].description
    assert not flat_components(closed)
    assert await simcord_bot.store.daily_puzzle_result(flo.id, SIMCORD_FIRST_DAY + timedelta(days=1)) is None


async def test_a_practice_puzzle_in_a_server_is_private_and_survives_a_restart(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("puzzles")
    lou = guild.add_member(env.create_user("lou"))
    max_ = guild.add_member(env.create_user("max"))
    # Discord's client holds the size to 3-40 (the option's range) and sends nothing else.
    for size in (2, 41):
        with pytest.raises(OptionError, match="size"):
            await lou.slash(channel, "puzzle random", size=size)
    assert simcord_bot.solo.of(lou.id, "puzzle-practice") is None

    # 30 cards: more different cards than buttons fit, so selects first, buttons later.
    res = acknowledged(await lou.slash(channel, "puzzle random", size=30))
    assert res.ephemeral and res.response.ephemeral
    message_id = res.response.id
    session = session_of(simcord_bot, lou, "puzzle-practice")
    game = session.game
    assert isinstance(game, ChainPuzzle) and len(game.hand) == 30
    assert len(set(game.hand)) > 20 and flat_components(res.response)[0]["type"] == 3, "a select"
    order = solve_uno1(game.hand).order
    assert order is not None
    for card in order[:5]:
        await play_card(lou, fetch(channel, message_id, lou), card)
    assert message_id not in {m.id for m in channel.history(viewer=max_)}
    assert not list(channel.history(viewer=max_)), "nothing of lou's puzzle reaches the channel"

    new_bot = make_bot()
    await env.restart_bot(new_bot)
    after = session_of(new_bot, lou, "puzzle-practice")
    assert after.game == game and after.move == session.move
    message = fetch(channel, message_id, lou)
    for card in order[5:]:
        assert_chain_message_matches(message, after.game)  # type: ignore[arg-type]
        await play_card(lou, message, card)
        message = fetch(channel, message_id, lou)
    embed = message.embeds[0]
    assert embed.title == "🧩 Solved! · Practice puzzle · 30 cards · long"
    assert "Practice puzzles solved: **1**." in embed.description
    assert message.flags.ephemeral and not flat_components(message)


async def test_a_stale_button_is_refused_and_shows_the_puzzle_as_it_stands(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    cy = env.create_user("cy")
    dm = cy.dm_channel
    first = acknowledged(await cy.slash("puzzle random", size=6)).response
    session = session_of(simcord_bot, cy, "puzzle-practice")
    again = acknowledged(await cy.slash("puzzle random"))
    assert "Here is the one you are playing" in again.response.embeds[0].description
    assert session_of(simcord_bot, cy, "puzzle-practice") is session, "not a second puzzle"
    game = session.game
    assert isinstance(game, ChainPuzzle)
    card = game.playable_cards()[0]
    await play_card(cy, fetch(dm, again.response.id), card)
    before, move = game.to_json(), session.move
    stale = fetch(dm, first.id)
    res = await play_card(cy, stale, next(c for c in game.hand if c != card or game.hand.count(c) > 1))
    refusal = res.followups[-1]
    assert refusal.ephemeral and "earlier position" in refusal.content
    assert game.to_json() == before and session.move == move
    assert f"move {move}" in fetch(dm, first.id).embeds[0].footer.text


async def play_duel(user: Any, channel: Any, message_id: int, session: SoloSession, *, perfect: bool) -> Any:
    game = session.game
    assert isinstance(game, DuelGame)
    while not session.phase.is_over:
        message = fetch(channel, message_id)
        assert offered(message) == {str(PlayCard(c)) for c in game.legal_cards()}
        assert field(message, f"Your hand ({len(game.hand(PLAYER))})")
        assert field(message, f"The bot's hand ({len(game.hand(BOT))})"), "both hands are open"
        card = game.legal_cards()[-1]
        if perfect:
            move = perfect_duel_move([game.hand(PLAYER), game.hand(BOT)], PLAYER, game.last)
            assert move.card is not None
            card = move.card
        await play_card(user, message, card)
    return fetch(channel, message_id)


async def test_duels_played_to_their_end_follow_the_opening_verdict(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    dan = env.create_user("dan")
    dm = dan.dm_channel
    seeds = {True: None, False: None}
    for seed in range(200):
        could_win = DuelGame.new(seed, 7).player_could_win
        if seeds[could_win] is None:
            seeds[could_win] = seed
    for could_win, seed in seeds.items():
        assert seed is not None
        simcord_bot.solo.seeds = [seed]
        res = acknowledged(await dan.slash("puzzle duel"))
        session = session_of(simcord_bot, dan, "puzzle-duel")
        start = res.response.embeds[0].description
        verdict = "**you can force a win**" if could_win else "**the bot can force a win**"
        assert verdict in start
        assert field(res.response, "Last card played") == "none yet: open with any card"
        final = await play_duel(dan, dm, res.response.id, session, perfect=True)
        assert final.embeds[0].title == ("⚔️ Duel: you won!" if could_win else "⚔️ Duel: the bot won")
        assert not flat_components(final)
        log = final.embeds[0].description
        assert ("🏆 The bot has no card to answer" in log) == could_win
        assert ("🤖 You have no card to answer" in log) != could_win
    assert await simcord_bot.store.solo_stats(dan.id, "puzzle-duel") == (), "duels keep no streak"

    # Giving up a deal that could be won: the winning openings are shown.
    simcord_bot.solo.seeds = [seeds[True]]
    res = acknowledged(await dan.slash("puzzle duel"))
    deal = session_of(simcord_bot, dan, "puzzle-duel").game
    assert isinstance(deal, DuelGame)
    await resign(dan, dm, res.response.id, label="Give up")
    lost = fetch(dm, res.response.id).embeds[0]
    assert lost.title == "⚔️ Duel: the bot won" and "🏳️ You gave up: the bot wins." in lost.description
    openings = solve_duel(deal.hands[PLAYER], deal.hands[BOT]).winning_openings
    shown = " ".join(card_text(card) for card in openings)  # each with its colour's square
    assert f"Winning openings from the deal: {shown}." in lost.description
    assert all(colour_square(card.colour) in shown for card in openings)

    # The bot may open: a deal it wins at once is shown finished; else giving up ends it.
    over_at_once = next(s for s in range(200) if DuelGame.new(s, 3, player_starts=False).is_over)
    playable = next(s for s in range(200) if not DuelGame.new(s, 3, player_starts=False).is_over)
    simcord_bot.solo.seeds = [over_at_once, playable]
    res = acknowledged(await dan.slash("puzzle duel", cards=3, first="bot"))
    assert res.response.embeds[0].title == "⚔️ Duel: the bot won"
    opening = DuelGame.new(over_at_once, 3, player_starts=False).played[0][1]
    assert (
        f"The bot played {card_text(opening)}.\n🤖 You have no card to answer {card_text(opening)}: "
        "the bot wins." in res.response.embeds[0].description
    )
    assert not flat_components(res.response) and simcord_bot.solo.of(dan.id, "puzzle-duel") is None
    res = acknowledged(await dan.slash("puzzle duel", cards=3, first="bot"))
    assert "The bot played" in res.response.embeds[0].description
    await resign(dan, dm, res.response.id, label="Give up")
    assert "You gave up: the bot wins." in fetch(dm, res.response.id).embeds[0].description
    assert simcord_bot.solo.of(dan.id, "puzzle-duel") is None
    with pytest.raises(OptionError, match="cards"):  # Discord's client holds it to 1-38
        await dan.slash("puzzle duel", cards=40)


async def test_a_practice_puzzle_with_more_chains_than_were_counted_does_not_give_the_cap_as_its_count(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    eve = env.create_user("eve")
    simcord_bot.solo.seeds = [2]  # a 12-card hand with 1240 chains: counting stops at 1000
    res = acknowledged(await eve.slash("puzzle random", size=12))
    game = session_of(simcord_bot, eve, "puzzle-practice").game
    assert isinstance(game, ChainPuzzle)
    assert game.solutions == COUNT_CAP < count_uno1_orders(game.hand, cap=10 * COUNT_CAP)
    footer = res.response.embeds[0].footer.text
    assert footer.endswith("· 1,000 or more chains solve it"), footer

    # A hand counted in full keeps its exact count.
    simcord_bot.solo.seeds = [0]
    await resign(eve, eve.dm_channel, res.response.id, label="Give up")
    res = acknowledged(await eve.slash("puzzle random", size=8))
    game = session_of(simcord_bot, eve, "puzzle-practice").game
    assert isinstance(game, ChainPuzzle) and 1 < game.solutions < COUNT_CAP
    assert res.response.embeds[0].footer.text.endswith(f"· {game.solutions} chains solve it")


async def test_a_duel_won_is_said_once_in_the_pictures_description(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    ida = env.create_user("ida")
    simcord_bot.solo.seeds = [0]  # one card each, and the bot's does not match the player's
    res = acknowledged(await ida.slash("puzzle duel", cards=1))
    game = session_of(simcord_bot, ida, "puzzle-duel").game
    assert isinstance(game, DuelGame) and game.player_could_win
    await play_card(ida, fetch(ida.dm_channel, res.response.id), game.legal_cards()[0])
    won = fetch(ida.dm_channel, res.response.id)
    assert won.embeds[0].title == "⚔️ Duel: you won!"
    said = won.attachments[0].description
    assert " You won. Your hand (0): " in said, said


async def test_a_duel_the_bot_opens_tells_the_player_how_to_answer(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    jo = env.create_user("jo")
    simcord_bot.solo.seeds = [0]  # the bot opens with R1 and the player can answer
    res = acknowledged(await jo.slash("puzzle duel", cards=4, first="bot"))
    game = session_of(simcord_bot, jo, "puzzle-duel").game
    assert isinstance(game, DuelGame) and not game.is_over and len(game.played) == 1
    start = res.response.embeds[0].description
    assert (
        "The bot opened; now each of you in turn plays a card of your own that matches the card just "
        "played, by colour or number. Whoever cannot play on their turn loses, also with an empty hand: "
        "the last card played wins." in start
    ), start
    assert "Open with any card" not in start
    # Once the player has answered, the message no longer repeats the rules.
    await play_card(jo, fetch(jo.dm_channel, res.response.id), game.legal_cards()[0])
    if not game.is_over:
        assert "Whoever cannot play" not in fetch(jo.dm_channel, res.response.id).embeds[0].description


async def test_a_puzzle_given_up_before_its_first_card_no_longer_invites_a_first_card(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    kai = env.create_user("kai")
    res = acknowledged(await kai.slash("puzzle random", size=6))
    assert field(res.response, "Chain (0 of 6)") == "empty: any card may start"
    await resign(kai, kai.dm_channel, res.response.id, label="Give up")
    given_up = fetch(kai.dm_channel, res.response.id)
    assert given_up.embeds[0].title.startswith("🧩 Given up · Practice puzzle")
    assert field(given_up, "Chain (0 of 6)") == "no card played"


async def test_a_finished_duel_no_longer_asks_the_player_to_find_the_line(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    lea = env.create_user("lea")
    simcord_bot.solo.seeds = [0]  # one card each, and the bot's does not match the player's
    res = acknowledged(await lea.slash("puzzle duel", cards=1))
    assert (
        "**you can force a win**, even against perfect play. Find the line!"
        in res.response.embeds[0].description
    )
    game = session_of(simcord_bot, lea, "puzzle-duel").game
    assert isinstance(game, DuelGame)
    await play_card(lea, fetch(lea.dm_channel, res.response.id), game.legal_cards()[0])
    won = fetch(lea.dm_channel, res.response.id).embeds[0].description
    assert "🧠 From this deal **you could force a win**, even against perfect play." in won, won
    assert "Find the line" not in won

    # The bot opens and wins at once: it could force its win, whatever the player did.
    over_at_once = next(s for s in range(200) if DuelGame.new(s, 3, player_starts=False).is_over)
    simcord_bot.solo.seeds = [over_at_once]
    res = acknowledged(await lea.slash("puzzle duel", cards=3, first="bot"))
    lost = res.response.embeds[0].description
    assert "🧠 From this deal **the bot could force a win**, whatever you played." in lost, lost
    assert "see whether you can spot how" not in lost
