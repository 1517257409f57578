"""The solo games' pictures: Survive the Flood, the puzzle chain and the duel. Sizes, where the
cards sit, a few known pixels, what the description says, and golden images.

The views are built by hand, so a change to a deal or an engine does not move the pictures."""

from __future__ import annotations

import random

import pytest
from PIL import Image

from bot.games.flood import DRAW
from bot.games.flood import Bury
from bot.games.flood import Card as FloodCard
from bot.games.flood import FloodOptions
from bot.games.flood import FloodView
from bot.games.flood import Outcome
from bot.games.flood import Phase
from bot.games.flood import Play
from bot.games.flood import Rank
from bot.games.flood import Suit
from bot.games.flood.cards import ALL_CARDS
from bot.games.solver import Card as PuzzleCard
from bot.games.solver.cards import matches
from bot.games.uno.cards import Card
from bot.games.uno.cards import Colour
from bot.games.uno.cards import Face
from bot.games.uno.playing_cards import PlayingCard
from bot.i18n.text import text
from bot.i18n.words import Words
from bot.render.flood_text import no_suit
from bot.render.images.cards import CARD_H
from bot.render.images.cards import CARD_W
from bot.render.images.cards import COLOUR_FILL
from bot.render.images.cards import PAPER
from bot.render.images.cards import dimmed
from bot.render.images.cards import face
from bot.render.images.cards import font
from bot.render.images.cards import scaled
from bot.render.images.flood import HEADER_H
from bot.render.images.flood import WATER
from bot.render.images.flood import describe
from bot.render.images.flood import flood_picture
from bot.render.images.flood import sprite_card
from bot.render.images.puzzle import LINK_H
from bot.render.images.puzzle import LINK_STEP
from bot.render.images.puzzle import LINK_W
from bot.render.images.puzzle import PURPLE
from bot.render.images.puzzle import chain_picture
from bot.render.images.puzzle import describe_duel
from bot.render.images.puzzle import duel_picture
from bot.render.images.puzzle import uno_card
from bot.render.images.uno import DESCRIPTION_LIMIT
from bot.render.images.uno import EMPTY_HAND_H
from bot.render.images.uno import HAND_LABEL_H
from bot.render.images.uno import LIFT
from bot.render.images.uno import NO_CARDS
from bot.render.images.uno import PAD
from bot.render.images.uno import PLAYABLE_RING
from bot.render.images.uno import HandLayout
from bot.render.images.uno import Picture
from bot.render.images.uno import hand_by_colour
from bot.render.images.uno import hand_said
from tests.render.test_images import assert_matches_golden
from tests.render.test_images import decode
from tests.render.test_images import near

LAYOUT = HandLayout(numbered=False)
WHITE = (255, 255, 255)


def flood_view(*, difficulty: str = "easy", phase: Phase = Phase.PLAYING, bury_left: int = 0) -> FloodView:
    card = FloodCard.parse
    hand = tuple(card(code) for code in ("R3", "R7", "YS", "G7", "B1", "B7"))
    reserve = (card("W"), card("GD"))
    legal = (Play(card("R7")), Play(card("G7")), Play(card("B7")), Play(card("W")), DRAW)
    if phase is Phase.BURYING:
        legal = tuple(Bury(c) for c in hand)
    return FloodView(
        options=FloodOptions.make(difficulty, "uno"),
        discard_top=card("Y7"),
        discard=tuple(card(code) for code in ("R1", "R2", "Y2", "Y4", "G4", "G9", "B9", "B5", "Y7")),
        suit=Suit.YELLOW,
        hand=hand,
        reserve=reserve,
        rounds_done=1,
        target=3,
        draw_pile_size=61,
        discard_size=9,
        phase=phase,
        can_draw=True,
        obliged=False,
        bury_left=bury_left,
        outcome=None,
        legal=legal,
    )


def hand_cell_at(index: int, top: int) -> tuple[int, int]:
    """Top-left of a hand card (before any lift) in a picture whose hand label starts at `top`."""
    x, y = LAYOUT.slot(index)
    return PAD + x, top + HAND_LABEL_H + y


def test_every_flood_card_is_drawn_as_the_card_it_is() -> None:
    for card in ALL_CARDS:
        sprite = sprite_card(card)
        assert sprite.label == card.label
        standard = card.rank is Rank.JOKER or (card.suit is not None and not card.suit.is_uno)
        assert isinstance(sprite, PlayingCard) == standard


