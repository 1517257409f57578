"""One or more tests per rule F1-F15 of docs/rules.md, and refusals of bad input."""

from __future__ import annotations

from collections import Counter

import pytest
from flood_rig import cards
from flood_rig import codes
from flood_rig import stacked
from flood_rig import stacked_with_pile_size
from flood_rig import take_whole_pile

from bot.games.errors import GameOver
from bot.games.errors import IllegalAction
from bot.games.errors import MalformedAction
from bot.games.flood import DRAW
from bot.games.flood import RESIGN
from bot.games.flood import Action
from bot.games.flood import Card
from bot.games.flood import DeckKind
from bot.games.flood import Difficulty
from bot.games.flood import FloodGame
from bot.games.flood import FloodOptions
from bot.games.flood import Outcome
from bot.games.flood import Phase
from bot.games.flood import Role
from bot.games.flood import Suit
from bot.games.flood import TargetBelowMinimum
from bot.games.flood import bury
from bot.games.flood import call
from bot.games.flood import minimum_target
from bot.games.flood import parse_action
from bot.games.flood import play
from bot.games.flood.events import CardsDrawn
from bot.games.flood.events import DrawReason
from bot.games.flood.events import DrawsSkipped
from bot.games.flood.events import GameEnded
from bot.games.flood.events import PenaltyOwed
from bot.games.flood.events import PileReshuffled
from bot.games.flood.events import RoundCompleted

EASY = FloodOptions.make("easy", "standard")
MEDIUM = FloodOptions.make("medium", "standard")
HARD = FloodOptions.make("hard", "standard")
MEDIUM_UNO = FloodOptions.make("medium", "uno")
EASY_PENALTY = FloodOptions.make("easy", "standard", penalty_draws=True)
MEDIUM_PENALTY = FloodOptions.make("medium", "standard", penalty_draws=True)


def c(code: str) -> Card:
    return Card.parse(code)


def plays(game: FloodGame) -> set[str]:
    return {str(a).split()[1] for a in game.legal_actions() if str(a).startswith("play")}


def apply_all(game: FloodGame, actions: str) -> None:
    for text in actions.split(","):
        game.apply(parse_action(text.strip()))


# ---------------------------------------------------------------------------------------- F1


def test_f1_standard_deck_has_52_cards_two_jokers_and_uno_roles() -> None:
    """F1: std54 = 52 cards + 2 jokers; Q = Wild, K = Draw Two, Joker = Wild Draw Four."""
    deck = FloodOptions.make("medium", "standard").full_deck()
    assert len(deck) == 54 and len(set(deck)) == 53
    roles = Counter(card.role for card in deck)
    assert roles == {Role.ORDINARY: 44, Role.WILD: 4, Role.DRAW_TWO: 4, Role.WILD_DRAW_FOUR: 2}
    assert {c.rank.value for c in deck if c.role is Role.WILD} == {"Q"}
    assert {c.rank.value for c in deck if c.role is Role.DRAW_TWO} == {"K"}
    assert deck.count(c("JK")) == 2


def test_f1_uno_deck_has_108_cards_and_skip_reverse_are_ordinary() -> None:
    """F1: uno108; Skip and Reverse are ordinary cards; Draw Two, Wild, Wild Draw Four are special."""
    deck = FloodOptions.make("hard", "uno").full_deck()
    assert len(deck) == 108
    roles = Counter(card.role for card in deck)
    assert roles == {Role.ORDINARY: 4 * 23, Role.DRAW_TWO: 8, Role.WILD: 4, Role.WILD_DRAW_FOUR: 4}
    assert not c("GS").is_special and not c("BR").is_special


def test_f1_skip_and_reverse_match_by_colour_or_symbol_and_do_nothing() -> None:
    """F1: a Skip goes on another colour's Skip; playing it only changes the top and the colour."""
    game, _ = stacked(MEDIUM_UNO, "GS BR Y1 Y2 Y3 Y4 Y5", "RS")
    assert plays(game) == {"GS"}
    events = game.apply(play(c("GS")))
    assert len(events) == 1 and game.suit is Suit.GREEN and game.phase is Phase.PLAYING
    assert game.can_draw() and len(game.hand) == 6


