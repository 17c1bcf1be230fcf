"""The grader's report formats, one module each: text (docs/grading.md), a JSON list, JUnit XML, Gradescope's
``results.json``, and the gradebook CSV with the weights it reads.  Each turns results into text; none prints."""
