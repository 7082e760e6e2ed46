#!/bin/sh
# race_hint.sh: a conditional max or min written as a plain write in a
# Foreach (If (x > m) m = x;) is a race whose warning names the fix
# (m max= x;), other racy writes get the general hint, and gmc run shows
# the compile's warnings again when it reuses a cached build (issue 27 item 4).
. "$(dirname "$0")/common.sh"
cd "$tmp" || exit 99
export XDG_CACHE_HOME="$tmp/cache"
cat > mx.gm <<'G'
Procedure mx(G: Graph): Int
{
    Int m = 0;
    Foreach (n: G.Nodes) {
        If (n.OutDegree() > m)
            m = n.OutDegree();
    }
    Int k = 100;
    Foreach (n: G.Nodes) {
        If (k > n.OutDegree() + 1) {
            k = n.OutDegree() + 1;
        }
    }
    Int z = 0;
    Foreach (n: G.Nodes) {
        z = n.OutDegree();
    }
    Int y = 0;
    Foreach (n: G.Nodes) {
        If (n.OutDegree() > y)
            y = n.InDegree();
    }
    Return m + k + z + y;
}
G
printf '0 1\n1 2\n0 2\n' > g.el
expect 0 "gmc --check" "$GMC" --check mx.gm
says "max: the fix" err "mx.gm:6:13: warning: possible race: write of 'm' and the read of 'm' at line 5"
says "max: m max= n.OutDegree();" err "write 'm max= n.OutDegree();' instead"
says "min: k min= ...;" err "write 'k min= n.OutDegree() + 1;' instead"
says "plain write: the general hint" err "mx.gm:16:9: warning: possible race: the write of 'z' may happen in several of the concurrent iterations of the Foreach over 'n' (line 15); if the iterations should combine their values, use a reduction"
if grep -q "'y max=" err; then bad "different expressions: no max= fix"; else ok "different expressions: no max= fix"; fi

expect 0 "gmc run (builds)" "$GMC" run mx.gm g.el
says "gmc run: the warning" err "write 'm max= n.OutDegree();' instead"
cp err first.err
expect 0 "gmc run (cached)" "$GMC" run -v mx.gm g.el
says "cached: used the cache" err "using the cached build"
says "cached: the warning again" err "write 'm max= n.OutDegree();' instead"
same "cached: the same warnings" "$(grep -c Wrace first.err)" "$(grep -c Wrace err)"
finish
