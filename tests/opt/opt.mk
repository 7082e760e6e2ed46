## tests/opt: golden --dump=PASS tests of the gm_opt passes (one .gm and its
## .expected per case), and the check that apps/ and the accepted corpus
## survive every pass alone, all passes, and -O0 (see tests/opt/run).
TESTS += tests/opt/run
dist_noinst_SCRIPTS += tests/opt/run
# The whole folder: every NAME.gm with its NAME.expected.
EXTRA_DIST += tests/opt
