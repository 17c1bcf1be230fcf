"""The graders' tests and case files: TestDict's ten tests and TestPlay's cases (docs/dictionary.md).

Their programs are :mod:`tictactoe.cli.testdict` and :mod:`tictactoe.cli.testplay`.
"""
