## tests/python: the Python package (python/gmc) and gmc --dump=signature.
# one script a line, so that additions merge cleanly
TESTS += tests/python/signature.sh
EXTRA_DIST += tests/python/signature.sh
EXTRA_DIST += tests/python/sig_types.gm
EXTRA_DIST += tests/python/sig_types.json
TESTS += tests/python/python.sh
EXTRA_DIST += tests/python/python.sh
EXTRA_DIST += tests/python/test_gmc.py
EXTRA_DIST += tests/python/every_app.py
TESTS += tests/python/tutorial.sh
EXTRA_DIST += tests/python/tutorial.sh
