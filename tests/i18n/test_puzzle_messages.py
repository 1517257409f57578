"""The puzzles in six languages (issue 21): a long chain puzzle, a duel, /puzzle solve's longest
answers, its refusals, /puzzle help and the daily-done embed within Discord's limits in every
language, and read in the reader's own."""

from __future__ import annotations

import re
from datetime import UTC
from datetime import date
from datetime import datetime
from typing import Any

import discord
import pytest

from bot.games.actions import RESIGN
from bot.games.errors import GameError
from bot.games.errors import MalformedAction
from bot.games.puzzles import PLAYER
from bot.games.puzzles import ChainPuzzle
from bot.games.puzzles import DuelGame
from bot.games.puzzles import parse_action
from bot.games.puzzles import practice_puzzle
from bot.games.puzzles.actions import PlayCard
from bot.games.puzzles.generate import COUNT_CAP
from bot.games.puzzles.generate import PRACTICE_SIZES
from bot.games.solver import BadHand
from bot.games.solver import parse_hand
from bot.games.solver import solve_uno1
from bot.games.solver.cards import MAX_HAND
from bot.games.solver.cards import real_deck_number_cards
from bot.i18n.catalogue import SOURCE
from bot.i18n.words import Words
from bot.render.images.puzzle import describe_chain
from bot.render.images.puzzle import describe_duel
from bot.render.puzzle_text import describe_chain_events
from bot.render.puzzle_text import help_lines
from bot.render.puzzle_text import solve_answer_lines
from bot.sessions.records import PuzzleStats
from bot.sessions.solo import SoloKind
from bot.sessions.solo import SoloPhase
from bot.sessions.solo import SoloSession
from cogs.limits import BUTTON_LABEL
from cogs.limits import EMBED_DESCRIPTION
from cogs.limits import EMBED_FIELD_NAME
from cogs.limits import EMBED_FIELD_VALUE
from cogs.limits import EMBED_FOOTER
from cogs.limits import EMBED_TITLE
from cogs.limits import EMBED_TOTAL
from cogs.limits import MESSAGE
from cogs.limits import SELECT_OPTION_LABEL
from cogs.limits import SELECT_PLACEHOLDER
from cogs.puzzle.cog import TOO_HARD
from cogs.puzzle.cog import midnight_after
from cogs.puzzle.render import chain_message
from cogs.puzzle.render import daily_done_message
from cogs.puzzle.render import duel_message
from tests.i18n import EVERY_LANGUAGE
from tests.i18n import solo_session

NOW = datetime(2026, 11, 24, 12, 0, tzinfo=UTC)
DAY = date(2026, 9, 30)  # a Wednesday in September: long names in every language
STATS = PuzzleStats(
    user_id=1,
    solved=99_999,
    attempted=99_999,
    current_streak=99_999,
    best_streak=99_999,
    last_solved=DAY,
    practice_solved=99_999,
)


def _kind(name: str) -> SoloKind:
    return SoloKind(name=name, title=name, parse=parse_action, load=ChainPuzzle.from_json, command="/puzzle")


def _session(game: Any, **state: Any) -> SoloSession:
    return solo_session(_kind("puzzle-daily"), game, "daily", now=NOW, **{"move": 99_999, **state})


def _check(embed: discord.Embed | None, view: discord.ui.View | None = None) -> None:
    assert embed is not None
    assert embed.title is not None and len(embed.title) <= EMBED_TITLE
    assert embed.description is not None and len(embed.description) <= EMBED_DESCRIPTION
    for field in embed.fields:
        assert field.name is not None and len(field.name) <= EMBED_FIELD_NAME
        assert field.value is not None and len(field.value) <= EMBED_FIELD_VALUE
    assert embed.footer.text is None or len(embed.footer.text) <= EMBED_FOOTER
    assert len(embed) <= EMBED_TOTAL
    for child in view.children if view is not None else ():
        item = getattr(child, "item", child)
        if isinstance(item, discord.ui.Select):
            assert item.placeholder is not None and len(item.placeholder) <= SELECT_PLACEHOLDER
            assert all(len(option.label) <= SELECT_OPTION_LABEL for option in item.options)
        elif isinstance(item, discord.ui.Button):
            assert item.label is not None and len(item.label) <= BUTTON_LABEL


