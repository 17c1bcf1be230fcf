"""Screenshots for the window's tests: the X screen read with ``xwd``, its pixels, and PNG files.

``xwd`` writes the screen as an XWD image; :func:`grab` reads the part a
widget covers into an :class:`Image` of RGB pixels, which
:meth:`Image.write_png` saves with nothing but :mod:`zlib`.
"""

from __future__ import annotations

import shutil
import struct
import subprocess
import zlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import tkinter
    from pathlib import Path

__all__ = ["Image", "grab", "hex_colour", "xwd_available"]

# The XWD header: 25 big-endian 32-bit fields, of which these are read (by position).
_HEADER_FIELDS = 25
_HEADER_SIZE, _WIDTH, _HEIGHT, _BYTE_ORDER, _BITS_PER_PIXEL, _BYTES_PER_LINE = 0, 4, 5, 7, 11, 12
_RED_MASK, _GREEN_MASK, _BLUE_MASK, _COLOURS = 14, 15, 16, 19
_COLOUR_ENTRY = 12  # bytes of each colour-map entry, which a true-colour screen does not need
_MSB_FIRST = 1


def xwd_available() -> bool:
    """Whether ``xwd`` is installed (Debian: ``x11-apps``)."""
    return shutil.which("xwd") is not None


class Image:
    """``width`` by ``height`` pixels, each three bytes (red, green, blue), row by row from the top."""

    def __init__(self, width: int, height: int, rgb: bytes, left: int = 0, top: int = 0) -> None:
        assert len(rgb) == 3 * width * height
        self.width = width
        self.height = height
        self.rgb = rgb
        self.left = left  # where the image's top-left pixel is on the screen
        self.top = top

    def pixel(self, x: int, y: int) -> tuple[int, int, int]:
        """The colour at (``x``, ``y``), counted from the top-left corner."""
        assert 0 <= x < self.width, x
        assert 0 <= y < self.height, y
        at = 3 * (y * self.width + x)
        red, green, blue = self.rgb[at : at + 3]
        return red, green, blue

    def at(self, widget: tkinter.Misc, x: int, y: int) -> tuple[int, int, int]:
        """The colour at (``x``, ``y``) of ``widget``, which the image shows."""
        return self.pixel(widget.winfo_rootx() - self.left + x, widget.winfo_rooty() - self.top + y)

    def write_png(self, path: Path) -> None:
        """Save as an 8-bit RGB PNG."""
        stride = 3 * self.width
        raw = b"".join(b"\0" + self.rgb[row * stride : (row + 1) * stride] for row in range(self.height))

        def chunk(kind: bytes, data: bytes) -> bytes:
            return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

        header = struct.pack(">IIBBBBB", self.width, self.height, 8, 2, 0, 0, 0)
        path.write_bytes(
            b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
        )


def grab(widget: tkinter.Misc, *, above: int = 0) -> Image:
    """What the screen shows where ``widget`` is and ``above`` pixels over it, read with ``xwd``."""
    widget.update()
    display = str(widget.winfo_screen())
    dump = subprocess.run(
        ["xwd", "-root", "-silent", "-display", display], capture_output=True, check=True, timeout=30
    ).stdout
    box = (widget.winfo_rootx(), widget.winfo_rooty() - above, widget.winfo_width(), widget.winfo_height() + above)
    return _read_xwd(dump, *box)


def hex_colour(colour: str) -> tuple[int, int, int]:
    """``"#rrggbb"`` as (red, green, blue)."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _read_xwd(dump: bytes, left: int, top: int, width: int, height: int) -> Image:
    """The pixels of a box of an XWD image of a true-colour screen (a byte for each of red, green, blue)."""
    header = struct.unpack(f">{_HEADER_FIELDS}I", dump[: 4 * _HEADER_FIELDS])
    assert 0 <= left <= left + width <= header[_WIDTH], "the box is off the screen"
    assert 0 <= top <= top + height <= header[_HEIGHT], "the box is off the screen"
    step, line = header[_BITS_PER_PIXEL] // 8, header[_BYTES_PER_LINE]
    big_endian = header[_BYTE_ORDER] == _MSB_FIRST
    channels = []  # where each of red, green, blue sits among a pixel's bytes
    for mask in (header[_RED_MASK], header[_GREEN_MASK], header[_BLUE_MASK]):
        shift = (mask & -mask).bit_length() - 1
        assert mask >> shift == 0xFF, f"colour mask {mask:#x}"
        assert shift % 8 == 0, f"colour mask {mask:#x}"
        channels.append(step - 1 - shift // 8 if big_endian else shift // 8)
    start = header[_HEADER_SIZE] + header[_COLOURS] * _COLOUR_ENTRY
    rgb = bytearray(3 * width * height)
    for y in range(height):
        at = start + (top + y) * line + left * step
        row = dump[at : at + width * step]
        for colour, channel in enumerate(channels):
            rgb[3 * y * width + colour : 3 * (y + 1) * width : 3] = row[channel::step]
    return Image(width, height, bytes(rgb), left, top)
