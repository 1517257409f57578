"""/stats shows best partners and the puzzle line; /leaderboard's partners and puzzle boards page
through with their buttons; /privacy forget takes a player off all of them."""

from __future__ import annotations

from datetime import date
from datetime import datetime
from datetime import timedelta
from typing import Any

import discord

from bot.app import UnoBot
from bot.store import SeatResult
from bot.store import Store
from tests.discord.conftest import ClientLocales
from tests.discord.flood_driver import fetch
from tests.discord.test_component_limits import control_problems
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import button_labels
from tests.discord.uno_driver import flat_components

DAY = timedelta(days=1)
OTHER_GUILD = 1_900_000_000_000_000_001
# Players who only exist in the store: enough of them to fill more than one page.
FILLERS = [1_900_000_000_000_001_000 + n for n in range(12)]


def filler_name(user_id: int) -> str:
    return f"p{user_id % 1000:02d}"


def shown(res: Any) -> Any:
    """The message a deferred command answered with."""
    return res.response or res.followups[0]


def lines(message: Any) -> list[str]:
    return str(message.embeds[0].description).splitlines()


def field(message: Any, name: str) -> str | None:
    return next((str(f.value) for f in message.embeds[0].fields if f.name == name), None)


async def team_game(
    store: Store,
    guild_id: int,
    teams: list[list[tuple[int, str]]],
    winner: int,
    at: datetime,
) -> None:
    seats: list[SeatResult] = []
    for team, members in enumerate(teams):
        for user_id, name in members:
            won = team == winner
            seats.append(SeatResult(user_id, name, len(seats), 0 if won else 30, won, team=team))
    await store.record_finished_game(
        kind="uno", ruleset="twist", guild_id=guild_id, channel_id=1, finished_at=at, seats=seats
    )


async def seed_partners(store: Store, guild_id: int, users: dict[str, Any], at: datetime) -> None:
    """In the server: ann and bob 3 games (2 won), ann and cat 1 (won), ann and dan 2 (lost),
    bob and cat 2 (won); six more pairs of other players, one game each. Elsewhere: ann and
    eve, 1 game, won."""
    ann, bob, cat, dan, eve = ((users[n].id, n) for n in ("ann", "bob", "cat", "dan", "eve"))
    for winner in (0, 0, 1):
        await team_game(store, guild_id, [[ann, bob], [cat, dan]], winner, at)
    await team_game(store, guild_id, [[ann, cat], [bob, dan]], 0, at)
    for _ in range(2):
        await team_game(store, guild_id, [[ann, dan], [bob, cat]], 1, at)
    others = [(user_id, filler_name(user_id)) for user_id in FILLERS]
    for n in range(0, 12, 4):
        await team_game(store, guild_id, [others[n : n + 2], others[n + 2 : n + 4]], 0, at)
    await team_game(store, OTHER_GUILD, [[ann, eve], [others[0], others[1]]], 0, at)


async def seed_puzzles(store: Store, users: dict[str, Any], today: date) -> None:
    """ann: the last 5 days, over the year's end; bob: 7 days in a row, ending 4 days ago; cat:
    yesterday; twelve others: one day long ago."""
    ann, bob, cat = (users[n].id for n in ("ann", "bob", "cat"))
    for n in range(5):
        await store.record_daily_puzzle(ann, "ann", today - n * DAY, solved=True, moves=9, undos=0)
    await store.record_practice_puzzle(ann, "ann", solved=True)
    for n in range(4, 11):
        await store.record_daily_puzzle(bob, "bob", today - n * DAY, solved=True, moves=9, undos=1)
    await store.record_daily_puzzle(cat, "cat", today - DAY, solved=True, moves=9, undos=0)
    for user_id in FILLERS:
        await store.record_daily_puzzle(
            user_id, filler_name(user_id), today - 30 * DAY, solved=True, moves=9, undos=0
        )


