"""Outside engines as players of the project: adapters behind :class:`tictactoe.players.base.Player`.

Each adapter drives one engine the way its own program does (its board,
its colours, its level), shown only the position and the side to move:

* ``gomoku-terminal``: the "hard" AI of the PyPI package ``gomoku-terminal``
  (:mod:`bench.peers.terminal`);
* ``gomokubench``: the search of the PyPI package ``gomokubench``
  (:mod:`bench.peers.gomokubench`);
* ``openspiel-mcts``: OpenSpiel's Monte Carlo tree search bot with random
  rollouts on its ``mnk`` game (:mod:`bench.peers.openspiel`);
* any program of the Gomoku AI protocol (:mod:`bench.peers.gomocup`):
  the project's own ``python -m tictactoe.brain``, or an engine of the
  Gomocup world built from its source.

The packages are the extra ``.[peers]`` (``pip install -e '.[peers]'``):
nothing of the game needs them, so each adapter's module is imported only
when its engine is asked for, and :func:`missing` says which are absent.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable
from dataclasses import dataclass

from tictactoe.players.base import Player

__all__ = ["PEERS", "Peer", "make_peer", "missing"]


@dataclass(frozen=True, slots=True)
class Peer:
    """An outside engine: its name, the module of its adapter, the package it needs (its import name and its
    name on PyPI), and the fixed setting it is played at."""

    name: str
    module: str
    imports: str
    package: str
    setting: str


#: The outside engines installable from PyPI, in the order the rating lists them.
PEERS = (
    Peer("gomoku-terminal", "bench.peers.terminal", "gomoku.ai", "gomoku-terminal", "level hard"),
    Peer("gomokubench", "bench.peers.gomokubench", "libs.ai", "gomokubench", "level hard to 10x10, standard above"),
    Peer("openspiel-mcts", "bench.peers.openspiel", "pyspiel", "open_spiel", "MCTS, 20000/squares simulations"),
)


def missing(peer: Peer) -> str | None:
    """Why ``peer`` cannot play here (its package is not installed), or ``None`` when it can."""
    try:
        found = importlib.util.find_spec(peer.imports) is not None
    except ModuleNotFoundError:  # the parent package of a dotted name is absent
        found = False
    if found:
        return None
    return f"{peer.name} needs the package {peer.package}: pip install -e '.[peers]'"


def make_peer(peer: Peer, size: int, length: int, seed: int) -> Player:
    """``peer``'s engine for a ``size`` board with ``length`` in a row, its random choices drawn from ``seed``.

    ``ValueError`` (one line) when its package is absent or it cannot play this board.
    """
    problem = missing(peer)
    if problem is not None:
        raise ValueError(problem)
    make: Callable[[int, int, int], Player] = importlib.import_module(peer.module).make
    return make(size, length, seed)
