## tests/codegen: the generated code builds. names.sh pins how Green-Marl
## names become C names (keywords, header guards, foreign code).
TESTS += tests/codegen/names.sh
EXTRA_DIST += tests/codegen/names.sh tests/codegen/keywords.gm tests/codegen/pagerank-bsp.gm \
	tests/codegen/2hop.gm tests/codegen/foreign_name.gm