def test_the_flood_picture_shows_top_card_hand_and_reserve_where_they_belong() -> None:
    view = flood_view()
    picture = flood_picture(view)
    image = decode(picture)
    assert image.width >= 560
    # The discard top (Yellow 7) in the header, the panel around it.
    assert near(image.getpixel((PAD + 8, PAD + 28 + CARD_H // 2)), COLOUR_FILL[Colour.YELLOW])  # type: ignore[arg-type]
    assert near(image.getpixel((image.width - 4, image.height // 2)), WATER)  # type: ignore[arg-type]
    top = PAD + HEADER_H
    # Red 3 cannot be played: lowered and shaded. Red 7 can: raised in its ring, full colour.
    x0, y0 = hand_cell_at(0, top)
    shaded = image.getpixel((x0 + 8, y0 + LIFT + CARD_H // 2))
    assert shaded[0] < COLOUR_FILL[Colour.RED][0] - 40  # type: ignore[index]
    x1, y1 = hand_cell_at(1, top)
    assert near(image.getpixel((x1 + CARD_W // 2, y1 - 2)), PLAYABLE_RING)  # type: ignore[arg-type]
    assert near(image.getpixel((x1 + 8, y1 + CARD_H // 2)), COLOUR_FILL[Colour.RED])  # type: ignore[arg-type]
    # The reserve (easy keeps one) under the hand: its Wild is raised.
    reserve_top = top + HAND_LABEL_H + LAYOUT.size(len(view.hand))[1]
    xr, yr = hand_cell_at(0, reserve_top)
    assert near(image.getpixel((xr + CARD_W // 2, yr - 2)), PLAYABLE_RING)  # type: ignore[arg-type]
    assert image.height == reserve_top + HAND_LABEL_H + LAYOUT.size(2)[1] + PAD
    text = picture.description
    assert "Top card Yellow 7, colour in force Yellow." in text
    assert "Draw pile 61 cards, discard pile 9. Decks survived 1 of 3." in text
    assert "Your hand (6): Red 3, Red 7 (playable), Yellow Skip," in text
    assert "Reserve (2): Wild (playable), Green Draw Two." in text


def test_a_card_playable_from_the_reserve_shades_the_hand() -> None:
    view = flood_view()._replace(legal=(Play(FloodCard.parse("W")), DRAW))
    image = decode(flood_picture(view))
    x, y = hand_cell_at(1, PAD + HEADER_H)
    shaded = image.getpixel((x + 8, y + LIFT + CARD_H // 2))
    assert shaded[0] < COLOUR_FILL[Colour.RED][0] - 40  # type: ignore[index]


def test_without_a_reserve_the_flood_picture_ends_under_the_hand() -> None:
    view = flood_view(difficulty="hard", phase=Phase.BURYING, bury_left=2)
    picture = flood_picture(view)
    image = decode(picture)
    assert image.height == PAD + HEADER_H + HAND_LABEL_H + LAYOUT.size(6)[1] + PAD
    assert "Reserve" not in picture.description
    assert "Put 2 more cards under the top card." in picture.description
    # While burying, every card of the hand may go: all stand raised.
    for index in range(6):
        x, y = hand_cell_at(index, PAD + HEADER_H)
        assert near(image.getpixel((x + CARD_W // 2, y - 2)), PLAYABLE_RING)  # type: ignore[arg-type]


def puzzle_cards(text: str) -> list[PuzzleCard]:
    colours = "RYGB"
    return [PuzzleCard(colours.index(code[0]), int(code[1])) for code in text.split()]


def test_the_chain_links_its_cards_in_order_above_the_cards_left() -> None:
    chain = puzzle_cards("R5 B5 B2 G2 G9 Y9 Y1 R1 R7 B7 B3")
    left = puzzle_cards("B8 G3 G3 Y4")
    picture = chain_picture("Practice puzzle", chain, left, puzzle_cards("B8 G3"))
    image = decode(picture)
    y0 = PAD + 24 + HAND_LABEL_H
    per_row = (image.width - 2 * PAD + LINK_STEP - LINK_W) // LINK_STEP
    assert len(chain) > per_row, "the chain wraps"
    for index, card in enumerate(chain):
        row, column = divmod(index, per_row)
        x, y = PAD + column * LINK_STEP, y0 + row * (LINK_H + 6)
        fill = COLOUR_FILL[uno_card(card).colour]  # type: ignore[index]
        assert near(image.getpixel((x + 5, y + LINK_H // 2)), fill), index  # type: ignore[arg-type]
    # An arrow between the first two cards, none after the last of a row.
    assert near(image.getpixel((PAD + LINK_W + 8, y0 + LINK_H // 2)), WHITE)  # type: ignore[arg-type]
    assert near(image.getpixel((PAD + LINK_W + 8, y0 + 2)), PURPLE)  # type: ignore[arg-type]
    assert picture.description.startswith("Practice puzzle. Chain (11 of 15): Red 5 then Blue 5 then Blue 2")
    assert "Cards left (4): Blue 8 (playable), Green 3 (playable), Green 3 (playable), Yellow 4." in (
        picture.description
    )


def test_a_card_outside_the_real_deck_has_no_face() -> None:
    with pytest.raises(ValueError):
        uno_card(PuzzleCard(12, 7))
    assert uno_card(PuzzleCard(3, 0)) == Card.of(Colour.BLUE, Face.ZERO)


def test_the_duel_shows_both_open_hands_and_the_last_card() -> None:
    yours, bots = puzzle_cards("R1 R4 G4 Y8"), puzzle_cards("B4 B6 Y2")
    picture = duel_picture(yours, bots, PuzzleCard(0, 4), puzzle_cards("R1 G4"), "Your turn")
    image = decode(picture)
    bot_x, bot_y = hand_cell_at(0, PAD + 24)
    # The bot's hand is shown at full colour (nothing of it is playable by you, nothing shaded).
    assert near(image.getpixel((bot_x + 8, bot_y + LIFT + CARD_H // 2)), COLOUR_FILL[Colour.BLUE])  # type: ignore[arg-type]
    assert "Last card played: Red 4. Your turn." in picture.description
    assert "The bot's hand (3): Blue 4, Blue 6, Yellow 2." in picture.description
    assert "Your hand (4): Red 1 (playable), Red 4, Green 4 (playable), Yellow 8." in picture.description


def largest_duel(deal: int) -> tuple[list[PuzzleCard], list[PuzzleCard]]:
    """The 76 number cards of an UNO deck dealt 38 and 38: deal 0 by colour (two colours each),
    the others shuffled (every colour in both hands, each hand sorted as the game keeps it)."""
    deck = [PuzzleCard(c, n) for c in range(4) for n in range(10) for _ in range(1 if n == 0 else 2)]
    if deal:
        random.Random(deal).shuffle(deck)
    return sorted(deck[:38]), sorted(deck[38:])


@pytest.mark.parametrize("deal", [0, 1, 2, 3])
@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "it", "pt_BR"])
def test_both_open_hands_are_whole_in_the_largest_duels_alt_text(language: str, deal: int) -> None:
    """A screen reader reads the alt text, which Discord keeps to 1,024 characters. In a duel of
    38 cards each, both hands said card by card passed it, and the bot's hand, said last, was cut
    mid-list (before that, the player's own). Every card of both hands is in it, and which of
    the player's may be played, on the opening move and on a card played."""
    words = Words(language)
    yours, bots = largest_duel(deal)
    opening, on_a_card = text("Your turn: open with any card"), text("Your turn")
    for last, status in ((None, opening), (PuzzleCard(0, 5), on_a_card)):
        playable = [card for card in yours if last is None or matches(last, card)]
        up = frozenset(index for index, card in enumerate(yours) if card in playable)
        shown = None if last is None else uno_card(last)
        described = describe_duel(yours, bots, shown, up, status, words)
        assert len(described) <= DESCRIPTION_LIMIT, (len(described), described)
        assert described == duel_picture(yours, bots, last, playable, status, words).description
        # Card by card where that fits, else colour by colour: each hand whole either way.
        your_cards, bot_cards = [uno_card(card) for card in yours], [uno_card(card) for card in bots]
        assert any(
            words(said(your_cards, up)) in described and words(said(bot_cards, frozenset())) in described
            for said in (hand_said, hand_by_colour)
        )


def test_a_long_hand_is_said_colour_by_colour_each_card_by_its_number() -> None:
    hand = [uno_card(card) for card in puzzle_cards("R1 R1 R5 G2 G5 B0 B7")]
    # On a Red 5: both reds and the Green 5 may be played.
    said = str(hand_by_colour(hand, frozenset({0, 1, 2, 4})))
    assert said == "Red, all playable: 1, 1, 5; Green: 2, 5 (playable); Blue: 0, 7"
    assert str(hand_by_colour(hand[:1], frozenset({0}))) == "Red: 1 (playable)"
    assert str(hand_by_colour([], frozenset())) == str(NO_CARDS)


def note_width(image: Image.Image, y: int) -> int:
    """How far across the picture's panel something is drawn on row `y`, from the left padding."""
    drawn = [x for x in range(PAD, image.width - PAD) if not near(image.getpixel((x, y)), PURPLE)]  # type: ignore[arg-type]
    return drawn[-1] - drawn[0] + 1 if drawn else 0


@pytest.mark.parametrize("language", ["de", "fr"])
def test_an_empty_hand_is_said_empty_in_the_readers_language(language: str) -> None:
    words = Words(language)
    empty = words(NO_CARDS)
    assert empty != "no cards"
    # A solved chain has no card left; a duel the player won leaves their hand empty.
    solved = decode(chain_picture("Practice puzzle", puzzle_cards("R5 B5 B2"), (), (), words))
    won = decode(duel_picture((), puzzle_cards("G7"), PuzzleCard(3, 8), (), "You won", words))
    wanted = round(font(14).getlength(empty)) + 12  # the note's dark chip around its words
    for image in (solved, won):
        row = image.height - PAD - EMPTY_HAND_H // 2 - 4  # the middle of the note
        assert abs(note_width(image, row) - wanted) <= 3, (note_width(image, row), wanted)


def test_the_pieces_the_pictures_share_are_cached_and_shaded_darker() -> None:
    assert scaled(None, 60) is scaled(None, 60)
    card = Card.of(Colour.GREEN, Face.TWO)
    bright = face(card).getpixel((8, CARD_H // 2))
    dark = dimmed(card, CARD_W).getpixel((8, CARD_H // 2))
    assert sum(dark[:3]) < sum(bright[:3]) - 60  # type: ignore[index]
    assert near(face(PlayingCard.parse("2C")).getpixel((CARD_W // 2, 8)), PAPER)  # type: ignore[arg-type]


def golden_cases() -> dict[str, Picture]:
    return {
        "flood": flood_picture(flood_view()),
        "chain": chain_picture(
            "Daily puzzle", puzzle_cards("R5 B5 B2"), puzzle_cards("G2 G9 Y9"), puzzle_cards("G2")
        ),
        "duel": duel_picture(
            puzzle_cards("R1 G4"), puzzle_cards("B4 Y2"), None, puzzle_cards("R1 G4"), "Your turn"
        ),
    }


@pytest.mark.parametrize("name", ["flood", "chain", "duel"])
def test_solo_pictures_match_their_golden_images(name: str) -> None:
    picture = golden_cases()[name]
    assert_matches_golden(name, picture)


def test_an_empty_chain_invites_a_first_card_only_while_the_puzzle_runs() -> None:
    left = puzzle_cards("R5 B5 B2")
    running = decode(chain_picture("Practice puzzle", (), left, left))
    over = decode(chain_picture("Practice puzzle", (), left, ()))
    row = PAD + 24 + HAND_LABEL_H + LINK_H // 2
    pill_from = PAD + LINK_W + 6  # the note beside the empty outline
    for image, words in ((running, "empty: any card may start"), (over, "no card played")):
        drawn = [x for x in range(pill_from, image.width - PAD) if not near(image.getpixel((x, row)), PURPLE)]  # type: ignore[arg-type]
        assert abs(drawn[-1] - drawn[0] + 1 - (round(font(14).getlength(words)) + 12)) <= 3, words


def test_a_game_over_on_a_wild_has_no_suit_to_call() -> None:
    """A Flood game may end on a wild, before its suit is called. Before, its last screen and
    picture said the suit in force was "to be called"."""
    calling = flood_view()._replace(suit=None)
    assert str(no_suit(calling)) == "to be called"
    won = flood_view(phase=Phase.FINISHED)._replace(suit=None, outcome=Outcome.WON, legal=())
    assert str(no_suit(won)) == "no colour"
    said = Words("de")(describe(won, frozenset(), frozenset()))
    assert Words("de")(no_suit(won)) in said and Words("de")(text("to be called")) not in said
