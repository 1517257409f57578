"""No English in the solo games for a player who reads another language, through SimCord: Survive
the Flood at every difficulty with both decks (a hint, a refused play, Resign asked and kept, a win,
a loss, the rules, stats and replays), UNO Solitaire (hint, draw, undo, a refused move, resign, a
win, stats, replay), the puzzles (the daily solved, a practice chain stuck then solved and given up,
duels, the solver and its refusals, the help), /preferences, every /help topic, /privacy forget left
unanswered and a DM game left idle past its deadline. A German player in a DM, a French one, and a
German one privately in an Italian server; everything the bot sent is read back from SimCord's
record of its requests and searched for English (tests/discord/english_leaks.py).

The controls are found by their custom_id, not their label: the labels are not English here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from bot.app import UnoBot
from bot.games.flood import Difficulty
from bot.games.flood import FloodGame
from bot.games.flood import GreedyPlayer as FloodPlayer
from bot.games.puzzles import ChainPuzzle
from bot.games.puzzles import DuelGame
from bot.games.puzzles import PlayCard
from bot.games.solver import solve_uno1
from bot.games.tableau import GreedyPlayer as TableauPlayer
from bot.games.tableau import TableauGame
from bot.sessions.solo import SoloSession
from tests.discord.conftest import ClientLocales
from tests.discord.english_leaks import Said
from tests.discord.english_leaks import english_in
from tests.discord.english_leaks import said_to_players
from tests.discord.flood_driver import fetch
from tests.discord.flood_driver import short_loss
from tests.discord.flood_driver import short_win
from tests.discord.test_component_limits import control_problems
from tests.discord.test_solitaire_play import greedy_seed as solitaire_seed
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import flat_components
from tests.discord.uno_driver import forged_select

NAME = "lena"
SERVER = "Piazza"


def answer(result: Any) -> Any:
    """The message a deferred command answered with."""
    return result.response or result.followups[-1]


@dataclass
class Player:
    """One person playing solo games, in their DM or privately in a server channel."""

    env: Any
    bot: UnoBot
    person: Any  # the user in a DM, the member in a server
    channel: Any
    in_server: bool

    async def slash(self, command: str, **options: Any) -> Any:
        if self.in_server:
            return acknowledged(await self.person.slash(self.channel, command, **options))
        return acknowledged(await self.person.slash(command, **options))

    def shown(self, message_id: int) -> Any:
        return fetch(self.channel, message_id, self.person)

    def session(self, kind: str) -> SoloSession:
        session = self.bot.solo.of(self.person.id, kind)
        assert session is not None, f"no running {kind}"
        return session

    async def press(self, message_id: int, ending: str) -> Any:
        """The button whose custom_id ends with `ending`, or the select option whose value is it."""
        message = self.shown(message_id)
        for item in flat_components(message):
            if item["type"] == 3 and any(o["value"] == ending for o in item["options"]):
                return acknowledged(await self.person.select(message, [ending], custom_id=item["custom_id"]))
        custom_id = next(
            c["custom_id"] for c in flat_components(message) if c.get("custom_id", "").endswith(f":{ending}")
        )
        return acknowledged(await self.person.click(message, custom_id=custom_id))

    async def forged(self, message_id: int, value: str) -> Any:
        """A select's pick its client never offered: the bot refuses it in words."""
        message = self.shown(message_id)
        select = next(c for c in flat_components(message) if c["type"] == 3)
        return acknowledged(await forged_select(self.person, message, select["custom_id"], [value]))

    async def resign(self, message_id: int, *, keep: bool = False) -> None:
        """Resign (Give up) as asked first: Keep playing once when `keep`, then resign."""
        await self.press(message_id, "resign")
        if keep:
            await self.press(message_id, "keep")
            await self.press(message_id, "resign")
        await self.press(message_id, "resign!")

    async def pictures(self, on: bool) -> None:
        await self.slash("preferences", pictures="on" if on else "off")


