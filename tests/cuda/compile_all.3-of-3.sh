#!/bin/sh
# Piece 3 of 3 of compile_all.sh (make check runs the pieces in parallel; tests/shard.sh).
GMC_TEST_SHARD=3/3 exec sh "$(dirname "$0")/compile_all.sh" "$@"
