"""The report's optional plot: the chain-length histogram drawn by matplotlib, and the file it goes to.

matplotlib is optional (``pip install -e '.[plot]'``), so nothing here
imports it before a plot is asked for.  :func:`plot_target` checks, before
any figure is computed, that the file can be written and that matplotlib
is there and writes the format the file's suffix names;
:func:`histogram_image` draws the rows of
:func:`~tictactoe.hashreport.stats.histogram_rows` against uniform hashing's;
:func:`write_plot` writes the image.  What goes wrong raises one of two
errors, which the command line turns into its messages:
:class:`PlotNameError` for a name that cannot be a plot's file (a usage
error), :class:`PlotError` for a plot that cannot be drawn or written.
"""

from __future__ import annotations

import importlib
import io
import os
from dataclasses import dataclass
from pathlib import Path

from tictactoe.hashreport.stats import TableStatistics, histogram_rows

__all__ = ["PlotError", "PlotNameError", "PlotTarget", "histogram_image", "plot_target", "write_plot"]

_PLOT_HELP = (
    "--plot needs matplotlib, which cannot be imported ({error}).\n"
    "Install it with:  pip install matplotlib\n"
    "or, in a checkout of this project:  pip install -e '.[plot]'"
)


class PlotError(Exception):
    """Why the plot cannot be drawn or written: the message for stderr, and exit status 1."""


class PlotNameError(ValueError):
    """Why a name cannot be the plot's file: a usage error (status 2), said after ``argument --plot:``."""


@dataclass(frozen=True, slots=True)
class PlotTarget:
    """Where the plot goes: ``name`` as given, and the image format its suffix names."""

    name: str
    image_format: str


def plot_target(name: str) -> PlotTarget:
    """The plot's file and format: :class:`PlotNameError` for a name that cannot be one, :class:`PlotError` otherwise.

    The image is written to exactly the file named.  Its suffix names the
    format (``.png``, ``.svg``, ``.pdf``, ... whatever matplotlib writes); a
    name without one gets a PNG.  The checks that need no matplotlib come
    first.
    """
    if not name:
        raise PlotNameError("needs a file name, got ''")
    problem = _unwritable(Path(name))
    if problem:
        raise PlotError(f"cannot write the plot to {name!r}: {problem}")
    try:
        formats = importlib.import_module("matplotlib.backend_bases").FigureCanvasBase.get_supported_filetypes()
        importlib.import_module("matplotlib.figure")
    except ImportError as error:
        raise PlotError(_PLOT_HELP.format(error=error)) from None
    suffix = Path(name).suffix.lower().removeprefix(".")
    if suffix and suffix not in formats:
        known = ", ".join(f".{known}" for known in sorted(formats))
        raise PlotNameError(f"matplotlib writes no {suffix!r} files; name one of {known}, or no suffix for PNG")
    return PlotTarget(name, suffix or "png")


def histogram_image(stats: TableStatistics, title: str, image_format: str = "png") -> bytes:
    """The chain-length histogram against uniform hashing's, drawn as the bytes of an image file.

    Needs matplotlib (``ImportError`` without it); ``image_format`` is one
    that it writes (``png``, ``svg``, ``pdf``, ...).  The bars are the rows
    of :func:`~tictactoe.hashreport.stats.histogram_rows`.
    """
    figure = importlib.import_module("matplotlib.figure").Figure(figsize=(8, 4.5), layout="constrained")
    axes = figure.subplots()
    rows = histogram_rows(stats)
    places = range(len(rows))
    axes.bar(places, [count for _, count, _ in rows], label="this table")
    axes.plot(
        places,
        [uniform for _, _, uniform in rows],
        "o-",
        color="black",
        label=f"uniform hashing (Poisson, \N{GREEK SMALL LETTER LAMDA} = {stats.load_factor:.3f})",
    )
    axes.set_xticks(places, [label.replace(">=", "\N{GREATER-THAN OR EQUAL TO}") for label, _, _ in rows])
    axes.set_xlabel("chain length")
    axes.set_ylabel("buckets")
    axes.set_title(title)
    axes.legend()
    image = io.BytesIO()
    figure.savefig(image, format=image_format)
    return image.getvalue()


def write_plot(plot: PlotTarget, image: bytes) -> None:
    """Write ``image`` to the plot's file; :class:`PlotError` when it cannot be written."""
    try:
        Path(plot.name).write_bytes(image)
    except OSError as error:
        raise PlotError(f"cannot write the plot to {plot.name!r}: {error.strerror or error}") from None


def _unwritable(path: Path) -> str:
    """Why the file ``path`` clearly cannot be written, or ``''``; the write itself may still fail."""
    if path.is_dir():
        return "it is a directory"
    directory = path.parent
    if not directory.is_dir():
        return f"there is no directory {str(directory)!r}"
    if not os.access(path if path.exists() else directory, os.W_OK):
        return "permission denied"
    return ""
