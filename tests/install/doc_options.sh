#!/bin/sh
# doc_options.sh: the man pages and the bash completion know every option
# that `gmc --help` and `gmgraph ... --help` print, so they cannot drift
# from the real option lists.
. "$(dirname "$0")/../driver/common.sh"

# Option names (--name, -x) at the start of help lines or after ", ".
options_of() {
    sed -n 's/^ \{1,\}\(-[^ ].*\)$/\1/p' | tr ',|' '  ' | tr ' ' '\n' |
        sed -n 's/^\(--*[A-Za-z][-A-Za-z0-9]*\).*/\1/p' | sort -u
}
# The roff source with its escaped hyphens plain.
plain() { sed 's/\\-/-/g; s/\\f[BIRP]//g' "$1"; }

"$GMC" --help | options_of > "$tmp/gmc.opts"
# -WNAME/-fPASS stand for the real names; the completion lists those.
grep -v -e '^-WNAME$' -e '^-Wno-NAME$' -e '^-fno-PASS$' -e '^-fPASS$' "$tmp/gmc.opts" > "$tmp/gmc.req"
[ "$(wc -l < "$tmp/gmc.req")" -ge 15 ] && ok "gmc --help lists $(wc -l < "$tmp/gmc.req") options" ||
    bad "too few options parsed from gmc --help"
plain "$GMC_SRCDIR/man/gmc.1" > "$tmp/gmc.man"
while read -r o; do
    grep -qF -- "$o" "$tmp/gmc.man" || bad "gmc.1 does not describe $o"
    case $o in -h|--help|--help-passes|--version) continue ;; esac
    grep -qF -- "$o" "$GMC_SRCDIR/completion/gmc" || bad "completion/gmc does not know $o"
done < "$tmp/gmc.req"
for w in narrowing promotion race unused missing-return; do
    grep -qF -- "-W$w" "$GMC_SRCDIR/completion/gmc" || bad "completion/gmc lacks -W$w"
    grep -qF -- "$w" "$tmp/gmc.man" || bad "gmc.1 lacks warning $w"
done
grep -q '^\.SH ENVIRONMENT' "$GMC_SRCDIR/man/gmc.1" && for v in CC GMC_NVCC XDG_CACHE_HOME; do
    grep -qx -- "\.B $v" "$GMC_SRCDIR/man/gmc.1" || bad "gmc.1 ENVIRONMENT lacks $v"
done

# README.md's "Using gmc" block reproduces gmc --help verbatim.
"$GMC" --help > "$tmp/help.txt"
sed -n '/^Usage: gmc \[options\] FILE.gm$/,/^```$/p' "$GMC_SRCDIR/README.md" | sed '$d' > "$tmp/readme.txt"
if [ -s "$tmp/readme.txt" ] && cmp -s "$tmp/help.txt" "$tmp/readme.txt"; then
    ok "README.md's usage block is gmc --help"
else
    bad "README.md's usage block differs from gmc --help:"
    diff "$tmp/help.txt" "$tmp/readme.txt" | head -10
fi

# gmgraph's help names options inside lines too ("rmat --scale S ...").
for cmd in "" gen convert info partition check; do
    # shellcheck disable=SC2086 # an empty cmd is no argument
    "$GMGRAPH" $cmd --help 2>&1
done | grep -oE '(^|[ (|,])--?[a-z][-a-z0-9]*' | sed 's/^[ (|,]//' | sort -u > "$tmp/gmgraph.opts"
[ "$(wc -l < "$tmp/gmgraph.opts")" -ge 20 ] && ok "gmgraph help lists $(wc -l < "$tmp/gmgraph.opts") options" ||
    bad "too few options parsed from gmgraph help"
plain "$GMC_SRCDIR/man/gmgraph.1" > "$tmp/gmgraph.man"
while read -r o; do
    grep -qF -- "$o" "$tmp/gmgraph.man" || bad "gmgraph.1 does not describe $o"
    grep -qF -- "$o" "$GMC_SRCDIR/completion/gmgraph" || bad "completion/gmgraph does not know $o"
done < "$tmp/gmgraph.opts"
for f in gm-binary gm-binary-le edge-list mtx dimacs gmb; do
    grep -qF -- "$f" "$tmp/gmgraph.man" || bad "gmgraph.1 lacks format $f"
done
[ "$fail" -eq 0 ] && ok "man pages and completion cover every option"
finish