@pytest.mark.parametrize("deck", ["standard", "uno"])
@pytest.mark.parametrize("difficulty", ["master", "master-inhand"])
def test_f1_master_decks_have_54_cards_of_two_suits(deck: str, difficulty: str) -> None:
    """F1: master std = hearts+spades of two decks + 2 jokers; uno = two colours + 2 W + 2 WD4."""
    options = FloodOptions.make(difficulty, deck)
    cards_ = options.full_deck()
    assert len(cards_) == 54
    suits = Counter(card.suit for card in cards_ if card.suit is not None)
    assert len(suits) == 2 and set(suits.values()) == ({26} if deck == "standard" else {25})
    assert set(suits) == set(options.suits)
    wilds = Counter(card.role for card in cards_ if card.is_wild)
    if deck == "standard":
        assert wilds == {Role.WILD: 4, Role.WILD_DRAW_FOUR: 2}  # the four Queens and 2 jokers
    else:
        assert wilds == {Role.WILD: 2, Role.WILD_DRAW_FOUR: 2}


# ---------------------------------------------------------------------------------------- F2


@pytest.mark.parametrize(
    ("difficulty", "standard", "uno"),
    [("easy", 4, 2), ("medium", 6, 3), ("hard", 8, 4), ("master", 6, 6), ("master-inhand", 4, 4)],
)
def test_f2_targets_per_difficulty_and_deck(difficulty: str, standard: int, uno: int) -> None:
    """F2: the number of draw decks to survive."""
    assert FloodOptions.make(difficulty, "standard").target == standard
    assert FloodOptions.make(difficulty, "uno").target == uno
    assert minimum_target(Difficulty(difficulty), DeckKind.UNO) == uno


def test_f2_a_table_may_raise_the_target() -> None:
    """F2: raising is allowed, and the game then asks for the raised number."""
    options = FloodOptions.make("easy", "uno", target=30)
    game, _ = FloodGame.new(options, 1)
    assert game.view().target == 30 and options.minimum_target == 2


@pytest.mark.parametrize("difficulty", [d.value for d in Difficulty])
def test_f2_a_target_below_the_difficultys_is_refused(difficulty: str) -> None:
    """F2: never lower: refused with a typed error that names the minimum."""
    least = minimum_target(Difficulty(difficulty), DeckKind.STANDARD)
    with pytest.raises(TargetBelowMinimum, match=f"at least {least} draw decks"):
        FloodOptions.make(difficulty, "standard", target=least - 1)
    assert issubclass(TargetBelowMinimum, IllegalAction)


def test_f2_unknown_difficulty_deck_or_huge_target_refused() -> None:
    """F2: bad settings are refused with a message, not guessed."""
    with pytest.raises(IllegalAction, match="difficulty"):
        FloodOptions.make("insane")
    with pytest.raises(IllegalAction, match="deck"):
        FloodOptions.make("easy", "tarot")
    with pytest.raises(IllegalAction, match="at most"):
        FloodOptions.make("easy", "uno", target=10_000)


# ---------------------------------------------------------------------------------------- F3


def test_f3_deal_seven_and_turn_a_starter() -> None:
    """F3: 7 cards in the hand, one on the discard, the rest in the draw pile."""
    game, events = FloodGame.new(MEDIUM, 7)
    assert len(game.hand) == 7 and len(game.discard) == 1 and len(game.draw_pile) == 46
    assert isinstance(events[0], CardsDrawn) and len(events[0].cards) == 7


def test_f3_starter_draw_two_makes_the_player_draw_two() -> None:
    """F3: a Draw Two turned first: draw 2; its suit is in force."""
    game, _ = stacked(MEDIUM, "2H 3H 4H 5H 6H 7H 8H", "KD", "9C 10C")
    assert codes(game.hand) == sorted(["2H", "3H", "4H", "5H", "6H", "7H", "8H", "9C", "10C"])
    assert game.suit is Suit.DIAMONDS and game.phase is Phase.PLAYING


def test_f3_starter_wild_asks_for_a_suit() -> None:
    """F3: a Wild turned first: the player calls the suit."""
    game, _ = stacked(MEDIUM, "2H 3H 4H 5H 6H 7H 8H", "QS")
    assert game.phase is Phase.CALLING_SUIT and game.suit is None
    assert game.legal_actions() == [call(s) for s in MEDIUM.suits] + [RESIGN]
    game.apply(call(Suit.CLUBS))
    assert game.suit is Suit.CLUBS and game.can_draw()


