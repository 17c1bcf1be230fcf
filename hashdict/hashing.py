"""The polynomial string hash behind :class:`~hashdict.HashDictionary`.

Every key is read as the polynomial in its characters' code points

    P(x) = ord(key[0]) * x**(n-1) + ord(key[1]) * x**(n-2) + ... + ord(key[n-1])

evaluated at ``x = 256**width``.  ``int.from_bytes`` performs that
evaluation in C: the key's code points, written ``width`` bytes apiece,
*are* the digits of ``P(256**width)``.  The value is then reduced, and how
depends on the table size (see :class:`HashScheme`):

* **direct** -- ``P(256**width) mod size``.  The polynomial is evaluated
  modulo the table size itself, so keys that share structure (numbers
  counted up, ids, the same text repeated) spread more evenly than chance.
  ``width`` is picked for each size so that the polynomial's base keeps
  short families of digits and board symbols apart.
* **mixed** -- ``P(256) mod MIX_MODULUS``, a large prime, passed through
  an avalanche finaliser and scaled to the table, for the sizes where no
  base ``256**width`` spreads keys well (Mersenne primes such as 8 191,
  whose bases repeat every 13 places, Fermat primes, composite or small
  sizes): as good as uniform hashing on every key shape.

Both forms are linear in the code points, so a caller that changes one
character can update a hash in O(1) (see :class:`IncrementalHash`).
"""

from __future__ import annotations

import codecs
import functools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from hashdict.record import require_int

__all__ = [
    "MIX_MODULUS",
    "VETTED_SIZES",
    "HashScheme",
    "IncrementalHash",
    "expected_collisions",
    "is_prime",
    "polynomial_hash",
    "scheme_for",
    "table_size_for",
]

#: The prime modulus of the mixed form: the largest prime below 2**64,
#: so that 256 has an enormous multiplicative order and no power of two
#: lines up with it the way one does with a Mersenne prime.
MIX_MODULUS = 18_446_744_073_709_551_557
_MASK64 = (1 << 64) - 1

# Digit widths tried for the direct form.  Wider digits make longer
# integers and slower hashing: one byte is the fastest, two bytes ("UTF-16")
# cost half as much again, wider would cost twice.
_WIDTHS = (1, 2)
# Judging a base takes time in proportion to the table; above this size the
# mixed form is used without judging (a large table gains little anyway).
_MAX_DIRECT_SIZE = 1 << 18
# The powers of the base must not cycle within keys this long: a key whose
# length is a multiple of the cycle can have every character weighed alike.
_MIN_BASE_ORDER = 101
# A base is kept only if every family of structured keys, filled to three
# quarters of the table, makes at most this fraction of the collisions that
# uniform hashing would.
_FAMILY_LIMIT = 1.05
# Families whose uniform expectation is below this are too small to judge.
_MIN_EXPECTED = 8.0
# Numbers are also judged repeated this many times (as in TestDict's test 7),
# zero-padded to this many digits, and after each of these prefixes (a
# prefix shifts each length of number differently, so the lengths' hashes
# can overlap more than chance would have them).
_REPEATS = (2, 3, 32)
_PADDED_DIGITS = 8
_PREFIXES = ("id", "0x", "user_", "key-", "item ")
# Board strings are judged at every length up to this one.
_BOARD_LENGTHS = range(1, 9)


