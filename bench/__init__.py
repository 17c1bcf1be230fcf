"""Benchmarks: the search workloads and the dictionary's speed, as fixed-width tables.

Run ``python -m bench`` (``--quick`` for fewer runs); the results of a full
run are kept in ``bench/results.txt`` so that a change shows in the diff.
``python -m bench.history`` times the game history at 10 000 games; its
results are kept in ``bench/history_results.txt``.
"""