def test_f3_starter_wild_draw_four_draws_then_calls() -> None:
    """F3: a Wild Draw Four turned first: draw 4, then call."""
    game, _ = stacked(MEDIUM, "2H 3H 4H 5H 6H 7H 8H", "JK", "AC 2C 3C 4C")
    assert len(game.hand) == 11 and game.phase is Phase.CALLING_SUIT


def test_f3_starter_wild_draw_four_on_hard_calls_then_draws() -> None:
    """F3: on hard the suit is called before the four cards are drawn."""
    game, _ = stacked(HARD, "2H 3H 4H 5H 6H 7H 8H", "JK", "AC 2C 3C 4C")
    assert len(game.hand) == 7 and game.phase is Phase.CALLING_SUIT
    events = game.apply(call(Suit.DIAMONDS))
    assert len(game.hand) == 11 and game.suit is Suit.DIAMONDS
    # The four cards are the first card's penalty, drawn late: the event says so, as on medium.
    (drawn,) = [e for e in events if isinstance(e, CardsDrawn)]
    assert drawn.reason is DrawReason.STARTER


def test_f3_a_starter_wild_draw_four_on_hard_is_still_the_starters_after_a_save() -> None:
    """F3: the draws owed to a Wild Draw Four turned first keep their cause in a saved game."""
    game, _ = stacked(HARD, "2H 3H 4H 5H 6H 7H 8H", "JK", "AC 2C 3C 4C")
    events = FloodGame.from_json(game.to_json()).apply(call(Suit.DIAMONDS))
    assert [e.reason for e in events if isinstance(e, CardsDrawn)] == [DrawReason.STARTER]


def test_f3_easy_specials_dealt_or_drawn_at_setup_go_to_the_reserve() -> None:
    """F3: in easy, specials dealt (and drawn by the starter) go to the reserve."""
    game, _ = stacked(EASY, "QH 2C 3C 4C 5C 6C KS", "KD", "QC 2D")
    assert codes(game.reserve) == ["KS", "QC", "QH"]
    assert codes(game.hand) == sorted(["2C", "3C", "4C", "5C", "6C", "2D"])


# ---------------------------------------------------------------------------------------- F4


def test_f4_suit_or_rank_matches_and_wilds_always() -> None:
    """F4: suit or rank match; Wild and Wild Draw Four always; a Draw Two only by suit or K."""
    game, _ = stacked(MEDIUM, "5D 9S KC KH 2C QC JK", "9D")
    assert plays(game) == {"5D", "9S", "QC", "JK"}
    game.apply(play(c("5D")))
    assert plays(game) == {"QC", "JK"}


def test_f4_draw_two_on_draw_two_by_symbol() -> None:
    """F4: a Draw Two also plays on a Draw Two of another suit (matching symbol)."""
    game, _ = stacked(MEDIUM, "KC 2C 3C 4C 5C 6C 7C", "KD", "2H 3H")
    assert "KC" in plays(game)


def test_f4_after_a_wild_only_the_called_suit_counts() -> None:
    """F4: a Queen's own suit and rank count for nothing once it is played; only the called suit."""
    game, _ = stacked(MEDIUM, "QS 2S 3D 4C 5C 6C 7C", "9H")
    apply_all(game, "play QS, suit D")
    assert plays(game) == {"3D"}
    assert not game.is_legal(c("2S"))


# ---------------------------------------------------------------------------------------- F5


def test_f5_draw_two_draws_at_once_on_the_player() -> None:
    """F5: Draw Two -> the player draws 2 at once; no call."""
    game, _ = stacked(MEDIUM, "KH 2C 3C 4C 5C 6C 7C", "9H", "AS 2S")
    game.apply(play(c("KH")))
    assert codes(game.hand) == sorted(["2C", "3C", "4C", "5C", "6C", "7C", "AS", "2S"])
    assert game.phase is Phase.PLAYING and game.suit is Suit.HEARTS