@dataclass(frozen=True, slots=True)
class HashScheme:
    """How keys are hashed for one table size.

    ``modulus`` is the size itself (direct form) or ``MIX_MODULUS`` (mixed
    form).  The hash of a key is ``bucket(P(256**width) % modulus)``.
    Immutable; two schemes are equal when their size, width and modulus are.

    >>> scheme_for(13441)
    HashScheme(size=13441, width=2, modulus=13441)
    >>> scheme_for(8191).modulus == MIX_MODULUS
    True
    """

    #: The number of buckets.
    size: int
    #: How many bytes each code point is written with: the base is ``256**width``.
    width: int
    #: What the polynomial is reduced by: ``size`` or ``MIX_MODULUS``.
    modulus: int
    _hash: Callable[[str], int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", _hasher(self))  # a frozen dataclass's way to set a derived field

    @property
    def hash(self) -> Callable[[str], int]:
        """The key's bucket, ``0 <= h < size``.  Runtime complexity: O(len(key))."""
        return self._hash

    @property
    def base(self) -> int:
        """The polynomial's base ``256**width`` reduced by ``modulus``."""
        return pow(256, self.width, self.modulus)

    @property
    def direct(self) -> bool:
        """Whether the polynomial is reduced by the table size itself."""
        return self.modulus == self.size

    def weights(self, length: int) -> list[int]:
        """What one unit of code point adds to a key's value, at each of ``length`` places.

        For a key of ``length`` characters, ``bucket(sum(ord(c) * w for c, w
        in zip(key, weights(length))) % modulus)`` is the key's hash, so
        changing one character changes the value by a known amount.
        Runtime complexity: O(length).

        >>> s = scheme_for(13441)
        >>> key = "XO X"
        >>> value = sum(ord(c) * w for c, w in zip(key, s.weights(4)))
        >>> s.bucket(value % s.modulus) == polynomial_hash(key, 13441)
        True
        """
        weights = [1 % self.modulus] * length
        base = self.base
        for position in range(length - 2, -1, -1):  # each place weighs base times the next
            weights[position] = weights[position + 1] * base % self.modulus
        return weights

    def bucket(self, value: int) -> int:
        """The bucket of a key whose polynomial, reduced by ``modulus``, is ``value``.

        The direct form's value is the bucket.  The mixed form scrambles its
        value with the SplitMix64 finaliser (every input bit reaches every
        output bit) and scales it to the table.
        """
        if self.modulus == self.size:
            return value
        value = (value ^ (value >> 30)) * 0xBF58476D1CE4E5B9 & _MASK64
        value = (value ^ (value >> 27)) * 0x94D049BB133111EB & _MASK64
        return ((value ^ (value >> 31)) * self.size) >> 64


def polynomial_hash(key: str, table_size: int) -> int:
    """Map ``key`` to a bucket ``0 <= h < table_size`` with a polynomial in its characters.

    Deterministic across runs and processes; any string is accepted, lone
    surrogates included.  The first call for a new ``table_size`` chooses
    its :class:`HashScheme` (a few milliseconds); later calls reuse it.

    Runtime complexity: O(len(key)).

    >>> polynomial_hash("answer", 13441)
    3709
    >>> polynomial_hash("", 7)
    0
    """
    if not isinstance(key, str):
        raise TypeError(f"key must be a str, not {type(key).__name__}: {key!r}")
    global _recent  # noqa: PLW0603 (a one-entry cache: most callers hash for one size)
    scheme = _recent
    if scheme.size != table_size or type(table_size) is not int:
        scheme = _recent = scheme_for(table_size)
    return scheme._hash(key)


class IncrementalHash:
    """The hash of a key of fixed length, kept up to date in O(1) as its characters change.

    The polynomial is linear in the code points, so the key's *value* -- its
    polynomial reduced by ``modulus``, from which :meth:`HashScheme.bucket`
    takes the bucket -- changes by a fixed amount when one character does.
    A caller holds the value, starting from :meth:`value`, and on each
    change of the character at ``position`` from ``old`` to ``new`` adds
    ``changes(old, new)[position]`` and reduces by ``modulus``;
    :meth:`~hashdict.HashDictionary.fast_path` probes and stores by value.

    >>> hasher = IncrementalHash(scheme_for(13441), 4)
    >>> value = hasher.value("XO  ")
    >>> value = (value + hasher.changes(" ", "X")[3]) % hasher.modulus
    >>> value == hasher.value("XO X")
    True
    >>> scheme_for(13441).bucket(value) == polynomial_hash("XO X", 13441)
    True
    """

    __slots__ = ("_weights", "length", "modulus")

    #: The number of characters of every key.
    length: int
    #: What values are reduced by.
    modulus: int

    def __init__(self, scheme: HashScheme, length: int) -> None:
        self.length = length
        self.modulus = scheme.modulus
        self._weights = scheme.weights(length)

    def value(self, key: str) -> int:
        """The value of ``key`` (of ``length`` characters).  Runtime complexity: O(length)."""
        if len(key) != self.length:
            raise ValueError(f"key must have {self.length} characters, got {len(key)}: {key!r}")
        return sum(map(int.__mul__, map(ord, key), self._weights)) % self.modulus

    def changes(self, old: str, new: str) -> list[int]:
        """What a key's value gains, at each position, when the character there goes from ``old`` to ``new``.

        Each item is already reduced by ``modulus``.  Runtime complexity: O(length).

        >>> IncrementalHash(scheme_for(13441), 3).changes("a", "b") == [65536**2 % 13441, 65536 % 13441, 1]
        True
        """
        step = ord(new) - ord(old)
        modulus = self.modulus
        return [step * weight % modulus for weight in self._weights]


#: Prime table sizes whose direct-form width has been worked out already
#: (each exactly as :func:`scheme_for` would choose it; a test recomputes
#: them), so that a table of one of these sizes costs nothing to set up.
#: Roughly 1.4 times apart, plus TestDict's 13 441.
# fmt: off
VETTED_SIZES = (
    1019, 1427, 1997, 2819, 3967, 5573, 7877, 11069, 13441, 15497, 21839, 30593, 42841, 59981, 84017, 117643,
    164707, 230563,
)
# fmt: on
_VETTED_WIDTHS = (2, 2, 2, 2, 2, 2, 1, 1, 2, 1, 2, 1, 1, 1, 1, 2, 1, 1)


def is_prime(number: int) -> bool:
    """Whether ``number`` is a prime, by trial division.  Runtime complexity: O(sqrt(number)).

    >>> [n for n in range(30) if is_prime(n)]
    [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]
    """
    if number < 2:
        return False
    for small in (2, 3, 5, 7, 11, 13):
        if number % small == 0:
            return number == small
    return all(number % divisor for divisor in range(17, math.isqrt(number) + 1, 2))


def table_size_for(records: int) -> int:
    """A table size for about ``records`` records: the smallest of ``VETTED_SIZES`` at least that large.

    Past the largest vetted size (230 563 buckets, under 2 MB of chains),
    the largest: a table that big costs its memory whether it fills or not,
    and more records than buckets only lengthen chains.  Vetted sizes cost
    nothing to set up (their scheme is known) and hash by the direct form.
    Runtime complexity: O(1).

    >>> table_size_for(0), table_size_for(1020), table_size_for(10**9)
    (1019, 1427, 230563)
    """
    require_int("records", records)
    for size in VETTED_SIZES:
        if size >= records:
            return size
    return VETTED_SIZES[-1]


@functools.lru_cache(maxsize=64)
def scheme_for(table_size: int) -> HashScheme:
    """The :class:`HashScheme` used for tables of ``table_size`` buckets.

    For a prime size up to ``2**18``, the direct form with the width whose
    base spreads families of structured keys best (see
    :func:`_base_quality`), if any base spreads all of them about as well
    as uniform hashing or better; otherwise the mixed form.  Runtime: up to
    a few hundred milliseconds for a new size outside ``VETTED_SIZES``,
    nothing after.
    """
    if require_int("table size", table_size) < 1:
        raise ValueError(f"table size must be at least 1, got {table_size!r}")
    if table_size in VETTED_SIZES:
        return HashScheme(table_size, _VETTED_WIDTHS[VETTED_SIZES.index(table_size)], table_size)
    return _choose_scheme(table_size)


def _choose_scheme(table_size: int) -> HashScheme:
    best: tuple[float, int] | None = None
    if table_size <= _MAX_DIRECT_SIZE and is_prime(table_size):
        for width in _WIDTHS:
            quality = _base_quality(pow(256, width, table_size), table_size)
            if quality <= _FAMILY_LIMIT and (best is None or quality < best[0]):
                best = (quality, width)
    if best is None:
        return HashScheme(table_size, 1, MIX_MODULUS)
    return HashScheme(table_size, best[1], table_size)


def _hasher(scheme: HashScheme) -> Callable[[str], int]:
    """A function computing ``bucket(P(256**width) % modulus)``, fast for its case.

    Common keys take one C-implemented encoding, ``int.from_bytes`` and one
    ``%``; a key with a code point wider than the digits takes
    :func:`_evaluate`.
    """
    width, modulus, bucket = scheme.width, scheme.modulus, scheme.bucket
    from_bytes = int.from_bytes
    if width == 1 and scheme.direct:

        def direct_narrow(key: str) -> int:
            try:
                return from_bytes(key.encode("latin-1")) % modulus
            except UnicodeEncodeError:
                return _evaluate(key, 1) % modulus

        return direct_narrow
    if width == 2 and scheme.direct:
        encode = codecs.utf_16_be_encode  # skips the codec registry's look-up

        def direct_wide(key: str) -> int:
            digits = encode(key, "surrogatepass")[0]
            if len(digits) == 2 * len(key):  # no character needed a surrogate pair
                return from_bytes(digits) % modulus
            return _evaluate(key, 2) % modulus

        return direct_wide

    if width == 1:
        size = scheme.size

        def mixed_narrow(key: str) -> int:
            try:
                value = from_bytes(key.encode("latin-1")) % modulus
            except UnicodeEncodeError:
                value = _evaluate(key, 1) % modulus
            value = (value ^ (value >> 30)) * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF
            value = (value ^ (value >> 27)) * 0x94D049BB133111EB & 0xFFFFFFFFFFFFFFFF
            return ((value ^ (value >> 31)) * size) >> 64  # as bucket() does, inlined

        return mixed_narrow

    def general(key: str) -> int:
        return bucket(_evaluate(key, width) % modulus)

    return general


def _evaluate(key: str, width: int) -> int:
    """``P(256**width)`` for ``key``, exactly, evaluated by ``int.from_bytes``.

    >>> _evaluate("ab", 1) == 97 * 256 + 98
    True
    >>> _evaluate("\U0001f600", 2) == 0x1F600
    True
    """
    if width == 1:
        try:
            return int.from_bytes(key.encode("latin-1"))
        except UnicodeEncodeError:
            pass
    # Add up the code points' byte planes, each spread out to the digit
    # width and shifted to its place within a digit (a code point wider than
    # a digit carries into the next one, as the polynomial says it should).
    code_points = key.encode("utf-32-be", "surrogatepass")
    total = 0
    for plane in range(3):  # code points stay below 2**21
        spread = bytearray(width * len(key))
        spread[width - 1 :: width] = code_points[3 - plane :: 4]
        total += int.from_bytes(spread) << (8 * plane)
    return total


def _base_quality(base: int, size: int) -> float:
    """How well ``base`` modulo the prime ``size`` spreads structured keys.

    The worst ratio, over the families of :func:`_families`, of the
    collisions they make to those uniform hashing would make (so below 1 is
    better than chance); infinity when the base's powers cycle too soon or
    the table is too small to judge.  Stops at the first family over the
    limit.
    """
    if not _order_exceeds(base, size, _MIN_BASE_ORDER - 1):
        return math.inf
    worst = -math.inf
    for hashes in _families(base, size, size * 3 // 4):
        expected = expected_collisions(len(hashes), size)
        if expected < _MIN_EXPECTED:
            continue
        worst = max(worst, _collisions(hashes, size) / expected)
        if worst > _FAMILY_LIMIT:
            break
    return worst if worst >= 0 else math.inf


def _order_exceeds(base: int, size: int, bound: int) -> bool:
    """Whether no power ``base**k`` with ``1 <= k <= bound`` is 1 modulo ``size``."""
    power = 1
    for _ in range(bound):
        power = power * base % size
        if power == 1:
            return False
    return True


def _families(base: int, size: int, count: int) -> Iterator[list[int]]:
    """The hashes of families of ``count`` structured keys, under ``base``.

    Numbers counted up in decimal and in hexadecimal -- plain, repeated,
    zero-padded and after a prefix -- and every board string of ``X``,
    ``O`` and space of each short length.  The hashes are built from each
    other by the polynomial's own recurrence, not by hashing strings.
    """
    for digits in ("0123456789", "0123456789abcdef"):
        numbers, lengths = _numerals(digits, base, size, count)
        numbered = list(zip(numbers, lengths, strict=True))
        yield numbers
        longest = max(lengths)
        powers = [pow(base, length, size) for length in range(longest + 1)]
        for repeats in _REPEATS:
            factor = [sum(pow(base, length * j, size) for j in range(repeats)) % size for length in range(longest + 1)]
            yield [value * factor[length] % size for value, length in numbered]
        padding = [_horner(digits[0] * max(_PADDED_DIGITS - length, 0), base, size) for length in range(longest + 1)]
        yield [(value + padding[length] * powers[length]) % size for value, length in numbered]
        for prefix in (_horner(text, base, size) for text in _PREFIXES):
            yield [(value + prefix * powers[length]) % size for value, length in numbered]
    codes = [ord(symbol) for symbol in "XO "]
    boards = [0]
    for _ in _BOARD_LENGTHS:
        boards = [(value * base + code) % size for value in boards[:count] for code in codes]
        yield boards[:count]


def _horner(text: str, base: int, size: int) -> int:
    """``text``'s polynomial at ``base``, modulo ``size``, one character at a time."""
    value = 0
    for character in text:
        value = (value * base + ord(character)) % size
    return value


def _numerals(digits: str, base: int, size: int, count: int) -> tuple[list[int], list[int]]:
    """Hashes and lengths of the numerals 0, 1, 2, ... ``count - 1`` in ``digits``' radix."""
    radix = len(digits)
    codes = [ord(digit) for digit in digits]
    hashes = codes[:count]
    lengths = [1] * len(hashes)
    for number in range(radix, count):
        high, low = divmod(number, radix)
        hashes.append((hashes[high] * base + codes[low]) % size)
        lengths.append(lengths[high] + 1)
    return hashes, lengths


def _collisions(hashes: list[int], size: int) -> int:
    """How many of ``hashes`` land in a bucket an earlier one already took."""
    seen = bytearray(size)
    collisions = 0
    for value in hashes:
        if seen[value]:
            collisions += 1
        else:
            seen[value] = 1
    return collisions


def expected_collisions(records: int, buckets: int) -> float:
    """The mean number of collisions when ``records`` keys fall uniformly at random into ``buckets``.

    ``n - m * (1 - (1 - 1/m)**n)``: every record collides except the first in
    each occupied bucket, and a bucket stays empty with probability
    ``(1 - 1/m)**n``.  Computed with ``expm1``/``log1p`` to stay exact for
    large tables.

    >>> expected_collisions(3, 1)
    2.0
    >>> round(expected_collisions(10_000, 13_441), 1)
    2946.2
    """
    if records == 0:
        return 0.0
    if buckets == 1:  # log1p(-1) is -infinity: every record but the first collides
        return float(records - 1)
    return records + buckets * math.expm1(records * math.log1p(-1 / buckets))


# The scheme of the table size polynomial_hash was last asked about.
_recent = scheme_for(1)
