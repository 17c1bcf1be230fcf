"""A hand-written dictionary: a hash table with separate chaining and a
polynomial string hash, storing board configurations and their scores.

>>> from hashdict import Data, HashDictionary
>>> table = HashDictionary(13441)
>>> table.put(Data("answer", 42)), table.get("answer")
(0, 42)
"""

from hashdict.adt import DictionaryADT, DictionaryException
from hashdict.hash_dictionary import HashDictionary
from hashdict.hashing import polynomial_hash
from hashdict.record import Data

__all__ = ["Data", "DictionaryADT", "DictionaryException", "HashDictionary", "polynomial_hash"]
