"""Every way to choose a move, behind one small protocol (:class:`~tictactoe.players.base.Player`).

The players of docs/players.md by name (:mod:`~tictactoe.players.registry`), each
a :class:`~tictactoe.players.base.ComputerPlayer` in a module of its own:
the assignment's search (:mod:`~tictactoe.players.reference`), its sound
table (:mod:`~tictactoe.players.sound`), the best engine
(:mod:`~tictactoe.players.strong`, with its part in a swap opening:
:mod:`~tictactoe.players.swap`), the 3x3 graph
(:mod:`~tictactoe.players.perfect`) and rules
(:mod:`~tictactoe.players.rules`), one-ply line weights
(:mod:`~tictactoe.players.weights`); difficulty by name
(:mod:`~tictactoe.players.levels`), and the prover that walks every 3x3
game a player can meet (:mod:`~tictactoe.players.prover`).
"""
