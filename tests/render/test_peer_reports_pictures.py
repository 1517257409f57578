"""Bug reports filed on other projects that draw pictures with Pillow (and on Discord bots that send
them), checked against our card pictures. Each test names the report it answers; a report that
taught us nothing new for our code is listed at the end with why.
"""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest
from PIL import Image
from PIL import ImageChops

from bot.games.uno.cards import Card
from bot.games.uno.cards import Colour
from bot.games.uno.cards import Face
from bot.render.images import cards
from bot.render.images.cards import FONT_FILE
from bot.render.images.cards import drawable
from bot.render.images.cards import font
from bot.render.images.cards import written
from bot.render.images.uno import FAN_X
from bot.render.images.uno import PAD
from bot.render.images.uno import SEAT_ROW_H
from bot.render.images.uno import Picture
from bot.render.images.uno import PublicSeat
from bot.render.images.uno import PublicTable
from bot.render.images.uno import table_picture

ROOT = Path(__file__).resolve().parents[2]
# A few glyphs of Chinese, Japanese and Korean in a font of our own (fonts/make_sample_cjk.py): a
# stand-in for Noto Sans CJK, which the machine running the tests need not have.
SAMPLE_CJK = Path(__file__).parent / "fonts" / "sample-cjk.ttf"
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


# https://github.com/mattblovell/kodi_panel/issues/54 (titles in Japanese or Korean drawn as
# "missing glyph" rectangles; wanted: fall back to a Noto Sans font for them),
# https://github.com/python-pillow/Pillow/issues/4808 (Pillow has no fallback font of its own) and
# https://github.com/open-pencil/open-pencil/pull/51 (load a system CJK font, Noto Sans CJK on
# Linux, when one is installed): a name in Chinese, Japanese or Korean was drawn as "Seat N",
# as DejaVu Sans has none of its letters. A font with them on the machine now writes it; ours
# still writes every name it can write as well.
def test_a_cjk_name_is_written_in_a_font_found_on_the_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cards, "NAME_FONTS", (Path("/nowhere/NotoSansCJK-Regular.ttc"), SAMPLE_CJK))
    assert written("田中太郎") == ("田中太郎", SAMPLE_CJK)
    assert written("김민준") == ("김민준", SAMPLE_CJK)
    assert written("Ana") == ("Ana", FONT_FILE)
    assert written("Kai 🔥") == ("Kai", FONT_FILE)
    # More of this name in ours (K, a, i) than in the sample font, which lacks "ë".
    assert written("王 Kaië") == ("Kaië", FONT_FILE)
    found = decode(table_of("田中太郎", "Ana"))
    monkeypatch.setattr(cards, "NAME_FONTS", ())
    assert written("田中太郎") == ("", FONT_FILE)
    seat = decode(table_of("田中太郎", "Ana"))
    assert differs(name_column(found, 0), name_column(seat, 0)), "the name, not its seat"
    assert not differs(name_column(found, 1), name_column(seat, 1))


# https://github.com/python-pillow/Pillow/issues/3730 ("OSError: cannot open resource" for a font
# Pillow could not open): a file at one of those places that is no font (a package half removed,
# a link left behind) is passed over; the picture is still drawn.
def test_a_fallback_font_that_cannot_be_opened_is_passed_over(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cards, "NAME_FONTS", (ROOT / "README.md", SAMPLE_CJK))
    assert written("田中太郎") == ("田中太郎", SAMPLE_CJK)
    monkeypatch.setattr(cards, "NAME_FONTS", (ROOT / "LICENSE",))
    assert written("田中太郎") == ("", FONT_FILE)
    assert table_of("田中太郎", "Ana").png == table_of("", "Ana").png


def test_the_names_fallback_fonts_are_where_debian_and_others_install_them() -> None:
    """The README and the Dockerfile name the package to install; the bot looks where it puts its
    font."""
    assert Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc") in cards.NAME_FONTS
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    assert "fonts-noto-cjk" in dockerfile
    assert "fonts-noto-cjk" in (ROOT / "README.md").read_text(encoding="utf-8")


# https://github.com/python-pillow/Pillow/issues/3081 (Arabic drawn disjointed and left to right),
# https://github.com/python-pillow/Pillow/issues/7803 ("the problem is that you do not have raqm
# working": Pillow's wheels shape text only when the machine has FriBiDi) and
# https://github.com/sep-lab/kaleidophone/issues/11 (drawing right-to-left text without raqm
# "looks like text to anyone who cannot read it"): the Docker image, python:3.11-slim, has no
# FriBiDi, so an Arabic or Hebrew name came out as unjoined letters in reverse order. Without
# raqm such letters are left out (the name drawn as its seat when nothing else is left), and the
# image installs FriBiDi so that they are written as they should be.
def test_without_raqm_a_right_to_left_name_is_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cards, "RAQM", False)
    assert drawable("مرحبا Ana") == "Ana"
    assert drawable("שלום") == ""
    assert drawable("Zoë 12") == "Zoë 12"
    monkeypatch.setattr(cards, "RAQM", True)
    assert drawable("مرحبا Ana") == "مرحبا Ana"


def test_the_docker_image_installs_fribidi_so_pillow_shapes_names() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    run_stage = dockerfile.rsplit("\nFROM ", 1)[1]
    assert "libfribidi0" in run_stage


