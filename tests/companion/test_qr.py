"""The console's QR code, as a phone's camera sees it on a light and on a dark terminal: the
printed text is drawn as the terminal draws it (its own colours where the text sets none) and
decoded by zxing-cpp, without its "try the inverse" fallback (many phones have none)."""

from __future__ import annotations

import re

import numpy as np
import pytest

zxingcpp = pytest.importorskip("zxingcpp")

from host.companion.join import qr_text  # noqa: E402

URL = "http://192.168.1.20:8765/j/K7Q2XM"
THEMES = {
    # default text, default background, then the palette's black (30) and bright white (107)
    "light": {"fg": 20, "bg": 250, "30": 0, "107": 255},
    "dark": {"fg": 220, "bg": 30, "30": 46, "107": 238},
}
"""Grey levels of a light and a dark terminal theme (a dark theme's "black" is a dark grey)."""
PIXELS = 4
"""Pixels per module, across and down (a character cell is one module wide, two high)."""
MARGIN = 24
"""Pixels of the terminal's own background around what was printed."""
TOKEN = re.compile(r"\x1b\[([0-9;]*)m|(.)")
"""A colour escape (its codes) or one printed character."""


def as_seen(text: str, theme: dict[str, int]) -> np.ndarray:
    """`text` as a terminal in `theme` draws it: a grey image of its half blocks."""
    rows: list[list[int]] = []
    for line in text.splitlines():
        fg, bg = theme["fg"], theme["bg"]
        top: list[int] = []
        bottom: list[int] = []
        for match in TOKEN.finditer(line):
            codes, char = match.groups()
            for code in (codes or "").split(";") if char is None else ():
                if code in ("", "0"):
                    fg, bg = theme["fg"], theme["bg"]
                elif code == "30":
                    fg = theme["30"]
                else:
                    assert code == "107", f"a colour this test does not know: {code}"
                    bg = theme["107"]
            if char is not None:
                top.append(fg if char in "▀█" else bg)
                bottom.append(fg if char in "▄█" else bg)
        rows += [top, bottom]
    width = max(len(row) for row in rows)
    grid = np.full((len(rows), width), theme["bg"], dtype=np.uint8)
    for y, row in enumerate(rows):
        grid[y, :len(row)] = row
    image = np.kron(grid, np.ones((PIXELS, PIXELS), dtype=np.uint8))
    return np.pad(image, MARGIN, constant_values=theme["bg"])


def decoded(image: np.ndarray) -> list[str]:
    """What a reader that does not try the inverse finds in the image."""
    return [found.text for found in zxingcpp.read_barcodes(image, try_invert=False)]


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_the_printed_qr_code_scans_on_a_light_and_a_dark_terminal(theme: str) -> None:
    assert decoded(as_seen(qr_text(URL), THEMES[theme])) == [URL]


def test_without_colours_it_is_dark_on_light_as_in_a_file_and_the_dark_check_is_real() -> None:
    plain = qr_text(URL, colours=False)
    assert "\x1b" not in plain and "█" in plain
    assert decoded(as_seen(plain, THEMES["light"])) == [URL]
    assert decoded(as_seen(plain, THEMES["dark"])) == []  # why the terminal gets colours
