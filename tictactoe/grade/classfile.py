"""A Java class file read as the JVM reads it: its constant pool, and what each method's code refers to, by line.

The policy test reads the classes javac made of a submission, not its
sources: a ``\\u0048ashMap`` escape, a helper file, a method reference
(``String::hashCode``) are there as the JVM will use them, and a method
of the student's own is told from the JDK's by its class.  The format is
the JVM specification's (chapter 4): a magic number, versions, the
constant pool (entries by tag), the class's fields and methods with their
attributes; a method's ``Code`` attribute holds its bytecode and its
``LineNumberTable``.  :func:`read_class` returns each constant the code
refers to (an instruction's operand, or a method handle a lambda's or
method reference's bootstrap is given) with the source line of each use,
and the types of the fields and methods declared.
"""

from __future__ import annotations

import re
import struct
from dataclasses import dataclass, field

__all__ = ["ClassFile", "ClassFileError", "Member", "Use", "read_class"]

_MAGIC = 0xCAFEBABE
# The size of each constant's entry after its tag byte; Long and Double take two slots of the pool.
_SIZES = {3: 4, 4: 4, 5: 8, 6: 8, 7: 2, 8: 2, 9: 4, 10: 4, 11: 4, 12: 4, 15: 3, 16: 2, 17: 4, 18: 4, 19: 2, 20: 2}
# Instructions whose operand is an index into the constant pool: opcode -> the operand's size (1 or 2 bytes).
_POOL_OPERANDS = {0x12: 1, 0x13: 2, 0x14: 2, **dict.fromkeys((0xB2, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8), 2)}
_POOL_OPERANDS |= dict.fromkeys((0xB9, 0xBA, 0xBB, 0xBD, 0xC0, 0xC1, 0xC5), 2)
# The length of every other instruction, operands included (tableswitch, lookupswitch and wide are variable).
_LENGTHS = dict.fromkeys(range(0x00, 0xCA), 1)
_LENGTHS |= {0x10: 2, 0x11: 3, 0x15: 2, 0x16: 2, 0x17: 2, 0x18: 2, 0x19: 2, 0x36: 2, 0x37: 2, 0x38: 2, 0x39: 2}
_LENGTHS |= {0x3A: 2, 0x84: 3, 0xA9: 2, 0xBC: 2, 0xC8: 5, 0xC9: 5}
_LENGTHS |= dict.fromkeys(range(0x99, 0xA9), 3) | {0xC6: 3, 0xC7: 3}
_LENGTHS |= {0x12: 2, 0x13: 3, 0x14: 3, 0xB9: 5, 0xBA: 5, 0xC5: 4}
_LENGTHS |= dict.fromkeys((0xB2, 0xB3, 0xB4, 0xB5, 0xB6, 0xB7, 0xB8, 0xBB, 0xBD, 0xC0, 0xC1), 3)
_TYPE = re.compile(r"L([^;<]+)[;<]")


class ClassFileError(ValueError):
    """The bytes are no class file, or one cut short."""


@dataclass(frozen=True, slots=True)
class Member:
    """A member a constant refers to: its class (``java/util/HashMap``), name and descriptor."""

    owner: str
    name: str
    descriptor: str


@dataclass(frozen=True, slots=True)
class Use:
    """What the code refers to: a class (``java/util/HashMap``), a member, or a method handle or type loaded as a
    value (``kind``: ``class``, ``member``, ``handle``); where: the method and the source line (0 when unknown);
    ``switch`` when a ``switch`` follows at once (javac's own call of ``String.hashCode()`` for a switch on a String).
    """

    kind: str
    name: str
    member: Member | None
    method: str
    line: int
    switch: bool = False


