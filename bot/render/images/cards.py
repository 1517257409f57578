"""Card sprites drawn from code: UNO faces, playing cards, backs.

Our own design (MIT, like the rest of the project): a rounded card with a white rim so it stands
out on Discord's dark and light themes, a flat colour field, the face's sign in the middle and a
small index in two corners. Each UNO colour also carries its own shape in the corners (red a
circle, yellow a triangle, green a square, blue a diamond), so the colour can be told without its
hue. Sprites are cached: a hand or a table is only pasted together from them.
"""

from __future__ import annotations

import math
import unicodedata
from functools import lru_cache
from pathlib import Path

from PIL import Image
from PIL import ImageDraw
from PIL import ImageFont
from PIL import features

from bot.games.uno.cards import Card
from bot.games.uno.cards import Colour
from bot.games.uno.cards import Face
from bot.games.uno.playing_cards import PlayingCard
from bot.games.uno.playing_cards import Suit

AnyCard = Card | PlayingCard

CARD_W = 84
CARD_H = 126
RADIUS = 10
RIM = 3

RGB = tuple[int, int, int]

# Hues picked to stay apart for the common colour-blindness types; the shapes carry the rest.
COLOUR_FILL: dict[Colour, RGB] = {
    Colour.RED: (214, 48, 49),
    Colour.YELLOW: (242, 183, 5),
    Colour.GREEN: (24, 140, 72),
    Colour.BLUE: (32, 102, 204),
}
COLOUR_SHAPE: dict[Colour, str] = {
    Colour.RED: "circle",
    Colour.YELLOW: "triangle",
    Colour.GREEN: "square",
    Colour.BLUE: "diamond",
}
WHITE: RGB = (255, 255, 255)
INK: RGB = (24, 26, 32)
WILD_FILL: RGB = (38, 40, 48)
BACK_FILL: RGB = (52, 58, 92)
PAPER: RGB = (250, 248, 242)
SUIT_RED: RGB = (200, 30, 45)


# DejaVu Sans, shipped with the bot (fonts/LICENSE): Pillow's built-in font has no accented
# letters, so "Überlebe die Flut" or a player named "José" came out with boxes.
FONT_FILE = Path(__file__).parent / "fonts" / "DejaVuSans.ttf"

# Fonts a player's name may be written in when DejaVu Sans lacks its letters: Chinese, Japanese
# and Korean above all (a font with them weighs 20 MB and more, too much to ship with the bot),
# looked for where each system's package puts it. Debian and Ubuntu: fonts-noto-cjk (the Docker
# image takes it with `--build-arg EXTRA_PACKAGES=fonts-noto-cjk`); Fedora:
# google-noto-sans-cjk-fonts; Arch: noto-fonts-cjk; or the smaller fonts-wqy-microhei (5 MB).
NAME_FONTS: tuple[Path, ...] = (
    Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
    Path("/usr/share/fonts/google-noto-sans-cjk-fonts/NotoSansCJK-Regular.ttc"),
    Path("/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc"),
    Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"),
)

# Whether Pillow shapes text (raqm, with FriBiDi on the machine): without it, Arabic and Hebrew
# come out as unjoined letters in reverse order, which looks right only to someone who cannot read it.
RAQM = features.check("raqm")


@lru_cache(maxsize=32)
def font(size: int, file: Path = FONT_FILE) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(file, size=size)


def written(name: str) -> tuple[str, Path]:
    """The name as a picture writes it (`drawable`) and the font that writes it: ours, unless a
    font of `NAME_FONTS` on this machine writes more of its letters."""
    best, file = drawable(name), FONT_FILE
    if best == " ".join(name.split()):
        return best, file
    for other in _installed(NAME_FONTS):
        kept = drawable(name, other)
        if _letters(kept) > _letters(best):
            best, file = kept, other
    return best, file


def _letters(name: str) -> int:
    return len(name) - name.count(" ")


@lru_cache(maxsize=4)
def _installed(candidates: tuple[Path, ...]) -> tuple[Path, ...]:
    """The fonts of `candidates` this machine has and Pillow opens (a package half removed can
    leave a file that is no font: a picture never fails for it)."""
    return tuple(path for path in candidates if path.is_file() and _opens(path))


def _opens(path: Path) -> bool:
    try:
        font(_PROBE_SIZE, path)
    except OSError:
        return False
    return True


# A character the font has no glyph for is drawn as the font's box for a missing glyph; a
# character of the last private plane is in no font.
_NO_GLYPH = "\U0010fffd"
_PROBE_SIZE = 17


# A letter keeps this many of the combining marks written on it: as many as Vietnamese ("ệ") or
# Arabic (a shadda and its vowel) put on one letter. "Zalgo" names pile dozens on each letter,
# which stacked far above and below the name's row, over the seats around it.
MARKS_PER_LETTER = 2


