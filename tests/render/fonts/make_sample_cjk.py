"""Writes sample-cjk.ttf, the small font the tests use in place of a system font with Chinese,
Japanese and Korean letters (Noto Sans CJK is 20 MB and more; the tests need a few glyphs).

Each glyph is a few rectangles of our own, a different pattern for each character: the tests
only need the font to have the characters, not to look like them. Run with fontTools installed
(`pip install fonttools`): `python tests/render/fonts/make_sample_cjk.py`.
"""

from __future__ import annotations

from pathlib import Path

from fontTools.fontBuilder import FontBuilder  # type: ignore[import-not-found]
from fontTools.pens.ttGlyphPen import TTGlyphPen  # type: ignore[import-not-found]

# The characters the tests write: a Japanese name, a Korean one, a Chinese one, and what the
# picture adds around a name (the marker of the seat to play, the ellipsis of a cut name).
CHARACTERS = "田中太郎김민준王芳 >…Kai"
EM = 1000


def rectangles(index: int) -> list[tuple[int, int, int, int]]:
    """A frame, and bars set by the bits of the character's index: no two characters alike."""
    shapes = [(80, 0, 920, 60), (80, 740, 920, 800), (80, 0, 140, 800), (860, 0, 920, 800)]
    for bit in range(6):
        if index >> bit & 1:
            y = 110 + bit * 100
            shapes.append((180, y, 820, y + 50))
    return shapes


def main() -> None:
    names = [".notdef"] + [f"uni{ord(char):04X}" for char in CHARACTERS]
    builder = FontBuilder(EM, isTTF=True)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({ord(char): f"uni{ord(char):04X}" for char in CHARACTERS})
    glyphs = {}
    for index, name in enumerate(names):
        pen = TTGlyphPen(None)
        if name != "uni0020":
            for left, bottom, right, top in rectangles(index):
                pen.moveTo((left, bottom))
                pen.lineTo((left, top))
                pen.lineTo((right, top))
                pen.lineTo((right, bottom))
                pen.closePath()
        glyphs[name] = pen.glyph()
    builder.setupGlyf(glyphs)
    builder.setupHorizontalMetrics({name: (EM, 0) for name in names})
    builder.setupHorizontalHeader(ascent=880, descent=-120)
    builder.setupNameTable({"familyName": "Sample CJK", "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=880, sTypoDescender=-120, usWinAscent=880, usWinDescent=120)
    builder.setupPost()
    builder.save(str(Path(__file__).with_name("sample-cjk.ttf")))


if __name__ == "__main__":
    main()
