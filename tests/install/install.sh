#!/bin/sh
# install.sh: `make install DESTDIR=...` from this build tree installs
# everything issue 8 lists; an app outside the source tree builds against
# the installed gmrt.pc and runs on a graph made by the installed gmgraph;
# the installed gmc's -x (linking what the staged gmrt.pc / gmrt-cuda.pc
# say) and run work from the staged tree, -t cuda too
# (libgmrt-cuda and gmrt-cuda.pc, when configure found nvcc); libgmrt-dist,
# gmd.h and gmrt-dist.pc when it found MPI, with a 2-rank program; `make
# uninstall` removes every file again.
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
         "$root/share/bash-completion/completions/gmgraph" "$root/share/doc/gmc/green-marl-language.md"; do
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
expect 0 "installed gmc --main -x -v" "$gmc" --main -x -v -o "$app/x/" "$tmp/degree.gm"
says "installed -x: staged headers" "$tmp/err" "-I$root/include/gmc"
says "installed -x: gmrt.pc's libraries" "$tmp/err" "-L$libdir -lgmrt"
./x/degree u.el --out=o2 > /dev/null || bad "installed -x: run"
same "installed -x: degrees" "$(cat u.exp)" "$(cat o2/deg.txt)"
expect 0 "installed gmc run" env XDG_CACHE_HOME="$tmp/cache" "$gmc" run "$tmp/degree.gm" u.el --out=o3
same "installed gmc run: degrees" "$(cat u.exp)" "$(cat o3/deg.txt)"

# -t cuda from the installed gmc: the staged gmcu.h, libgmrt-cuda and libgmrt
# (compile and link; running needs a GPU). libgmrt-cuda and gmrt-cuda.pc are
# installed exactly when configure found nvcc.
for h in gmcu.h gmcu_device.h gmcu_graph.h gmcu_mirror.h gmcu_atomics.h gmcu_balance.h gmcu_rng.h \
         gmcu_worklist.h gmcu_bfs.h; do
    [ -f "$root/include/gmc/$h" ] && ok "installed /include/gmc/$h" || bad "$h not installed"
done
cudalibs="$libdir/libgmrt-cuda.a $libdir/libgmrt-cuda.so $libdir/libgmrt-cuda.so.0 $libdir/pkgconfig/gmrt-cuda.pc"
if grep -q '^#define GMC_NVCC ' "$GMC_BUILDDIR/config.h"; then
    for f in $cudalibs; do
        [ -e "$f" ] && ok "installed ${f#$dest}" || bad "not installed: ${f#$dest}"
    done
    readelf -d "$libdir/libgmrt-cuda.so" 2>/dev/null | grep -q 'SONAME.*\[libgmrt-cuda\.so\.0\]' &&
        ok "libgmrt-cuda.so: soname libgmrt-cuda.so.0" || bad "libgmrt-cuda.so: no soname libgmrt-cuda.so.0"
    # apps/bfs.gm, outside the source tree: linked against the installed
    # libgmrt-cuda.so, which the program finds through its rpath (one nvcc
    # compile, ~11 processor s here, for every -t cuda -x check: degree.gm
    # had one of its own before).
    cp "$GMC_SRCDIR/apps/bfs.gm" "$app/bfs.gm"
    expect 0 "installed gmc -t cuda --main -x -v bfs.gm" "$gmc" -t cuda --main -x -v -o "$app/cubfs/" bfs.gm
    says "installed -t cuda -x: rpath to the staged libdir" "$tmp/err" "-Xlinker -rpath=$libdir"
    says "installed -t cuda -x: gmrt-cuda.pc's libraries" "$tmp/err" "-L$libdir -lgmrt-cuda -lgmrt -lgomp"
    if [ -x cubfs/bfs ]; then
        ok "installed -t cuda -x: bfs built"
        ldd cubfs/bfs 2>/dev/null | grep -q "$libdir/libgmrt-cuda.so.0" && ok "bfs uses the installed libgmrt-cuda.so" ||
            bad "bfs does not use $libdir/libgmrt-cuda.so.0"
        printf '0 1\n1 2\n2 0\n' > tri.el
        if nvidia-smi > /dev/null 2>&1; then
            expect 0 "installed -t cuda bfs runs" ./cubfs/bfs tri.el --root=0
        else # the library's gmcu_init reports the missing GPU
            expect 1 "installed -t cuda bfs without a GPU (exit 1)" ./cubfs/bfs tri.el --root=0
            says "installed -t cuda bfs without a GPU: message" "$tmp/err" "error: no NVIDIA"
        fi
    else
        bad "installed -t cuda -x: no bfs program"
    fi
    # The same program built by hand against the installed gmrt-cuda.pc.
    export PKG_CONFIG_PATH="$libdir/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$dest"
    if cflags=$(pkg-config --cflags gmrt-cuda) && libs=$(pkg-config --libs gmrt-cuda); then
        case $cflags in *"-I$root/include/gmc"*) ok "gmrt-cuda.pc: -I the installed headers" ;;
            *) bad "gmrt-cuda.pc cflags: $cflags" ;; esac
        nvcc=$(sed -n 's/^#define GMC_NVCC "\(.*\)"$/\1/p' "$GMC_BUILDDIR/config.h")
        # shellcheck disable=SC2086 # the flags are lists
        "$nvcc" -std=c++17 $cflags -o bfs-pc cubfs/bfs.cu $libs -Xlinker -rpath="$libdir" > pc.log 2>&1 &&
            ok "app against gmrt-cuda.pc: links" || { bad "app against gmrt-cuda.pc: link"; head -5 pc.log; }
    else
        bad "pkg-config gmrt-cuda"
    fi
    unset PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
