"""A hand-written dictionary: a hash table with separate chaining and a
polynomial string hash, storing board configurations and their scores.

>>> from hashdict import Data, HashDictionary
>>> table = HashDictionary(13441)
>>> table.put(Data("answer", 42)), table.get("answer")
(0, 42)
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
