"""One or more tests per rule S1-S12 of docs/rules.md."""

from __future__ import annotations

from collections import Counter

import pytest
from tableau_rig import cards
from tableau_rig import deal_with
from tableau_rig import draw_until_stock_empty
from tableau_rig import game_with
from tableau_rig import play

from bot.games.actions import DRAW
from bot.games.actions import RESIGN
from bot.games.actions import UNDO
from bot.games.errors import GameOver
from bot.games.errors import IllegalAction
from bot.games.errors import MalformedAction
from bot.games.tableau.actions import Place
from bot.games.tableau.actions import ToFoundation
from bot.games.tableau.actions import parse_action
from bot.games.tableau.events import CardsDrawn
from bot.games.tableau.events import GameEnded
from bot.games.tableau.events import MovedToFoundation
from bot.games.tableau.events import Outcome
from bot.games.tableau.events import SlotLeftEmpty
from bot.games.tableau.events import SlotRefilled
from bot.games.tableau.events import WasteTurnedOver
from bot.games.tableau.foundations import Foundations
from bot.games.tableau.foundations import action_follows
from bot.games.tableau.foundations import tableau_match
from bot.games.tableau.game import FULL_DECK
from bot.games.tableau.game import TableauGame
from bot.games.tableau.geometry import Slot
from bot.games.tableau.geometry import covers
from bot.games.tableau.geometry import row_width
from bot.games.tableau.geometry import slot_at
from bot.games.tableau.geometry import supports
from bot.games.tableau.samples import stuck_deal
from bot.games.tableau.samples import winning_deal
from bot.games.uno.cards import COLOURS
from bot.games.uno.cards import Card
from bot.games.uno.cards import Colour

# ---------------------------------------------------------------- S1 deck and deal


def test_s1_a_new_game_deals_seven_face_up_and_leaves_101_in_the_stock() -> None:
    """S1: the 108 cards shuffled; seven in row 0, the rest face down in the stock."""
    game = TableauGame.new(seed=7)
    assert len(game.rows) == 1 and len(game.rows[0]) == 7 and None not in game.rows[0]
    assert len(game.stock) == 101 and game.waste == []
    assert game.all_cards() == FULL_DECK
    view = game.view()
    assert view.stock_size == 101 and view.waste_top is None


def test_s1_the_seed_decides_the_shuffle() -> None:
    """S1: the same seed deals the same game, another seed another one."""
    assert TableauGame.new(3) == TableauGame.new(3)
    assert TableauGame.new(3).deal != TableauGame.new(4).deal
    assert list(TableauGame.new(3).deal) != list(sorted(FULL_DECK.elements(), key=str))


def test_s1_an_explicit_deal_puts_its_first_seven_cards_in_row_0_and_the_next_on_top() -> None:
    """S1: a deal given in order: row 0 first, then the stock from its top down."""
    deal = deal_with("R1 R2 R3 R4 R5 R6 R7", "G1 G2 G3 G4")
    game = TableauGame(deal)
    assert game.rows[0] == cards("R1 R2 R3 R4 R5 R6 R7")
    assert game.apply(DRAW) == [CardsDrawn(tuple(cards("G1 G2 G3")))]


def test_s1_a_deal_that_is_not_the_uno_deck_is_refused() -> None:
    """S1: the game is played with exactly the 108 UNO cards."""
    deal = deal_with("R1 R2 R3 R4 R5 R6 R7")
    with pytest.raises(IllegalAction):
        TableauGame(deal[:-1])
    with pytest.raises(IllegalAction):
        TableauGame([*deal[:-1], Card.parse("W")])


# ---------------------------------------------------------------- S2-S4 foundations


def test_s2_there_are_four_colour_foundations_and_one_action_pile() -> None:
    """S2: one foundation per colour and one for action cards, all empty at the deal."""
    view = TableauGame.new(1).view()
    assert [f.colour for f in view.colour_foundations] == list(COLOURS)
    assert all(f.size == 0 and f.top is None for f in view.colour_foundations)
    assert [str(f.next_card) for f in view.colour_foundations] == ["R9", "Y9", "G9", "B9"]
    assert view.action_pile.size == 0 and view.action_pile.top is None


