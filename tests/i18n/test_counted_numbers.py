"""A number before a noun agrees with it: 1 (and in French 0) takes the singular ("scores 1 point",
"1 énigme"). Before, these sentences put the plural after any number ("1 points", "0 points")."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC
from datetime import date
from datetime import datetime

import pytest

from bot.games.errors import IllegalAction
from bot.games.uno.cards import Card
from bot.games.uno.events import TeamWonGame
from bot.games.uno.ruleset import OFFICIAL
from bot.games.uno.ruleset import TWIST
from bot.games.uno.scoring import ELIMINATION
from bot.games.uno.scoring import LOWEST_TOTAL
from bot.games.uno.scoring import POINTS_TO_TARGET
from bot.games.uno.scoring import EndReason
from bot.i18n.text import AllOf
from bot.i18n.words import Words
from bot.render.images.uno import PublicSeat
from bot.render.images.uno import PublicTable
from bot.render.uno_text import describe_event
from bot.sessions.records import FinishedGameSummary
from bot.sessions.records import FinishedSeat
from bot.sessions.records import KindStats
from bot.sessions.records import LeaderboardRow
from bot.sessions.records import PuzzleLeaderboardRow
from bot.sessions.records import PuzzleStats
from cogs.puzzle.render import daily_done_message
from cogs.stats.cog import kind_line
from cogs.stats.cog import puzzle_line
from cogs.stats.cog import puzzle_row
from cogs.stats.cog import uno_row
from cogs.uno.cog import team_won_text
from cogs.uno.history import hand_heading
from cogs.uno.history import recent_game_line
from cogs.uno.render import table_message
from tests.i18n.test_table_limits import full_table

ENGLISH, FRENCH = Words("en"), Words("fr")
AT = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def test_a_round_won_scores_one_point() -> None:
    assert ENGLISH(POINTS_TO_TARGET.round_won("ann", 1, False)) == "ann won the round and scores 1 point"
    assert ENGLISH(POINTS_TO_TARGET.round_won("ann", 2, False)) == "ann won the round and scores 2 points"
    assert FRENCH(POINTS_TO_TARGET.round_won("ann", 1, False)) == "ann remporte la manche et marque 1 point"
    assert FRENCH(POINTS_TO_TARGET.round_won("ann", 0, False)) == "ann remporte la manche et marque 0 point"


def test_a_game_won_on_few_points_says_point() -> None:
    on_time = EndReason.TIME
    assert ENGLISH(POINTS_TO_TARGET.game_won("ann", 1, on_time)) == "ann wins the game with 1 point"
    assert FRENCH(POINTS_TO_TARGET.game_won("ann", 0, on_time)) == "ann gagne la partie avec 0 point"
    assert ENGLISH(ELIMINATION.game_won("ann", 1, on_time)) == (
        "ann has the lowest total of the players still in, 1 point, and wins the game"
    )
    assert FRENCH(ELIMINATION.game_won("ann", 0, on_time)) == (
        "ann a le total le plus bas des joueurs encore en lice, 0 point, et gagne la partie"
    )
    assert (
        ENGLISH(LOWEST_TOTAL.game_won("ann", 1, on_time))
        == "ann wins the game with the lowest total, 1 point"
    )
    assert FRENCH(LOWEST_TOTAL.game_won("ann", 0, on_time)) == (
        "ann gagne la partie avec le total le plus bas, 0 point"
    )


def test_a_team_won_on_few_points_says_point() -> None:
    for total, english, french in ((1, "1 point", "1 point"), (0, "0 points", "0 point")):
        event = TeamWonGame(0, (0, 2), (total, 40))
        line = describe_event(event, ["ann", "bob", "cy", "dee"], scoring=LOWEST_TOTAL, team_game=True)
        assert f"wins the game with {english}, the lowest total!" in ENGLISH(line)
        assert f"gagne la partie avec {french}, le total le plus bas !" in FRENCH(line)
        said = team_won_text(0, AllOf(("ann", "cy")), total)
        assert ENGLISH(said).endswith(f", ann and cy, wins the UNO game with the lowest total, {english}!")
        assert FRENCH(said).endswith(f"avec le plus petit total, {french} !")


def test_the_table_picture_says_each_seats_points_counted() -> None:
    seats = (PublicSeat("ann", 7, 1), PublicSeat("bob", 1, 0))
    said = PublicTable(seats, Card.parse("R5"), None, 1, 1, 50, 0).describe()
    assert "ann: 7 cards, 1 point." in ENGLISH(said)
    assert "bob (to play): 1 card, 0 points." in ENGLISH(said)
    assert "ann : 7 cartes, 1 point." in FRENCH(said)
    assert "bob (doit jouer) : 1 carte, 0 point." in FRENCH(said)


def _summary(points: int, won: bool) -> FinishedGameSummary:
    seat = FinishedSeat(seat=0, user_id=5, display_name="ann", points=points, won=won, team=None)
    return FinishedGameSummary(
        game_id=12,
        kind="uno",
        ruleset="official",
        guild_id=1,
        channel_id=2,
        finished_at=AT,
        seats=(seat,),
        rounds=1,
        seat_count=2,
        replayable=True,
    )


def test_a_recent_game_and_a_replayed_hand_say_point() -> None:
    assert recent_game_line(_summary(1, True), 5, ENGLISH).endswith("· won with 1 point")
    assert recent_game_line(_summary(1, False), 5, ENGLISH).endswith("· lost with 1 point")
    assert recent_game_line(_summary(0, True), 5, FRENCH).endswith("· gagnée avec 0 point")
    assert recent_game_line(_summary(1, False), 5, FRENCH).endswith("· perdue avec 1 point")
    assert ENGLISH(hand_heading("ann", 1, to_play=False)) == "ann · 1 point"
    assert ENGLISH(hand_heading("ann", 1, to_play=True)) == "ann · 1 point ◀ to play"
    assert FRENCH(hand_heading("ann", 0, to_play=False)) == "ann · 0 point"
    assert FRENCH(hand_heading("ann", 0, to_play=True)) == "ann · 0 point ◀ doit jouer"


@pytest.mark.parametrize(("language", "shown"), [("en", "1 pt"), ("fr", "0 pt")])
async def test_the_table_says_a_seats_and_a_teams_few_points_as_pt(language: str, shown: str) -> None:
    table = await full_table(language, ruleset="twist", teams="partners")
    game = table.game
    assert game is not None
    # One seat of the first team scores: its line and its team's total both say it.
    game.scores = [0] * len(game.scores)
    game.scores[game.teams[0][0]] = int(shown.split()[0])
    fields = {str(field.name): str(field.value) for field in table_message(table).embed.fields}  # type: ignore[union-attr]
    players = next(value for name, value in fields.items() if name in ("Players", "Joueurs"))
    assert f"· {shown}" in players and f"{shown}s" not in players, players
    teams = next(value for name, value in fields.items() if name.startswith(("Teams", "Équipes")))
    assert teams.splitlines()[0].endswith(f" {shown}"), teams


def test_the_stats_say_few_points_as_point_and_pt() -> None:
    row = LeaderboardRow(rank=1, user_id=5, display_name="ann", games=1, wins=1, points=1, win_rate=1.0)
    assert ENGLISH(uno_row(row)) == "**1.** ann: 1 win · 1 pt · 1 game · 100%"
    assert FRENCH(uno_row(replace(row, points=0))) == "**1.** ann : 1 victoire · 0 pt · 1 partie · 100\xa0%"
    kind = KindStats("uno", 1, 0, 1, 0.0, 1, 1, AT)
    assert ENGLISH(kind_line(kind)) == "1 game · 0 wins (0%) · 1 point · best game 1 pt"
    assert FRENCH(kind_line(replace(kind, points=0, best_points=0))) == (
        "1 partie · 0 victoire (0\xa0%) · 0 point · meilleure partie 0 pt"
    )


def test_the_puzzle_board_says_one_solved_in_the_puzzles_number() -> None:
    row = PuzzleLeaderboardRow(rank=3, user_id=5, name="cat", current_streak=1, best_streak=1, solved=1)
    assert ENGLISH(puzzle_row(row)) == "**3.** cat: best streak 1 · current streak 1 · 1 solved"
    assert FRENCH(puzzle_row(row)).endswith("· 1 résolue")
    assert FRENCH(puzzle_row(replace(row, solved=0))).endswith("· 0 résolue")
    assert FRENCH(puzzle_row(replace(row, solved=2))).endswith("· 2 résolues")


def _puzzles(solved: int, attempted: int, practice: int = 1) -> PuzzleStats:
    return PuzzleStats(
        user_id=5,
        solved=solved,
        attempted=attempted,
        current_streak=solved,
        best_streak=solved,
        last_solved=None,
        practice_solved=practice,
        practice_attempted=1,
    )


def test_the_puzzle_stats_say_one_daily_and_one_practice_puzzle() -> None:
    assert ENGLISH(puzzle_line(_puzzles(0, 1))) == (
        "Daily streak **0** (best 0) · 0 of 1 daily puzzle solved\n1 of 1 practice puzzle solved"
    )
    assert ENGLISH(puzzle_line(_puzzles(1, 3))).startswith(
        "Daily streak **1** (best 1) · 1 of 3 daily puzzles solved"
    )
    assert FRENCH(puzzle_line(_puzzles(1, 1))) == (
        "Série quotidienne **1** (meilleure 1) · 1 énigme du jour résolue sur 1\n"
        "1 énigme d'entraînement résolue sur 1"
    )
    assert "· 0 énigme du jour résolue sur 1\n0 énigme d'entraînement résolue sur 1" in FRENCH(
        puzzle_line(_puzzles(0, 1, practice=0))
    )
    said = FRENCH(puzzle_line(_puzzles(1, 3)))
    assert "1 énigmes" not in said and "résolues : 1 sur 3" in said, said


def test_the_daily_puzzle_record_says_one_solved_of_one_played() -> None:
    def record(stats: PuzzleStats, words: Words) -> str:
        embed = daily_done_message(date(2026, 1, 1), True, stats, (), AT, words)
        return str(embed.description)

    assert "(best 1) · 1 solved of 1 played." in record(_puzzles(1, 1), ENGLISH)
    assert "(record 1) · 1 résolue sur 1 jouée." in record(_puzzles(1, 1), FRENCH)
    assert "(record 0) · 0 résolue sur 1 jouée." in record(_puzzles(0, 1), FRENCH)
    assert "(record 2) · 2 résolues sur 3 jouées." in record(_puzzles(2, 3), FRENCH)


def test_a_one_point_target_is_explained_as_one_point() -> None:
    assert "until someone reaches 1 point;" in ENGLISH(POINTS_TO_TARGET.explain(1))
    assert "atteigne 1 point ;" in FRENCH(POINTS_TO_TARGET.explain(1))
    assert "until someone reaches 500 points;" in ENGLISH(POINTS_TO_TARGET.explain(500))


@pytest.mark.parametrize(
    ("option", "value", "english", "french"),
    [
        (
            "jump_in",
            "yes",
            "The option `jump_in` takes true or false.",
            "L'option `jump_in` attend vrai ou faux.",
        ),
        (
            "time_limit",
            "30",
            "The option `time_limit` takes a whole number.",
            "L'option `time_limit` attend un nombre entier.",
        ),
        ("teams", 2, "The option `teams` takes a word.", "L'option `teams` attend un mot."),
    ],
)
def test_an_option_of_the_wrong_kind_says_the_kind_in_words(
    option: str, value: object, english: str, french: str
) -> None:
    """Before, "The option jump\\_in takes a bool.": a Python type's name, and the option escaped
    like a player's name."""
    ruleset = TWIST if option == "teams" else OFFICIAL
    with pytest.raises(IllegalAction) as refused:
        ruleset.with_options(**{option: value})
    said = refused.value.said
    assert ENGLISH(said) == english
    assert FRENCH(said) == french
