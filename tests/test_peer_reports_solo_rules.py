"""The solo games (Survive the Flood, UNO Solitaire, the Solitaire-Uno puzzles) checked against
bug reports filed on other solitaire, patience and daily-puzzle games, and against the seeds'
rules (/work/shared/rules/flood.md, solitaire.md, puzzles.md). Each test names the report or
rule it answers."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from datetime import UTC
from datetime import date
from datetime import datetime
from datetime import timedelta
from itertools import pairwise

import pytest

from bot.games.flood import DRAW
from bot.games.flood import Difficulty
from bot.games.flood import FloodGame
from bot.games.flood import FloodOptions
from bot.games.flood.actions import call
from bot.games.flood.actions import play
from bot.games.flood.cards import Card as FloodCard
from bot.games.flood.cards import Suit
from bot.games.flood.events import PileReshuffled
from bot.games.flood.odds import PLAYER_ODDS
from bot.games.puzzles import daily_puzzle
from bot.games.puzzles.generate import COUNT_CAP
from bot.games.solver.cards import matches
from bot.games.solver.reference import count_value_orders
from bot.games.tableau.game import TableauGame
from bot.i18n.catalogue import LANGUAGES
from bot.i18n.catalogue import SOURCE
from bot.i18n.text import Percent
from bot.i18n.words import Words
from bot.store import SoloStats
from cogs.flood.render import variant_label
from cogs.flood.rules import rules_text
from cogs.solo.front import stats_lines

# ---------------------------------------------------------------- a rate is never rounded to 0% or 100%


# https://github.com/HearthSim/Hearthstone-Deck-Tracker/issues/4602 (a "0%" chance that then
# happened, twice) and https://github.com/sethmlarson/sethmlarson.dev/issues/19 (a win rate
# rounded the wrong way): a share that is neither none nor all must not read as 0% or 100%.
@pytest.mark.parametrize("language", (SOURCE, *LANGUAGES))
@pytest.mark.parametrize(("share", "least", "most"), [(2 / 2000, 0.05, 0.15), (1999 / 2000, 99.9, 99.99)])
def test_a_rate_that_is_neither_none_nor_all_never_reads_0_or_100_percent(
    language: str, share: float, least: float, most: float
) -> None:
    shown = Words(language)(Percent(share))
    number = float(re.sub(r"[^\d,.]", "", shown).replace(",", "."))
    assert least <= number <= most, shown
    # Whole shares keep their whole numbers.
    assert re.fullmatch(r"0\s?%", Words(language)(Percent(0)).replace("\xa0", " "))
    assert re.fullmatch(r"100\s?%", Words(language)(Percent(1)).replace("\xa0", " "))


def test_flood_rules_never_say_0_percent_of_a_difficulty_the_careful_player_has_won() -> None:
    """/flood rules gives the planner's measured wins: the UNO master deck was won 2 times in
    2,000 deals, which read '0% with the UNO deck', as if it could not be won."""
    for difficulty in Difficulty:
        line = Words("en")(rules_text(difficulty))
        for deck, name in (("uno", "UNO"), ("standard", "standard")):
            odds = PLAYER_ODDS.get((difficulty.value, deck, False))
            if odds is None:
                continue
            found = re.search(rf"([\d.]+)% with the {name} deck", line)
            assert found, line
            shown = float(found.group(1))
            assert (shown > 0) == (odds.wins > 0), (difficulty, deck, line)
            assert (shown < 100) == (odds.wins < odds.deals), (difficulty, deck, line)


@pytest.mark.parametrize("language", (SOURCE, *LANGUAGES))
def test_a_players_solo_stats_never_round_a_lost_game_away(language: str) -> None:
    """/flood stats and /solitaire stats give each variant's share of wins: 199 wins in 200 games
    read '(100%)', as if no game had been lost, and 1 in 300 read '(0%)'."""
    rows = (
        SoloStats(1, "flood", "easy/standard", 200, 199, 3, 50),
        SoloStats(1, "flood", "hard/uno", 300, 1, 0, 1),
    )
    most, least = stats_lines(rows, variant_label, Words(language))
    share = re.compile(r"\(([\d.,]+)\s?%\)")
    for line, low, high in ((most, 99.0, 99.99), (least, 0.01, 1.0)):
        found = share.search(line.replace("\xa0", " "))
        assert found, line
        assert low < float(found.group(1).replace(",", ".")) < high, line


# ---------------------------------------------------------------- seeds and replays reproduce


# https://github.com/the-abe-train/globle/issues/27 (a change to the order of a list changed the
# puzzle players were in the middle of) and https://github.com/phst-randomizer/ph-randomizer/pull/248
# (a seed must give the same result every time): a finished solo game is kept as its seed and
# moves, and its replay deals it again. If the dealing changed, every kept game would stop
# replaying ("its record no longer fits the rules"). Pinned: these seeds deal these cards.
@pytest.mark.parametrize(
    ("difficulty", "deck", "hand", "starter", "first_draws"),
    [
        ("medium", "standard", "7H JS 4D 10D JD 10C QH", "4S", "KD 8S AC"),
        ("master", "standard", "4H 7H 10H JH 10S JS QH", "4S", "KH 8S AS"),
        ("medium", "uno", "R2 R6 R8 Y1 Y3 YD B5", "YS", "RS B8 G4"),
        ("master", "uno", "R3 R6 B2 B5 B6 RD BD", "R8", "B7 RS B7"),
    ],
)
def test_a_flood_seed_deals_the_same_game_after_an_upgrade(
    difficulty: str, deck: str, hand: str, starter: str, first_draws: str
) -> None:
    game, _ = FloodGame.new(FloodOptions.make(difficulty, deck), 20261129)
    assert " ".join(str(card) for card in game.hand + game.reserve) == hand
    assert str(game.discard[0]) == starter
    assert " ".join(str(card) for card in reversed(game.draw_pile[-3:])) == first_draws


def test_a_solitaire_seed_deals_the_same_game_after_an_upgrade() -> None:
    """The same pin for UNO Solitaire (S1): row 0, then the top of the stock."""
    deal = TableauGame.new(20261129).deal
    assert " ".join(str(card) for card in deal[:10]) == "Y1 YD Y3 R2 R6 R8 B5 YS RS B8"


# ---------------------------------------------------------------- a called suit outlives a reshuffle


# https://github.com/CampbellCrowley/SpikeyBot-Discord/issues/51 (a Wild Draw Four lost its colour
# once the player drew): F7 keeps the top card when the pile is made again from the discard, and
# F4 says that after a wild only the called suit counts: the call must survive the reshuffle.
def test_f7_the_suit_called_for_a_wild_on_top_survives_the_reshuffle_under_it() -> None:
    options = FloodOptions.make("medium", "standard")
    chosen = [FloodCard.parse(code) for code in ("QC", "3H", "4H", "5H", "6H", "7H", "8H", "9C", "2S")]
    rest = list(options.full_deck())
    for card in chosen:
        rest.remove(card)
    game, _ = FloodGame.from_deck(options, [*chosen, *rest], seed=5)
    # The draw pile is just the 2 of spades; everything else lies under the starter, so the
    # second draw has to make a new pile from the discard.
    game.discard[0:0] = game.draw_pile[:-1]
    del game.draw_pile[:-1]
    game.apply(play(FloodCard.parse("QC")))
    game.apply(call(Suit.DIAMONDS))  # a suit the hand lacks: drawing is free (F6)
    game.apply(DRAW)  # the 2 of spades, the last card of the pile
    events = game.apply(DRAW)
    assert any(isinstance(event, PileReshuffled) for event in events)
    assert game.discard == [FloodCard.parse("QC")] and game.suit is Suit.DIAMONDS
    assert all(card.suit is Suit.DIAMONDS or card.is_wild for card in game.legal_plays())
    assert FloodGame.from_json(game.to_json()).suit is Suit.DIAMONDS


# ---------------------------------------------------------------- the daily puzzle's solutions


# https://github.com/robatron/sudoku.js/issues/3 and https://github.com/SecUSo/privacy-friendly-sudoku/issues/89
# (puzzles sold as having one solution had many), https://github.com/ryanbhayward/games-puzzles-algorithms/issues/110
# (generated puzzles with no solution): every daily puzzle of four weeks can be played (P1), and
# the count of chains it is given (and labelled by) is the count a search through every card
# order finds.
def test_every_daily_puzzle_has_the_number_of_solutions_it_is_given() -> None:
    first = date(2026, 11, 30)
    for offset in range(28):
        spec = daily_puzzle(first + timedelta(days=offset))
        orders = count_value_orders(spec.hand)
        assert orders >= 1
        assert spec.solutions == min(orders, COUNT_CAP), spec
        solution = spec.game().solution()
        assert sorted(solution) == sorted(spec.hand)
        assert all(matches(a, b) for a, b in pairwise(solution))


# ---------------------------------------------------------------- the daily puzzle's day


# https://github.com/Checkora/Checkora/pull/1499 (a streak kept on one clock and checked on
# another), https://github.com/cwackerfuss/reactle/issues/114 (friends given different words on
# the same day) and https://github.com/HabitRPG/habitica/issues/1331 (a day that began at the
# server's midnight): the daily puzzle's day is the UTC date, whatever the time zone of the
# machine the bot runs on, so every player and every bot process has the same puzzle.
@pytest.fixture
def local_time_zone() -> Iterator[None]:
    before = os.environ.get("TZ")
    yield
    if before is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = before
    time.tzset()


@pytest.mark.usefixtures("local_time_zone")
@pytest.mark.parametrize("zone", ["Etc/GMT-14", "Etc/GMT+12", "UTC"])
def test_the_daily_puzzles_day_is_the_utc_date_whatever_the_machines_zone(zone: str) -> None:
    from cogs.puzzle.cog import today

    os.environ["TZ"] = zone
    time.tzset()
    before = datetime.now(UTC).date()
    asked = today()
    assert asked in (before, datetime.now(UTC).date())  # (the test may straddle UTC midnight)
