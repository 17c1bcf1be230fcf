"""Solve k-in-a-row positions: who wins with perfect play, and a move that gets it (SPEC §8)."""
