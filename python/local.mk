## python: the Python package gmc (pure Python over libgmrt and gmc; README
## "Python"). make install copies it to $(GMC_PYTHONDIR)/gmc (configure
## --with-pythondir) and writes _config.py there with the install folders,
## so the installed package finds the installed gmc and libgmrt.
gmcpythondir = $(GMC_PYTHONDIR)/gmc
# one file a line, so that additions merge cleanly
dist_gmcpython_DATA = python/gmc/__init__.py
dist_gmcpython_DATA += python/gmc/_compile.py
dist_gmcpython_DATA += python/gmc/_graph.py
dist_gmcpython_DATA += python/gmc/_proc.py
dist_gmcpython_DATA += python/gmc/_runtime.py
EXTRA_DIST += python/gmc/_config.py
EXTRA_DIST += python/pyproject.toml
install-data-hook: gmc-python-config
gmc-python-config:
	$(MKDIR_P) '$(DESTDIR)$(gmcpythondir)'
	{ echo '# _config.py: written by make install (python/local.mk).'; \
	  echo 'BINDIR = "$(bindir)"'; \
	  echo 'LIBDIR = "$(libdir)"'; \
	  echo 'INCLUDEDIR = "$(includedir)"'; } > '$(DESTDIR)$(gmcpythondir)/_config.py'
uninstall-hook: gmc-python-unconfig
gmc-python-unconfig:
	rm -f '$(DESTDIR)$(gmcpythondir)/_config.py'
.PHONY: gmc-python-config gmc-python-unconfig
