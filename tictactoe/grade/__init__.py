"""Grading other implementations of the assignment (docs/grading.md): Java or Python submissions, one or a whole class.

A submission is a directory holding someone else's ``HashDictionary`` and
``Configurations``, wherever below it they sit (:mod:`~tictactoe.grade.finder`,
which unpacks a zip handed in with :mod:`~tictactoe.grade.archives`, and names
another year's variant of the assignment with :mod:`~tictactoe.grade.yearly`).  The
grader copies it (:mod:`~tictactoe.grade.submission`), runs its code in processes of
its own inside a sandbox (:mod:`~tictactoe.grade.sandbox`: bubblewrap, an
unprivileged account, or none for trusted code), one control group a
submission holding its memory and processes (:mod:`~tictactoe.grade.cgroups`)
under the limits of :mod:`~tictactoe.grade.limits`, and speaks to its
process over pipes (:mod:`~tictactoe.grade.channel`).  That process only
performs what the grader asks and reports raw observations
(:mod:`~tictactoe.grade.observations`); every verdict is decided here, in
the grader's own process, by the tests (:mod:`~tictactoe.grade.suite`; what a
test is and what it works with, :mod:`~tictactoe.grade.talk`, naming the
submission's calls in its language's words, :mod:`~tictactoe.grade.words`):
TestDict's ten and the forced ones (:mod:`~tictactoe.grade.dictionary_tests`),
board and play cases (:mod:`~tictactoe.grade.board_tests`), randomized tests
from one seed a run (:mod:`~tictactoe.grade.random_tests`), the course's
policy (:mod:`~tictactoe.grade.policy`, which reads Java's compiled classes with
:mod:`~tictactoe.grade.classfile`), and hidden cases.  Each language is a
plug-in of :mod:`tictactoe.grade.languages`, chosen once a submission:
Java's driver is written in Java and compiled once a run, Python's is a
small script that imports nothing of this project.  :mod:`~tictactoe.grade.grader` grades
one submission, and a class in parallel (:mod:`~tictactoe.grade.runner` runs
one submission's tests); what it found is :mod:`~tictactoe.grade.results`,
weighed by :mod:`~tictactoe.grade.weights`, and the report formats live in
:mod:`tictactoe.grade.formats`.  Nothing here prints: the program is
:mod:`tictactoe.cli.grade`.
"""
