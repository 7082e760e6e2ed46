#!/bin/sh
# output.sh: what `gmc -o PATH` names (driver/output_path.h) and -O1..-O3.
#   an existing folder, or PATH/: the output folder (also with -x --main);
#   NAME.c (-t omp) / NAME.cu (-t cuda): that file and NAME.h beside it;
#   otherwise with -x --main: the program; otherwise a folder, created.
. "$(dirname "$0")/common.sh"
make_degree_case
cd "$tmp" || exit 99

# ---- -o NAME.c / NAME.cu --------------------------------------------------------------
expect 0 "-o x.c" "$GMC" -o x.c degree.gm
[ -f x.c ] && [ -f x.h ] && ok "-o x.c writes x.c and x.h" || bad "-o x.c: no x.c/x.h"
[ -e degree.c ] || [ -e degree.h ] || [ -d x.c ] && bad "-o x.c wrote something else" ||
    ok "-o x.c writes nothing else"
grep -q '#include "x.h"' x.c && ok "x.c includes x.h" || bad "x.c does not include x.h"
# Same code as the default names, apart from the names of the two files.
"$GMC" -o ref/ degree.gm
sed '1s|^/\* x\.c:|/* degree.c:|; s/"x\.h"/"degree.h"/' x.c > x.cmp
sed '1s|^/\* x\.h:|/* degree.h:|; s/GMC_GENERATED_x_H/GMC_GENERATED_degree_H/' x.h > xh.cmp
cmp -s x.cmp ref/degree.c && cmp -s xh.cmp ref/degree.h && ok "-o x.c: the default code, renamed" ||
    bad "-o x.c: code differs from the default beyond the file names"
expect 0 "-o sub/dir/y.c (missing folders)" "$GMC" -o sub/dir/y.c degree.gm
[ -f sub/dir/y.c ] && [ -f sub/dir/y.h ] && ok "-o sub/dir/y.c: both files" || bad "-o sub/dir/y.c: missing files"
expect 0 "-t cuda -o k.cu" "$GMC" -t cuda -o k.cu degree.gm
[ -f k.cu ] && [ -f k.h ] && grep -q '#include "k.h"' k.cu && ok "-o k.cu writes k.cu and k.h" ||
    bad "-o k.cu: no k.cu/k.h"
expect 2 "-o y.cu with -t omp" "$GMC" -o y.cu degree.gm
says "-o y.cu with -t omp: message" err "a .cu file is the CUDA target's output; add -t cuda"
expect 2 "-t cuda -o y.c" "$GMC" -t cuda -o y.c degree.gm
says "-t cuda -o y.c: message" err "a .c file is the OpenMP target's output"
[ -e y.cu ] || [ -e y.c ] && bad "a refused -o still wrote" || ok "a refused -o writes nothing"
expect 2 "-o .c (no name)" "$GMC" -o .c degree.gm
says "-o .c: message" err "the file needs a name before '.c'"
expect 0 "-x -o lib/z.c (object beside)" "$GMC" -x -o lib/z.c degree.gm
[ -s lib/z.o ] && nm lib/z.o | grep -q ' T degree$' && ok "-x -o lib/z.c builds lib/z.o" ||
    bad "-x -o lib/z.c: no lib/z.o with degree()"
expect 0 "--main -x -o s/p.c (program beside)" "$GMC" --main -x -o s/p.c degree.gm
./s/p g.el --out=o1 > run.out 2>&1 && same "s/p: degrees" "$(cat deg.exp)" "$(cat o1/deg.txt)" ||
    bad "--main -x -o s/p.c: s/p did not run"

# ---- -o PROGRAM with -x --main ----------------------------------------------------------
expect 0 "--main -x -o prog" "$GMC" --main -x -o prog degree.gm
if [ -f prog ] && [ -x prog ]; then
    ./prog g.el --out=o2 > run.out 2>&1 || bad "./prog failed"
    same "prog: degrees" "$(cat deg.exp)" "$(cat o2/deg.txt)"
    same "prog: return value" "$degree_return" "$(sed -n 's/^return = //p' run.out)"
