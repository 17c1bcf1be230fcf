"""Benchmarks, apart from the tests, each printing fixed-width tables whose results are committed.

``python -m bench`` times the search workloads and the dictionary
(``--quick`` for fewer runs; ``--write`` also writes the tables to
``bench/results.txt``).  ``python -m bench.gamegraph`` times the 3x3 game
graph and the prover, ``python -m bench.history`` the game history at
10 000 games; their results are kept beside them as ``*_results.txt``.
``python -m bench.rating`` plays the strong player against outside engines
(:mod:`bench.peers`, the ``.[peers]`` extra) and keeps its games as SGF in
``bench/rating_games/``.
"""
