#!/bin/sh
# Piece 2 of 3 of compile_all.sh (make check runs the pieces in parallel; tests/shard.sh).
GMC_TEST_SHARD=2/3 exec sh "$(dirname "$0")/compile_all.sh" "$@"
