"""`/puzzle solve` and `/puzzle help` in SimCord: orders that check out card by card, reasons
when none exists, clear refusals of bad input, privacy in a server."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app import UnoBot
from bot.games.solver import Card
from bot.games.solver import count_uno1_orders
from bot.games.solver import format_hand
from bot.games.solver import parse_hand
from bot.games.solver.cards import real_deck_number_cards
from bot.games.solver.uno1 import is_playable_order
from tests.discord.uno_driver import acknowledged
from tests.solver.test_solver_uno1 import SEARCHED


def answer_of(res: Any) -> str:
    message = res.followups[0] if res.followups else res.response
    return str(message.embeds[0].description)


def order_shown(answer: str) -> tuple[Card, ...]:
    """The chain on the answer's second line, read back from `🟥R1 → 🟦B5 → …`."""
    line = answer.splitlines()[1]
    return parse_hand(" ".join(token[1:] for token in line.split(" → ")))


async def test_a_playable_hand_gets_an_order_that_checks_out(simcord_env: Any, simcord_bot: UnoBot) -> None:
    ivy = simcord_env.create_user("ivy")
    res = acknowledged(await ivy.slash("puzzle solve", cards="R1 R5 B5 G5 g2, y2 Y2"))
    answer = answer_of(res)
    hand = parse_hand("R1 R5 B5 G5 G2 Y2 Y2")
    assert answer.startswith("✅ All 7 cards can be played in one chain:")
    assert is_playable_order(hand, order_shown(answer))
    assert f"alike): {count_uno1_orders(hand)}." in answer

    # The whole deck's number cards and more colours: 108 cards, too many to count chains.
    big = [*real_deck_number_cards(), *parse_hand("c4n0 c4n1 c5n1 c5n2 c6n2 c6n3 c7n3 c7n4")]
    big += [Card(colour, 9) for colour in range(8, 32)]
    assert len(big) == 108
    answer = answer_of(acknowledged(await ivy.slash("puzzle solve", cards=format_hand(big))))
    assert answer.startswith("✅ All 108 cards can be played in one chain:")
    assert is_playable_order(big, order_shown(answer))
    assert "Chains that play" not in answer


async def test_an_unplayable_hand_gets_the_reason(simcord_env: Any, simcord_bot: UnoBot) -> None:
    jo = simcord_env.create_user("jo")
    answer = answer_of(acknowledged(await jo.slash("puzzle solve", cards="R1 R2 B3 B4")))
    assert answer.startswith("❌ No chain plays all 4 cards.")
    assert "2 groups that share no colour and no number" in answer
    assert "R1 R2" in answer and "B3 B4" in answer
    answer = answer_of(acknowledged(await jo.slash("puzzle solve", cards="R1 Y1 G1 B1 R5 Y6 G7 B8")))
    assert answer.startswith("❌ No chain plays all 8 cards.")
    assert len(answer.splitlines()) == 2 and answer.splitlines()[1], "a reason in words"


@pytest.mark.parametrize(
    ("cards", "reason"),
    [
        ("R1 X5", "`X5`: unknown colour `X`; use R, Y, G or B"),
        ("R1 R10", "`R10`: deck numbers go from 0 to 9; write other numbers as `c0n10`."),
        ("c100n1", "`c100n1`: colours go from c0 to c99."),
        ("c1n100", "`c1n100`: numbers go from n0 to n99."),
        ("R1 5R", "`5R` is not a card"),
        (" , ", "The hand is empty"),
        (" ".join(["R1"] * 109), "That is 109 cards; a hand holds at most 108."),
    ],
)
async def test_bad_input_is_refused_with_the_reason(
    simcord_env: Any, simcord_bot: UnoBot, cards: str, reason: str
) -> None:
    kim = simcord_env.create_user("kim")
    res = acknowledged(await kim.slash("puzzle solve", cards=cards))
    assert res.ephemeral
    assert res.response.content.startswith("❌ ") and reason in res.response.content


async def test_in_a_server_answers_and_help_are_private(simcord_env: Any, simcord_bot: UnoBot) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("maths")
    lee = guild.add_member(env.create_user("lee"))
    mo = guild.add_member(env.create_user("mo"))
    res = acknowledged(await lee.slash(channel, "puzzle solve", cards="R1 R5 B5 G5"))
    assert res.ephemeral
    assert is_playable_order(parse_hand("R1 R5 B5 G5"), order_shown(answer_of(res)))
    res = acknowledged(await lee.slash(channel, "puzzle help"))
    assert res.ephemeral
    text = res.response.embeds[0].description
    assert "`c<colour>n<number>`" in text and "the last card played wins" in text
    assert "**`/puzzle daily`**" in text and "3 to 40 cards" in text
    res = acknowledged(await lee.slash(channel, "puzzle daily"))
    assert res.ephemeral and res.response.embeds[0].title.startswith("🧩 Daily puzzle")
    assert not list(channel.history(viewer=mo)), "nothing of lee's reaches the channel"


async def test_a_hand_too_hard_for_the_search_budget_is_answered_honestly(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    # A budget of one step (PUZZLE_SOLVE_MAX_STEPS=1) stands in for a crafted hard hand, which
    # would take seconds to search.
    simcord_bot.settings.puzzle_solve_max_steps = 1
    jo = simcord_env.create_user("jo")
    res = acknowledged(await jo.slash("puzzle solve", cards=SEARCHED))
    text = res.followups[-1].content if res.followups else res.response.content
    # What the paper proves, in plain words: no theorem number (before: "the paper's Theorem 3.3").
    assert text == (
        "❔ I could not decide this hand within my search budget. The paper *The complexity of UNO* "
        "proves that telling whether a hand can be played as one chain is NP-complete: no method is "
        "known that answers quickly for every hand. This hand is one of the hard ones: try fewer cards."
    )