def test_s3_a_colour_foundation_runs_9_down_to_0_and_back_up_to_9() -> None:
    """S3: the 19 number cards of a colour in the order 9..0..9, either copy of a value."""
    foundations = Foundations()
    expected = [9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    for value in expected:
        wanted = Card.parse(f"G{value}")
        assert foundations.next_card(Colour.GREEN) == wanted
        for other in range(10):
            if other != value:
                assert not foundations.accepts(Card.parse(f"G{other}"))
        assert foundations.accepts(wanted)
        foundations.add(wanted)
    assert foundations.next_card(Colour.GREEN) is None
    assert not foundations.accepts(Card.parse("G9"))
    assert foundations.colour_sizes[Colour.GREEN] == 19
    twice = cards("G1 G2 G3 G4 G5 G6 G7 G8 G9") * 2
    assert Counter(foundations.colour_cards()) == Counter([*cards("G0"), *twice])


def test_s3_in_play_only_the_next_number_goes_up_and_action_cards_stay_off() -> None:
    """S3: an 8 cannot start a colour foundation; the 9 can, then the 8."""
    game = game_with("R8 R9 RS G7 B4 Y2 Y3")
    with pytest.raises(IllegalAction, match="Red foundation needs the Red 9"):
        play(game, "f 0.0")
    assert {str(a) for a in game.legal_actions() if isinstance(a, ToFoundation)} == {
        "f 0.1",
        "f 0.2",
    }
    play(game, "f 0.1", "f 0.0")
    assert game.view().colour_foundations[0].size == 2
    assert str(game.view().colour_foundations[0].next_card) == "R7"


def test_s4_the_action_pile_starts_with_any_action_card_never_a_number() -> None:
    """S4: Skip, Reverse, Draw Two, Wild and Wild Draw Four may start it."""
    for code in ("RS", "GR", "BD", "W", "W4"):
        assert action_follows(None, Card.parse(code))
    for code in ("R0", "Y9"):
        assert not action_follows(None, Card.parse(code))


def test_s4_each_next_action_card_shares_colour_or_symbol() -> None:
    """S4: after a Red Skip come red action cards and Skips; a Green Draw Two does not."""
    red_skip = Card.parse("RS")
    assert action_follows(red_skip, Card.parse("RD"))
    assert action_follows(red_skip, Card.parse("GS"))
    assert not action_follows(red_skip, Card.parse("GD"))
    assert not action_follows(red_skip, Card.parse("R5"))


def test_s4_wilds_match_every_action_card_both_ways() -> None:
    """S4: a Wild goes on anything, and anything goes on a Wild."""
    for wild in cards("W W4"):
        for card in cards("RS YR GD BS W W4"):
            assert action_follows(card, wild)
            assert action_follows(wild, card)


def test_s4_in_play_the_action_pile_refuses_a_mismatch_with_a_reason() -> None:
    """S4: a Green Draw Two cannot follow a Red Skip; a Wild bridges them."""
    game = game_with("RS GD W Y1 Y2 Y3 Y4")
    play(game, "f 0.0")
    with pytest.raises(IllegalAction, match="action pile needs a Red action card, a Skip or a Wild"):
        play(game, "f 0.1")
    play(game, "f 0.2", "f 0.1")
    assert game.view().action_pile == (Card.parse("GD"), 3)


# ---------------------------------------------------------------- S5 stock and waste


def test_s5_draw_moves_three_cards_and_only_the_top_one_plays() -> None:
    """S5: three cards go to the waste; the last one is on top and only it may be played."""
    game = game_with("Y1 Y2 Y3 Y4 Y5 Y6 Y7", "R9 B1 G1")
    play(game, "draw")
    assert game.waste == cards("R9 B1 G1") and game.view().waste_top == Card.parse("G1")
    assert len(game.stock) == 98
    # The Red 9 would go up, but it lies under the Green 1.
    with pytest.raises(IllegalAction):
        play(game, "f w")
    assert parse_action("f w") not in game.legal_actions()


def test_s5_the_last_draw_of_a_pass_takes_the_fewer_cards_left() -> None:
    """S5: 101 cards: 33 draws of three, then one of two."""
    game = TableauGame.new(5)
    assert draw_until_stock_empty(game) == 34
    assert game.log[-1] == "draw" and len(game.waste) == 101
    # The last CardsDrawn held two cards.
    game2 = TableauGame.new(5)
    for _ in range(33):
        play(game2, "draw")
    assert game2.apply(DRAW) == [CardsDrawn(tuple(game.waste[-2:]))]


def test_s5_draw_on_an_empty_stock_turns_the_waste_over_without_shuffling() -> None:
    """S5: the new stock deals the same cards in the same order as the previous pass."""
    game = game_with("R9 Y2 Y3 Y4 Y5 Y6 Y7")
    play(game, "f 0.0")  # a card moved, so the turn-over is allowed (S12(a))
    first_pass = [e.cards for _ in range(34) for e in game.apply(DRAW) if isinstance(e, CardsDrawn)]
    assert not game.stock
    assert game.apply(DRAW) == [WasteTurnedOver(100)]
    assert game.waste == [] and len(game.stock) == 100
    second_pass = [e.cards for _ in range(34) for e in game.apply(DRAW) if isinstance(e, CardsDrawn)]
    assert second_pass == first_pass


def test_s5_passes_through_the_stock_are_unlimited() -> None:
    """S5: as long as a card moves in each pass, the waste turns over again and again."""
    deal, _ = winning_deal()
    game = TableauGame(deal)
    turnovers = 0
    for k in range(6):
        play(game, f"f 0.{k}")
        draw_until_stock_empty(game)
        events = game.apply(DRAW)
        assert events == [WasteTurnedOver(len(game.stock))]
        turnovers += 1
    assert turnovers == 6 and not game.is_over


# ---------------------------------------------------------------- S6-S7 geometry


def test_s6_rows_alternate_seven_and_six_slots() -> None:
    """S6: even rows have seven slots, odd rows six."""
    assert [row_width(r) for r in range(6)] == [7, 6, 7, 6, 7, 6]


def test_s6_an_odd_row_slot_rests_on_the_two_slots_above_it() -> None:
    """S6: (r,k) on (r-1,k) and (r-1,k+1) for odd r."""
    assert supports(Slot(1, 0)) == (Slot(0, 0), Slot(0, 1))
    assert supports(Slot(1, 5)) == (Slot(0, 5), Slot(0, 6))
    assert supports(Slot(3, 2)) == (Slot(2, 2), Slot(2, 3))


def test_s6_an_even_row_slot_rests_on_two_slots_and_its_ends_on_one() -> None:
    """S6: (r,k) on (r-1,k-1) and (r-1,k) for even r >= 2; k=0 on (r-1,0), k=6 on (r-1,5)."""
    assert supports(Slot(2, 3)) == (Slot(1, 2), Slot(1, 3))
    assert supports(Slot(2, 0)) == (Slot(1, 0),)
    assert supports(Slot(2, 6)) == (Slot(1, 5),)
    assert supports(Slot(4, 1)) == (Slot(3, 0), Slot(3, 1))
    assert supports(Slot(0, 3)) == ()


def test_s6_covers_is_the_inverse_of_supports() -> None:
    """S6: a slot is covered by exactly the slots of the next row that rest on it."""
    for row in range(8):
        for k in range(row_width(row)):
            slot = slot_at(row, k)
            below = [slot_at(row + 1, j) for j in range(row_width(row + 1))]
            assert covers(slot) == tuple(s for s in below if slot in supports(s))
    assert covers(Slot(0, 0)) == (Slot(1, 0),)
    assert covers(Slot(0, 3)) == (Slot(1, 2), Slot(1, 3))
    assert covers(Slot(1, 0)) == (Slot(2, 0), Slot(2, 1))


def test_s6_a_card_goes_into_an_end_slot_of_a_seven_row_on_one_card() -> None:
    """S6/S8: slot 2.0 rests on 1.0 alone, so 1.1 may stay empty."""
    game = game_with("R1 R2 R3 R4 R5 R6 R7", "B1 B2 R8 G1 G2 R9")
    play(game, "draw", "p 1.0", "draw")
    assert game.card_at(Slot(1, 1)) is None
    assert Place(Slot(2, 0)) in game.legal_actions()
    assert Place(Slot(2, 1)) not in game.legal_actions()
    play(game, "p 2.0")
    assert game.card_at(Slot(2, 0)) == Card.parse("R9")
    assert [len(row) for row in game.view().rows] == [7, 6, 7, 6]


def test_s7_a_covered_card_cannot_leave_until_the_card_on_it_does() -> None:
    """S7: exposed iff no card of the next row rests on it; only exposed cards go up."""
    game = game_with("R5 R8 Y1 Y2 Y3 Y4 Y5", "B1 B2 R9")
    play(game, "draw", "p 1.0")
    view = game.view()
    exposed = {sv.slot for row in view.rows for sv in row if sv.exposed}
    assert Slot(0, 0) not in exposed and Slot(0, 1) not in exposed
    assert {Slot(0, 2), Slot(1, 0)} <= exposed
    with pytest.raises(IllegalAction, match="covered"):
        play(game, "f 0.1")
    play(game, "f 1.0")  # the Red 9 goes up and uncovers the Red 8
    assert game.is_exposed(Slot(0, 1))
    play(game, "f 0.1")
    assert game.foundations.colour_sizes[Colour.RED] == 2


def test_s7_tableau_cards_go_only_to_a_foundation() -> None:
    """S7: there is no tableau-to-tableau move: no action names two slots, none is offered."""
    game = TableauGame.new(11)
    for action in game.legal_actions():
        if isinstance(action, ToFoundation) and action.source is not None:
            assert game.is_exposed(action.source)
    for text in ("m 0.1 1.0", "p 0.1 1.0", "f 0.1 1.0"):
        with pytest.raises(MalformedAction):
            parse_action(text)


# ---------------------------------------------------------------- S8 placement


def test_s8_the_seed_example_a_card_matching_each_covered_card() -> None:
    """S8: a Green 4 and a Blue 7 may be covered by a Blue 4 or a Green 7."""
    for cover in ("B4", "G7"):
        game = game_with("G4 B7 Y1 Y2 Y3 Y4 Y5", f"R1 R2 {cover}")
        play(game, "draw")
        assert Place(Slot(1, 0)) in game.legal_actions()
        play(game, "p 1.0")
        assert game.card_at(Slot(1, 0)) == Card.parse(cover)


def test_s8_matching_one_covered_card_but_not_the_other_is_refused() -> None:
    """S8: a Red 7 matches the Blue 7 by number but not the Green 4: refused, state unchanged."""
    for cover in ("R7", "G1"):
        game = game_with("G4 B7 Y1 Y2 Y3 Y4 Y5", f"R1 R2 {cover}")
        play(game, "draw")
        before = game.to_json()
        assert Place(Slot(1, 0)) not in game.legal_actions()
        with pytest.raises(IllegalAction, match="cannot cover"):
            play(game, "p 1.0")
        assert game.to_json() == before


def test_s8_two_red_nines_take_any_red_card_or_any_nine() -> None:
    """S8: one shared aspect with each covered card is enough."""
    for cover, fits in (("R2", True), ("G9", True), ("RS", True), ("G2", False), ("B8", False)):
        game = game_with("R9 R9 Y1 Y2 Y3 Y4 Y5", f"B1 B2 {cover}")
        play(game, "draw")
        assert tableau_match(Card.parse(cover), Card.parse("R9")) is fits
        assert (Place(Slot(1, 0)) in game.legal_actions()) is fits


def test_s8_a_wild_may_cover_anything() -> None:
    """S8: a Wild as the covering card matches every covered card."""
    game = game_with("G4 B7 Y1 Y2 Y3 Y4 Y5", "R1 R2 W4")
    play(game, "draw", "p 1.0")
    assert game.card_at(Slot(1, 0)) == Card.parse("W4")


def test_s8_a_wild_may_be_covered_by_anything_that_matches_the_other_card() -> None:
    """S8: a Wild as a covered card matches every cover; the other covered card still counts."""
    game = game_with("W G7 Y1 Y2 Y3 Y4 Y5", "R1 R2 R7 B1 B2 R5")
    play(game, "draw")
    assert Place(Slot(1, 0)) in game.legal_actions()  # Red 7 on Wild and Green 7
    play(game, "draw")
    assert Place(Slot(1, 0)) not in game.legal_actions()  # Red 5 on Wild and Green 7
    with pytest.raises(IllegalAction, match="Green 7"):
        play(game, "p 1.0")


def test_s8_nothing_is_ever_placed_into_row_0() -> None:
    """S8: row 0 is refilled from the stock only."""
    deal, moves = stuck_deal()
    game = TableauGame(deal)
    play(game, *moves[:102])  # the stock ran out at move 101, so slot 0.5 stays empty
    assert game.card_at(Slot(0, 5)) is None
    with pytest.raises(IllegalAction, match="row 0"):
        game.apply(Place(Slot(0, 5)))
    game2 = game_with("R1 R2 R3 R4 R5 R6 R7", "B1 B2 R8")
    play(game2, "draw")
    with pytest.raises(IllegalAction, match="row 0"):
        play(game2, "p 0.0")
    assert all(a.slot.row >= 1 for a in game2.legal_actions() if isinstance(a, Place))


def test_s8_a_slot_needs_all_its_supporting_cards() -> None:
    """S8: slot 2.3 rests on 1.2 and 1.3; with one of them missing it takes nothing."""
    game = game_with("R1 R2 R3 R4 R5 R6 R7", "B1 B2 R8 G1 G2 R9")
    play(game, "draw", "p 1.2", "draw")
    with pytest.raises(IllegalAction, match="needs one in row 1, slot 4 to rest on"):
        play(game, "p 2.3")
    with pytest.raises(IllegalAction, match="already a card in row 1, slot 3"):
        play(game, "p 1.2")
    with pytest.raises(IllegalAction, match="no row 1, slot 7 in the tableau"):
        game.apply(Place(Slot(1, 6)))
    # The Red 9 fits every empty row-1 slot (row 0 is all red); row 2 offers nothing, since
    # both slots under 1.2 also rest on an empty neighbour (1.1 or 1.3).
    targets = {a.slot for a in game.legal_actions() if isinstance(a, Place)}
    assert targets == {Slot(1, k) for k in (0, 1, 3, 4, 5)}


def test_s8_with_an_empty_waste_there_is_nothing_to_place() -> None:
    """S8: only the top waste card is ever placed."""
    game = TableauGame.new(2)
    assert not [a for a in game.legal_actions() if isinstance(a, Place)]
    with pytest.raises(IllegalAction, match="waste is empty"):
        play(game, "p 1.0")


# ---------------------------------------------------------------- S9 refill


def test_s9_a_row_0_card_that_leaves_is_replaced_by_the_top_stock_card() -> None:
    """S9: the refill comes at once, from the top of the stock."""
    game = game_with("R9 Y2 Y3 Y4 Y5 Y6 Y7", "G3 G4 G5")
    events = play(game, "f 0.0")
    assert events == [
        MovedToFoundation(Card.parse("R9"), Slot(0, 0)),
        SlotRefilled(Slot(0, 0), Card.parse("G3")),
    ]
    assert game.card_at(Slot(0, 0)) == Card.parse("G3") and len(game.stock) == 100


def test_s9_with_an_empty_stock_the_waste_is_turned_over_first() -> None:
    """S9: the refill from an empty stock takes the first card of the turned-over waste."""
    game = game_with("R9 Y2 Y3 Y4 Y5 Y6 Y7", "G3 G4 G5")
    draw_until_stock_empty(game)
    events = play(game, "f 0.0")
    assert events == [
        MovedToFoundation(Card.parse("R9"), Slot(0, 0)),
        WasteTurnedOver(101),
        SlotRefilled(Slot(0, 0), Card.parse("G3")),
    ]
    assert game.waste == [] and len(game.stock) == 100
    drawn = game.apply(DRAW)[0]
    assert isinstance(drawn, CardsDrawn) and drawn.cards[:2] == tuple(cards("G4 G5"))


def test_s9_with_stock_and_waste_empty_the_slot_stays_empty_for_good() -> None:
    """S9: no card left to refill with: the slot stays empty and nothing goes into it."""
    deal, moves = winning_deal()
    game = TableauGame(deal)
    play(game, *moves[:101])
    assert not game.stock and not game.waste
    events = play(game, moves[101])
    assert events[-1] == SlotLeftEmpty(Slot(0, 3))
    assert game.card_at(Slot(0, 3)) is None
    assert not [a for a in game.legal_actions() if isinstance(a, Place)]


# ---------------------------------------------------------------- S10 optional moves


def test_s10_draw_is_always_offered_while_stock_or_waste_hold_cards() -> None:
    """S10: moves are optional: Draw is offered beside the foundation moves, until both piles
    are empty; then it is refused."""
    deal, moves = winning_deal()
    game = TableauGame(deal)
    assert DRAW in game.legal_actions() and ToFoundation(Slot(0, 0)) in game.legal_actions()
    draw_until_stock_empty(game)
    assert DRAW in game.legal_actions()  # the waste can turn over ... or end the game (S12a)
    game = TableauGame(deal)
    play(game, *moves[:101])
    assert DRAW not in game.legal_actions() and not game.is_over
    with pytest.raises(IllegalAction, match="nothing to draw"):
        play(game, "draw")


# ---------------------------------------------------------------- S11 win


def test_s11_the_game_is_won_with_all_108_cards_on_the_foundations() -> None:
    """S11: the last card up wins; after that every action is refused."""
    deal, moves = winning_deal()
    game = TableauGame(deal)
    play(game, *moves[:-1])
    assert not game.is_over
    events = play(game, moves[-1])
    assert events[-1] == GameEnded(Outcome.WON)
    assert game.won and game.view().won and game.foundations.card_count == 108
    assert game.legal_actions() == []
    for action in (DRAW, UNDO, RESIGN):
        with pytest.raises(GameOver):
            game.apply(action)


# ---------------------------------------------------------------- S12 loss


def test_s12a_drawing_on_an_empty_stock_with_no_move_since_the_deal_loses() -> None:
    """S12(a): a whole pass without a move would repeat forever: the Draw that would turn the
    waste over ends the game instead."""
    game = TableauGame.new(9)
    draw_until_stock_empty(game)
    assert game.view().draw_ends_game
    before_waste = list(game.waste)
    events = game.apply(DRAW)
    assert events == [GameEnded(Outcome.REPEATING)]
    assert game.is_over and not game.won and game.waste == before_waste
    with pytest.raises(GameOver):
        game.apply(UNDO)


def test_s12a_a_move_during_the_pass_lets_the_waste_turn_over_once_more() -> None:
    """S12(a): one card moved since the last turn-over: the Draw turns over; then a pass with no
    move loses."""
    game = game_with("R9 Y2 Y3 Y4 Y5 Y6 Y7", "G3 G4 G5")
    play(game, "draw")
    play(game, "f 0.0")
    draw_until_stock_empty(game)
    assert not game.view().draw_ends_game
    assert game.apply(DRAW) == [WasteTurnedOver(100)]
    draw_until_stock_empty(game)
    assert game.apply(DRAW) == [GameEnded(Outcome.REPEATING)]


def test_s12a_a_placement_counts_as_a_move() -> None:
    """S12(a): a card put into the tableau changes the next pass too."""
    game = game_with("G4 B7 Y1 Y2 Y3 Y4 Y5", "R1 R2 B4")
    play(game, "draw", "p 1.0")
    draw_until_stock_empty(game)
    assert game.apply(DRAW) == [WasteTurnedOver(100)]


def test_s12a_the_turn_over_for_a_refill_starts_a_new_pass() -> None:
    """S12(a) with S9: a refill from an empty stock turns the waste over; if no card moves
    after that, the next pass is the same as this one, so drawing past it loses."""
    game = game_with("R9 Y2 Y3 Y4 Y5 Y6 Y7", "G3 G4 G5")
    draw_until_stock_empty(game)
    assert [type(e) for e in play(game, "f 0.0")][1] is WasteTurnedOver
    draw_until_stock_empty(game)
    assert game.view().draw_ends_game
    assert game.apply(DRAW) == [GameEnded(Outcome.REPEATING)]


def test_s12b_stock_and_waste_empty_and_no_card_can_go_up_loses() -> None:
    """S12(b): the Red Skip left in row 0 cannot follow the Blue Reverse on the action pile."""
    deal, moves = stuck_deal()
    game = TableauGame(deal)
    play(game, *moves[:-1])
    assert not game.is_over
    events = play(game, moves[-1])
    assert events[-1] == GameEnded(Outcome.STUCK)
    assert game.tableau_cards() == cards("RS") and game.outcome is Outcome.STUCK


def test_s12c_resigning_loses() -> None:
    """S12(c): Resign is always offered and ends the game as a loss."""
    game = TableauGame.new(4)
    assert RESIGN in game.legal_actions()
    assert game.apply(RESIGN) == [GameEnded(Outcome.RESIGNED)]
    assert game.is_over and not game.won and game.log == ["resign"]
    with pytest.raises(GameOver):
        game.apply(DRAW)


def test_the_start_position_offers_exactly_the_foundation_moves_draw_and_resign() -> None:
    """S7/S10/S12(c): no undo before the first move; every card in row 0 is exposed."""
    game = game_with("R9 RS Y3 Y4 Y5 Y6 Y7")
    assert [str(a) for a in game.legal_actions()] == ["f 0.0", "f 0.1", "draw", "resign"]
    assert all(sv.exposed for sv in game.view().rows[0])
    assert game.view().rows[1] == tuple(
        (slot_at(1, k), None, False, supports(slot_at(1, k))) for k in range(6)
    )
