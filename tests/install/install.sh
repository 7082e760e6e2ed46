#!/bin/sh
# install.sh: `make install DESTDIR=...` from this build tree installs
# everything issue 8 lists; an app outside the source tree builds against
# the installed gmrt.pc and runs on a graph made by the installed gmgraph;
# the installed gmc's -x and run work from the staged tree; `make uninstall`
# removes every file again.
. "$(dirname "$0")/../driver/common.sh"
command -v pkg-config >/dev/null 2>&1 || { echo "skip: no pkg-config"; exit 77; }
command -v "${MAKE:-make}" >/dev/null 2>&1 || { echo "skip: no make"; exit 77; }
# A make of our own, not a job of the make running this test.
unset MAKEFLAGS MFLAGS MAKELEVEL
dest=$tmp/dest
if ! "${MAKE:-make}" -C "$GMC_BUILDDIR" install DESTDIR="$dest" > "$tmp/install.log" 2>&1; then
    tail -20 "$tmp/install.log"
    bad "make install DESTDIR"
    finish
fi
ok "make install DESTDIR"

gmc=$(find "$dest" -path '*/bin/gmc' -type f)
gmgraph=$(find "$dest" -path '*/bin/gmgraph' -type f)
pc=$(find "$dest" -name gmrt.pc)
[ -x "$gmc" ] && [ -x "$gmgraph" ] && [ -f "$pc" ] || { bad "gmc, gmgraph or gmrt.pc not installed"; finish; }
root=$(dirname "$(dirname "$gmc")")   # $dest$prefix
libdir=$(dirname "$(dirname "$pc")")
for f in "$libdir/libgmrt.a" "$libdir/libgmrt.so" "$root/include/gmc/gmrt.h" \
         "$root/include/gmc/gmrt_graph.h" "$root/share/man/man1/gmc.1" \
         "$root/share/man/man1/gmgraph.1" "$root/share/bash-completion/completions/gmc" \
         "$root/share/bash-completion/completions/gmgraph"; do
    [ -e "$f" ] && ok "installed ${f#$dest}" || bad "not installed: ${f#$dest}"
done
"$gmc" --version > "$tmp/version" && says "installed gmc --version" "$tmp/version" "(commit "

# ---- an app outside the source tree, against the installed gmrt.pc -----------------
app=$tmp/app
mkdir "$app" && cd "$app" || exit 99
make_degree_case
# Staged programs find the staged libgmrt.so through LD_LIBRARY_PATH only.
LD_LIBRARY_PATH="$libdir" "$gmgraph" gen uniform --nodes 300 --edges 2000 --seed 7 -o "$app/u.el" > /dev/null ||
    bad "installed gmgraph gen"
grep -v '^[#%]' u.el | awk '{ d[$1]++ } END { for (i = 0; i < 300; i++) print d[i] + 0 }' > u.exp
"$gmc" --main -o "$app" "$tmp/degree.gm" || bad "installed gmc --main"
export PKG_CONFIG_PATH="$libdir/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$dest"
cflags=$(pkg-config --cflags gmrt) && libs=$(pkg-config --libs gmrt) || bad "pkg-config gmrt"
case $cflags in *"-I$root/include/gmc"*) ok "gmrt.pc: -I the installed headers" ;;
    *) bad "gmrt.pc cflags: $cflags" ;; esac
# shellcheck disable=SC2086 # the flags are lists
if ${CC:-cc} $cflags -o degree degree.c $libs; then
    LD_LIBRARY_PATH="$libdir" ./degree u.el --out=o1 > out1 || bad "app against gmrt.pc: run"
    same "app against gmrt.pc: degrees" "$(cat u.exp)" "$(cat o1/deg.txt)"
    LD_LIBRARY_PATH="$libdir" ldd ./degree | grep -q "$libdir/libgmrt.so" && ok "app uses the installed libgmrt.so" ||
        bad "app does not use $libdir/libgmrt.so"
else
    bad "app against gmrt.pc: compile"
fi
unset PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR

# ---- the installed gmc's -x and run, from the staged tree ---------------------------
expect 0 "installed gmc --main -x -v" "$gmc" --main -x -v -o "$app/x" "$tmp/degree.gm"
says "installed -x: staged headers" "$tmp/err" "-I$root/include/gmc"
./x/degree u.el --out=o2 > /dev/null || bad "installed -x: run"
same "installed -x: degrees" "$(cat u.exp)" "$(cat o2/deg.txt)"
expect 0 "installed gmc run" env XDG_CACHE_HOME="$tmp/cache" "$gmc" run "$tmp/degree.gm" u.el --out=o3
same "installed gmc run: degrees" "$(cat u.exp)" "$(cat o3/deg.txt)"

# -t cuda from the installed gmc: the staged gmcu.h and libgmrt (compile only;
# running needs a GPU).
if [ -f "$GMC_SRCDIR/gm_runtime/gmcu.h" ]; then
    [ -f "$root/include/gmc/gmcu.h" ] && ok "installed /include/gmc/gmcu.h" || bad "gmcu.h not installed"
    if grep -q '^#define GMC_NVCC ' "$GMC_BUILDDIR/config.h"; then
        expect 0 "installed gmc -t cuda --main -x" "$gmc" -t cuda --main -x -v -o "$app/cu" "$tmp/degree.gm"
        says "installed -t cuda -x: staged library" "$tmp/err" "-L$libdir -Xlinker -rpath=$libdir -lgmrt"
        [ -x cu/degree ] && ok "installed -t cuda -x: program built" || bad "installed -t cuda -x: no program"
    fi
fi

# ---- the man pages render; completion loads --------------------------------------
if command -v man >/dev/null 2>&1; then
    MANWIDTH=80 man -l "$root/share/man/man1/gmc.1" > man.txt 2> man.err </dev/null
    says "gmc.1 renders" man.txt "gmc run [options] FILE.gm GRAPH"
    [ -s man.err ] && { bad "gmc.1 warnings"; cat man.err; }
fi
bash -c ". '$root/share/bash-completion/completions/gmc'; complete -p gmc" > compl.txt 2>&1
says "bash completion for gmc loads" compl.txt "complete -F _gmc gmc"

# ---- make uninstall leaves nothing -------------------------------------------------
cd "$tmp" || exit 99
if "${MAKE:-make}" -C "$GMC_BUILDDIR" uninstall DESTDIR="$dest" > "$tmp/uninstall.log" 2>&1; then
    left=$(find "$dest" ! -type d)
    [ -z "$left" ] && ok "make uninstall removes every file" || { bad "left after uninstall:"; echo "$left"; }
else
    tail -20 "$tmp/uninstall.log"
    bad "make uninstall"
fi
finish
