# tests/mpi/ranks.sh: sourced by the MPI test drivers (partition.sh,
# gmp.sh, sparse.sh): skips (77) without MPI, sets Open MPI up for a CI box
# (tests/mpi/ompi_env.sh), makes a work folder $W (removed on exit)
# and gives run_ranks, which runs a test program under
# mpirun --oversubscribe -np P for P = 1..5 and counts the failures.
: "${GMC_BUILDDIR:=$(pwd)}"
if [ -z "${GMC_MPIRUN:-}" ]; then
    echo "SKIP: configure found no MPI, so libgmrt-dist is not built (apt-get install openmpi-bin libopenmpi-dev)"
    exit 77
fi
W=$(mktemp -d "${TMPDIR:-/tmp}/gmc-mpi.XXXXXX") || exit 99
trap 'rm -rf "$W"' EXIT INT TERM
# Open MPI for the CI box (tests/mpi/ompi_env.sh: as root, shared memory,
# yield when idle, the cheaper launch)
. "${GMC_SRCDIR:-$(dirname "$0")/../..}/tests/mpi/ompi_env.sh"
# Open MPI's session directory in this test's folder: mpiruns of other tests
# running beside it create and remove theirs under /tmp/ompi.HOST.UID, and
# one removing that shared folder while another makes its own there fails
# the other's start ("A call to mkdir was unable to create the desired
# directory", seen under load)
OMPI_MCA_orte_tmpdir_base=$W
export OMPI_MCA_orte_tmpdir_base
fail=0

# run_ranks NAME BIN [ARGS...]: BIN gets a fresh folder $W/NAME/P as its
# first argument, then ARGS; its output is shown when it fails.
run_ranks() {
    name=$1 bin=$2
    shift 2
    [ -x "$bin" ] || { echo "FAIL: $bin not built"; fail=$((fail + 1)); return; }
    for np in 1 2 3 4 5; do
        mkdir -p "$W/$name/$np"
        start=$(date +%s)
        if "$GMC_MPIRUN" --oversubscribe -np "$np" "$bin" "$W/$name/$np" "$@" >"$W/out" 2>&1; then
            echo "ok: $name -np $np ($(($(date +%s) - start)) s): $(tail -n 1 "$W/out")"
        else
            echo "FAIL: $name -np $np:"
            sed 's/^/    /' "$W/out"
            fail=$((fail + 1))
        fi
    done
}

# finish NAME: the exit status of the driver.
finish() {
    [ $fail = 0 ] || { echo "$fail run(s) failed"; exit 1; }
    echo "$1: all runs passed"
    exit 0
}