else
    bad "--main -x -o prog: no program ./prog"
fi
[ -f degree.c ] && [ -f degree.h ] && ok "-o prog: sources beside it" || bad "-o prog: no degree.c/.h"
expect 0 "--main -x -v -o bin2/deg (missing folder)" "$GMC" --main -x -v -o bin2/deg degree.gm
says "-v: links bin2/deg" err "-o bin2/deg bin2/degree.c"
[ -x bin2/deg ] && ok "bin2/deg is the program" || bad "no program bin2/deg"
cp prog prog.old
expect 0 "--main -x -o prog (over an old program)" "$GMC" --main -x -o prog degree.gm
[ -x prog ] && [ ! -d prog ] && ok "the old program is replaced" || bad "prog not replaced"
expect 1 "--main -x -o degree.h (would overwrite the header)" "$GMC" --main -x -o degree.h degree.gm
says "-o degree.h: message" err "would overwrite the generated degree.h"
expect 1 "--main -x -o w/degree.h" "$GMC" --main -x -o w/degree.h degree.gm
[ -d w ] && bad "a refused program path created its folder" || ok "no folder for a refused program path"

# ---- folders ------------------------------------------------------------------------------
mkdir bindir
expect 0 "--main -x -o bindir (an existing folder)" "$GMC" --main -x -o bindir degree.gm
[ -x bindir/degree ] && [ -f bindir/degree.c ] && ok "-o bindir: bindir/degree" ||
    bad "-o bindir (existing folder): no bindir/degree"
expect 0 "--main -x -o new/ (trailing slash)" "$GMC" --main -x -o new/ degree.gm
[ -x new/degree ] && ok "-o new/: new/degree" || bad "-o new/: no new/degree"
expect 0 "-o gen (no -x: a folder)" "$GMC" -o gen degree.gm
[ -f gen/degree.c ] && ok "-o gen: gen/degree.c" || bad "-o gen: no gen/degree.c"
mkdir old.c
expect 0 "-o old.c (an existing folder named like a file)" "$GMC" -o old.c degree.gm
[ -f old.c/degree.c ] && ok "-o old.c: the folder old.c" || bad "-o old.c (a folder): no old.c/degree.c"
expect 0 "-x -o obj (no --main: a folder)" "$GMC" -x -o obj degree.gm
[ -f obj/degree.o ] && ok "-x -o obj: obj/degree.o" || bad "-x -o obj: no obj/degree.o"

# ---- -O1, -O2, -O3: the default passes; -O0 none; the last one wins ----------------------
pr=$GMC_SRCDIR/apps/pagerank.gm
"$GMC" -o od/ "$pr" && "$GMC" -O0 -o o0/ "$pr" || bad "pagerank did not compile"
cmp -s od/pagerank.c o0/pagerank.c && bad "-O0 changes nothing for pagerank (test cannot tell)"
for l in 1 2 3; do
    expect 0 "-O$l" "$GMC" -O$l -o o$l/ "$pr"
    cmp -s od/pagerank.c o$l/pagerank.c && ok "-O$l: the default passes" || bad "-O$l differs from the default"
done
"$GMC" -O0 -O2 -o o02/ "$pr" && cmp -s od/pagerank.c o02/pagerank.c && ok "-O0 -O2: -O2 wins" ||
    bad "-O0 -O2 is not the default"
"$GMC" -O3 -O0 -o o30/ "$pr" && cmp -s o0/pagerank.c o30/pagerank.c && ok "-O3 -O0: -O0 wins" ||
    bad "-O3 -O0 is not -O0"
expect 2 "-O4" "$GMC" -O4 degree.gm
says "-O4: message" err "unknown option '-O4'"
finish
