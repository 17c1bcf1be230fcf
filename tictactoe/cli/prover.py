"""``python -m tictactoe.cli.prover``: how every player fares on 3x3, and ``--round-robin`` between them.

The proofs are :mod:`tictactoe.players.prover`'s; the round robin is
:func:`~tictactoe.game.tournament.round_robin`'s.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from configurations import Side
from tictactoe.cli.arguments import add_version
from tictactoe.cli.exits import EXIT_OK, run
from tictactoe.game.tournament import entrants, format_round_robin, round_robin
from tictactoe.players.prover import format_proofs, prove, provers

__all__ = ["PROGRAM", "main"]

PROGRAM = "python -m tictactoe.cli.prover"


def main(argv: Sequence[str] | None = None) -> int:
    """Print the proofs of every player, or with ``--round-robin`` the round robin; return EXIT_OK."""
    parser = argparse.ArgumentParser(
        prog=PROGRAM,
        description=(
            "For each player on 3x3 and each side, walk every line the opponent can play (and every tie the "
            "player might break at random) and count the games, wins, draws and losses; show a shortest loss."
        ),
    )
    add_version(parser)
    parser.add_argument("--round-robin", action="store_true", help="play every player against every other instead")
    parser.add_argument("--games", type=int, default=10, help="games a pairing plays as each colour (default 10)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the round robin's random choices (default 1)")
    args = parser.parse_args(argv)
    if args.round_robin:
        if args.games < 1:
            parser.error(f"argument --games: must be at least 1, got {args.games}")
        print(f"{args.games} games a pairing as each colour, seed {args.seed}; cells are X wins-draws-O wins")
        print(format_round_robin(round_robin(entrants(), args.games, args.seed)))
        return EXIT_OK
    rows = [(label, prove(make, side)) for label, make in provers() for side in (Side.X, Side.O)]
    print(format_proofs(rows))
    return EXIT_OK


if __name__ == "__main__":
    run(main, PROGRAM)