async def flood(player: Player, *, win: bool) -> None:
    await player.slash("flood rules")
    for difficulty in Difficulty:
        await player.slash("flood rules", difficulty=difficulty.value)
    await player.slash("flood play", difficulty="hard", decks=3)  # refused: too few decks
    await player.slash("flood replay")  # none finished yet
    await player.slash("flood stats")
    first = True
    for difficulty in Difficulty:
        for deck in ("uno", "standard"):
            player.bot.solo.seeds = [7]
            game = (
                await player.slash("flood play", difficulty=difficulty.value, deck=deck, penalty_draws=first)
            ).response.id
            session = player.session("flood")
            await player.press(game, "hint")
            for _ in range(3):
                engine = session.game
                assert isinstance(engine, FloodGame)
                if session.phase.is_over:
                    break
                await player.press(game, str(FloodPlayer().choose(engine.view())))
            if first and not session.phase.is_over:
                await player.slash("flood play", difficulty="easy")  # the running game, shown again
                await player.forged(game, "play 2Z")
                await player.forged(game, "play 5H")
                await player.press(game, "hint")
            if not session.phase.is_over:
                await player.resign(game, keep=first)
            first = False
    # A loss played to its end, and a win where asked (the pictures off on the way: they cost time).
    ends = [(short_loss(), "medium", "uno")] + ([(short_win(), "easy", "standard")] if win else [])
    for seed, level, deck in ends:
        player.bot.solo.seeds = [seed]
        game = (await player.slash("flood play", difficulty=level, deck=deck)).response.id
        session = player.session("flood")
        await player.pictures(False)
        while not session.phase.is_over:
            engine = session.game
            assert isinstance(engine, FloodGame)
            if engine.view().draw_pile_size < 3:
                await player.pictures(True)
            await player.press(game, str(FloodPlayer().choose(engine.view())))
        await player.pictures(True)
    await player.slash("flood stats")
    picker = answer(await player.slash("flood replay"))
    select = next(c for c in flat_components(picker) if c["type"] == 3)
    value = select["options"][-1]["value"]
    shown = answer(await player.person.select(picker, [value], custom_id=select["custom_id"]))
    await replay_steps(player, shown)
    await player.slash("flood replay", game=int(value))
    await player.slash("flood replay", game=999_999)  # not theirs