def test_f5_wild_calls_any_suit_including_the_current_one() -> None:
    """F5: a Wild calls any suit, the suit already in force included."""
    game, _ = stacked(MEDIUM, "QS 2C 3C 4C 5C 6C 7C", "9H")
    game.apply(play(c("QS")))
    assert call(Suit.HEARTS) in game.legal_actions()
    game.apply(call(Suit.HEARTS))
    assert game.suit is Suit.HEARTS


def test_f5_wild_draw_four_draws_then_calls() -> None:
    """F5: a Wild Draw Four draws 4 first (the player sees them), then calls."""
    game, _ = stacked(MEDIUM, "JK 2C 3C 4C 5C 6C 7C", "9H", "AS 2S 3S 4S")
    game.apply(play(c("JK")))
    assert len(game.hand) == 10 and game.phase is Phase.CALLING_SUIT
    with pytest.raises(IllegalAction, match="Call a suit"):
        game.apply(DRAW)
    game.apply(call(Suit.DIAMONDS))
    assert game.can_draw()


# ---------------------------------------------------------------------------------------- F6


def test_f6_draw_only_when_no_play_obliges_and_one_card_at_a_time() -> None:
    """F6: Draw is refused while a play exists; drawn cards are kept, one per Draw; a playable
    drawn card ends the drawing."""
    game, _ = stacked(MEDIUM, "2C 3C 4C 5C 6C 7C 8C", "9H", "10S 5H JS")
    assert game.can_draw() and plays(game) == set()
    game.apply(DRAW)
    assert codes(game.hand)[-1] == "8C" and "10S" in codes(game.hand) and len(game.hand) == 8
    game.apply(DRAW)
    assert plays(game) == {"5H"} and not game.can_draw() and DRAW not in game.legal_actions()
    before = game.to_json()
    with pytest.raises(IllegalAction, match="may not draw"):
        game.apply(DRAW)
    assert game.to_json() == before


def test_f6_easy_reserve_specials_never_oblige() -> None:
    """F6, F10: in easy a legal reserve special does not stop the player from drawing."""
    game, _ = stacked(EASY, "2C 3C 4C 5C 6C 7C QH", "9D", "KD")
    assert plays(game) == {"QH"} and game.can_draw()
    game.apply(DRAW)
    assert codes(game.reserve) == ["KD", "QH"] and plays(game) == {"KD", "QH"} and game.can_draw()


# ---------------------------------------------------------------------------------------- F7


def test_f7_empty_pile_reshuffles_the_discard_but_its_top_and_draw_two_continues() -> None:
    """F7: when a card must be drawn from an empty pile, the discard less its top becomes the
    new pile; a Draw Two that empties the pile goes on drawing from the new one."""
    game = stacked_with_pile_size(MEDIUM, "KC 3H 4H 5H 6H 7H 8H", "9C", "2S")
    under = len(game.discard)  # the starter and everything buried under it
    events = game.apply(play(c("KC")))
    reshuffled = [e for e in events if isinstance(e, PileReshuffled)]
    assert reshuffled == [PileReshuffled(under)]
    assert game.discard == [c("KC")] and len(game.draw_pile) == under - 1
    assert len(game.hand) == 8 and "2S" in codes(game.hand)


def test_f7_forced_draws_are_skipped_when_nothing_can_be_drawn() -> None:
    """F7: if the discard holds only its top, the rest of a forced draw is skipped."""
    game, _ = stacked(MEDIUM, "KC 3H 4H 5H 6H 7H 8H", "9C")
    take_whole_pile(game)
    events = game.apply(play(c("KC")))
    assert DrawsSkipped(1) in events and game.discard == [c("KC")] and not game.draw_pile
    assert "9C" in codes(game.hand) and not game.is_over


def test_f7_a_voluntary_draw_from_nothing_loses() -> None:
    """F7: a voluntary draw with nothing to draw is a stalemate: lost (reachable with F14)."""
    game, _ = stacked(MEDIUM_PENALTY, "KC 3H 4H 5H 6H 7H 8H", "9C")
    take_whole_pile(game)
    events = game.apply(DRAW)
    assert events == [GameEnded(Outcome.STALEMATE, 0, MEDIUM.target)]
    assert game.is_over and not game.won


# ---------------------------------------------------------------------------------------- F8


