"""The grader's report formats, one module each: :mod:`~tictactoe.grade.formats.text` (docs/grading.md), a JSON
list (:mod:`~tictactoe.grade.formats.json_list`), JUnit XML (:mod:`~tictactoe.grade.formats.junit`), Gradescope's
``results.json`` (:mod:`~tictactoe.grade.formats.gradescope`), and the gradebook CSV with the weights it reads
(:mod:`~tictactoe.grade.formats.gradebook`); what every report says of a run, its seed and its sandbox, is
:mod:`~tictactoe.grade.formats.run`.  Each turns results into text; none prints."""
