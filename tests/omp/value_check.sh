# value_check.sh: sourced by int_wrap.sh and int_div.sh (not a test itself).
# Both build one program in several variants and compare what it prints and
# the property file B.txt with values awk computed; the shared parts:
#   vc_variants TARGET TMP   sets $variants: "opt O0", plus "dist" where
#                            configure found MPI ($GMC_MPIRUN) and TARGET is
#                            omp, exporting Open MPI's environment for it;
#   vc_check V RUN EXPECTED  every "NAME VALUE" line of EXPECTED against the
#                            "NAME = VALUE" line of RUN, then $tmp/B.expected
#                            against $tmp/V/out/B.txt; counts failures in $fail.
vc_variants() {
    variants="opt O0"
    if [ -n "${GMC_MPIRUN:-}" ] && [ "$1" = omp ]; then
        variants="$variants dist"
        OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader
        OMPI_MCA_plm_rsh_agent=false OMPI_MCA_orte_tmpdir_base=$2
        export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM OMPI_MCA_btl OMPI_MCA_plm_rsh_agent \
            OMPI_MCA_orte_tmpdir_base
    fi
}

vc_check() {
    while read -r name want; do
        got=$(sed -n "s/^$name = //p" "$2")
        if [ "$got" = "$want" ]; then
            echo "ok: $1: $name = $got"
        else
            echo "FAIL: $1: $name: expected '$want', got '$got'"; fail=$((fail + 1))
        fi
    done <"$3"
    if cmp -s "$tmp/B.expected" "$tmp/$1/out/B.txt"; then
        echo "ok: $1: B"
    else
        echo "FAIL: $1: B"; diff "$tmp/B.expected" "$tmp/$1/out/B.txt" | head; fail=$((fail + 1))
    fi
}
