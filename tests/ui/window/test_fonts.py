"""Tests of the characters a name may hold beyond the common fonts: an emoji is drawn from a font that has it.

Tk draws no colour emoji font, so a name such as ``Zoë 🎲`` needs a
monochrome one (Debian's ``fonts-symbola``, which ``.ci/run`` installs);
without it, every such character is the same empty box.  A real label on a
virtual X server (:mod:`tests.windows`), read back pixel by pixel.
"""

from __future__ import annotations

import shutil
import subprocess
import tkinter
from typing import TYPE_CHECKING

import pytest

from tests.screenshots import grab, xwd_available
from tests.windows import classic

if TYPE_CHECKING:
    from collections.abc import Callable

    from tests.screenshots import Image
    from tictactoe.ui.window.app import GameWindow

DIE = "\U0001f3b2"  # 🎲, as in the name Zoë 🎲
# Characters of a private-use plane, which no font draws: the box that stands for a missing character.
MISSING = ("\U0010fffd", "\U000f0001")


def font_with(character: str) -> str:
    """The font file fontconfig would take ``character`` from, or ``""`` when none has it."""
    if shutil.which("fc-list") is None:
        return ""
    listed = subprocess.run(
        ["fc-list", f":charset={ord(character):x}", "file"], capture_output=True, text=True, check=False, timeout=30
    )
    return listed.stdout.strip()


def pixels(image: Image, label: tkinter.Label) -> list[tuple[int, int, int]]:
    label.update()
    return [image.at(label, x, y) for y in range(label.winfo_height()) for x in range(label.winfo_width())]


def test_an_emoji_in_a_name_is_drawn_not_a_box(open_window: Callable[..., GameWindow]) -> None:
    if not xwd_available():
        pytest.skip("xwd is not installed (Debian: x11-apps)")
    if not font_with(DIE):
        pytest.skip("no font has the emoji U+1F3B2 (Debian: fonts-symbola, which .ci/run installs)")
    game_window = open_window(classic())
    top = tkinter.Toplevel(game_window.root)
    labels = [
        tkinter.Label(top, text=text, font=("TkDefaultFont", 16), background="#ffffff", foreground="#000000")
        for text in (DIE, *MISSING)
    ]
    for label in labels:
        label.pack()
    top.update()
    image = grab(top)
    die, *boxes = (pixels(image, label) for label in labels)
    assert boxes[0] == boxes[1]  # every missing character is the same box
    assert (0, 0, 0) in die
    assert die != boxes[0]  # the die is drawn from a font that has it
