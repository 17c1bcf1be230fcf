"""Benchmarks: the search workloads and the dictionary's speed, as fixed-width tables.

Run ``python -m bench`` (``--quick`` for fewer runs); the results of a full
run are kept in ``bench/results.txt`` so that a change shows in the diff.
"""
