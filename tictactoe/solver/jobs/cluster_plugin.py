"""The Dask worker plugin that gives each worker process of a cluster one job's resource (the cluster extra).

Imported only where dask is: by :class:`~tictactoe.solver.jobs.runners.DaskCluster`
when a solve asks for a cluster, and by each worker, which unpickles the
plugin.  With one :data:`RESOURCE` a worker and one needed by each job, a
worker runs one job at a time however many threads it has: the solver is
pure Python and holds its core, so a second thread would only slow both.
"""

from __future__ import annotations

from typing import Any

import distributed

__all__ = ["RESOURCE", "OneJobEach"]

#: The Dask resource a job holds.
RESOURCE = "tictactoe-solve"


class OneJobEach(distributed.WorkerPlugin):  # type: ignore[misc]  # dask is untyped
    """Gives its worker one :data:`RESOURCE`, when the plugin is registered and when the worker joins later."""

    async def setup(self, worker: Any) -> None:
        await worker.set_resources(**{RESOURCE: 1})