def test_f8_a_round_completes_when_the_last_card_is_drawn() -> None:
    """F8: drawing the last card of the pile completes a round; the reshuffle waits for the
    next draw (N decks = N-1 reshuffles)."""
    game = stacked_with_pile_size(MEDIUM, "2C 3C 4C 5C 6C 7C 8C", "9H", "10S")
    events = game.apply(DRAW)
    assert RoundCompleted(1, MEDIUM.target) in events
    assert not any(isinstance(e, PileReshuffled) for e in events)
    assert game.rounds_done == 1 and not game.draw_pile and game.view().draw_pile_size == 0


def test_f8_won_the_instant_the_target_is_reached_even_mid_draw_two() -> None:
    """F8: the win comes the instant the last round completes, in the middle of a Draw Two."""
    game = stacked_with_pile_size(MEDIUM, "KC 3H 4H 5H 6H 7H 8H", "9C", "2S")
    game.rounds_done = MEDIUM.target - 1
    events = game.apply(play(c("KC")))
    assert events[-1] == GameEnded(Outcome.WON, MEDIUM.target, MEDIUM.target)
    assert game.is_over and game.won and len(game.hand) == 7  # the second card is never drawn
    assert game.legal_actions() == []
    with pytest.raises(GameOver):
        game.apply(DRAW)


def test_f8_not_won_before_the_target() -> None:
    """F8: a completed round short of the target goes on."""
    game = stacked_with_pile_size(MEDIUM, "2C 3C 4C 5C 6C 7C 8C", "9H", "10S")
    game.rounds_done = MEDIUM.target - 2
    game.apply(DRAW)
    assert not game.is_over and game.rounds_done == MEDIUM.target - 1


# ---------------------------------------------------------------------------------------- F9


def test_f9_last_ordinary_card_loses() -> None:
    """F9: when the counted hand is empty after a play, the game is lost."""
    game, _ = stacked(MEDIUM, "2H 3H 4H 5H 6H 7H 8H", "9H")
    apply_all(game, "play 2H, play 3H, play 4H, play 5H, play 6H, play 7H")
    assert not game.is_over
    events = game.apply(play(c("8H")))
    assert events[-1] == GameEnded(Outcome.EMPTY_HAND, 0, MEDIUM.target) and not game.won


def test_f9_last_wild_loses_at_once() -> None:
    """F9: a last Wild loses: calling the suit could not refill the hand."""
    game, _ = stacked(MEDIUM, "2H 3H 4H 5H 6H 7H QC", "9H")
    apply_all(game, "play 2H, play 3H, play 4H, play 5H, play 6H, play 7H")
    game.apply(play(c("QC")))
    assert game.is_over and game.outcome is Outcome.EMPTY_HAND


@pytest.mark.parametrize("last", ["KH", "JK"])
def test_f9_last_draw_two_or_wild_draw_four_is_safe(last: str) -> None:
    """F9: a last Draw Two or Wild Draw Four draws cards as it resolves, so it does not lose."""
    game, _ = stacked(MEDIUM, f"2H 3H 4H 5H 6H 7H {last}", "9H")
    apply_all(game, "play 2H, play 3H, play 4H, play 5H, play 6H, play 7H")
    game.apply(play(c(last)))
    if game.phase is Phase.CALLING_SUIT:
        game.apply(call(Suit.CLUBS))
    assert not game.is_over and len(game.hand) == (2 if last == "KH" else 4)


def test_f9_hard_last_draw_two_is_safe() -> None:
    """F9, F12: on hard too, a last Draw Two (forced as soon as it is legal) does not lose."""
    game, _ = stacked(HARD, "2H 3H 4H 5H 6H 6S KS", "9H")
    apply_all(game, "play 2H, play 3H, play 4H, play 5H, play 6H, play 6S")
    assert codes(game.hand) == ["KS"] and plays(game) == {"KS"}
    game.apply(play(c("KS")))
    assert not game.is_over and len(game.hand) == 2


def test_f9_easy_counts_only_ordinary_cards() -> None:
    """F9, F10: in easy, a reserve full of specials does not save an empty hand."""
    game, _ = stacked(EASY, "2H 3H 4H 5H 6H QC KS", "9H")
    apply_all(game, "play 2H, play 3H, play 4H, play 5H")
    game.apply(play(c("6H")))
    assert game.outcome is Outcome.EMPTY_HAND and codes(game.reserve) == ["KS", "QC"]


