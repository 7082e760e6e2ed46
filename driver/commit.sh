#!/bin/sh
# commit.sh SRCDIR: prints the commit gmc is built from, for --version.
# From git in a checkout (with -dirty for uncommitted changes), else from
# driver/COMMIT, which `make dist` writes into the tarball, else "unknown".
src=${1:-.}
if [ -e "$src/.git" ] && command -v git >/dev/null 2>&1 &&
   c=$(git -C "$src" rev-parse --short=12 HEAD 2>/dev/null) && [ -n "$c" ]; then
    # --no-optional-locks: never take index.lock behind a developer's back.
    git -C "$src" --no-optional-locks diff-index --quiet HEAD -- 2>/dev/null || c="$c-dirty"
    echo "$c"
elif [ -s "$src/driver/COMMIT" ]; then
    head -n 1 "$src/driver/COMMIT"
else
    echo unknown
fi
