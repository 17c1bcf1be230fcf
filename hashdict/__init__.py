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

Two modules serve every layer rather than the dictionary, since every
package imports this one: :mod:`hashdict.basics` (the value-class base and
small checks) and :mod:`hashdict.exits` (how every program ends).
"""

from hashdict.adt import DictionaryADT, DictionaryException
from hashdict.hash_dictionary import FastPath, HashDictionary
from hashdict.hashing import IncrementalHash, polynomial_hash, table_size_for
from hashdict.record import Data

__all__ = [
    "Data",
    "DictionaryADT",
    "DictionaryException",
    "FastPath",
    "HashDictionary",
    "IncrementalHash",
    "polynomial_hash",
    "table_size_for",
]
