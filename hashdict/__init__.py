"""A hand-written dictionary: a hash table with separate chaining and a
polynomial string hash, storing board configurations and their scores.

>>> from hashdict import Data, HashDictionary
>>> table = HashDictionary(13441)
>>> table.put(Data("answer", 42)), table.get("answer")
(0, 42)

How the chains are laid out is this package's own business.  A search that
changes one character of its key at a time uses
:meth:`HashDictionary.fast_path` instead of ``get`` and ``put``: it keeps
each key's hash value up to date with an :class:`IncrementalHash` and
probes and stores by that value, without hashing the key again.
:func:`table_size_for` (or :meth:`HashDictionary.for_records`) picks a
table size for an expected number of records.

The package holds the dictionary and nothing else: its interface and
exception (:mod:`hashdict.adt`), its record and the check of a whole
number (:mod:`hashdict.record`), the table (:mod:`hashdict.hash_dictionary`)
and its hash (:mod:`hashdict.hashing`).  It knows nothing of games.
"""

from hashdict.adt import DictionaryADT, DictionaryException, TableFullError
from hashdict.hash_dictionary import FastPath, HashDictionary
from hashdict.hashing import IncrementalHash, is_prime, polynomial_hash, table_size_for
from hashdict.record import Data, require_int

__all__ = [
    "Data",
    "DictionaryADT",
    "DictionaryException",
    "FastPath",
    "HashDictionary",
    "IncrementalHash",
    "TableFullError",
    "is_prime",
    "polynomial_hash",
    "require_int",
    "table_size_for",
]
