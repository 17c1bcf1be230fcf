"""The graders' tests and case files: TestDict's ten tests and TestPlay's cases (docs/dictionary.md).

TestDict's tests are :mod:`~tictactoe.harness.dict_tests`, TestPlay's cases and their files
:mod:`~tictactoe.harness.play_cases`.  Their programs are :mod:`tictactoe.cli.testdict` and
:mod:`tictactoe.cli.testplay`.
"""