def drawable(name: str, file: Path = FONT_FILE) -> str:
    """`name` with only what the font (`file`) can draw: Discord names are full of emoji and
    scripts DejaVu Sans lacks (🔥, ✨, 田中), which came out as rows of boxes. A combining mark stays
    on its letter while the font has it, the letter is kept and the letter has fewer than
    `MARKS_PER_LETTER` before it. What is left is spaced as before; nothing is left of a name
    written only in such characters."""
    kept: list[str] = []
    on_a_letter = False
    marks = 0
    for char in name:
        if unicodedata.category(char).startswith("M"):
            if on_a_letter and marks < MARKS_PER_LETTER and _drawn(char, file, RAQM):
                kept.append(char)
                marks += 1
            continue
        drawn = _drawn(char, file, RAQM)
        on_a_letter = drawn and not char.isspace()
        marks = 0
        if drawn:
            kept.append(char)
    return " ".join("".join(kept).split())


@lru_cache(maxsize=8192)
def _drawn(char: str, file: Path, shaped: bool) -> bool:
    category = unicodedata.category(char)
    # Joiners and variation selectors only shape the characters beside them; alone, once what
    # they joined is gone, they are drawn as a box.
    if category == "Cf" or "\ufe00" <= char <= "\ufe0f" or "\U000e0100" <= char <= "\U000e01ef":
        return False
    if char.isspace():
        return True
    if not shaped and unicodedata.bidirectional(char) in ("R", "AL"):
        return False
    if category.startswith("M"):
        # A mark alone is drawn on a dotted circle, never as the missing glyph's box: it is
        # tried on a letter, where a mark the font lacks shows the box beside it.
        return _glyph(_BASE + char, file) != _missing(file, _BASE)
    return _glyph(char, file) != _missing(file)


_BASE = "o"


@lru_cache(maxsize=8)
def _missing(file: Path, before: str = "") -> bytes:
    return _glyph(before + _NO_GLYPH, file)


def _glyph(chars: str, file: Path) -> bytes:
    """The pixels of `chars` drawn alone (cut to a square of twice the size: enough to tell)."""
    image = Image.new("L", (2 * _PROBE_SIZE, 2 * _PROBE_SIZE))
    ImageDraw.Draw(image).text((0, 0), chars, font=font(_PROBE_SIZE, file), fill=255)
    return image.tobytes()


def _blank(fill: RGB, rim: RGB = WHITE) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGBA", (CARD_W, CARD_H), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, CARD_W - 1, CARD_H - 1), RADIUS, fill=rim)
    draw.rounded_rectangle((RIM, RIM, CARD_W - 1 - RIM, CARD_H - 1 - RIM), RADIUS - RIM, fill=fill)
    return image, draw


def shape(
    draw: ImageDraw.ImageDraw,
    kind: str,
    cx: float,
    cy: float,
    r: float,
    fill: RGB,
    outline: RGB | None = None,
) -> None:
    """One of the four colour marks, centred on (cx, cy) with half-size r."""
    box = (cx - r, cy - r, cx + r, cy + r)
    if kind == "circle":
        draw.ellipse(box, fill=fill, outline=outline)
    elif kind == "square":
        draw.rectangle(
            (cx - r * 0.85, cy - r * 0.85, cx + r * 0.85, cy + r * 0.85), fill=fill, outline=outline
        )
    elif kind == "triangle":
        draw.polygon(
            [(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)], fill=fill, outline=outline
        )
    else:
        draw.polygon([(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)], fill=fill, outline=outline)


def colour_mark(draw: ImageDraw.ImageDraw, colour: Colour, cx: float, cy: float, r: float) -> None:
    """The colour's shape in white on its own hue: readable in colour and in grey."""
    shape(draw, COLOUR_SHAPE[colour], cx, cy, r, WHITE)


