## tests/golden: the Green-Marl corpus (accept/, reject/, warn/) and its runner;
## the runner also checks every program of apps/ (see tests/golden/run).
TESTS += tests/golden/run.1-of-2.sh tests/golden/run.2-of-2.sh
dist_noinst_SCRIPTS += tests/golden/run tests/golden/run.1-of-2.sh tests/golden/run.2-of-2.sh
# Whole folders: every .gm and every dump golden (.parse.out, .desugar.out).
EXTRA_DIST += tests/golden/README.md tests/golden/accept tests/golden/reject tests/golden/warn
