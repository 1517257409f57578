"""Bug reports filed on other projects that draw pictures with Pillow (and on Discord bots that send
them), checked against our card pictures. Each test names the report it answers; a report that
taught us nothing new for our code is listed at the end with why.
"""

from __future__ import annotations

import io
import random

from PIL import Image
from PIL import ImageChops

from bot.games.uno.cards import Card
from bot.games.uno.cards import Colour
from bot.games.uno.cards import Face
from bot.render.images.cards import drawable
from bot.render.images.uno import FAN_X
from bot.render.images.uno import PAD
from bot.render.images.uno import SEAT_ROW_H
from bot.render.images.uno import Picture
from bot.render.images.uno import PublicSeat
from bot.render.images.uno import PublicTable
from bot.render.images.uno import table_picture

RED5 = Card.of(Colour.RED, Face.FIVE)
HEAD_H = 126 + 2 * PAD + 8


def decode(picture: Picture) -> Image.Image:
    return Image.open(io.BytesIO(picture.png)).convert("RGBA")


def table_of(*names: str) -> Picture:
    seats = tuple(PublicSeat(name, 5, 0) for name in names)
    return table_picture(PublicTable(seats, RED5, Colour.RED, 1, 0, 60, 0))


def differs(one: Image.Image, other: Image.Image) -> bool:
    """Whether two crops differ by more than the palette's rounding (each picture is quantised to
    its own 256 colours, so the same letters come out a few levels apart)."""
    grey = ImageChops.difference(one, other).convert("L")
    return grey.point(lambda level: 255 if level > 40 else 0).getbbox() is not None


def name_column(image: Image.Image, seat: int) -> Image.Image:
    """The strip of a seat's row where its name is written (left of the fan of backs)."""
    top = HEAD_H + seat * SEAT_ROW_H
    return image.crop((0, top, FAN_X - 2, top + SEAT_ROW_H))


# https://github.com/jay3332/pilmoji/issues/7 ("Do not print non existing characters": boxes for
# characters the font lacks) and https://github.com/python-pillow/Pillow/issues/6258 (marks that a
# font lacks are not drawn as the user meant): a combining mark DejaVu Sans has no glyph for
# (U+0363 and the other Latin letters written above) was kept, as every mark was, and came out as
# a box beside its letter.
def test_a_mark_the_font_lacks_is_left_out_like_any_other_character() -> None:
    assert drawable("o\u0363") == "o"
    assert drawable("Jo\u0364rg") == "Jorg"
    # The marks it has stay on their letters: "é" written as e and an acute accent.
    assert drawable("e\u0301lodie") == "e\u0301lodie"
    assert drawable("Tie\u0302\u0323n") == "Tie\u0302\u0323n"
    assert table_of("Jo\u0364rg", "Ana").png == table_of("Jorg", "Ana").png


# https://github.com/glowing-bear/glowing-bear/pull/695 and
# https://github.com/bigbluebutton/bigbluebutton/issues/5287 ("anyone fixing this needs to test
# for zalgo text"), https://github.com/libreddit/libreddit/issues/228: a name with dozens of
# combining marks on each letter stacks them far above and below its line, over the rows of
# the seats around it. A letter keeps the first two of its marks (as many as Vietnamese or
# Arabic writing puts on one letter); the alt text keeps the whole name.
def test_a_zalgo_name_stays_within_its_own_row() -> None:
    rng = random.Random(3)
    drawn_marks = [chr(c) for c in range(0x300, 0x34F) if drawable("o" + chr(c)) == "o" + chr(c)]
    zalgo = "".join(letter + "".join(rng.choices(drawn_marks, k=20)) for letter in "Zalgo")
    assert all(len(run) <= 3 for run in _clusters(drawable(zalgo)))
    wild = table_of("Ana", zalgo, "Bea")
    plain = table_of("Ana", "Zalgo", "Bea")
    assert zalgo in wild.description
    for seat in (0, 2):
        assert not differs(name_column(decode(wild), seat), name_column(decode(plain), seat)), (
            f"the name of seat 2 ran into seat {seat + 1}'s row"
        )


def _clusters(name: str) -> list[str]:
    """A name cut into its letters, each with the marks on it."""
    import unicodedata

    clusters: list[str] = []
    for char in name:
        if clusters and unicodedata.category(char).startswith("M"):
            clusters[-1] += char
        else:
            clusters.append(char)
    return clusters