# The same right-to-left reports (https://github.com/python-pillow/Pillow/issues/3081, and
# https://github.com/bigbluebutton/bigbluebutton/issues/5287, an Arabic name laid out unlike the
# others): the "> " that marks the seat to play was written as part of the name, so an Arabic or
# Hebrew name, read right to left with it, put the marker at its far end. It now stands at the
# start of the row, as for every other name.
def test_the_seat_to_play_is_marked_at_the_start_of_a_right_to_left_name() -> None:
    marker = (PAD, 10, PAD + 16, SEAT_ROW_H - 10)

    def start_of_row(name: str) -> Image.Image:
        return name_column(decode(table_of(name, "Bea")), 0).crop(marker)

    assert not differs(start_of_row("مرحبا"), start_of_row("Ana"))
    assert not differs(start_of_row("שלום"), start_of_row("Ana"))


def every_picture() -> list[Picture]:
    from tests.render import test_images
    from tests.render import test_solo_images

    return [
        *test_images.golden_cases().values(),
        *test_solo_images.golden_cases().values(),
        test_solo_images.flood_picture(test_solo_images.flood_view(bury_left=2)),
        table_of("Ana", "Bea", "Cy"),
    ]


# https://github.com/discordjs/discord.js/issues/7253 (an image named with a space is not shown in
# its embed: Discord writes the space as "_"), https://github.com/discord/discord-api-docs/issues/2102
# ("画像.png" cannot be named in `attachment://` at all) and
# https://github.com/discord/discord-api-docs/issues/4847 (a leading underscore is trimmed): the
# embed finds its picture only when Discord keeps the file's name as sent.
def test_every_picture_is_named_as_discord_keeps_it() -> None:
    for picture in every_picture():
        assert re.fullmatch(r"[a-z][a-z0-9-]*\.png", picture.filename), picture.filename


# https://github.com/python-pillow/Pillow/issues/3730 (OSError "cannot open resource" after 509
# fonts were opened) and https://github.com/python-pillow/Pillow/issues/7694 (memory growing while
# text was drawn in a loop): each font is opened once per size and kept; drawing every picture
# again opens none, and the cache holds them all with room to spare.
def test_drawing_every_picture_again_opens_no_font() -> None:
    every_picture()
    before = font.cache_info()
    every_picture()
    after = font.cache_info()
    assert after.misses == before.misses
    assert after.maxsize is not None and after.currsize <= after.maxsize // 2


# https://github.com/Rapptz/discord.py/issues/1733 and
# https://github.com/rawandahmad698/Dalle-Discord/issues/20 ("413 Payload Too Large"), and
# https://github.com/discord/discord-api-docs/issues/8572 (a bot's uploads are refused above
# 10 MiB): the largest table (ten seats, long names, every hand huge) stays a few tens of KB.
# (A picture Discord refuses all the same is sent as text: tests/discord/test_solo_pictures.py.)
def test_the_largest_table_picture_stays_far_under_discords_upload_limit() -> None:
    seats = tuple(PublicSeat("W" * 32 + str(seat), 108, 9999) for seat in range(10))
    picture = table_picture(PublicTable(seats, RED5, Colour.RED, 1, 9, 108, 8))
    assert len(picture.png) < 200_000


# Reports read that our pictures already answer, pinned elsewhere:
# - https://github.com/Galarzaa90/NabBot/issues/89 ("Run PIL in an executor") and
#   https://github.com/harubaru/discord-stable-diffusion/issues/4 (heartbeat blocked while an image
#   is made): pictures are drawn in a worker thread, tests/discord/test_solo_pictures.py
#   test_pictures_are_drawn_off_the_event_loop.
# - https://github.com/python-pillow/Pillow/issues/1774 and https://github.com/python-pillow/Pillow/issues/2747
#   (emoji drawn as boxes), and the Pillow ZWJ-sequence write-up
#   https://blog.gitcode.com/f8b42994b1005fa4dc2ba9697ed88c17.html: emoji, joiners and variation
#   selectors are left out of names, tests/render/test_images.py
#   test_a_name_is_drawn_without_the_characters_the_font_lacks.
# - https://github.com/jp00p/AGIMUS/issues/99 and https://github.com/dstN/EuroDraft/issues/58
#   (long names cut off, or cut at a fixed length): names are cut with an ellipsis at the room
#   measured in pixels, test_images.py test_a_long_hand_fan_ends_before_its_card_count.
# - https://github.com/discord/discord-api-docs/pull/5233 and
#   https://github.com/twilight-rs/twilight/issues/1889 (alt text at most 1024 characters):
#   test_images.py test_a_huge_hand_stays_small_and_its_description_fits_discord.
# - https://github.com/python-pillow/Pillow/issues/5204 and https://github.com/python-pillow/Pillow/issues/2797
#   (quantising RGBA loses colours or the alpha): the golden images compare our quantised PNGs,
#   transparent corners included.
# - https://github.com/nextcord/nextcord/issues/506 (no way to drop the picture on an edit of the
#   original response): Rendered.edit_kwargs always lists the attachments, [] without a picture,
#   test_solo_pictures.py test_solitaire_shows_its_tableau_until_pictures_are_turned_off.
