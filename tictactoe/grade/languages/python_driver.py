"""The grader's side of one Python submission's process: run as a script, it imports nothing of this project.

It only performs what the grader asks and reports what it saw; it decides
nothing (docs/grading.md): the grader compares the observations with the
expected values in its own process, so nothing this process says, and
nothing the submission's code makes it say, is a verdict.

It speaks the Java driver's protocol (``java/GraderDriver.java``): commands
on one pipe, answers on another.  The first command is ``hello NONCE``; the
submission's modules are imported only then, and the answer says whether
they loaded.  Every later command is ``NONCE N REQUEST`` and its answer
``NONCE N OBSERVATIONS``: REQUEST is a JSON list of operations, each a list
(``["put", 0, "key", 42]``), and OBSERVATIONS a JSON list with one object
per operation.  A line without the nonce is ignored.  It is started as
``python -I -S -B python_driver.py COMMAND_FD ANSWER_FD FOLDER``: isolated
and without site-packages, so that the only ``hashdict`` and
``configurations`` it can import are the submission's, in ``FOLDER``.

Operations: ``new T SIZE`` (``HashDictionary(SIZE)`` as table T), ``put T
KEY SCORE``, ``get T KEY``, ``remove T KEY``, ``count T``, the bulk ``puts``,
``gets`` and ``removes T FIRST COUNT COPIES`` (the keys ``str(n) * COPIES``
for n from FIRST, the score n), ``board SIZE LENGTH LEVELS CELLS`` (a new
``Configurations`` holding CELLS, row by row, ``.`` for an empty square),
``ask wins_x|wins_o|is_draw|eval``, ``empty`` (``square_is_empty`` of every
square, ``1`` or ``0``) and ``play`` (the submission's own
``computer_play`` with its ``SearchStats``).  An observation is ``{"v":
VALUE}`` (a value that is not a bool, an int, None or a str comes as
``{"o": its repr}``), ``{"vs": [VALUE, ...]}`` for a bulk operation,
``{"x": TYPE, "m": MESSAGE, "at": PLACE, "c": CALL}`` when the code raised
(a bulk operation keeps the values before it), ``{"fault": TEXT}`` when a
module, class or method is not there, ``{"skip": TEXT}`` when the operation
could not run.  Whatever the submission's code raises, ``SystemExit``
included, is an observation; only the end of the process is not.
"""

from __future__ import annotations

import importlib
import json
import os
import sys
import threading
import traceback
from collections.abc import Callable
from types import ModuleType
from typing import Any, BinaryIO, TextIO

#: The longest text of an observation: a message, not a dump.
MOST_CHARACTERS = 2000
#: The submission's folder: a place in an error is shown only when it lies there.
submission_folder = ["/nowhere/"]
Observation = dict[str, Any]


class Missing(Exception):
    """The submission lacks a module, a class or a method that an operation needs."""


class Raised(Exception):
    """The submission's code raised during ``call``."""

    def __init__(self, call: str, error: BaseException) -> None:
        super().__init__(call)
        self.call = call
        self.error = error


def cut(text: str) -> str:
    return text if len(text) <= MOST_CHARACTERS else text[:MOST_CHARACTERS] + "..."


def place(error: BaseException) -> str:
    """``file.py:12 in function``: the last frame of the traceback that lies in the submission, or ``''``."""
    frames = [
        frame for frame in traceback.extract_tb(error.__traceback__) if frame.filename.startswith(submission_folder[0])
    ]
    if not frames:
        return ""
    frame = frames[-1]
    return f"{os.path.basename(frame.filename)}:{frame.lineno} in {frame.name}"


def raised(call: str, error: BaseException) -> Observation:
    """What the code raised, as an observation."""
    if isinstance(error, SystemExit):
        return {"x": "SystemExit", "m": f"the code called sys.exit({error.code!r})", "at": "", "c": call}
    try:
        message = str(error)
    except BaseException:  # a __str__ of the submission's that raises in turn
        message = ""
    return {"x": type(error).__name__, "m": cut(message), "at": place(error), "c": call}


def value(result: object) -> object:
    """A returned value as JSON: a bool, an int, None or a str as it is, anything else as ``{"o": repr}``."""
    if result is None or type(result) in (bool, int, str):
        return result
    try:
        return {"o": cut(repr(result))}
    except BaseException:  # a __repr__ of the submission's that raises in turn
        return {"o": f"<a {type(result).__name__}>"}


