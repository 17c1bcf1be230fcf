"""Solves split into jobs: questions of sub-positions, each answered by a search of its own within a budget of
positions, put together as one alpha-beta search (docs/proofs.md).

* :mod:`.job`: one job and the search that answers it, the same wherever it
  runs.
* :mod:`.coordinator`: :class:`~tictactoe.solver.jobs.coordinator.JobSolve`,
  the solve that hands out the jobs its search needs and takes in their
  answers, over the tree of positions and answers of :mod:`.tree`.
* :mod:`.runners`: where the jobs run -- this process, a pool of local
  processes, or a Dask cluster, each cluster worker set up by
  :mod:`.cluster_plugin` (imported only where dask is).
* :mod:`.answers`: the resume file that keeps every answer, read back only
  once its proof is checked.
"""
