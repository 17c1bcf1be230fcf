"""Grading other implementations of the assignment (docs/grading.md): Java or Python submissions, one or a whole class.

A submission is a directory holding someone else's ``HashDictionary`` and
``Configurations``.  The grader copies it to a temporary directory, runs its
code in a process of its own under limits of time, memory and output
(:mod:`~tictactoe.grade.limits`), and speaks to that process over a line
protocol on pipes that a per-run nonce authenticates
(:mod:`~tictactoe.grade.channel`): TestDict's ten tests, forced collisions,
and the board and play cases of TestPlay and of case files
(:mod:`~tictactoe.grade.suite`).  The Java side is a driver written in Java
(``java/*.java``, compiled by :mod:`~tictactoe.grade.java`), the Python side a
small script that imports nothing of this project
(:mod:`~tictactoe.grade.python_driver`, started by
:mod:`~tictactoe.grade.python_runner`).  :mod:`~tictactoe.grade.grader` runs
the tests of one submission, and of a class in parallel; the report formats
live in :mod:`tictactoe.grade.formats`.  Nothing here prints: the program is
:mod:`tictactoe.cli.grade`.

This is isolation, not a sandbox: the submission's code runs as the user who
runs the grader and could read or write anything that user can.
"""
