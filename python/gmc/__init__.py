"""gmc: Green-Marl procedures compiled by gmc, called from Python on NumPy,
SciPy and NetworkX graphs.

    import gmc
    pr = gmc.compile("pagerank.gm")               # cached like `gmc run`
    G = gmc.Graph.from_networkx(nxg)              # labels kept
    res = pr(G, e=1e-7, d=0.85, max_iter=100)
    res.rank, res.as_dict("rank"), res.time_ms

See README.md ("Python") for the details.
"""

from ._compile import CompileError, Diagnostic, compile
from ._graph import Graph, GraphError, load
from ._proc import DeviceError, OutOfMemory, Procedure, Result, RunError
from ._runtime import RuntimeNotFound

__version__ = "0.1"
__all__ = ["compile", "CompileError", "Diagnostic", "Graph", "GraphError", "load", "Procedure",
           "Result", "DeviceError", "RunError", "OutOfMemory", "RuntimeNotFound"]
