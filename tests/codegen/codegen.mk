## tests/codegen: the generated code builds. names.sh pins how Green-Marl
## names become C names (keywords, header guards, foreign code).
# build_all.sh: every accepted program's OpenMP output compiles with gcc and
# clang, -Wall -Wextra -Werror (tests/cuda/compile_all.sh: nvcc);
# first: the longest test of make check.
TESTS += tests/codegen/build_all.sh
EXTRA_DIST += tests/codegen/build_all.sh tests/codegen/entry_retry.awk tests/codegen/coll_of_coll.gm tests/codegen/prop_in_loop.gm
# header_batch.sh: build_all.sh's batched g++ check of the headers reports
# exactly the headers that fail alone
TESTS += tests/codegen/header_batch.sh
EXTRA_DIST += tests/codegen/header_batch.sh
TESTS += tests/codegen/names.sh
EXTRA_DIST += tests/codegen/names.sh tests/codegen/keywords.gm tests/codegen/pagerank-bsp.gm \
	tests/codegen/2hop.gm tests/codegen/foreign_name.gm tests/codegen/main_locals.gm
# same_output.sh: gmc's output (-t omp/cuda, with and without --main,
# --report, --dump=opt) for every accepted program hashes as committed in
# same_output.expected; a commit that changes the output runs --update.
TESTS += tests/codegen/same_output.sh
EXTRA_DIST += tests/codegen/same_output.sh
EXTRA_DIST += tests/codegen/same_output.expected
# layering.sh: the shared emitter gm_cgen/ stays target-neutral (no
# in_kernel, em->hooks, gmcu_ text, backend header or backend call).
TESTS += tests/codegen/layering.sh
EXTRA_DIST += tests/codegen/layering.sh