# ---------------------------------------------------------------------------------------- F10


def test_f10_easy_reserve_playable_when_legal_and_draws_into_the_reserve() -> None:
    """F10: reserve specials are played when legal (a Draw Two by suit) and refill the reserve."""
    game, _ = stacked(EASY, "2C 3C 4C 5C 6C KD KS", "9D", "QD 7H")
    assert plays(game) == {"KD"}
    game.apply(play(c("KD")))
    assert codes(game.reserve) == ["KS", "QD"] and "7H" in codes(game.hand)
    assert game.view().reserve == (c("KS"), c("QD"))  # by suit, wilds last


# ---------------------------------------------------------------------------------------- F11


def test_f11_medium_specials_are_hand_cards_that_oblige_and_count() -> None:
    """F11: in medium a Wild in hand obliges (no Draw), and a hand of only a special is not empty."""
    game, _ = stacked(MEDIUM, "2H 3H 4H 5H 6H 7H QC", "9D")
    assert plays(game) == {"QC"} and not game.can_draw()
    game.apply(play(c("QC")))
    game.apply(call(Suit.HEARTS))
    apply_all(game, "play 2H, play 3H, play 4H, play 5H, play 6H")
    game, _ = stacked(MEDIUM, "2H 3H 4H 5H 6H 7H QC", "9H")
    apply_all(game, "play 2H, play 3H, play 4H, play 5H, play 6H, play 7H")
    assert not game.is_over and codes(game.hand) == ["QC"] and plays(game) == {"QC"}


# ---------------------------------------------------------------------------------------- F12


def test_f12_hard_a_legal_special_must_be_played_first() -> None:
    """F12: while a legal special is held only specials may be played; other plays are refused."""
    game, _ = stacked(HARD, "2D 3D KD 5C 6C 7C 8C", "9D", "AH 2H")
    assert plays(game) == {"KD"}
    before = game.to_json()
    with pytest.raises(IllegalAction, match="special card"):
        game.apply(play(c("2D")))
    assert game.to_json() == before
    game.apply(play(c("KD")))
    assert plays(game) == {"2D", "3D"}


def test_f12_hard_wilds_are_used_at_once_but_an_illegal_draw_two_is_spared() -> None:
    """F12: a Wild is always legal so it goes first; a Draw Two of another suit does not force."""
    game, _ = stacked(HARD, "2D 3D KC QS 6C 7C 8C", "9D")
    assert plays(game) == {"QS"}
    game, _ = stacked(HARD, "2D 3D KC 5C 6C 7C 8C", "9D")
    assert plays(game) == {"2D", "3D"}


def test_f12_hard_wild_draw_four_calls_first() -> None:
    """F12: on hard a Wild Draw Four calls the suit, then draws four."""
    game, _ = stacked(HARD, "JK 2C 3C 4C 5C 6C 7C", "9H", "AS 2S 3S 4S")
    game.apply(play(c("JK")))
    assert game.phase is Phase.CALLING_SUIT and len(game.hand) == 6
    events = game.apply(call(Suit.DIAMONDS))
    assert len(game.hand) == 10
    assert [e.reason for e in events if isinstance(e, CardsDrawn)] == [DrawReason.WILD_DRAW_FOUR]


# ---------------------------------------------------------------------------------------- F13


def test_f13_master_plays_easy_special_rules_on_the_master_deck() -> None:
    """F13: master: specials go to the reserve; only the deck's two suits can be called."""
    options = FloodOptions.make("master", "standard")
    game, _ = stacked(options, "QH 2H 3H 4H 5H 6H KS", "9S", "JK")
    assert codes(game.reserve) == ["KS", "QH"] and game.can_draw()
    game.apply(DRAW)
    assert codes(game.reserve) == ["JK", "KS", "QH"]
    game.apply(play(c("QH")))
    assert game.legal_actions() == [call(Suit.HEARTS), call(Suit.SPADES), RESIGN]
    with pytest.raises(IllegalAction, match="not a suit of this deck"):
        game.apply(call(Suit.CLUBS))


