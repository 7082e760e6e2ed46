## gm_runtime: libgmrt (graph, formats, generators, collections) and gmgraph.