def _long_chains() -> list[ChainPuzzle]:
    """The biggest practice hand at its start, half played, stuck, solved and given up; and a
    daily one."""
    spec = practice_puzzle(7, PRACTICE_SIZES.stop - 1)
    start = spec.game()
    order = start.solution()
    half = ChainPuzzle(start.hand, difficulty="hard", solutions=COUNT_CAP, chain=order[: len(order) // 2])
    solved = ChainPuzzle(start.hand, difficulty="medium", solutions=COUNT_CAP, chain=order, plays=99_999)
    given_up = ChainPuzzle(start.hand, difficulty="easy", given_up=True, undos=99_999, restarts=99_999)
    daily = ChainPuzzle(start.hand, day=DAY, difficulty="medium", solutions=COUNT_CAP)
    return [start, half, solved, given_up, daily]


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_a_long_chain_puzzle_fits_in_every_language(language: str) -> None:
    words = Words(language)
    refusal = _longest_refusal(words)
    for game in _long_chains():
        recent = describe_chain_events([])
        for phase in (SoloPhase.PLAYING, SoloPhase.EXPIRED):
            session = _session(game, recent=recent, phase=phase, record=STATS)
            rendered = chain_message(session, refusal, words)
            _check(rendered.embed, rendered.view)
        assert describe_chain("title", game.chain, game.left, frozenset(), words)


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_a_duel_fits_in_every_language(language: str) -> None:
    words = Words(language)
    biggest = max(range(1, 39))
    for player_starts in (True, False):
        game = DuelGame.new(3, biggest, player_starts=player_starts)
        _check(duel_message(_session(game), "", words).embed)
        ended = DuelGame.new(3, biggest, player_starts=player_starts)
        ended.apply(RESIGN)
        _check(duel_message(_session(ended), "", words).embed)
        expired = _session(game, phase=SoloPhase.EXPIRED)
        _check(duel_message(expired, "", words).embed)
        assert describe_duel(game.hand(0), game.hand(1), None, frozenset(), "status", words)


def _longest_refusal(words: Words) -> str:
    bad = ["c1234n1", "c1n1234", "X1", "R12345", "R12", "Q" * 5000, " ".join(["R1"] * (MAX_HAND + 1))]
    said = []
    for written in bad:
        with pytest.raises(BadHand) as refused:
            parse_hand(written)
        said.append(words(refused.value.said))
    return max(said, key=len)


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_puzzle_solve_and_help_fit_in_every_language(language: str) -> None:
    words = Words(language)
    assert len(words(TOO_HARD)) <= MESSAGE
    assert len(_longest_refusal(words)) + 2 <= MESSAGE
    deck = real_deck_number_cards()
    hands = [
        deck,  # 76 cards, playable: the longest order
        parse_hand(" ".join(f"c{i}n{i}" for i in range(100))),  # 100 groups
        parse_hand("R1 R2 R3 B1 G2 Y3"),  # dead ends
    ]
    for hand in hands:
        answer = solve_uno1(hand)
        lines = solve_answer_lines(hand, answer, COUNT_CAP, COUNT_CAP)
        description = "\n".join(words(line) for line in lines)
        assert len(description) <= EMBED_DESCRIPTION
    help_text = "\n".join(words(line) for line in help_lines(PRACTICE_SIZES))
    assert len(help_text) <= EMBED_DESCRIPTION


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_the_daily_done_embed_fits_in_every_language(language: str) -> None:
    words = Words(language)
    solution = tuple(real_deck_number_cards())
    for solved in (True, False):
        embed = daily_done_message(DAY, solved, STATS, solution, midnight_after(DAY), words)
        _check(embed)


def test_the_puzzles_are_read_in_the_readers_language() -> None:
    spanish = Words("es")
    game = _long_chains()[-1]
    rendered = chain_message(_session(game), "", spanish)
    embed = rendered.embed
    assert (
        embed is not None
        and embed.title == "🧩 Acertijo diario · miércoles, 30 de septiembre de 2026 · media"
    )
    assert embed.fields[0].name.startswith("Cadena (0 de ")
    assert (embed.description or "").startswith("Juega las ")
    items = [getattr(child, "item", child) for child in rendered.view.children] if rendered.view else []
    labels = {item.label for item in items if isinstance(item, discord.ui.Button)}
    assert {"Deshacer", "Reiniciar", "Rendirse"} <= labels
    with pytest.raises(GameError) as refused:
        game.apply(parse_action("undo"))
    assert spanish(refused.value.said) == "Todavía no hay ninguna carta que retirar."
    english = chain_message(_session(game), "", Words(SOURCE)).embed
    assert english is not None and english.title == "🧩 Daily puzzle · Wednesday 30 September 2026 · medium"


@pytest.mark.parametrize(
    ("language", "form"),
    [
        ("de", "c<Farbe>n<Zahl>"),
        ("fr", "c<couleur>n<nombre>"),
        ("es", "c<color>n<número>"),
        ("en", "c<colour>n<number>"),
    ],
)
def test_the_general_card_form_is_written_in_the_readers_words(language: str, form: str) -> None:
    """Before, every language read `c<colour>n<number>`: English words to replace with numbers."""
    words = Words(language)
    said = [words(line) for line in help_lines(PRACTICE_SIZES)]
    for hand in ("R1 X5", "R1 ?5"):
        with pytest.raises(BadHand) as refused:
            parse_hand(hand)
        said.append(words(refused.value.said))
    shown = [line for line in said if "c12n7" in line]
    assert len(shown) == 3 and all(form in line for line in shown), shown


def test_a_move_the_puzzles_do_not_know_names_no_english_keywords() -> None:
    """Before: "… ist kein Rätselzug (play <card>, undo, restart, resign)." Nobody types a move:
    only a forged click can send one."""
    with pytest.raises(MalformedAction) as refused:
        parse_action("jump")
    assert Words("de")(refused.value.said) == "`jump` ist kein Rätselzug."


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_a_refused_card_is_written_as_the_chain_and_the_hand_write_it(language: str) -> None:
    """A refusal names a card as the chain shows it, its colour's square before its code
    (`🟥R1`). Before, it said the bare code: "Y1 is not among the cards left to play", "R1 cannot
    follow G9", where the chain beside it read 🟨Y1, 🟩G9."""
    words = Words(language)
    chain = ChainPuzzle(parse_hand("R1 B1"), difficulty="easy")
    chain.apply(PlayCard(parse_hand("R1")[0]))
    duel = DuelGame((parse_hand("G4 G5 R1"), parse_hand("G9 Y8")), starter=PLAYER)
    duel.apply(PlayCard(parse_hand("G4")[0]))
    refused = []
    for game, played in ((chain, "Y1"), (chain, "R1"), (duel, "Y9"), (duel, "R1")):
        with pytest.raises(GameError) as refusal:
            game.apply(PlayCard(parse_hand(played)[0]))
        refused.append(words(refusal.value.said))
    assert "🟨Y1" in refused[0] and "🟥R1" in refused[1], refused
    assert "🟨Y9" in refused[2] and "🟥R1" in refused[3] and "🟩G9" in refused[3], refused
    for said in refused:
        assert not re.search(r"(?<![🟥🟨🟩🟦])\b[RYGB]\d\b", said), said


@pytest.mark.parametrize("language", EVERY_LANGUAGE)
def test_a_card_to_write_instead_is_shown_as_code(language: str) -> None:
    """A refusal of `R12` suggests the card to type instead as code, as it quotes what was typed.
    Before, it read "`R12`: deck numbers go from 0 to 9; write other numbers as c0n12."."""
    words = Words(language)
    for typed, instead in (("R12", "`c0n12`"), ("B123", "`c3n12`")):
        with pytest.raises(BadHand) as refused:
            parse_hand(typed)
        said = words(refused.value.said)
        assert f"`{typed}`" in said and instead in said, said
