"""Everything the project grows around the assignment's two packages, one subpackage per concern.

``hashdict`` (the dictionary) and ``configurations`` (the board, its
lines and the reference search) are the assignment's own and stay
top-level.  Here, from the top floor down -- a module imports from its own floor and
the floors below, never above, as ``[tool.importlinter]`` in
``pyproject.toml`` says and CI checks::

    cli          every program: play (and its history modes), testdict, testplay, report, solver,
                 proofcheck, gamegraph, prover, grade, brain
    ui           what a person meets: ui.terminal (the conversation) and ui.window (Tk)
    game | grade | brain
                 a game, a session, records, the history (SQLite), SGF, replay, reviews, tournaments;
                 grading other people's submissions of the assignment; the strong player over the
                 Gomoku AI protocol of Piskvork and Gomocup
    players      every way to choose a move, behind one protocol
    solver | gamegraph | harness | hashreport | proofcheck
                 the searches that decide positions; the 3x3 game graph; TestDict's and TestPlay's
                 tests and case files; the hash report's figures and key sources; the certificate
                 checker, with rules of its own
    configurations, hashdict

Nothing is imported here.
"""

#: The project's version, which every program's ``--version`` shows and packaging reads.
__version__ = "0.2.0"
