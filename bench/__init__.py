"""Benchmarks: the search workloads and the dictionary's speed, as fixed-width tables.

Run ``python -m bench`` (``--quick`` for fewer runs); ``python -m bench
--write`` also writes the tables to ``bench/results.txt``, where the results
of a full run are kept so that a change shows in the diff.
"""
