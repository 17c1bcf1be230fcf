"""Every program of the project: argument parsing, what is printed, and the exit status, and nothing else.

One module a program, each runnable as ``python -m tictactoe.cli.NAME``:
:mod:`~tictactoe.cli.play` (``play.py``), :mod:`~tictactoe.cli.history`
(its ``--history``/``--replay``/``--export``/``--import`` modes),
:mod:`~tictactoe.cli.testdict` and :mod:`~tictactoe.cli.testplay` (the
graders), :mod:`~tictactoe.cli.report` (the hash report),
:mod:`~tictactoe.cli.solver` (``python -m tictactoe.solver``),
:mod:`~tictactoe.cli.gamegraph` (``python -m tictactoe.gamegraph``),
:mod:`~tictactoe.cli.prover`, :mod:`~tictactoe.cli.brain` (``python -m
tictactoe.brain``, the Gomoku AI protocol), :mod:`~tictactoe.cli.grade`
(``python -m tictactoe.grade``) and :mod:`~tictactoe.cli.proofcheck`
(``python -m tictactoe.proofcheck``).  They share their argparse types
(:mod:`~tictactoe.cli.arguments`), how a program ends
(:mod:`~tictactoe.cli.exits`) and the check of the Python version
(:mod:`~tictactoe.cli.python_version`).  Only programs choose exit
statuses; the libraries below raise or hand back what happened.
"""
