"""A small brain of the Gomoku AI protocol that reads ``BOARD`` as Rapfi does: as the game's move sequence.

Run as ``python tests/bench/sequence_brain.py [--log FILE] [--about NAME] [--config PATH] [--drops N]``.  The stones of
``BOARD`` are played in the order listed, the first black's; where a stone's
field says it is not the side to move's, a pass is put in first, and the side
to move is then whoever did not place the last stone listed.  ``TURN X,Y``
plays the opponent's stone for the side to move.  Its move: a square that
completes five for the side to move, else one that completes five for the
other side (a block), else the empty square nearest the centre.  With
``--log``, every line received is appended to that file, so a test can read
what was sent; ``ABOUT`` is answered with ``--about``'s name, and with
``--config`` it says, as Rapfi does, ``MESSAGE Load config from PATH``
before its ``OK``.  With ``--drops N`` it drops the first ``N`` ``TURN``
commands after each of its moves, as Rapfi drops a command that comes while
it still finishes its search, and reads the square that followed as a
command: ``ERROR Unknown command: X,Y``.  Only the standard library: the
tests start it as a program.
"""

from __future__ import annotations

import argparse
import sys

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
LENGTH = 5


class Game:
    """The stones by square, each 0 (black, first) or 1, and the colour to move."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.stones: dict[tuple[int, int], int] = {}
        self.to_move = 0

    def place(self, point: tuple[int, int]) -> None:
        self.stones[point] = self.to_move
        self.to_move = 1 - self.to_move

    def completes(self, point: tuple[int, int], colour: int) -> bool:
        """Whether ``colour``'s stone on the empty ``point`` makes five or more in a row."""
        for dx, dy in DIRECTIONS:
            count = 1
            for sign in (1, -1):
                x, y = point[0] + sign * dx, point[1] + sign * dy
                while self.stones.get((x, y)) == colour:
                    count, x, y = count + 1, x + sign * dx, y + sign * dy
            if count >= LENGTH:
                return True
        return False

    def move(self) -> tuple[int, int]:
        centre = (self.size - 1) / 2
        empty = [(x, y) for y in range(self.size) for x in range(self.size) if (x, y) not in self.stones]
        empty.sort(key=lambda point: (abs(point[0] - centre) + abs(point[1] - centre), point[1], point[0]))
        for colour in (self.to_move, 1 - self.to_move):
            for point in empty:
                if self.completes(point, colour):
                    return point
        return empty[0]


def point_of(text: str) -> tuple[int, int]:
    x, y = text.split(",")[:2]
    return int(x), int(y)


def board_lines(lines: list[str], size: int) -> Game:
    """The game ``BOARD``'s lines set up, read as Rapfi reads them."""
    game = Game(size)
    fields = [(point_of(line), int(line.split(",")[2])) for line in lines]
    own_colour = 0 if not fields or fields[0][1] == 1 else 1  # the first stone listed is black's
    for point, field in fields:
        colour = own_colour if field == 1 else 1 - own_colour
        if game.to_move != colour:
            game.to_move = colour  # a pass
        game.place(point)
    return game


class Brain:
    """The brain's game and the answers to each line."""

    def __init__(self, about: str, config: str | None, drops: int = 0) -> None:
        self.about, self.config = about, config
        self.drops, self.to_drop = drops, 0
        self.game = Game(15)
        self.board: list[str] | None = None  # BOARD's lines, until DONE

    def handle(self, line: str) -> list[str]:
        command = line.split(" ", maxsplit=1)[0].upper()
        if self.board is not None:
            if command != "DONE":
                self.board.append(line)
                return []
            self.game, self.board = board_lines(self.board, self.game.size), None
            return [self.play()]
        if command in ("START", "RESTART"):
            self.game = Game(int(line.split(" ")[1]) if command == "START" else self.game.size)
            said = [f"MESSAGE Load config from {self.config}"] if self.config and command == "START" else []
            return [*said, *(["MESSAGE sequence brain ready"] if command == "START" else []), "OK"]
        if command == "ABOUT":
            return [f'name="{self.about}", version="1"']
        if command == "TURN" and self.to_drop:
            self.to_drop -= 1
            return [f"ERROR Unknown command: {line.split(' ')[1]}"]
        if command == "TURN":
            self.game.place(point_of(line.split(" ")[1]))
        if command == "BOARD":
            self.board = []
        return [self.play()] if command in ("BEGIN", "TURN") else []

    def play(self) -> str:
        point = self.game.move()
        self.game.place(point)
        self.to_drop = self.drops
        return f"{point[0]},{point[1]}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--log")
    parser.add_argument("--about", default="sequence-brain")
    parser.add_argument("--config")
    parser.add_argument("--drops", type=int, default=0)
    args = parser.parse_args()
    brain = Brain(args.about, args.config, args.drops)
    for raw in sys.stdin:
        line = raw.strip()
        if args.log:
            with open(args.log, "a", encoding="utf-8") as log:
                log.write(line + "\n")
        if line.upper() == "END":
            break
        for answer in brain.handle(line):
            sys.stdout.write(answer + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
