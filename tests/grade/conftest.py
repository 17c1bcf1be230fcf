"""The grader's tests: its fixtures are submissions to grade, never modules for pytest to collect or import."""

collect_ignore = ["fixtures"]
