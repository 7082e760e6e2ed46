#!/bin/sh
# Piece 1 of 2 of sanitize.sh (distcheck runs the pieces in parallel; tests/shard.sh).
GMC_TEST_SHARD=1/2 exec sh "$(dirname "$0")/sanitize.sh" "$@"