@dataclass
class ClassFile:
    """A class's name, source file, what its code uses, and the types named by its fields' and methods' descriptors."""

    name: str
    source: str
    uses: list[Use] = field(default_factory=list)
    declared: list[tuple[str, str]] = field(default_factory=list)  # (a field's or method's name, a type it names)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def take(self, size: int) -> bytes:
        if self.at + size > len(self.data):
            raise ClassFileError("the class file is cut short")
        chunk = self.data[self.at : self.at + size]
        self.at += size
        return chunk

    def u1(self) -> int:
        return self.take(1)[0]

    def u2(self) -> int:
        return int(struct.unpack(">H", self.take(2))[0])

    def u4(self) -> int:
        return int(struct.unpack(">I", self.take(4))[0])


def read_class(data: bytes) -> ClassFile:
    """The class file ``data`` read: its name, source file, uses and declared types; :class:`ClassFileError`."""
    reader = _Reader(data)
    if reader.u4() != _MAGIC:
        raise ClassFileError("no class file: its magic number is not CAFEBABE")
    reader.take(4)  # minor and major versions
    pool = _pool(reader)
    reader.take(2)  # access flags
    this = _class_name(pool, reader.u2())
    reader.take(2)  # the superclass
    reader.take(2 * reader.u2())  # interfaces
    found = ClassFile(this, this.rsplit("/", 1)[-1].split("$", 1)[0] + ".java")
    for _ in range(reader.u2()):  # fields
        reader.take(2)
        name, descriptor = _utf8(pool, reader.u2()), _utf8(pool, reader.u2())
        found.declared += [(name, type_name) for type_name in _TYPE.findall(descriptor)]
        _attributes(reader, pool)
    codes = []
    for _ in range(reader.u2()):  # methods
        reader.take(2)
        name, descriptor = _utf8(pool, reader.u2()), _utf8(pool, reader.u2())
        found.declared += [(name, type_name) for type_name in _TYPE.findall(descriptor)]
        codes += [(name, code) for code in _attributes(reader, pool).get("Code", [])]
    attributes = _attributes(reader, pool)
    if "SourceFile" in attributes:
        found.source = _utf8(pool, struct.unpack(">H", attributes["SourceFile"][0][:2])[0])
    bootstraps = _bootstraps(attributes.get("BootstrapMethods", [b"\x00\x00"])[0])
    for method, code in codes:
        found.uses += _code_uses(code, method, pool, bootstraps)
    return found


def _pool(reader: _Reader) -> list[tuple[int, bytes]]:
    """The constant pool: (tag, the entry's bytes) at each index; index 0 and the second slots hold (0, b"")."""
    count = reader.u2()
    pool: list[tuple[int, bytes]] = [(0, b"")]
    while len(pool) < count:
        tag = reader.u1()
        if tag == 1:
            pool.append((1, reader.take(reader.u2())))
        elif tag in _SIZES:
            pool.append((tag, reader.take(_SIZES[tag])))
            if tag in (5, 6):
                pool.append((0, b""))
        else:
            raise ClassFileError(f"a constant of unknown tag {tag}")
    return pool


def _entry(pool: list[tuple[int, bytes]], index: int) -> tuple[int, bytes]:
    if not 0 < index < len(pool):
        raise ClassFileError(f"a constant index {index} outside the pool")
    return pool[index]


def _utf8(pool: list[tuple[int, bytes]], index: int) -> str:
    tag, content = _entry(pool, index)
    if tag != 1:
        raise ClassFileError(f"constant {index} is no string")
    # Modified UTF-8: a NUL and characters beyond the BMP are encoded differently, never in a name that matters here.
    return content.decode("utf-8", errors="replace")


def _class_name(pool: list[tuple[int, bytes]], index: int) -> str:
    return _utf8(pool, _u2(_entry(pool, index)[1], 0))


def _u2(content: bytes, at: int) -> int:
    return int(struct.unpack(">H", content[at : at + 2])[0])


def _member(pool: list[tuple[int, bytes]], index: int) -> Member:
    """The field or method constant ``index``: its class, name and descriptor."""
    content = _entry(pool, index)[1]
    name_and_type = _entry(pool, _u2(content, 2))[1]
    owner = _class_name(pool, _u2(content, 0))
    return Member(owner, _utf8(pool, _u2(name_and_type, 0)), _utf8(pool, _u2(name_and_type, 2)))