def _text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: RGB = WHITE,
    stroke: RGB | None = INK,
    anchor: str = "mm",
) -> None:
    draw.text(
        xy,
        text,
        font=font(size),
        fill=fill,
        anchor=anchor,
        stroke_width=max(1, size // 14) if stroke else 0,
        stroke_fill=stroke,
    )


def _skip_sign(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=INK, width=9)
    draw.ellipse((cx - r + 2, cy - r + 2, cx + r - 2, cy + r - 2), outline=WHITE, width=5)
    d = r * 0.7
    draw.line((cx - d, cy + d, cx + d, cy - d), fill=INK, width=9)
    draw.line((cx - d, cy + d, cx + d, cy - d), fill=WHITE, width=5)


def _arrow(draw: ImageDraw.ImageDraw, y: float, x0: float, x1: float) -> None:
    head = 9 if x1 > x0 else -9
    for colour, grow in ((INK, 2), (WHITE, 0)):
        draw.line((x0, y, x1 - head, y), fill=colour, width=5 + 2 * grow)
        draw.polygon(
            [
                (x1 + grow * (1 if head > 0 else -1), y),
                (x1 - head - grow, y - 8 - grow),
                (x1 - head - grow, y + 8 + grow),
            ],
            fill=colour,
        )


def _reverse_sign(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    _arrow(draw, cy - r * 0.45, cx - r, cx + r)
    _arrow(draw, cy + r * 0.45, cx + r, cx - r)


def _corner_index(draw: ImageDraw.ImageDraw, label: str, colour: Colour | None) -> None:
    _text(draw, (13, 15), label, 15, anchor="mm")
    _text(draw, (CARD_W - 13, CARD_H - 15), label, 15, anchor="mm")
    if colour is not None:
        colour_mark(draw, colour, CARD_W - 14, 15, 7)
        colour_mark(draw, colour, 14, CARD_H - 15, 7)


_SHORT = {Face.SKIP: "S", Face.REVERSE: "R", Face.DRAW_TWO: "+2", Face.WILD: "W", Face.WILD_DRAW_FOUR: "+4"}


@lru_cache(maxsize=128)
def uno_face(card: Card) -> Image.Image:
    """One UNO card's face. Never mutate the result: it is shared."""
    if card.colour is None:
        return _wild_face(card.face)
    image, draw = _blank(COLOUR_FILL[card.colour])
    cx, cy = CARD_W / 2, CARD_H / 2
    # A faint band of the colour's own shape behind the sign: the pattern reads even in grey.
    for i, y in enumerate(range(30, CARD_H - 26, 16)):
        x = 22 + (i % 2) * 20
        while x < CARD_W - 14:
            shape(draw, COLOUR_SHAPE[card.colour], x, y, 3, _lighten(COLOUR_FILL[card.colour]))
            x += 40
    if card.face is Face.SKIP:
        _skip_sign(draw, cx, cy, 22)
    elif card.face is Face.REVERSE:
        _reverse_sign(draw, cx, cy, 24)
    else:
        label = card.face.value if card.face.is_number else _SHORT[card.face]
        _text(draw, (cx, cy), label, 50 if len(label) == 1 else 40)
        if card.face in (Face.SIX, Face.NINE):
            draw.line((cx - 12, cy + 27, cx + 12, cy + 27), fill=WHITE, width=4)
    _corner_index(draw, _SHORT.get(card.face, card.face.value), card.colour)
    return image


def _lighten(rgb: RGB) -> RGB:
    r, g, b = rgb
    return ((r + 255) // 2, (g + 255) // 2, (b + 255) // 2)


def _wild_face(face: Face) -> Image.Image:
    image, draw = _blank(WILD_FILL)
    cx, cy = CARD_W / 2, CARD_H / 2
    # Four quarters, each with its colour's mark: a Wild names any colour.
    r = 17
    for colour, (dx, dy) in zip(Colour, ((-1, -1), (1, -1), (-1, 1), (1, 1)), strict=True):
        qx, qy = cx + dx * (r + 2), cy - 6 + dy * (r + 2)
        draw.rectangle((qx - r, qy - r, qx + r, qy + r), fill=COLOUR_FILL[colour])
        colour_mark(draw, colour, qx, qy, 7)
    label = "+4" if face is Face.WILD_DRAW_FOUR else "WILD"
    _text(draw, (cx, CARD_H - 20), label, 22 if face is Face.WILD_DRAW_FOUR else 18)
    _text(draw, (13, 15), _SHORT[face], 15)
    return image


# Playing cards (twist, Survive the Flood): white paper, the suit drawn as a shape.

SUIT_INK: dict[Suit, RGB] = {
    Suit.CLUBS: INK,
    Suit.SPADES: INK,
    Suit.HEARTS: SUIT_RED,
    Suit.DIAMONDS: SUIT_RED,
}


def suit_pip(
    draw: ImageDraw.ImageDraw, suit: Suit, cx: float, cy: float, r: float, fill: RGB | None = None
) -> None:
    """A suit sign drawn from circles and polygons (the font need not have the glyphs)."""
    ink = fill or SUIT_INK[suit]
    if suit is Suit.DIAMONDS:
        draw.polygon([(cx, cy - r), (cx + r * 0.75, cy), (cx, cy + r), (cx - r * 0.75, cy)], fill=ink)
    elif suit is Suit.HEARTS:
        h = r * 0.55
        draw.ellipse((cx - r, cy - r * 0.8, cx, cy - r * 0.8 + 2 * h), fill=ink)
        draw.ellipse((cx, cy - r * 0.8, cx + r, cy - r * 0.8 + 2 * h), fill=ink)
        draw.polygon([(cx - r * 0.97, cy - r * 0.15), (cx + r * 0.97, cy - r * 0.15), (cx, cy + r)], fill=ink)
    elif suit is Suit.CLUBS:
        c = r * 0.45
        for dx, dy in ((0, -r * 0.5), (-r * 0.5, r * 0.05), (r * 0.5, r * 0.05)):
            draw.ellipse((cx + dx - c, cy + dy - c, cx + dx + c, cy + dy + c), fill=ink)
        draw.polygon([(cx, cy), (cx + r * 0.35, cy + r), (cx - r * 0.35, cy + r)], fill=ink)
    else:
        h = r * 0.5
        draw.polygon([(cx, cy - r), (cx + r, cy + r * 0.1), (cx - r, cy + r * 0.1)], fill=ink)
        draw.ellipse((cx - r, cy - h * 0.4, cx, cy - h * 0.4 + 2 * h), fill=ink)
        draw.ellipse((cx, cy - h * 0.4, cx + r, cy - h * 0.4 + 2 * h), fill=ink)
        draw.polygon([(cx, cy + r * 0.2), (cx + r * 0.35, cy + r), (cx - r * 0.35, cy + r)], fill=ink)


@lru_cache(maxsize=64)
def playing_face(card: PlayingCard) -> Image.Image:
    """One playing card's face. Never mutate the result: it is shared."""
    image, draw = _blank(PAPER, rim=WHITE)
    draw.rounded_rectangle(
        (RIM, RIM, CARD_W - 1 - RIM, CARD_H - 1 - RIM), RADIUS - RIM, outline=(170, 170, 170)
    )
    cx, cy = CARD_W / 2, CARD_H / 2
    if card.suit is None:
        points = [
            (
                cx + (22 if i % 2 == 0 else 9) * math.cos(math.pi * (i / 5 - 0.5)),
                cy - 14 + (22 if i % 2 == 0 else 9) * math.sin(math.pi * (i / 5 - 0.5)),
            )
            for i in range(10)
        ]
        draw.polygon(points, fill=SUIT_RED)
        _text(draw, (cx, cy + 26), "JOKER", 16, fill=INK, stroke=None)
        _text(draw, (13, 15), "JK", 13, fill=INK, stroke=None)
        return image
    ink = SUIT_INK[card.suit]
    label = card.rank.value
    _text(draw, (14, 15), label, 17, fill=ink, stroke=None)
    suit_pip(draw, card.suit, 14, 34, 7)
    _text(draw, (CARD_W - 14, CARD_H - 33), label, 17, fill=ink, stroke=None)
    suit_pip(draw, card.suit, CARD_W - 14, CARD_H - 15, 7)
    # No word under the pip: "Queen" ran into the corner's index, and was English in every language.
    suit_pip(draw, card.suit, cx, cy, 20)
    return image


@lru_cache(maxsize=1)
def back() -> Image.Image:
    """The back every hidden card shows: a plain lattice, no mark of any brand."""
    image, draw = _blank(BACK_FILL)
    for i in range(-CARD_H, CARD_W + CARD_H, 12):
        draw.line((i, RIM + 4, i + CARD_H, CARD_H + RIM + 4), fill=(70, 78, 120), width=2)
        draw.line((i + CARD_H, RIM + 4, i, CARD_H + RIM + 4), fill=(70, 78, 120), width=2)
    mask = Image.new("L", (CARD_W, CARD_H), 0)
    ImageDraw.Draw(mask).rounded_rectangle(
        (RIM, RIM, CARD_W - 1 - RIM, CARD_H - 1 - RIM), RADIUS - RIM, fill=255
    )
    rimmed, _ = _blank(BACK_FILL)
    rimmed.paste(image, (0, 0), mask)
    d = ImageDraw.Draw(rimmed)
    d.rounded_rectangle((14, 22, CARD_W - 15, CARD_H - 23), 8, outline=WHITE, width=3)
    shape(d, "diamond", CARD_W / 2, CARD_H / 2, 14, WHITE)
    return rimmed


def face(card: AnyCard) -> Image.Image:
    if isinstance(card, PlayingCard):
        return playing_face(card)
    return uno_face(card)


@lru_cache(maxsize=256)
def scaled(card: AnyCard | None, width: int) -> Image.Image:
    """A face (or the back, for None) at another width; cached like the faces."""
    base = back() if card is None else face(card)
    if width == CARD_W:
        return base
    height = round(CARD_H * width / CARD_W)
    return base.resize((width, height), Image.Resampling.LANCZOS)


@lru_cache(maxsize=256)
def dimmed(card: AnyCard | None, width: int) -> Image.Image:
    """The sprite shaded, for a card that cannot be played or moved now; cached like the rest."""
    base = scaled(card, width)
    shade = Image.new("RGBA", base.size, (0, 0, 0, 0))
    shade.putalpha(base.getchannel("A").point(lambda a: a * 110 // 255))
    return Image.alpha_composite(base, shade)
