# _config.py: where the package finds gmc and libgmrt when it was installed by
# `make install` (which rewrites this file with the configured directories).
# In a source tree or a pip install every entry is None: the package then
# looks at $GMC, then `gmc` on PATH (see _runtime.py).
BINDIR = None
LIBDIR = None
INCLUDEDIR = None