async def world(env: Any, bot: UnoBot) -> tuple[Any, dict[str, Any], date]:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    users = {name: guild.add_member(env.create_user(name)) for name in ("ann", "bob", "cat", "dan", "eve")}
    now = env.now()
    today = now.date()
    assert today == date(2026, 1, 1), "SimCord's clock starts on New Year's Day"
    await seed_partners(bot.store, guild.id, users, now)
    await seed_puzzles(bot.store, users, today)
    return channel, users, today


async def test_stats_show_best_partners_and_the_puzzle_streak(simcord_env: Any, simcord_bot: UnoBot) -> None:
    channel, users, _ = await world(simcord_env, simcord_bot)
    res = acknowledged(await users["ann"].slash(channel, "stats"))
    assert not res.ephemeral
    stats = shown(res)
    assert stats.embeds[0].title == "Stats of ann"
    # This server's partners only: bob (2 of 3), cat (1 of 1), dan (0 of 2); eve was her partner
    # in another server, which is not this server's to see.
    assert field(stats, "Best UNO partners") == (
        "bob: 2 wins in 3 games (67%)\ncat: 1 win in 1 game (100%)\ndan: 0 wins in 2 games (0%)"
    )
    # Asked in a DM, every server's: cat and eve at 100% (by name) pass dan.
    everywhere = shown(acknowledged(await users["ann"].user.slash("stats")))
    assert field(everywhere, "Best UNO partners") == (
        "bob: 2 wins in 3 games (67%)\ncat: 1 win in 1 game (100%)\neve: 1 win in 1 game (100%)"
    )
    assert any(f.name.startswith("Recent UNO games") for f in everywhere.embeds[0].fields)
    # Someone else asking in a DM sees her totals, not with whom or in which servers she played.
    asked = shown(acknowledged(await users["bob"].user.slash("stats", user=users["ann"].user)))
    assert asked.embeds[0].title == "Stats of ann"
    assert field(asked, "UNO") is not None
    assert field(asked, "Best UNO partners") is None
    assert not any(f.name.startswith("Recent UNO games") for f in asked.embeds[0].fields)
    assert field(stats, "Puzzles") == (
        "Daily streak **5** (best 5) · 5 of 5 daily puzzles solved\n1 of 1 practice puzzle solved"
    )
    bob = shown(acknowledged(await users["bob"].slash(channel, "stats")))
    assert field(bob, "Best UNO partners") == (
        "cat: 2 wins in 2 games (100%)\nann: 2 wins in 3 games (67%)\ndan: 0 wins in 1 game (0%)"
    )
    assert field(bob, "Puzzles") == "Daily streak **0** (best 7) · 7 of 7 daily puzzles solved"
    # Two days later ann has missed a day: the streak is gone, the best stays.
    await simcord_env.advance_time(2 * 24 * 3600)
    later = shown(acknowledged(await users["ann"].slash(channel, "stats")))
    assert field(later, "Puzzles") == (
        "Daily streak **0** (best 5) · 5 of 5 daily puzzles solved\n1 of 1 practice puzzle solved"
    )
    # Someone who never played here sees no partner or puzzle lines here.
    nobody = shown(acknowledged(await users["eve"].slash(channel, "stats")))
    assert field(nobody, "Puzzles") is None
    assert field(nobody, "Best UNO partners") is None


