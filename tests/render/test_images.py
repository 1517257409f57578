"""The card pictures: sizes, where cards sit, a few known pixels, golden images, and that the
public table is drawn from public information only.

Regenerate the golden images after a deliberate design change with
    REGENERATE_GOLDEN=1 .venv/bin/python -m pytest tests/render
and look at them before committing.
"""

from __future__ import annotations

import dataclasses
import io
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PIL import Image
from PIL import ImageChops
from PIL import ImageStat

from bot.games.tableau.game import TableauGame
from bot.games.uno.cards import Card
from bot.games.uno.cards import Colour
from bot.games.uno.cards import Face
from bot.games.uno.game import UnoGame
from bot.games.uno.playing_cards import PlayingCard
from bot.games.uno.playing_cards import Rank
from bot.games.uno.playing_cards import Suit
from bot.games.uno.ruleset import OFFICIAL
from bot.i18n.catalogue import LANGUAGES
from bot.i18n.text import counted
from bot.i18n.text import text
from bot.i18n.words import Words
from bot.render.images.cards import CARD_H
from bot.render.images.cards import CARD_W
from bot.render.images.cards import COLOUR_FILL
from bot.render.images.cards import COLOUR_SHAPE
from bot.render.images.cards import back
from bot.render.images.cards import drawable
from bot.render.images.cards import face
from bot.render.images.cards import font
from bot.render.images.tableau import SIDE_X
from bot.render.images.tableau import W
from bot.render.images.tableau import tableau_picture
from bot.render.images.uno import DESCRIPTION_LIMIT
from bot.render.images.uno import FAN_STEP
from bot.render.images.uno import FAN_X
from bot.render.images.uno import GAP
from bot.render.images.uno import LIFT
from bot.render.images.uno import NAME_ROOM
from bot.render.images.uno import PAD
from bot.render.images.uno import PLAYABLE_RING
from bot.render.images.uno import SMALL_W
from bot.render.images.uno import TABLE_W
from bot.render.images.uno import Picture
from bot.render.images.uno import PublicSeat
from bot.render.images.uno import PublicTable
from bot.render.images.uno import backs_shown
from bot.render.images.uno import card_slot
from bot.render.images.uno import fitted
from bot.render.images.uno import fitted_name
from bot.render.images.uno import hand_by_colour
from bot.render.images.uno import hand_picture
from bot.render.images.uno import sample_hand
from bot.render.images.uno import table_picture

GOLDEN = Path(__file__).parent / "golden"


def decode(picture: Picture) -> Image.Image:
    assert picture.png.startswith(b"\x89PNG")
    return Image.open(io.BytesIO(picture.png)).convert("RGBA")


def near(pixel: tuple[int, ...], rgb: tuple[int, int, int], tolerance: int = 24) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], rgb, strict=True)) and pixel[3] >= 250


RED5 = Card.of(Colour.RED, Face.FIVE)
BLUE_SKIP = Card.of(Colour.BLUE, Face.SKIP)
WILD = Card.of(None, Face.WILD)


