"""The graders' tests and case files: TestDict's ten tests (SPEC §5) and TestPlay's cases (SPEC §6).

Their programs are :mod:`tictactoe.cli.testdict` and :mod:`tictactoe.cli.testplay`.
"""