async def test_the_partners_board_pages_through_this_servers_pairs(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, users, _ = await world(simcord_env, simcord_bot)
    res = acknowledged(await users["dan"].slash(channel, "leaderboard", game="partners"))
    assert not res.ephemeral
    first = shown(res)
    assert first.embeds[0].title == "UNO partners leaderboard (this server)"
    page_one = lines(first)
    assert page_one[:4] == [
        "**1.** bob & cat: 2 wins · 2 games · 100%",
        "**1.** ann & bob: 2 wins · 3 games · 67%",  # ties share the rank on wins
        # One win in one game: ann & cat and the three winning pairs of the others (by id).
        "**3.** ann & cat: 1 win · 1 game · 100%",
        "**3.** p00 & p01: 1 win · 1 game · 100%",
    ]
    assert len(page_one) == 10
    assert first.embeds[0].footer.text == "Page 1 of 2 · 12 pairs"
    assert button_labels(first) == ["Next ▶"]

    acknowledged(await users["dan"].click(first, label="Next ▶"))
    second = fetch(channel, first.id)
    assert second.embeds[0].footer.text == "Page 2 of 2 · 12 pairs"
    assert button_labels(second) == ["◀ Previous"]
    # No wins: by games, then by id; page one ended with ann & dan, bob & dan, p02 & p03.
    assert page_one[7:] == [
        "**8.** ann & dan: 0 wins · 2 games · 0%",
        "**8.** bob & dan: 0 wins · 1 game · 0%",
        "**8.** p02 & p03: 0 wins · 1 game · 0%",
    ]
    assert lines(second) == [
        "**8.** p06 & p07: 0 wins · 1 game · 0%",
        "**8.** p10 & p11: 0 wins · 1 game · 0%",
    ]
    everyone = page_one + lines(second)
    assert len(set(everyone)) == 12
    assert not any("eve" in line for line in everyone), "ann and eve partnered in another server"

    acknowledged(await users["dan"].click(second, label="◀ Previous"))
    assert lines(fetch(channel, first.id)) == page_one

    # Everyone: the other server's pair too.
    res = acknowledged(await users["dan"].slash(channel, "leaderboard", game="partners", scope="everyone"))
    board = shown(res)
    assert board.embeds[0].title == "UNO partners leaderboard (everyone)"
    assert board.embeds[0].footer.text == "Page 1 of 2 · 13 pairs"
    assert "**3.** ann & eve: 1 win · 1 game · 100%" in lines(board)
    assert not control_problems(simcord_env.http_requests)  # the paging buttons fit Discord


async def test_the_puzzle_board_pages_through_everyones_streaks(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, users, _ = await world(simcord_env, simcord_bot)
    res = acknowledged(await users["cat"].slash(channel, "leaderboard", game="puzzle"))
    first = shown(res)
    assert first.embeds[0].title == "Daily puzzle leaderboard: best streak (everyone)"
    assert lines(first)[:4] == [
        "**1.** bob: best streak 7 · current streak 0 · 7 solved",
        "**2.** ann: best streak 5 · current streak 5 · 5 solved",
        "**3.** cat: best streak 1 · current streak 1 · 1 solved",
        "**3.** p00: best streak 1 · current streak 0 · 1 solved",
    ]
    assert first.embeds[0].footer.text == "Page 1 of 2 · 15 players"
    acknowledged(await users["cat"].click(first, label="Next ▶"))
    second = fetch(channel, first.id)
    assert lines(second) == [
        f"**3.** {filler_name(user_id)}: best streak 1 · current streak 0 · 1 solved"
        for user_id in FILLERS[7:]
    ]
    assert button_labels(second) == ["◀ Previous"]
    # The board reads the streaks on the day it is shown: a day later cat's has lapsed.
    await simcord_env.advance_time(24 * 3600)
    acknowledged(await users["cat"].click(second, label="◀ Previous"))
    again = lines(fetch(channel, first.id))
    assert again[1:3] == [
        "**2.** ann: best streak 5 · current streak 5 · 5 solved",
        "**3.** cat: best streak 1 · current streak 0 · 1 solved",
    ]


async def test_a_daily_streak_is_not_broken_while_the_puzzle_of_yesterday_is_still_open(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """cat solved yesterday's puzzle, starts today's and leaves it open past midnight: finished
    then, it still counts for its own day and extends her streak, so /stats and the board keep
    it. Before, both read 0 until she finished it."""
    channel, users, _ = await world(simcord_env, simcord_bot)
    simcord_bot.solo.idle_seconds = 3 * 24 * 3600  # her game does not expire meanwhile
    cat = users["cat"]
    acknowledged(await cat.slash(channel, "puzzle daily"))
    await simcord_env.advance_time(24 * 3600)
    stats = shown(acknowledged(await cat.slash(channel, "stats")))
    assert field(stats, "Puzzles") == "Daily streak **1** (best 1) · 1 of 1 daily puzzle solved"
    board = lines(shown(acknowledged(await cat.slash(channel, "leaderboard", game="puzzle"))))
    assert "**3.** cat: best streak 1 · current streak 1 · 1 solved" in board, board


async def test_forgetting_takes_a_player_off_partners_and_puzzles(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, users, today = await world(simcord_env, simcord_bot)
    ann = users["ann"]
    res = acknowledged(await ann.slash(channel, "privacy forget"))
    assert res.ephemeral
    done = acknowledged(await ann.click(res.response, label="Yes, delete my data"))
    assert "deleted" in (done.response or done.followups[0]).content
    assert not flat_components(fetch(channel, res.response.id, viewer=ann)), "the used button stays"

    mine = shown(acknowledged(await ann.slash(channel, "stats")))
    assert mine.embeds[0].description == "No finished games yet."
    assert (field(mine, "Best UNO partners"), field(mine, "Puzzles")) == (None, None)
    bob = shown(acknowledged(await users["bob"].slash(channel, "stats")))
    assert field(bob, "Best UNO partners") == ("cat: 2 wins in 2 games (100%)\ndan: 0 wins in 1 game (0%)")
    partners = shown(acknowledged(await users["bob"].slash(channel, "leaderboard", game="partners")))
    assert partners.embeds[0].footer.text == "Page 1 of 1 · 9 pairs"
    assert not any("ann" in line for line in lines(partners))
    puzzles = shown(acknowledged(await users["bob"].slash(channel, "leaderboard", game="puzzle")))
    assert lines(puzzles)[:2] == [
        "**1.** bob: best streak 7 · current streak 0 · 7 solved",
        "**2.** cat: best streak 1 · current streak 1 · 1 solved",
    ]
    assert puzzles.embeds[0].footer.text == "Page 1 of 2 · 14 players"
    assert await simcord_bot.store.daily_puzzle_result(ann.id, today) is None


async def test_empty_boards_say_how_to_get_on_them(simcord_env: Any, simcord_bot: UnoBot) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    zoe = guild.add_member(simcord_env.create_user("zoe"))
    partners = shown(acknowledged(await zoe.slash(channel, "leaderboard", game="partners")))
    assert "/uno start ruleset:twist teams:partners" in partners.embeds[0].description
    assert button_labels(partners) == []
    puzzles = shown(acknowledged(await zoe.slash(channel, "leaderboard", game="puzzle")))
    assert "/puzzle daily" in puzzles.embeds[0].description
    stats = shown(acknowledged(await zoe.slash(channel, "stats")))
    assert stats.embeds[0].description == "No finished games yet."
    # Before, the board of games against the computer sent players to `/uno start`, which seats
    # no computer player unless asked.
    hard = shown(acknowledged(await zoe.slash(channel, "leaderboard", game="uno_vs_hard")))
    assert hard.embeds[0].description == (
        "No finished games against the computer yet. Play one with `/uno solo level:hard`!"
    )


async def test_a_board_asked_for_what_it_does_not_rank_by_says_what_it_ranks_by(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """Before, UNO's board asked for best win streaks ranked by wins, and a solo board asked for
    points ranked by streaks, under a title that named what it had chosen instead."""
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    zoe = guild.add_member(simcord_env.create_user("zoe"))
    refused = {
        ("uno", "best_streak"): "The UNO leaderboard does not rank by best win streak: "
        "it ranks by wins, points, or win rate.",
        ("flood", "points"): "The Survive the Flood leaderboard does not rank by points: "
        "it ranks by wins or best win streak.",
        ("partners", "win_rate"): "The UNO partners leaderboard does not rank by win rate: it ranks by wins.",
        ("puzzle", "wins"): "The Daily puzzle leaderboard does not rank by wins: it ranks by best streak.",
    }
    for (game, metric), said in refused.items():
        res = acknowledged(await zoe.slash(channel, "leaderboard", game=game, metric=metric))
        assert res.response.ephemeral and res.response.content == said
    assert not [m for m in channel.history(viewer=zoe) if m.embeds]  # nothing was posted for everyone
    streaks = shown(acknowledged(await zoe.slash(channel, "leaderboard", game="flood", metric="best_streak")))
    assert "best win streak" in streaks.embeds[0].title
    plain = shown(acknowledged(await zoe.slash(channel, "leaderboard", game="flood")))
    assert "wins" in plain.embeds[0].title


async def test_boards_speak_the_servers_language_and_private_answers_their_readers(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales
) -> None:
    """Issue 21: a board or /stats is read by the whole channel, so it speaks the server's
    language (German here) whoever asks; /privacy forget answers its asker alone, in theirs
    (French), numbers and percentages written each language's way."""
    channel, users, _ = await world(simcord_env, simcord_bot)
    client_locales.servers[channel.guild.id] = "de"
    client_locales.users[users["ann"].id] = "fr"
    client_locales.users[users["dan"].id] = "pt-BR"

    board = shown(acknowledged(await users["dan"].slash(channel, "leaderboard", game="partners")))
    assert board.embeds[0].title == "Bestenliste der UNO-Partner (dieser Server)"
    assert lines(board)[0] == "**1.** bob & cat: 2 Siege · 2 Spiele · 100\xa0%"
    assert board.embeds[0].footer.text == "Seite 1 von 2 · 12 Paare"
    assert button_labels(board) == ["Weiter ▶"]
    acknowledged(await users["ann"].click(board, label="Weiter ▶"))
    assert button_labels(fetch(channel, board.id)) == ["◀ Zurück"], "the next page speaks German too"

    stats = shown(acknowledged(await users["ann"].slash(channel, "stats")))
    assert stats.embeds[0].title == "Statistik von ann"
    assert field(stats, "Beste UNO-Partner") == (
        "bob: 2 Siege · 3 Spiele (67\xa0%)\n"
        "cat: 1 Sieg · 1 Spiel (100\xa0%)\ndan: 0 Siege · 2 Spiele (0\xa0%)"
    )
    assert field(stats, "Rätsel") == (
        "Tagesserie **5** (beste 5) · 5 von 5 Tagesrätseln gelöst\n1 von 1 Übungsrätsel gelöst"
    )

    asked = acknowledged(await users["ann"].slash(channel, "privacy forget"))
    assert asked.ephemeral and "Voulez-vous vraiment continuer ?" in asked.response.content
    done = acknowledged(await users["ann"].click(asked.response, label="Oui, supprimer mes données"))
    assert "tout ce que le bot gardait sur vous est supprimé" in (done.response or done.followups[0]).content


async def test_a_cooldown_is_explained_in_the_readers_language_with_its_plural(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales
) -> None:
    simcord_bot.settings = simcord_bot.settings.model_copy(update={"create_cooldown_seconds": 30})
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("uno")
    anna = guild.add_member(simcord_env.create_user("anna"))
    client_locales.users[anna.id] = "de"
    acknowledged(await anna.slash(channel, "uno start"))
    again = acknowledged(await anna.slash(channel, "uno start"))
    assert again.ephemeral
    assert again.response.content == (
        "Du hast `/uno starten` gerade erst benutzt: du kannst es in 30 Sekunden wieder benutzen."
    )


async def test_a_board_speaks_the_language_an_admin_chose_for_the_server(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales
) -> None:
    """The language picked with /uno settings is the server's for every public message, boards
    included, over the server's own Discord language."""
    channel, users, _ = await world(simcord_env, simcord_bot)
    guild = channel.guild
    client_locales.servers[guild.id] = "de"
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[admins])
    acknowledged(await admin.slash(channel, "uno settings", language="it"))
    board = shown(acknowledged(await users["dan"].slash(channel, "leaderboard", game="partners")))
    assert board.embeds[0].title == "Classifica dei compagni di UNO (questo server)"
    assert board.embeds[0].footer.text == "Pagina 1 di 2 · 12 coppie"
