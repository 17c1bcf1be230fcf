"""Every way to choose a move, behind one small protocol (:class:`~tictactoe.players.base.Player`).

The players of docs/players.md by name (:mod:`~tictactoe.players.registry`), each
a :class:`~tictactoe.players.base.ComputerPlayer` in a module of its own,
and the prover that walks every 3x3 game a player can meet
(:mod:`~tictactoe.players.prover`).
"""
