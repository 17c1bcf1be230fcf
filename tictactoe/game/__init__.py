"""A game as data: turns, results, undo and redo, tallies, history; no printing."""
