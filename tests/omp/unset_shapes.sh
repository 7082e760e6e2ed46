#!/bin/sh
# unset_shapes.sh: which local properties gmc allocates zeroed and which it
# leaves uninitialised (gm_opt/prop_defined.c). In
# tests/omp/unset_shapes.gm a property named k_* is written at every element
# before any read (a group assignment, a store inside a block, a Do body, both
# branches of an If, a While body that writes before it reads, a BFS's
# reverse body reading its DownNbrs) and must be allocated plainly: zeroing
# it would cost a pass over memory a call (or a memset per source in BC). One
# named z_* may be read where nothing wrote it and must start zeroed, in the
# OpenMP C (_c_zalloc) and in the CUDA host code (a cudaMemset of its device
# side), or NIL (all bits set) when its values are nodes or edges. Their answers: tests/omp/run_programs.sh (unset_before.gm, unset_prop.gm).
# Environment (set by make check): GMC, GMC_SRCDIR, GMC_BUILDDIR.
set -u
: "${GMC_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
: "${GMC_BUILDDIR:=$GMC_SRCDIR}"
: "${GMC:=$GMC_BUILDDIR/gmc}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gmc-unset.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
src=$GMC_SRCDIR/tests/omp/unset_shapes.gm
fail=0 n=0
"$GMC" -t omp -w -o "$tmp/omp" "$src" && "$GMC" -t cuda -w -o "$tmp/cuda" "$src" ||
    { echo "FAIL: gmc on $src"; exit 1; }
for pt in $(sed -n 's/^ *N_P<\([A-Za-z]*\)> \([kz]_[a-z_]*\);.*/\1:\2/p' "$src"); do
    n=$((n + 1)) p=${pt#*:}
    c=$(grep -h "[ *]$p = ([a-z0-9_]* \*)_c_[a-z_]*alloc(" "$tmp/omp/"*.c | sed 's/.*)\(_c_[a-z_]*alloc\)(.*/\1/')
    cu=$(grep -c "cudaMemset(gmcu_to_device_overwrite(&_c_m_$p), 0, " "$tmp/cuda/"*.cu)
    cu=$cu/$(grep -c "cudaMemset(gmcu_to_device_overwrite(&_c_m_$p), 0xff, " "$tmp/cuda/"*.cu)
    case $pt in
    *:k_*) want_c=_c_alloc want_cu=0/0 ;;
    Node:* | Edge:*) want_c=_c_nil_alloc want_cu=0/1 ;;
    *) want_c=_c_zalloc want_cu=1/0 ;;
    esac
    if [ "$c" = "$want_c" ] && [ "$cu" = "$want_cu" ]; then
        echo "ok: $p: $c, cudaMemset to 0 / to 0xff: $cu"
    else
        echo "FAIL: $p: C '$c' (want $want_c), CUDA cudaMemset to 0 / to 0xff: $cu (want $want_cu)"
        fail=$((fail + 1))
    fi
done
[ "$n" -ge 21 ] || { echo "FAIL: only $n properties found in $src"; fail=$((fail + 1)); }
echo "$n properties, $fail failures"
[ "$fail" -eq 0 ]