def test_f13_master_inhand_plays_medium_special_rules() -> None:
    """F13: master-inhand: specials are in the hand and oblige."""
    options = FloodOptions.make("master-inhand", "uno")
    game, _ = stacked(options, "W R1 R2 R3 R4 R5 R6", "B9")
    assert game.reserve == [] and plays(game) == {"W"} and not game.can_draw()
    game.apply(play(c("W")))
    assert game.legal_actions() == [call(Suit.RED), call(Suit.BLUE), RESIGN]


# ---------------------------------------------------------------------------------------- F14


def test_f14_off_by_default_drawing_while_obliged_is_refused() -> None:
    """F14: without the table rule, Draw is never offered while a play obliges."""
    game, _ = stacked(MEDIUM, "2H 3C 4C 5C 6C 7C 8C", "9H")
    assert DRAW not in game.legal_actions()
    with pytest.raises(IllegalAction, match=r"You can play \(2 of Hearts\), so you may not draw"):
        game.apply(DRAW)


def test_f14_medium_penalty_buries_specials_first_then_ordinary() -> None:
    """F14: drawing while obliged costs 3 cards under the discard top, specials first."""
    game, _ = stacked(MEDIUM_PENALTY, "2H KC QS 5C 6C 7C 8C", "9H", "AD")
    events = game.apply(DRAW)
    assert events[-1] == PenaltyOwed(3) and game.phase is Phase.BURYING
    assert set(game.legal_actions()) == {bury(c("KC")), bury(c("QS")), RESIGN}
    with pytest.raises(IllegalAction, match="Special cards go under"):
        game.apply(bury(c("5C")))
    apply_all(game, "bury QS, bury KC")
    assert {str(a) for a in game.legal_actions()} == {
        f"bury {x}" for x in ["2H", "5C", "6C", "7C", "8C", "AD"]
    } | {"resign"}
    game.apply(bury(c("AD")))
    assert game.phase is Phase.PLAYING and game.discard[-1] == c("9H")
    assert game.discard[-4:-1] == cards("QS KC AD") and len(game.hand) == 5


def test_f14_easy_penalty_buries_ordinary_cards_only() -> None:
    """F14: in easy the reserve is untouched; only ordinary hand cards go under the top."""
    game, _ = stacked(EASY_PENALTY, "2H KC QS 5C 6C 7C 8C", "9H", "AD")
    game.apply(DRAW)
    assert {str(a) for a in game.legal_actions()} == {
        f"bury {x}" for x in ["2H", "5C", "6C", "7C", "8C", "AD"]
    } | {"resign"}
    apply_all(game, "bury 5C, bury 6C, bury 7C")
    assert codes(game.reserve) == ["KC", "QS"] and len(game.hand) == 3


def test_f14_easy_three_or_fewer_ordinary_cards_lose() -> None:
    """F14: in easy, owing the penalty with 3 or fewer ordinary cards loses."""
    game, _ = stacked(EASY_PENALTY, "2H QC QS KC KS QD 8C", "9H", "AD")
    assert len(game.hand) == 2 and DRAW in game.legal_actions()
    events = game.apply(DRAW)
    assert game.outcome is Outcome.PENALTY and isinstance(events[-1], GameEnded)


def test_f14_medium_penalty_that_empties_the_hand_loses() -> None:
    """F14, F9: a penalty that takes the last cards leaves an empty hand: lost."""
    game, _ = stacked(MEDIUM_PENALTY, "2H 3H 4H 5H 6H 7H 8H", "9H", "KD")
    apply_all(game, "play 2H, play 3H, play 4H, play 5H, play 6H")
    game.apply(DRAW)
    assert game.bury_left == 3
    apply_all(game, "bury KD, bury 7H")
    assert not game.is_over
    game.apply(bury(c("8H")))
    assert game.outcome is Outcome.EMPTY_HAND


def test_f14_a_draw_when_not_obliged_costs_nothing() -> None:
    """F14: the penalty is only for drawing while a play obliges."""
    game, _ = stacked(MEDIUM_PENALTY, "2C 3C 4C 5C 6C 7C 8C", "9H", "AD")
    game.apply(DRAW)
    assert game.phase is Phase.PLAYING and len(game.hand) == 8


# ---------------------------------------------------------------------------------------- F15


