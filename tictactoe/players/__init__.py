"""Every way to choose a move, behind one small protocol."""
