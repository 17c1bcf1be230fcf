"""The languages a submission may be written in, each a plug-in behind one protocol, chosen once a submission.

:mod:`~tictactoe.grade.languages.protocol` says what a language is to the
grader (where its files sit, how it is compiled and started, which handout
files it gets, what its policy reads); :mod:`~tictactoe.grade.languages.java`
and :mod:`~tictactoe.grade.languages.python` are the two the grader comes
with (the Java driver's sources lie in ``java_driver/``, the course's Java
handout in ``java_handout/``, and the Python driver, a script that imports
nothing of this project, is :mod:`~tictactoe.grade.languages.python_driver`);
:mod:`~tictactoe.grade.languages.registry` lists them, with any other
registered beside them.  A class of Java submissions shares one warm
javac (:mod:`~tictactoe.grade.languages.warm_javac`).
"""