def call(shown: str, function: Callable[..., Any], *arguments: Any, **keywords: Any) -> Any:
    """``function(*arguments, **keywords)``, whatever it raises turned into :class:`Raised` showing ``shown``."""
    try:
        return function(*arguments, **keywords)
    except BaseException as error:  # the submission's SystemExit too: it is an observation, not the driver's end
        raise Raised(shown, error) from error


def need(owner: Any, name: str, what: str, method: bool = False) -> Any:
    """``owner.name``, or :class:`Missing` saying that ``what`` has no ``name`` (no method ``name()``)."""
    try:
        return getattr(owner, name)
    except AttributeError:
        raise Missing(f"{what} has no method {name}()" if method else f"{what} has no {name}") from None
    except BaseException as error:
        raise Raised(f"reading {what}.{name}", error) from error


class Tables:
    """The submission's ``HashDictionary`` objects, by the number the grader gives each."""

    def __init__(self, hashdict: ModuleType) -> None:
        self.hashdict = hashdict
        self.tables: dict[int, Any] = {}

    def new(self, number: int, size: int) -> object:
        kind = need(self.hashdict, "HashDictionary", "the module hashdict")
        self.tables[number] = call(f"HashDictionary({size})", kind, size)
        return None

    def table(self, number: int) -> Any:
        if number not in self.tables:
            raise Missing("no table: its HashDictionary was not made")
        return self.tables[number]

    def put(self, number: int, key: str, score: int) -> object:
        table = self.table(number)
        record = call("Data", need(self.hashdict, "Data", "the module hashdict"), key, score)
        return call("put", need(table, "put", "HashDictionary", method=True), record)

    def get(self, number: int, key: str) -> object:
        return call("get", need(self.table(number), "get", "HashDictionary", method=True), key)

    def remove(self, number: int, key: str) -> object:
        return call("remove", need(self.table(number), "remove", "HashDictionary", method=True), key)

    def count(self, number: int) -> object:
        return call("num_records()", need(self.table(number), "num_records", "HashDictionary", method=True))

    def bulk(self, operation: str, number: int, first: int, count: int, copies: int) -> Observation:
        """``put``, ``get`` or ``remove`` of the keys ``str(n) * copies``, the values until one raises."""
        values: list[object] = []
        try:
            for key_number in range(first, first + count):
                key = str(key_number) * copies
                if operation == "puts":
                    values.append(value(self.put(number, key, key_number)))
                elif operation == "gets":
                    values.append(value(self.get(number, key)))
                else:
                    values.append(value(self.remove(number, key)))
        except Raised as error:
            return {"vs": values, **raised(error.call, error.error)}
        except Missing as error:
            return {"vs": values, "fault": str(error)}
        return {"vs": values}


class Game:
    """The submission's ``Configurations`` holding one board."""

    def __init__(self, configurations: ModuleType, size: int, length: int, levels: int, cells: str) -> None:
        self.module = configurations
        self.size = size
        kind = need(configurations, "Configurations", "the module configurations")
        self.configs = call(f"Configurations({size}, {length}, {levels})", kind, size, length, levels)
        for index, symbol in enumerate(cells):
            if symbol != ".":
                row, col = divmod(index, size)
                self.method("save_play", row, col, symbol)

    def method(self, name: str, *arguments: Any) -> Any:
        shown = f"{name}({', '.join(map(repr, arguments))})"
        return call(shown, need(self.configs, name, "Configurations", method=True), *arguments)

    def ask(self, question: str) -> object:
        if question == "wins_x":
            return self.method("wins", "X")
        if question == "wins_o":
            return self.method("wins", "O")
        if question == "is_draw":
            return self.method("is_draw")
        if question == "eval":
            return self.method("eval_board")
        raise Missing(f"the grader's driver has no question {question}")

    def empty(self) -> str:
        squares = range(self.size)
        return "".join("1" if self.method("square_is_empty", row, col) else "0" for row in squares for col in squares)

    def play(self) -> dict[str, object]:
        stats = call("SearchStats()", need(self.module, "SearchStats", "the module configurations"))
        computer_play = need(self.module, "computer_play", "the module configurations")
        best = call("computer_play(configs, stats=stats)", computer_play, self.configs, stats=stats)
        answers = {name: value(need(best, name, "the PosPlay")) for name in ("score", "row", "col")}
        return {**answers, "nodes": value(need(stats, "nodes", "SearchStats"))}


