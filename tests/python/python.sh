#!/bin/sh
# tests/python/python.sh: the Python package (python/gmc) against NetworkX and
# SciPy (test_gmc.py), run by Debian's /usr/bin/python3 with the package from
# the source tree and this build's gmc. Skips (77) without python3, NumPy,
# SciPy or NetworkX, saying which is missing.
: "${GMC_SRCDIR:?}" "${GMC:?}"
py=${GMC_PYTHON:-/usr/bin/python3}
if [ ! -x "$py" ]; then
    echo "SKIP: no $py"
    exit 77
fi
for m in numpy scipy networkx; do
    if ! "$py" -c "import $m" 2>/dev/null; then
        echo "SKIP: $py cannot import $m (apt-get install python3-$m)"
        exit 77
    fi
done
if [ ! -e "$(dirname "$GMC")/.libs/libgmrt.so" ]; then
    echo "SKIP: no shared libgmrt in the build tree (configured with --disable-shared)"
    exit 77
fi
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
XDG_CACHE_HOME="$tmp/cache" PYTHONPATH="$GMC_SRCDIR/python" PYTHONDONTWRITEBYTECODE=1 \
    "$py" "$GMC_SRCDIR/tests/python/test_gmc.py" "$@"
