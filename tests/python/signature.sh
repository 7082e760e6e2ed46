#!/bin/sh
# tests/python/signature.sh: `gmc --dump=signature` (driver/signature.c) on
# sig_types.gm, whose arguments cover every kind, against sig_types.json;
# on apps/pagerank.gm it is valid JSON naming pagerank (when python3 is
# there to parse it); a program with an error prints no JSON and exits 1.
: "${GMC_SRCDIR:?}" "${GMC:?}"
here="$GMC_SRCDIR/tests/python"
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0
(cd "$here" && "$GMC" --dump=signature sig_types.gm) > "$tmp/out.json" 2> "$tmp/err" || {
    echo "FAIL: gmc --dump=signature sig_types.gm exited non-zero"; cat "$tmp/err"; fail=1; }
if ! diff -u "$here/sig_types.json" "$tmp/out.json"; then
    echo "FAIL: sig_types.gm: the signature differs from sig_types.json (above)"
    fail=1
fi
py=/usr/bin/python3
[ -x "$py" ] || py=$(command -v python3)
if [ -n "$py" ]; then
    (cd "$GMC_SRCDIR/apps" && "$GMC" --dump=signature pagerank.gm) > "$tmp/pr.json" || fail=1
    "$py" -c 'import json, sys
s = json.load(open(sys.argv[1]))
p = s["procedures"][0]
assert s["file"] == "pagerank.gm" and p["name"] == "pagerank", s
assert [a["name"] for a in p["params"]] == ["G", "e", "d", "max_iter", "rank"], p
assert p["params"][4]["output"] and p["params"][4]["type"]["kind"] == "node_prop"' "$tmp/pr.json" ||
        { echo "FAIL: pagerank.gm's signature is not the JSON expected"; fail=1; }
fi
printf 'Procedure f(G: Graph; x: Int) {\n    x = y;\n}\n' > "$tmp/bad.gm"
if (cd "$tmp" && "$GMC" --dump=signature bad.gm) > "$tmp/bad.out" 2> "$tmp/bad.err"; then
    echo "FAIL: a program with an error exited 0"; fail=1
fi
[ -s "$tmp/bad.out" ] && { echo "FAIL: JSON printed for a rejected program"; fail=1; }
grep -q 'bad.gm:2:' "$tmp/bad.err" || { echo "FAIL: no bad.gm:2 diagnostic"; cat "$tmp/bad.err"; fail=1; }
[ $fail = 0 ] && echo "PASS: gmc --dump=signature"
exit $fail
