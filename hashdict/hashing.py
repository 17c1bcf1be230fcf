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
character can update a hash in O(1) (see :meth:`HashScheme.weight`).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

__all__ = ["HashScheme", "polynomial_hash", "scheme_for"]

#: The prime modulus of the mixed form: the largest prime below 2**64,
#: so that 256 has an enormous multiplicative order and no power of two
#: lines up with it the way one does with a Mersenne prime.
MIX_MODULUS = 18_446_744_073_709_551_557
_MASK64 = (1 << 64) - 1

# Digit widths tried for the direct form, cheapest first.  Wider digits
# make longer integers, and so slower hashing, for no further gain.
_WIDTHS = (1, 2, 3, 4)
# Alphabets whose short runs make up the keys people store: decimal
# numbers, hexadecimal ids, and board strings.
_ALPHABETS = ("0123456789", "0123456789abcdef", "XO ")
# A base is kept only if every grid of those alphabets lands on at most
# this fraction of the collisions uniform hashing would make.
_GRID_LIMIT = 1.0
# Grids whose uniform expectation is below this are too small to judge.
_MIN_EXPECTED = 8.0
# Grids are cut at this many keys, which keeps choosing a scheme for a
# large table quick while the expected collision count stays in hundreds.
_MAX_GRID_KEYS = 1 << 15
# Grids of up to this many characters are checked.
_MAX_GRID_POSITIONS = 8
# The powers of the base must not cycle within keys this long: a key whose
# length is a multiple of the cycle can have every character weighed alike.
_MIN_BASE_ORDER = 101


@dataclass(frozen=True, slots=True)
class HashScheme:
    """How keys are hashed for one table size.

    ``modulus`` is the size itself (direct form) or ``MIX_MODULUS`` (mixed
    form).  The hash of a key is ``bucket(P(256**width) % modulus)``.

    >>> scheme_for(13441)
    HashScheme(size=13441, width=2, modulus=13441)
    >>> scheme_for(8191).modulus == MIX_MODULUS
    True
    """

    size: int
    width: int
    modulus: int

    @property
    def base(self) -> int:
        """The polynomial's base ``256**width`` reduced by ``modulus``."""
        return pow(256, self.width, self.modulus)

    def weight(self, position: int, length: int) -> int:
        """What one unit of code point at ``position`` adds before the final ``% size``.

        For a key of ``length`` characters, ``(sum(ord(c) * weight(i, length)
        for i, c in enumerate(key)) % modulus) % size`` equals the key's hash,
        so changing one character changes the inner sum by a known amount.

        >>> s = scheme_for(13441)
        >>> key = "XO X"
        >>> total = sum(ord(c) * s.weight(i, 4) for i, c in enumerate(key))
        >>> total % s.modulus % s.size == polynomial_hash(key, 13441)
        True
        """
        return pow(self.base, length - 1 - position, self.modulus)

    def hash(self, key: str) -> int:
        """The key's bucket, ``0 <= h < size``.  Runtime complexity: O(len(key))."""
        return self.bucket(_evaluate(key, self.width) % self.modulus)

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
    2906
    >>> polynomial_hash("", 7)
    0
    """
    if not isinstance(key, str):
        raise TypeError(f"key must be a str, not {type(key).__name__}: {key!r}")
    return scheme_for(table_size).hash(key)


@functools.lru_cache(maxsize=64)
def scheme_for(table_size: int) -> HashScheme:
    """The :class:`HashScheme` used for tables of ``table_size`` buckets.

    For a prime size, the direct form with the width whose base spreads the
    structured grids best (see :func:`_base_quality`), if any base passes;
    otherwise the mixed form.  Runtime: a few milliseconds per new size.
    """
    if isinstance(table_size, bool) or not isinstance(table_size, int):
        raise TypeError(f"table size must be an int, not {type(table_size).__name__}: {table_size!r}")
    if table_size < 1:
        raise ValueError(f"table size must be at least 1, got {table_size!r}")
    best: tuple[float, int] | None = None
    if _is_prime(table_size):
        for width in _WIDTHS:
            quality = _base_quality(pow(256, width, table_size), table_size)
            if quality <= _GRID_LIMIT and (best is None or quality < best[0]):
                best = (quality, width)
    if best is None:
        return HashScheme(table_size, 1, MIX_MODULUS)
    return HashScheme(table_size, best[1], table_size)


def _evaluate(key: str, width: int) -> int:
    """``P(256**width)`` for ``key``, exactly, evaluated by ``int.from_bytes``."""
    if width == 1:
        try:
            return int.from_bytes(key.encode("latin-1"), "big")
        except UnicodeEncodeError:
            pass
    elif width == 2:
        digits = key.encode("utf-16-be", "surrogatepass")
        if len(digits) == 2 * len(key):  # no character needed a surrogate pair
            return int.from_bytes(digits, "big")
    elif width == 4:
        return int.from_bytes(key.encode("utf-32-be", "surrogatepass"), "big")
    # A code point wider than the digits: add up its byte planes, each
    # spread out to the digit width, shifted to its place in the digit.
    code_points = key.encode("utf-32-be", "surrogatepass")
    total = 0
    for plane in range(4):
        spread = bytearray(width * len(key))
        spread[width - 1 :: width] = code_points[3 - plane :: 4]
        total += int.from_bytes(spread, "big") << (8 * plane)
    return total


def _base_quality(base: int, size: int) -> float:
    """How ``base`` modulo the prime ``size`` spreads structured keys: the
    worst ratio of grid collisions to uniform hashing's, or infinity when
    the base's powers cycle too soon.
    """
    if not _order_exceeds(base, size, _MIN_BASE_ORDER - 1):
        return math.inf
    ratios = [ratio for alphabet in _ALPHABETS for ratio in _grid_ratios(alphabet, base, size)]
    return max(ratios, default=math.inf)  # a table too small to judge gets the mixed form


def _order_exceeds(base: int, size: int, bound: int) -> bool:
    """Whether no power ``base**k`` with ``1 <= k <= bound`` is 1 modulo ``size``."""
    power = 1
    for _ in range(bound):
        power = power * base % size
        if power == 1:
            return False
    return True


def _grid_ratios(alphabet: str, base: int, size: int) -> list[float]:
    """Collisions of every string of 1, 2, 3, ... characters from ``alphabet``,
    each length against uniform hashing.

    Grids are cut at three quarters of the table (or ``_MAX_GRID_KEYS``), in counting order, the way
    numbered keys fill a table; grids too small to judge are left out.
    """
    limit = min(size * 3 // 4, _MAX_GRID_KEYS)
    codes = [ord(c) for c in alphabet]
    ratios = []
    values = [0]
    for _ in range(_MAX_GRID_POSITIONS):
        values = [(v * base + c) % size for v in values for c in codes]
        cut = len(values) > limit
        if cut:
            values = values[:limit]
        expected = _uniform_collisions(len(values), size)
        if expected >= _MIN_EXPECTED:
            seen = bytearray(size)
            collisions = 0
            for v in values:
                if seen[v]:
                    collisions += 1
                else:
                    seen[v] = 1
            ratios.append(collisions / expected)
        if cut:
            break
    return ratios


def _uniform_collisions(records: int, buckets: int) -> float:
    """Expected collisions for ``records`` keys under uniform random hashing."""
    return records - buckets * (1 - (1 - 1 / buckets) ** records)


def _is_prime(n: int) -> bool:
    if n < 2:
        return False
    for p in (2, 3, 5, 7, 11, 13):
        if n % p == 0:
            return n == p
    return all(n % p for p in range(17, math.isqrt(n) + 1, 2))
