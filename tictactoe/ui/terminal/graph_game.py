"""A game against the 3x3 game graph: the person takes a side, the graph plays the other perfectly.

The conversation of ``python -m tictactoe.gamegraph play``
(:mod:`tictactoe.cli.gamegraph`).  It lives with the other interfaces
because it talks with a person; the graph itself
(:mod:`tictactoe.gamegraph`) only knows positions, moves and scores.

The board is the graph's own drawing, a free square showing its number, so
a move is typed as that number (``4``) or by the square's name on the
boards of ``play.py`` (``b2``: column letter, then row number).  Lines are
read through a :data:`~tictactoe.ui.terminal.reader.Reader` and everything else is
written to the stream given, so that a game can be played from a pipe and
tested.

>>> import io
>>> from tictactoe.gamegraph import game_graph
>>> out = io.StringIO()
>>> play(game_graph(), lambda prompt: "quit", out, person="O")
>>> print(out.getvalue(), end="")
You are O; the graph plays X and moves first. Type help for how to play.
X plays a1 (square 0)
X|1|2
-+-+-
3|4|5
-+-+-
6|7|8
Game abandoned
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from configurations.moves import InvalidMoveError, Move, OccupiedSquareError, OffBoardMoveError
from configurations.symbols import COMPUTER, EMPTY, HUMAN, opponent
from tictactoe.gamegraph import GAME_OVER, SQUARES, TIE, GameGraph

if TYPE_CHECKING:
    from typing import TextIO

    from tictactoe.ui.terminal.reader import Reader

__all__ = ["HELP", "MOVE_PROMPT", "SIDE_PROMPT", "parse_square", "play", "square_name"]

SIDE_PROMPT = "Play X or O? X moves first: "
MOVE_PROMPT = "Your move: "
HELP = (
    "Type the number of an empty square as the board shows it (0-8), or its name: column letter a-c,\n"
    "then row number 1-3, e.g. b2 (a1 is top left). The first to get three in a row across, down or\n"
    "diagonally wins; the graph knows the value of every position, so the best you can do is a draw.\n"
    "Type help to see this again, quit to stop."
)
_RESULT_LINES = {HUMAN: "X wins", COMPUTER: "O wins", TIE: "Game is a draw"}
_SIZE = 3


def square_name(square: int) -> str:
    """The name of square ``square`` (0-8) as ``play.py`` shows it: column letter, row number.

    >>> square_name(0), square_name(5)
    ('a1', 'c2')
    """
    row, col = divmod(square, _SIZE)
    return str(Move(row, col))


def parse_square(text: str, squares: str) -> int:
    """The empty square (0-8) ``text`` names on the board ``squares``: its number or its name, like ``b2``.

    A ``MoveError`` with a one-line reason that echoes ``text`` otherwise:
    ``InvalidMoveError`` when it names no square, ``OffBoardMoveError``
    when the square is not on the board, ``OccupiedSquareError`` when it
    is taken.

    >>> parse_square("4", "         "), parse_square(" B2 ", "         ")
    (4, 4)
    >>> parse_square("9", "         ")
    Traceback (most recent call last):
    ...
    configurations.moves.OffBoardMoveError: '9' is not on this board: squares are numbered 0 to 8
    """
    typed = text.strip()
    if typed.isascii() and typed.isdigit():
        square = int(typed) if len(typed) == 1 else SQUARES
        if square >= SQUARES:
            raise OffBoardMoveError(f"{typed!r} is not on this board: squares are numbered 0 to {SQUARES - 1}")
    else:
        try:
            move = Move.parse(typed, _SIZE)
        except InvalidMoveError:
            raise InvalidMoveError(
                f"cannot read {typed!r} as a move: type a square's number, 0-8, or its name, e.g. b2"
            ) from None
        square = move.row * _SIZE + move.col
    if squares[square] != EMPTY:
        raise OccupiedSquareError(f"{typed!r} is already taken: choose an empty square")
    return square


def play(graph: GameGraph, read_line: Reader, out: TextIO, *, person: str | None = None) -> None:
    """Play one game against ``graph`` until it is over or the person quits.

    ``person`` is the side the person takes, ``"X"`` or ``"O"``; when None
    the person is asked first.  Lines come from ``read_line`` and
    everything else goes to ``out``; ``EOFError`` and ``KeyboardInterrupt``
    from ``read_line`` reach the caller.
    """
    if person is None:
        person = _choose_side(read_line, out)
        if person is None:
            print("Game abandoned", file=out)
            return
    graph_side = opponent(person)
    first = " and moves first" if graph_side == HUMAN else ""
    print(f"You are {person}; the graph plays {graph_side}{first}. Type help for how to play.", file=out)
    key = graph.root.hash
    while True:
        node = graph.node(key)
        if node.turn == GAME_OVER:
            print(node.board, file=out)
            print(_RESULT_LINES[node.winner], file=out)
            return
        if node.turn == graph_side:
            square = graph.best_move(key)
            print(f"{graph_side} plays {square_name(square)} (square {square})", file=out)
        else:
            print(node.board, file=out)
            chosen = _person_square(node.squares, read_line, out)
            if chosen is None:
                print("Game abandoned", file=out)
                return
            square = chosen
        key = node.moves[square]


def _choose_side(read_line: Reader, out: TextIO) -> str | None:
    """The side the person types, asked until it is ``X`` or ``O``; None when the person quits."""
    while True:
        typed = read_line(SIDE_PROMPT).strip()
        answer = typed.upper()
        if answer in (HUMAN, COMPUTER):
            return answer
        if answer == "QUIT":
            return None
        if typed:
            print(f"Type {HUMAN} or {COMPUTER} (or quit), not {typed!r}", file=out)


def _person_square(squares: str, read_line: Reader, out: TextIO) -> int | None:
    """The empty square the person types, asked again after help or a refusal; None when the person quits."""
    while True:
        text = read_line(MOVE_PROMPT)
        command = text.strip().lower()
        if not command:
            continue
        if command == "quit":
            return None
        if command == "help":
            print(HELP, file=out)
            continue
        try:
            return parse_square(text, squares)
        except ValueError as refusal:
            print(refusal, file=out)