def _attributes(reader: _Reader, pool: list[tuple[int, bytes]]) -> dict[str, list[bytes]]:
    """The attributes at the reader, by name."""
    found: dict[str, list[bytes]] = {}
    for _ in range(reader.u2()):
        name = _utf8(pool, reader.u2())
        found.setdefault(name, []).append(reader.take(reader.u4()))
    return found


def _bootstraps(content: bytes) -> list[list[int]]:
    """The BootstrapMethods attribute: each bootstrap's method handle and arguments, as constant indexes."""
    reader = _Reader(content)
    found = []
    for _ in range(reader.u2()):
        handle = reader.u2()
        found.append([handle, *(reader.u2() for _ in range(reader.u2()))])
    return found


def _code_uses(code: bytes, method: str, pool: list[tuple[int, bytes]], bootstraps: list[list[int]]) -> list[Use]:
    """What the instructions of one method's ``Code`` attribute refer to, each with its source line."""
    reader = _Reader(code)
    reader.take(4)  # max_stack, max_locals
    bytecode = reader.take(reader.u4())
    reader.take(8 * reader.u2())  # the exception table
    lines = sorted(
        (_u2(table, 2 + 4 * number), _u2(table, 4 + 4 * number))
        for table in _attributes(reader, pool).get("LineNumberTable", [])
        for number in range(_u2(table, 0))
    )
    uses = []
    for offset, index in _pool_references(bytecode):
        line = max((line for start, line in lines if start <= offset), default=0)
        switch = bytecode[offset + 3 : offset + 4] in (b"\xaa", b"\xab")  # a hash javac asks for a switch on a String
        uses += [
            Use(kind, name, member, method, line, switch) for kind, name, member in _constant(pool, index, bootstraps)
        ]
    return uses


def _pool_references(bytecode: bytes) -> list[tuple[int, int]]:
    """Each instruction's offset and the constant it refers to, for the instructions that refer to one."""
    found = []
    at = 0
    while at < len(bytecode):
        opcode = bytecode[at]
        if opcode in _POOL_OPERANDS:
            size = _POOL_OPERANDS[opcode]
            found.append((at, bytecode[at + 1] if size == 1 else _u2(bytecode, at + 1)))
        if opcode in (0xAA, 0xAB):  # tableswitch, lookupswitch: padded to 4 bytes, then a default and a table
            start = at + 4 - at % 4
            if opcode == 0xAA:
                low, high = struct.unpack(">ii", bytecode[start + 4 : start + 12])
                at = start + 12 + 4 * (high - low + 1)
            else:
                pairs = struct.unpack(">i", bytecode[start + 4 : start + 8])[0]
                at = start + 8 + 8 * pairs
        elif opcode == 0xC4:  # wide: an iinc's operands are twice as long, every other's once more
            at += 6 if bytecode[at + 1] == 0x84 else 4
        elif opcode in _LENGTHS:
            at += _LENGTHS[opcode]
        else:
            raise ClassFileError(f"an unknown instruction {opcode:#x}")
    return found


def _constant(
    pool: list[tuple[int, bytes]], index: int, bootstraps: list[list[int]]
) -> list[tuple[str, str, Member | None]]:
    """What the constant ``index`` that an instruction refers to names: a class, a member, method handles."""
    tag, content = _entry(pool, index)
    if tag == 7:
        return [("class", _utf8(pool, _u2(content, 0)), None)]
    if tag in (9, 10, 11):
        member = _member(pool, index)
        return [("member", member.owner, member)]
    if tag in (15, 16):
        return [("handle", "a method handle or type loaded as a value", None)]
    if tag == 18:  # invokedynamic: what its bootstrap is given (a lambda's body, a method reference's target)
        bootstrap = bootstraps[_u2(content, 0)] if _u2(content, 0) < len(bootstraps) else []
        handles = [argument for argument in bootstrap[1:] if _entry(pool, argument)[0] == 15]
        targets = [_member(pool, _u2(_entry(pool, handle)[1], 1)) for handle in handles]
        return [("member", target.owner, target) for target in targets]
    return []
