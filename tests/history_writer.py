"""``python -m tests.history_writer PATH SEED [BATCHES] [--paced]``: save random games to a history until killed.

The batches are made first.  With ``--paced`` it waits for a line on its
standard input before each batch, so that a test can look at the file
between two transactions, and stops at the end of its input.  Each is saved in one transaction; its ids are printed on
one line once the transaction is committed.  :func:`batches` gives the
same batches to the test that reads the file, so that it knows what each
printed id must hold.
"""

from __future__ import annotations

import itertools
import random
import sys
from collections.abc import Iterator

from bench.history import random_record
from tictactoe.game.history import History
from tictactoe.game.record import GameRecord

# Large batches keep the writer inside a transaction for much of its time, where a kill hurts most.
MAX_BATCH = 40
# The batches are made before the first is saved, and saved again in turn, so that the writer
# spends its time saving: making a game costs about as much as saving it.
DIFFERENT_BATCHES = 4


def batches(seed: int) -> Iterator[list[GameRecord]]:
    """The batches of games the writer saves with ``seed``, in order, without end."""
    rng = random.Random(seed)
    different = [[random_record(rng) for _ in range(rng.randint(1, MAX_BATCH))] for _ in range(DIFFERENT_BATCHES)]
    return itertools.cycle(different)


def main(argv: list[str]) -> int:
    paced = "--paced" in argv
    arguments = [argument for argument in argv if argument != "--paced"]
    path, seed = arguments[0], int(arguments[1])
    count = int(arguments[2]) if len(arguments) > 2 else None
    to_save = batches(seed)
    with History(path, timeout=30) as history:
        for batch in itertools.islice(to_save, count):
            if paced and not sys.stdin.readline():
                break
            print(*history.save_all(batch), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