async def replay_steps(player: Player, shown: Any) -> None:
    """Next, Last, Previous and a jump of a replay."""
    for what in ("next", "next", "last", "prev", "first"):
        shown = player.shown(shown.id)
        step = next(c for c in flat_components(shown) if c["custom_id"].endswith(f":{what}"))
        acknowledged(await player.person.click(shown, custom_id=step["custom_id"]))
    shown = player.shown(shown.id)
    jump = next(c for c in flat_components(shown) if c["type"] == 3)
    middle = jump["options"][len(jump["options"]) // 2]["value"]
    acknowledged(await player.person.select(shown, [middle], custom_id=jump["custom_id"]))


async def solitaire(player: Player, *, win: bool) -> None:
    player.bot.solo.seeds = [solitaire_seed(won=False, max_moves=80)]
    game = (await player.slash("solitaire play")).response.id
    session = player.session("solitaire")
    await player.press(game, "hint")
    await player.press(game, "draw")
    await player.press(game, "undo")
    await player.press(game, "draw")
    await player.forged(game, "f 9")
    await player.forged(game, "p 0.0")
    await player.resign(game, keep=True)
    # A game played to its end, a win where asked (pictures off on the way).
    player.bot.solo.seeds = [solitaire_seed(won=win, max_moves=400 if win else 80)]
    game = (await player.slash("solitaire play")).response.id
    session = player.session("solitaire")
    await player.pictures(False)
    moves = 0
    while not session.phase.is_over:
        engine = session.game
        assert isinstance(engine, TableauGame)
        moves += 1
        if moves == 20:
            await player.press(game, "hint")
        await player.press(game, str(TableauPlayer().choose(engine.view())))
    await player.pictures(True)
    await player.slash("solitaire stats")
    picker = answer(await player.slash("solitaire replay"))
    select = next(c for c in flat_components(picker) if c["type"] == 3)
    value = select["options"][0]["value"]
    shown = answer(await player.person.select(picker, [value], custom_id=select["custom_id"]))
    await replay_steps(player, shown)


async def puzzles(player: Player) -> None:
    await player.slash("puzzle help")
    for cards in ("R1 R5 B5 G5", "R1 B2", "R1 X5", "R1 R2 R3 R4 R5 R6 R7 R8 R9 R0 R1 R2"):
        await player.slash("puzzle solve", cards=cards)
    # The daily: a card, Undo, Restart, then solved; asked again, the day's result.
    game = (await player.slash("puzzle daily")).response.id
    session = player.session("puzzle-daily")
    chain = session.game
    assert isinstance(chain, ChainPuzzle)
    order = solve_uno1(chain.hand).order
    assert order is not None
    await player.press(game, str(PlayCard(order[0])))
    await player.press(game, "undo")
    await player.press(game, str(PlayCard(order[0])))
    await player.press(game, "restart")
    await player.slash("puzzle daily")  # the running one
    for card in order:
        await player.press(game, str(PlayCard(card)))
    await player.slash("puzzle daily")  # solved today
    # Practice: stuck, then given up (Keep playing in between).
    for size in (20, 8):
        game = (await player.slash("puzzle random", size=size)).response.id
        session = player.session("puzzle-practice")
        chain = session.game
        assert isinstance(chain, ChainPuzzle)
        # Stopped a card short of the end, so that Give up is asked whatever the deal.
        while chain.playable_cards() and not chain.stuck and len(chain.chain) < len(chain.hand) - 1:
            await player.press(game, str(PlayCard(chain.playable_cards()[-1])))
        await player.resign(game, keep=True)
        assert player.bot.solo.of(player.person.id, "puzzle-practice") is None, "given up"
    # Duels: one played to its end, one the bot opens, given up.
    game = (await player.slash("puzzle duel", cards=5)).response.id
    session = player.session("puzzle-duel")
    while not session.phase.is_over:
        duel = session.game
        assert isinstance(duel, DuelGame)
        await player.press(game, str(PlayCard(duel.legal_cards()[-1])))
    # A random deal may leave nothing to follow the bot's opening card with, which ends the duel
    # at once: dealt again until one is left to give up.
    for _ in range(20):
        game = (await player.slash("puzzle duel", first="bot")).response.id
        if player.bot.solo.of(player.person.id, "puzzle-duel") is not None:
            break
    assert player.bot.solo.of(player.person.id, "puzzle-duel") is not None, "a duel to give up"
    await player.slash("puzzle duel")  # the running one
    await player.resign(game, keep=True)


async def the_rest(player: Player) -> None:
    await player.slash("preferences")
    await player.slash("preferences", pictures="server")
    await player.slash("preferences", turn_pings="off")
    await player.slash("preferences", pictures="on", turn_pings="on")
    for topic in (None, "uno", "flood", "solitaire", "puzzle", "admin"):
        await player.slash("help", **({"topic": topic} if topic else {}))
    await player.slash("stats")
    await player.slash("leaderboard", game="flood")
    if player.in_server:
        assert await player.person.autocomplete(player.channel, "leaderboard", "variant", "", game="flood")
    else:
        assert await player.person.autocomplete("leaderboard", "variant", "", game="flood")
    await player.slash("privacy forget")  # and not answered: a No


async def left_idle(env: Any, bot: UnoBot, user: Any) -> None:
    """A game in the DM left past its deadline: its message says it ended."""
    bot.solo.seeds = [3]
    acknowledged(await user.slash("solitaire play"))
    acknowledged(await user.slash("puzzle random"))
    await env.advance_time(bot.settings.solo_idle_expiry_seconds + 60)
    assert bot.solo.of(user.id, "solitaire") is None


# The player's language, whether they play privately in a server whose language is Italian, and
# the game they win (a win takes hundreds of moves: each is won in one run).
CASES = [("de", False, "solitaire"), ("fr", False, "flood"), ("pt_BR", True, "")]


@pytest.mark.parametrize(("language", "in_server", "won"), CASES)
async def test_a_player_in_another_language_reads_no_english_in_the_solo_games(
    simcord_env: Any,
    simcord_bot: UnoBot,
    client_locales: ClientLocales,
    drawn_words: list[Said],
    language: str,
    in_server: bool,
    won: str,
) -> None:
    env = simcord_env
    user = env.create_user(NAME)
    client_locales.users[user.id] = language
    person, channel = user, user.dm_channel
    if in_server:
        guild = env.create_guild(SERVER)
        client_locales.servers[guild.id] = "it"
        channel = guild.create_text_channel("giochi")
        person = guild.add_member(user)
    player = Player(env, simcord_bot, person, channel, in_server)
    await flood(player, win=won == "flood")
    await solitaire(player, win=won == "solitaire")
    await puzzles(player)
    await the_rest(player)
    await left_idle(env, simcord_bot, user)
    said = said_to_players(env.http_requests) + drawn_words
    # In the server, what everyone there reads (/stats, /leaderboard) speaks the server's language.
    languages = (language, "it") if in_server else (language,)
    english = english_in(said, languages, names=(NAME, SERVER, "giochi", "WILD"))
    assert not english, "\n".join(english)
    problems = control_problems(env.http_requests)
    assert not problems, "\n".join(problems)