def test_each_colour_fills_its_card_and_carries_its_own_shape() -> None:
    shapes = set()
    for colour in Colour:
        sprite = face(Card.of(colour, Face.SEVEN))
        assert sprite.size == (CARD_W, CARD_H)
        # The field beside the sign is the colour's hue; the corner mark is white on it.
        assert near(sprite.getpixel((8, CARD_H // 2)), COLOUR_FILL[colour])  # type: ignore[arg-type]
        assert near(sprite.getpixel((CARD_W - 14, 15)), (255, 255, 255))  # type: ignore[arg-type]
        shapes.add(COLOUR_SHAPE[colour])
        # Transparent corners, white rim: the card stands out on dark and light themes.
        assert sprite.getpixel((0, 0))[3] == 0  # type: ignore[index]
        assert near(sprite.getpixel((CARD_W // 2, 1)), (255, 255, 255))  # type: ignore[arg-type]
    assert len(shapes) == 4


def test_the_colour_marks_differ_in_shape_not_only_in_hue() -> None:
    """In grey, the four corner marks still differ: compare their white masks."""
    masks = []
    for colour in Colour:
        corner = face(Card.of(colour, Face.ONE)).crop((CARD_W - 24, 5, CARD_W - 4, 25)).convert("L")
        masks.append(corner.point(lambda v: 255 if v > 240 else 0).tobytes())
    assert len(set(masks)) == 4


def test_faces_and_backs_are_distinct_and_cached() -> None:
    faces = [face(Card.of(c, f)) for c in Colour for f in Face if not f.is_wild]
    faces += [face(Card.of(None, f)) for f in Face if f.is_wild]
    faces += [face(PlayingCard.of(s, r)) for s in Suit for r in Rank if r is not Rank.JOKER]
    faces += [face(PlayingCard.of(None, Rank.JOKER)), back()]
    assert len({f.tobytes() for f in faces}) == len(faces) == 54 + 52 + 2
    assert face(RED5) is face(RED5)


def test_hand_places_cards_in_order_and_raises_the_playable_ones() -> None:
    hand = [RED5, BLUE_SKIP, WILD, *sample_hand(9)]
    picture = hand_picture(hand, frozenset({1, 2}))
    image = decode(picture)
    # Ten to a row, two rows.
    x9, _ = card_slot(9)
    _, y10 = card_slot(10)
    assert image.width >= x9 + CARD_W and image.height >= y10 + LIFT + CARD_H
    x0, y0 = card_slot(0)
    x1, y1 = card_slot(1)
    # Card 1 (Red 5, not playable) sits lowered, shaded: red but darker than its fill.
    left = image.getpixel((x0 + 8, y0 + LIFT + CARD_H // 2))
    assert left[0] > left[1] + 40 and left[0] < COLOUR_FILL[Colour.RED][0] - 20  # type: ignore[index]
    assert image.getpixel((x0 + CARD_W // 2, y0 + 2))[3] == 0  # type: ignore[index]
    # Card 2 (Blue Skip, playable) stands raised, ringed in gold, at full colour.
    assert near(image.getpixel((x1 + CARD_W // 2, y1 - 2)), PLAYABLE_RING)  # type: ignore[arg-type]
    assert near(image.getpixel((x1 + 8, y1 + CARD_H // 2)), COLOUR_FILL[Colour.BLUE])  # type: ignore[arg-type]
    assert "2 Blue Skip (playable)" in picture.description
    assert "1 Red 5," in picture.description


def test_a_huge_hand_stays_small_and_its_description_fits_discord() -> None:
    picture = hand_picture(sample_hand(108), frozenset(range(0, 108, 2)))
    assert len(picture.png) < 200_000
    assert len(picture.description) <= DESCRIPTION_LIMIT


def names(n: int) -> list[str]:
    return [f"Player {i}" for i in range(n)]


def test_public_table_from_a_game_holds_no_card_but_the_discard_top() -> None:
    game, _ = UnoGame.new(OFFICIAL, 4, seed=3)
    view = game.view(1)
    table = PublicTable.from_view(view, names(4))
    found: list[object] = []

    def walk(value: object) -> None:
        if isinstance(value, Card | PlayingCard):
            found.append(value)
        elif dataclasses.is_dataclass(value):
            for f in dataclasses.fields(value):
                walk(getattr(value, f.name))
        elif isinstance(value, tuple | list):
            for item in value:
                walk(item)

    walk(table)
    assert found == [view.discard_top]
    assert [s.cards for s in table.seats] == list(view.hand_counts)
    assert {f.name for f in dataclasses.fields(PublicTable)}.isdisjoint({"hand", "hands", "legal"})


@pytest.mark.slow
def test_the_type_checker_refuses_a_hand_or_a_view_for_the_public_table() -> None:
    code = textwrap.dedent(
        """
        from bot.games.uno.game import SeatView
        from bot.render.images.uno import table_picture

        def draw_view(view: SeatView) -> None:
            table_picture(view)

        def draw_hand(view: SeatView) -> None:
            table_picture(view.hand)
        """
    )
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "-c", code],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert result.stdout.count("incompatible type") == 2, result.stdout
    assert '"SeatView"; expected "PublicTable"' in result.stdout


def test_table_marks_whose_turn_and_fans_one_back_per_card() -> None:
    seats = tuple(PublicSeat(name, count, 0) for name, count in zip(names(3), (1, 7, 30), strict=True))
    picture = table_picture(PublicTable(seats, RED5, Colour.RED, 1, 1, 50))
    image = decode(picture)
    assert "Player 1 (to play): 7 cards" in picture.description
    assert "colour Red" in picture.description and "clockwise" in picture.description
    assert image.size[0] == 560
    # The current seat's row is highlighted; the others are on the neutral panel.
    head = CARD_H + 28
    row1 = image.getpixel((6, head + 56 + 20))
    row0 = image.getpixel((6, head + 20))
    assert row1[2] > 200 and row0[2] < 80  # type: ignore[index]


def test_a_table_played_with_playing_cards_names_the_suit_in_force_a_suit() -> None:
    seats = tuple(PublicSeat(name, count, 0) for name, count in zip(names(3), (4, 7, 2), strict=True))
    spades_ace = PlayingCard.of(Suit.SPADES, Rank.ACE)
    said: list[str] = []

    def say(words: object) -> str:
        said.append(str(words))
        return str(words)

    picture = table_picture(PublicTable(seats, spades_ace, Suit.SPADES, -1, 0, 90), say)
    assert picture.description.startswith(
        "Top card Ace of Spades, suit Spades, play goes counter-clockwise."
    ), picture.description
    assert "suit: Spades" in said and not [line for line in said if line.startswith("colour")]
    # UNO cards keep their colour.
    said.clear()
    picture = table_picture(PublicTable(seats, RED5, Colour.RED, 1, 0, 90), say)
    assert picture.description.startswith("Top card Red 5, colour Red, play goes clockwise.")
    assert "colour: Red" in said and not [line for line in said if line.startswith("suit")]


def test_the_swatchs_caption_is_punctuated_as_the_readers_language_does() -> None:
    """The caption is one sentence of the catalogue, not a word and a name joined by ": " in
    code: French puts a space before the colon, as its other sentences do."""
    seats = tuple(PublicSeat(name, count, 0) for name, count in zip(names(3), (4, 7, 2), strict=True))
    said: list[str] = []
    french = Words("fr")

    def say(words: object) -> str:
        said.append(french(words))
        return said[-1]

    table_picture(PublicTable(seats, RED5, Colour.RED, 1, 0, 90), say)
    assert [line for line in said if line.startswith("couleur")] == ["couleur : Rouge"], said


def test_tableau_picture_lists_every_card_in_its_description() -> None:
    view = TableauGame.new(5).view()
    picture = tableau_picture(view)
    image = decode(picture)
    # The empty foundations at the side, each outlined in its own colour.
    for i, foundation in enumerate(view.colour_foundations):
        x = SIDE_X + (i % 2) * (W + 6)
        y = 10 + (i // 2) * (round(CARD_H * W / CARD_W) + 24)
        assert near(image.getpixel((x + 1, y + 40)), COLOUR_FILL[foundation.colour])  # type: ignore[arg-type]
    for row in view.rows:
        for slot in row:
            if slot.card is not None:
                assert f"{slot.slot} {slot.card.code}" in picture.description


def golden_cases() -> dict[str, Picture]:
    hand = [RED5, BLUE_SKIP, WILD, Card.of(Colour.GREEN, Face.REVERSE), Card.of(Colour.YELLOW, Face.DRAW_TWO)]
    seats = tuple(
        PublicSeat(name, count, 10 * count) for name, count in zip(names(3), (2, 5, 9), strict=True)
    )
    playing = [
        PlayingCard.of(s, r) for s, r in zip(Suit, (Rank.ACE, Rank.SEVEN, Rank.QUEEN, Rank.TEN), strict=True)
    ]
    return {
        "hand": hand_picture(hand, frozenset({0, 2})),
        "table": table_picture(PublicTable(seats, WILD, Colour.GREEN, -1, 2, 40, 2)),
        "playing": hand_picture([*playing, PlayingCard.of(None, Rank.JOKER)]),
    }


@pytest.mark.parametrize("name", ["hand", "table", "playing"])
def test_pictures_match_their_golden_images(name: str) -> None:
    assert_matches_golden(name, golden_cases()[name])


def assert_matches_golden(name: str, picture: Picture) -> None:
    path = GOLDEN / f"{name}.png"
    if os.environ.get("REGENERATE_GOLDEN"):
        path.write_bytes(picture.png)
    golden = Image.open(path).convert("RGBA")
    drawn = decode(picture)
    assert drawn.size == golden.size
    # A tolerance for font rasterising and palette choices across Pillow versions.
    difference = ImageStat.Stat(ImageChops.difference(drawn, golden)).mean
    assert max(difference) < 3.0, difference


def test_the_pictures_font_writes_every_letter_of_every_shipped_language() -> None:
    """Pictures carry translated words and players' names: each letter any catalogue uses must be
    a glyph of the font, not the box of a missing one (Pillow's built-in font had no accents)."""
    from bot.i18n.catalogue import LANGUAGES
    from bot.i18n.catalogue import MESSAGE_DOMAINS
    from bot.i18n.catalogue import load_domain
    from bot.render.images.cards import font

    drawn = font(15)

    def glyph(char: str) -> tuple[tuple[int, int], bytes]:
        mask = drawn.getmask(char)
        return mask.size, bytes(mask)

    missing = glyph("\uffff")
    letters = {
        char
        for name in MESSAGE_DOMAINS
        for language in LANGUAGES
        for message in load_domain(name).catalogues[language]
        for form in ([message.string] if isinstance(message.string, str) else message.string)
        for char in form
        if char.isalpha()
    }
    assert {"Ü", "ß", "é", "ç", "ñ", "ã", "ò"} <= letters
    assert sorted(char for char in letters if glyph(char) == missing) == []


# Each pile's caption and the room its picture leaves it: the tableau's 60-pixel piles stand 6
# pixels apart; the flood's two piles 12; the duel's last card has the picture's margin.
PILE_CAPTIONS = (
    (text("actions {count}", count=40), W + 2),
    (text("waste {count}", count=101), W + 2),
    (text("stock {count}", count=101), W + 2),
    (text("discard {count}", count=108), CARD_W + 2 * GAP),
    (text("draw pile {count}", count=108), CARD_W + 2 * GAP),
    (text("last card played"), CARD_W + 2 * PAD),
)


@pytest.mark.parametrize("language", LANGUAGES)
def test_pile_captions_fit_beside_their_neighbours_in_every_language(language: str) -> None:
    """ "Nachziehstapel 100" ran into the next pile and "dernière carte jouée" off the picture: each
    caption fits the room its picture leaves it, on at most two lines, in a size still easy to read."""
    words = Words.for_locale(language)
    for caption, room in PILE_CAPTIONS:
        said = words(caption)
        lines, size = fitted(said, room)
        assert len(lines) <= 2 and size >= 10, (said, lines, size)
        assert max(font(size).getlength(line) for line in lines) <= room, (said, size)
        assert " ".join(lines) == said


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_long_hand_fan_ends_before_its_card_count(language: str) -> None:
    """A 30-card hand's fan ran under "30 cards": the fan shows as many backs as end before the
    count's label, and a long name of wide letters stops before the fan."""
    words = Words.for_locale(language)
    for cards in (1, 7, 17, 30, 108):
        said = words(counted("{count} card", "{count} cards", count=cards))
        label_left = TABLE_W - 10 - 60 - font(16).getlength(said)
        shown = backs_shown(cards, label_left)
        assert 1 <= shown <= cards
        assert FAN_X + SMALL_W + (shown - 1) * FAN_STEP <= label_left - 10
    assert backs_shown(7, TABLE_W) == 7
    name = fitted_name("> " + "W" * 30, NAME_ROOM)
    assert name.endswith("…") and font(17).getlength(name) <= NAME_ROOM
    assert fitted_name("Ana", NAME_ROOM) == "Ana"


def test_a_name_is_drawn_without_the_characters_the_font_lacks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Emoji and scripts DejaVu Sans has no glyphs for came out as boxes in the table picture:
    they are left out, and a name of nothing else is drawn as its seat (on a machine without a
    font for it: `NAME_FONTS`). The alt text keeps the whole name."""
    from bot.render.images import cards

    monkeypatch.setattr(cards, "NAME_FONTS", ())
    assert drawable("🔥Kai🔥") == "Kai"
    assert drawable("Zoë ✨") == "Zoë"
    assert drawable("👨\u200d👩\u200d👧 fam") == "fam"
    assert drawable("田中太郎") == ""
    for kept in ("José", "Ana-Lu", "Жанна", "Ωmega", "♥ bob", "😀 ann", "مرحبا", "e\u0301"):
        assert drawable(kept) == kept, kept

    def picture(first: str, second: str) -> Picture:
        seats = (PublicSeat(first, 5, 0), PublicSeat(second, 7, 10))
        return table_picture(PublicTable(seats, RED5, Colour.RED, 1, 1, 60, 0))

    odd = picture("🔥Kai🔥", "田中太郎")
    assert odd.png == picture("Kai", "Seat 2").png
    assert "🔥Kai🔥" in odd.description and "田中太郎" in odd.description


def test_a_long_hand_is_said_by_colour_with_its_action_cards_wilds_and_copies() -> None:
    blue_skip, wild = Card.of(Colour.BLUE, Face.SKIP), Card.of(None, Face.WILD)
    hand = [RED5, RED5, Card.of(Colour.RED, Face.DRAW_TWO), blue_skip, blue_skip, wild, wild]
    # On a Red 5: the reds, the Wilds; not the Blue Skips.
    up = frozenset({0, 1, 2, 5, 6})
    assert str(hand_by_colour(hand, up)) == (
        "Red, all playable: 5, 5, Draw Two; Blue: Skip, Skip; all playable: Wild, Wild"
    )
    assert str(hand_by_colour(hand, up, copies=True)) == (
        "Red, all playable: 5 x2, Draw Two; Blue: Skip x2; all playable: Wild x2"
    )
    assert str(hand_by_colour(hand, frozenset({3, 4, 5}), copies=True)) == (
        "Red: 5 x2, Draw Two; Blue, all playable: Skip x2; Wild (playable), Wild"
    )
    twist = [
        PlayingCard.of(Suit.HEARTS, Rank.QUEEN),
        PlayingCard.of(Suit.HEARTS, Rank.SEVEN),
        PlayingCard.of(None, Rank.JOKER),
    ]
    assert str(hand_by_colour(twist, frozenset({0, 2}))) == "Hearts: Queen (playable), 7; Joker (playable)"