class Driver:
    """The submission's modules, and the operations run on them."""

    def __init__(self, folder: str) -> None:
        sys.path.insert(0, folder)
        submission_folder[0] = os.path.join(os.path.abspath(folder), "")
        self.load_error = ""
        self.modules: dict[str, ModuleType] = {}
        for name in ("hashdict", "configurations"):
            try:
                self.modules[name] = importlib.import_module(name)
            except BaseException as error:  # a syntax error, or an import that runs and raises or exits
                observed = raised("", error)
                text = f"{observed['x']}: {observed['m']}" if observed["m"] else observed["x"]
                where = f" (at {observed['at']})" if observed["at"] else ""
                self.load_error = cut(f"cannot import {name}: {text}{where}")
                return
        self.tables = Tables(self.modules["hashdict"])
        self.game: Game | None = None

    def run(self, operation: list[Any]) -> Observation:
        try:
            return self._run(operation[0], operation[1:])
        except Raised as error:
            return raised(error.call, error.error)
        except Missing as error:
            return {"fault": str(error)}
        except BaseException as error:  # the truth or repr of a value of the submission's, raising in turn
            return raised(str(operation[0]), error)

    def _run(self, name: str, arguments: list[Any]) -> Observation:
        if name in ("puts", "gets", "removes"):
            return self.tables.bulk(name, *arguments)
        if name == "board":
            self.game = None
            self.game = Game(self.modules["configurations"], *arguments)
            return {"v": None}
        simple: dict[str, Callable[..., object]] = {
            "new": self.tables.new,
            "put": self.tables.put,
            "get": self.tables.get,
            "remove": self.tables.remove,
            "count": self.tables.count,
        }
        if name in simple:
            return {"v": value(simple[name](*arguments))}
        if self.game is None:
            return {"skip": "no board: the board could not be set up"}
        if name == "ask":
            return {"v": value(self.game.ask(arguments[0]))}
        if name == "empty":
            return {"v": self.game.empty()}
        if name == "play":
            return {"v": self.game.play()}
        return {"skip": f"the grader's driver has no operation {name}"}


def serve(commands: TextIO, answers: BinaryIO, folder: str) -> None:
    nonce = ""
    driver: Driver | None = None
    for line in commands:
        words = line.split(" ", 2)
        if driver is None:
            if len(words) == 2 and words[0] == "hello":
                nonce, driver = words[1].strip(), Driver(folder)  # the submission's modules are imported only now
                answer(answers, nonce, "0", {"load": driver.load_error})
            continue
        if len(words) < 3 or words[0] != nonce:
            continue  # not the grader's
        if words[2].strip() == "quit":
            return
        try:
            operations = json.loads(words[2])
        except ValueError:
            continue  # not the grader's either: its requests are JSON
        if driver.load_error:
            observations: list[Observation] = [{"fault": driver.load_error} for _ in operations]
        else:
            observations = [driver.run(operation) for operation in operations]
        answer(answers, nonce, words[1], observations)


def answer(answers: BinaryIO, nonce: str, number: str, observations: object) -> None:
    """Write one answer line: JSON in ASCII, so that no character of the submission's can break the line."""
    # The leading newline ends whatever the submission's code may have written on this pipe.
    answers.write(f"\n{nonce} {number} {json.dumps(observations)}\n".encode())
    answers.flush()


def main() -> None:
    command_fd, answer_fd, folder = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    sys.setrecursionlimit(100_000)
    threading.stack_size(256 * 2**20)  # deep searches recurse deeply, and the default stack is 8 MB
    with (
        os.fdopen(command_fd, encoding="utf-8", errors="replace") as commands,
        os.fdopen(answer_fd, "wb", buffering=0) as answers,
    ):
        worker = threading.Thread(target=serve, args=(commands, answers, folder), daemon=True)
        worker.start()
        worker.join()
    os._exit(0)  # the submission may have left threads of its own running


if __name__ == "__main__":
    main()
