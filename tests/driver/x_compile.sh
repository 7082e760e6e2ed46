#!/bin/sh
# x_compile.sh: gmc -x builds what it generates: an object without --main,
# a program with it (run and checked against awk), the commands -v shows,
# and -x -t cuda's nvcc command through a fake nvcc and nvidia-smi.
. "$(dirname "$0")/common.sh"
make_degree_case
cd "$tmp" || exit 99

# ---- -t omp -x: object --------------------------------------------------------------
expect 0 "-x without --main" "$GMC" -x -o lib degree.gm
if [ -s lib/degree.o ] && nm lib/degree.o | grep -q ' T degree$'; then
    ok "-x without --main: lib/degree.o defines degree()"
else
    bad "-x without --main: no degree() in lib/degree.o"
fi
[ -e lib/degree ] && bad "-x without --main linked a program" || ok "-x without --main: no program"

# ---- -t omp --main -x: program, run -------------------------------------------------
expect 0 "--main -x -v" "$GMC" --main -x -v -o bin/ degree.gm
says "-v prints the compiler command" err "-o bin/degree bin/degree.c"
says "-v: in-tree runtime" err "$GMC_BUILDDIR/.libs/libgmrt.a"
rm -rf o
./bin/degree g.el --out=o > run.out || bad "degree program failed"
same "program: degrees" "$(cat deg.exp)" "$(cat o/deg.txt)"
same "program: return value" "$degree_return" "$(sed -n 's/^return = //p' run.out)"

# --cc is the compiler -x runs; a failing one fails gmc with the command.
expect 1 "--cc=false" "$GMC" --main -x --cc=false -o bin2/ degree.gm
says "failing compiler: command shown" err "gmc: error: compiling the generated code failed: false -std=c11"
expect 1 "--cc that does not exist" "$GMC" --main -x --cc=/nonexistent/cc -o bin2/ degree.gm
says "missing compiler: reason" err "cannot run the C compiler '/nonexistent/cc'"

# ---- -t cuda -x: the nvcc command, with a fake nvcc and nvidia-smi -------------------
mkdir fakebin
cat > fakebin/nvcc <<F
#!/bin/sh
printf '%s\n' "\$@" > "$tmp/nvcc.args"
F
printf '#!/bin/sh\necho 8.6\n' > fakebin/nvidia-smi
chmod +x fakebin/nvcc fakebin/nvidia-smi
PATH="$tmp/fakebin:$PATH" GMC_NVCC="$tmp/fakebin/nvcc" "$GMC" -t cuda --main -x -o cu/ degree.gm > out 2> err
status=$?
if [ ! -f "$GMC_BUILDDIR/libgmrt-cuda.a" ]; then
    # configure found no nvcc, so libgmrt-cuda was not built: --main -x says so.
    same "-x -t cuda without libgmrt-cuda: exit status" 1 "$status"
    says "-x -t cuda without libgmrt-cuda: message" err "libgmrt-cuda not built (configure did not find nvcc)"
elif [ -f cu/degree.cu ]; then
    same "-x -t cuda: exit status" 0 "$status"
    args=$(tr '\n' ' ' < nvcc.args)
    case $args in
    "-O3 -std=c++17 -arch=sm_86 -Xcompiler -fopenmp -Xcompiler -Wall,-Wextra "*"-o cu/degree cu/degree.cu /"*"/libgmrt-cuda.a /"*"/.libs/libgmrt.a "*"-lgomp -lm ")
        ok "-x -t cuda: nvcc arguments (libgmrt-cuda.a, libgmrt.a), detected sm_86" ;;
    *) bad "-x -t cuda: nvcc arguments: $args" ;;
    esac
    PATH="$tmp/fakebin:$PATH" GMC_NVCC="$tmp/fakebin/nvcc" "$GMC" -t cuda --main -x --arch=sm_80 -o cu/ degree.gm
    grep -qx -- -arch=sm_80 nvcc.args && ok "--arch overrides detection" || bad "--arch=sm_80 not passed"
else
    # Until the CUDA generator writes .cu files, -x says so.
    same "-x -t cuda without generated code: exit status" 1 "$status"
    says "-x -t cuda without generated code: message" err "'cu/degree.cu' was not generated"
fi

# ---- -t cuda -x with the real nvcc, when there is one (no GPU needed) ---------------
if [ -f "$GMC_BUILDDIR/libgmrt-cuda.a" ] && { grep -q '^#define GMC_NVCC ' "$GMC_BUILDDIR/config.h" ||
   command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; }; then
    expect 0 "-t cuda -x (object, real nvcc)" "$GMC" -t cuda -x --arch=sm_80 -o cuo degree.gm
    nm cuo/degree.o 2>/dev/null | grep -q ' T degree$' && ok "-t cuda -x: cuo/degree.o defines degree()" ||
        bad "-t cuda -x: no degree() in cuo/degree.o"
    expect 0 "-t cuda --main -x (program, real nvcc)" "$GMC" -t cuda --main -x -o cub/ degree.gm
    expect 2 "the CUDA program starts (usage without a graph)" ./cub/degree
    says "the CUDA program: usage" err "usage: ./cub/degree GRAPH"
else
    echo "skip: no nvcc (or no libgmrt-cuda) for a real -t cuda -x"
fi
finish
