"""The seed's worked example (section 5 of seed 000), replayed move by move on medium.

The pictures of the seed are lost, so the hand is rebuilt from the text: 2♦ K♦ 4♣ A♣ Q♥ 9♠ and
one heart the text never names; the rules allow the A, 7 or K of hearts there. The legal plays
and the hand after every step are written out here by hand from F4-F6. The seed's remark that
the 9♥ "would've" been playable had the 4♠ been left last is wrong and is not encoded.
"""

from __future__ import annotations

import pytest
from flood_rig import codes
from flood_rig import stacked

from bot.games.flood import DRAW
from bot.games.flood import Card
from bot.games.flood import Difficulty
from bot.games.flood import FloodOptions
from bot.games.flood import Phase
from bot.games.flood import Suit
from bot.games.flood import call
from bot.games.flood import play

MEDIUM_STANDARD = FloodOptions.make(Difficulty.MEDIUM, "standard")
PILE = "4D JH 10C 3S 5D KC 6H 3C 5S JK 2C JC 4S 6D 9H 10H QS 9C 10S JD"


@pytest.mark.parametrize("missing", ["AH", "7H", "KH"])
def test_seed_worked_example_section_5(missing: str) -> None:
    """F3-F6, F11, F15: the seed's medium example, step by step, whatever the unnamed heart."""
    game, _ = stacked(MEDIUM_STANDARD, f"2D KD 4C AC QH 9S {missing}", "8D", PILE)
    hand = {"2D", "KD", "4C", "AC", "QH", "9S", missing}
    king = {missing} if missing == "KH" else set()  # the K♥ would match any King by rank

    def step(action: str | None, legal: set[str], can_draw: bool = False, **change: str) -> None:
        if action is not None:
            code = action.split()[-1]
            if action.startswith("play"):
                game.apply(play(Card.parse(code)))
                hand.discard(code)
            elif action.startswith("call"):
                game.apply(call(Suit(code)))
            else:
                game.apply(DRAW)
                hand.add(code)
        drawn = change.get("drew", "")
        hand.update(drawn.split())
        assert sorted(hand) == codes(game.hand), f"hand after {action}"
        offered = {str(a).split()[-1] for a in game.legal_actions() if str(a).startswith("play")}
        assert offered == legal, f"legal plays after {action}"
        assert game.can_draw() is can_draw, f"draw allowed after {action}"
        assert not game.is_over

    # 5.1: on the 8♦ the diamonds (2♦, K♦) and the Queen (a Wild) can go.
    step(None, {"2D", "KD", "QH"})
    # K♦ is a Draw Two: the 4♦ and J♥ come in at once.
    step("play KD", {"2D", "4D", "QH"} | king, drew="4D JH")
    assert game.phase is Phase.PLAYING and game.suit is Suit.DIAMONDS
    # 5.2: 4♦, then 2♦ (the 4♣ was the other way), then the Queen calling diamonds.
    step("play 4D", {"2D", "4C", "QH"})
    step("play 2D", {"QH"})
    game.apply(play(Card.parse("QH")))
    hand.discard("QH")
    assert game.phase is Phase.CALLING_SUIT and game.legal_actions()[0] == call(Suit.HEARTS)
    step("call D", set(), can_draw=True)
    assert len(game.hand) == 5
    # 5.3: draw 10♣ and 3♠ (nothing to play), then the 5♦ must be played.
    step("draw 10C", set(), can_draw=True)
    step("draw 3S", set(), can_draw=True)
    step("draw 5D", {"5D"})
    step("play 5D", set(), can_draw=True)
    step("draw KC", set(), can_draw=True)
    step("draw 6H", set(), can_draw=True)
    step("draw 3C", set(), can_draw=True)
    step("draw 5S", {"5S"})
    step("play 5S", {"3S", "9S"})
    step("play 3S", {"9S", "3C"})
    step("play 9S", set(), can_draw=True)
    assert len(game.hand) == 8
    # 5.4: the Joker is drawn; being playable it must be played; it draws four, then the call.
    step("draw JK", {"JK"})
    game.apply(play(Card.parse("JK")))
    hand.discard("JK")
    hand.update(["2C", "JC", "4S", "6D"])
    assert game.phase is Phase.CALLING_SUIT and sorted(hand) == codes(game.hand)
    hearts = {"6H", "JH", missing}
    step("call H", hearts)
    step("play 6H", (hearts - {"6H"}) | {"6D"})
    step("play 6D", set(), can_draw=True)
    # The 9♥ and 10♥ do not go on the 6♦; the Q♠ (a Wild) does, calling diamonds again.
    step("draw 9H", set(), can_draw=True)
    step("draw 10H", set(), can_draw=True)
    step("draw QS", {"QS"})
    game.apply(play(Card.parse("QS")))
    hand.discard("QS")
    step("call D", set(), can_draw=True)
    step("draw 9C", set(), can_draw=True)
    step("draw 10S", set(), can_draw=True)
    step("draw JD", {"JD"})
    # 5.5: after the J♦, 14 cards, 8 of them clubs; a Jack (clubs or hearts) must follow.
    step("play JD", {"JC", "JH"})
    assert len(game.hand) == 14
    assert sum(c.suit is Suit.CLUBS for c in game.hand) == 8
    assert game.rounds_done == 0 and len(game.draw_pile) == 46 - len(PILE.split())