else
    for f in $cudalibs; do
        [ -e "$f" ] && bad "installed without nvcc: ${f#$dest}" || ok "not installed without nvcc: ${f#$dest}"
    done
fi

# ---- libgmrt-dist (when configure found MPI): <gmc/gmd.h>, the library and -----------
# ---- gmrt-dist.pc; a program built against them partitions a graph on 2 ranks -------
distfiles="$libdir/libgmrt-dist.so $libdir/libgmrt-dist.a $root/include/gmc/gmd.h $libdir/pkgconfig/gmrt-dist.pc"
if grep -q '^#define GMC_MPICC ' "$GMC_BUILDDIR/config.h"; then
    for f in $distfiles; do
        [ -e "$f" ] && ok "installed ${f#$dest}" || bad "not installed: ${f#$dest}"
    done
    cat > dist.c <<'EOF_C'
#include <gmd.h> /* gmrt.pc: -I$(includedir)/gmc */
#include <stdio.h>
int main(int argc, char **argv)
{
    gmrt_error err;
    if (!gmd_init(&argc, &argv, &err))
        return 1;
    gm_node_t s[] = { 0, 1, 2, 3 }, d[] = { 1, 2, 3, 0 };
    gm_graph *g = gmrt_graph_from_edges(4, 4, s, d, NULL, NULL, &err);
    gmd_graph *G = gmd_partition(g, NULL, &err);
    int64_t owned = G ? G->num_owned : -1;
    gmd_allreduce_int64(&owned, GMD_SUM);
    if (gmd_rank() == 0)
        printf("ranks %d owned %lld\n", gmd_size(), (long long)owned);
    gmd_graph_free(G);
    gmrt_graph_free(g);
    gmd_finalize();
    return 0;
}
EOF_C
    export PKG_CONFIG_PATH="$libdir/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$dest"
    if cflags=$(pkg-config --cflags gmrt-dist) && libs=$(pkg-config --libs gmrt-dist); then
        # shellcheck disable=SC2086 # the flags are lists
        if cc $cflags -o dist dist.c $libs > dist.log 2>&1; then
            ok "app against gmrt-dist.pc: links"
            if [ -n "${GMC_MPIRUN:-}" ]; then
                OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader OMPI_MCA_orte_tmpdir_base="$PWD" \
                    LD_LIBRARY_PATH="$libdir" "$GMC_MPIRUN" --oversubscribe -np 2 ./dist > dist.out 2>&1
                says "app against gmrt-dist.pc: 2 ranks own the 4 nodes" dist.out "ranks 2 owned 4"
            fi
        else
            bad "app against gmrt-dist.pc: link"; head -5 dist.log
        fi
    else
        bad "pkg-config gmrt-dist"
    fi
    unset PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
else
    for f in $distfiles; do
        [ -e "$f" ] && bad "installed without MPI: ${f#$dest}" || ok "not installed without MPI: ${f#$dest}"
    done
fi

# ---- the Python package: installed with the install folders in _config.py, and ------
# ---- (with Debian's python3-numpy) it compiles and runs an app with the staged gmc --
pydir=$(sed -n 's/^GMC_PYTHONDIR = //p' "$GMC_BUILDDIR/Makefile" | sed "s|\${prefix}|$(sed -n 's/^prefix = //p' "$GMC_BUILDDIR/Makefile")|")
pkg="$dest$pydir/gmc"
for f in __init__.py _compile.py _graph.py _proc.py _runtime.py _config.py; do
    [ -f "$pkg/$f" ] && ok "installed ${pkg#$dest}/$f" || bad "not installed: ${pkg#$dest}/$f"
done
says "_config.py names the installed gmc's folder" "$pkg/_config.py" "BINDIR = \"${root#$dest}/bin\""
if /usr/bin/python3 -c 'import numpy' 2>/dev/null; then
    PYTHONPATH="$dest$pydir" PYTHONDONTWRITEBYTECODE=1 GMC="$gmc" XDG_CACHE_HOME="$tmp/pycache" \
        /usr/bin/python3 -c 'import gmc, sys
G = gmc.load(sys.argv[2])
r = gmc.compile(sys.argv[1])(G)
print("\n".join(str(d) for d in r.deg))' "$tmp/degree.gm" "$tmp/g.el" > py.out 2> py.err ||
        { bad "installed Python package: degree.gm"; cat py.err; }
    same "installed Python package: degrees" "$(cat "$tmp/deg.exp")" "$(cat py.out)"
else
    ok "skipped running the installed Python package: /usr/bin/python3 has no numpy"
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