def test_f15_any_suit_may_be_called_even_one_absent_from_the_hand() -> None:
    """F15: the call is free; calling a suit the hand lacks makes the player draw."""
    game, _ = stacked(MEDIUM, "QH 2C 3C 4C 5C 6C 7C", "9C")
    game.apply(play(c("QH")))
    assert [str(a) for a in game.legal_actions()] == ["suit H", "suit S", "suit D", "suit C", "resign"]
    game.apply(call(Suit.DIAMONDS))
    assert game.can_draw() and plays(game) == set()


# ---------------------------------------------------------------------------------------- input


def test_illegal_play_is_refused_with_no_change() -> None:
    """Bad input: a card that does not match, or one not held, is refused and nothing changes."""
    game, _ = stacked(MEDIUM, "2C 3C 4C 5C 6C 7C 8H", "9H")
    before = game.to_json()
    with pytest.raises(IllegalAction, match="does not go on"):
        game.apply(play(c("2C")))
    with pytest.raises(IllegalAction, match="don't hold"):
        game.apply(play(c("9S")))
    with pytest.raises(IllegalAction, match="No suit"):
        game.apply(call(Suit.HEARTS))
    with pytest.raises(IllegalAction, match="No penalty"):
        game.apply(bury(c("2C")))
    assert game.to_json() == before and game.log == []


def test_resign_loses() -> None:
    """Resigning ends the game as a loss."""
    game, _ = FloodGame.new(EASY, 3)
    assert game.apply(RESIGN) == [GameEnded(Outcome.RESIGNED, 0, EASY.target)]
    assert game.is_over and not game.won and game.view().is_over


def test_actions_print_short_and_parse_back() -> None:
    """Actions round-trip through short strings without ':' (they go into custom_ids)."""
    every: list[Action] = [play(card) for card in FloodOptions.make("easy", "uno").full_deck()]
    every += [play(card) for card in EASY.full_deck()] + [bury(c("10H")), DRAW, RESIGN]
    every += [call(s) for s in Suit]
    for action in every:
        text = str(action)
        assert parse_action(text) == action and ":" not in text and len(text) <= 10
    for bad in ["", "play", "play 11H", "suit X", "fly", "bury QQ"]:
        with pytest.raises(MalformedAction):
            parse_action(bad)


def test_from_deck_refuses_a_deck_that_is_not_the_games() -> None:
    """A chosen deck order must be exactly the game's deck."""
    deck = MEDIUM.full_deck()
    with pytest.raises(IllegalAction, match="not a full deck"):
        FloodGame.from_deck(MEDIUM, [*deck[:-1], c("2H")])


# ---------------------------------------------------------------------------------------- view, JSON


def test_view_shows_what_the_player_may_know() -> None:
    """The view: top card and suit in force, hand grouped by suit, reserve, rounds out of the
    target, cards left to draw, phase and whether Draw is allowed; never the pile's order."""
    game, _ = stacked(EASY, "2C 3C 4H QH KD 9S 5C", "9D", "AS")
    view = game.view()
    assert view.discard_top == c("9D") and view.suit is Suit.DIAMONDS
    assert view.hand_by_suit == (
        (Suit.HEARTS, (c("4H"),)),
        (Suit.SPADES, (c("9S"),)),
        (Suit.CLUBS, (c("2C"), c("3C"), c("5C"))),
    )
    assert view.reserve == (c("KD"), c("QH"))
    assert (view.rounds_done, view.target, view.draw_pile_size) == (0, 4, 46)
    assert view.phase is Phase.PLAYING and view.obliged and not view.can_draw
    assert view.legal == (play(c("9S")), play(c("KD")), play(c("QH")), RESIGN)
    assert not hasattr(view, "draw_pile")


def test_damaged_json_is_refused() -> None:
    """A saved game that lost a card, or is malformed, raises CorruptState."""
    from bot.games.errors import CorruptState

    game, _ = FloodGame.new(MEDIUM, 5)
    data = game.to_json()
    lost = dict(data, hand=data["hand"][1:])
    unreadable = dict(data, hand=["ZZ", *data["hand"][1:]])
    for bad in (lost, unreadable, dict(data, v=99), dict(data, phase="dancing"), {"v": 1}):
        with pytest.raises(CorruptState):
            FloodGame.from_json(bad)
    assert FloodGame.from_json(data) == game
