#!/bin/sh
# tutorial.sh: the example of docs/python.md (its first ```python block) runs as
# written, from the source tree, with this build's gmc: the tutorial's asserts
# compare the answers with NetworkX. Skips (77) without NumPy or NetworkX.
: "${GMC_SRCDIR:?}" "${GMC:?}"
py=${GMC_PYTHON:-/usr/bin/python3}
for m in numpy networkx; do
    "$py" -c "import $m" 2>/dev/null || { echo "SKIP: $py cannot import $m"; exit 77; }
done
if [ ! -e "$(dirname "$GMC")/.libs/libgmrt.so" ]; then
    echo "SKIP: no shared libgmrt in the build tree (configured with --disable-shared)"
    exit 77
fi
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
awk '/^```python$/ { on = 1; next } on && /^```$/ { exit } on' "$GMC_SRCDIR/docs/python.md" >"$tmp/tutorial.py"
[ -s "$tmp/tutorial.py" ] || { echo "FAIL: no python block in docs/python.md"; exit 1; }
cd "$GMC_SRCDIR" || exit 99
XDG_CACHE_HOME="$tmp/cache" PYTHONPATH="$GMC_SRCDIR/python" PYTHONDONTWRITEBYTECODE=1 "$py" "$tmp/tutorial.py"
