"""Tests of bench.tune_weights: the fit's score of a position is the search's own, only quiet positions are fitted,
and the fit moves only the weights it may, lowering the log-loss."""

from __future__ import annotations

from bench.tune_weights import FOURS, MOVER_OPEN_THREE, fit_weights, log_loss, positions, present_weights
from configurations.symbols import Winner
from tictactoe.solver.geometry import geometry
from tictactoe.solver.patterns import LinePatterns


def square(row: int, col: int) -> int:
    return row * 15 + col


# Stones far apart and pairs, no three: every position is quiet.
SCATTERED = [square(*at) for at in ((7, 7), (0, 0), (7, 8), (14, 14), (3, 10), (0, 14), (10, 3), (14, 0), (5, 5))]
SCATTERED += [square(9, 9)]


def test_each_position_s_score_is_the_worth_the_search_gives_it() -> None:
    found = list(positions(SCATTERED, Winner.O))
    assert len(found) == len(SCATTERED) - 4  # from the fourth ply on
    weights = present_weights()
    for ply, (features, result) in enumerate(found, 4):
        tiles = [sum(1 << at for at in SCATTERED[side:ply:2]) for side in (0, 1)]
        patterns = LinePatterns(geometry(15, 15, 5), x_tiles=tiles[0], o_tiles=tiles[1])
        assert sum(w * f for w, f in zip(weights, features, strict=True)) == patterns.worth(ply % 2)
        assert result == (1.0 if ply % 2 else 0.0)  # O won: a win for O to move, a loss for X


def test_a_position_where_the_mover_has_an_open_three_is_left_out() -> None:
    # X builds h8 i8 j8 k8 in a row while O plays in the corners: at the fourth ply X has an open two, at the
    # fifth O faces X's open three (quiet for O), at the sixth X has it (left out).
    moves = [square(7, 7), square(0, 0), square(7, 8), square(0, 14), square(7, 9), square(14, 0), square(7, 10)]
    found = list(positions(moves, Winner.X))
    assert [result for _, result in found] == [1.0, 0.0]
    assert found[1][0][8 + 2] == -2  # O to move: the other's open threes, .XXX.. and ..XXX., as negated counts


def test_the_fit_lowers_the_loss_and_holds_the_fours_and_the_mover_s_open_three() -> None:
    # The mover wins where it has more open twos than the other: the fit weighs open twos more.
    data = []
    for mine in range(4):
        for theirs in range(4):
            features = [0] * 16
            features[1], features[9] = mine, -theirs
            data += [(features, 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5)] * 3
    start = present_weights()
    fitted = fit_weights(data, start, 1000.0)
    assert log_loss(data, fitted, 1000.0) < log_loss(data, start, 1000.0)
    assert fitted[1] > start[1]
    assert fitted[9] > start[9]
    assert [fitted[index] for index in (*FOURS, MOVER_OPEN_THREE)] == [start[i] for i in (*FOURS, MOVER_OPEN_THREE)]


def test_a_stronger_ridge_keeps_the_weights_nearer_their_present_values() -> None:
    data = [([0, mine, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], float(mine > 1)) for mine in range(4)] * 5
    start = present_weights()
    loose, tight = fit_weights(data, start, 1000.0, ridge=1e-4), fit_weights(data, start, 1000.0, ridge=1.0)
    assert abs(tight[1] - start[1]) < abs(loose[1] - start[1])
