#!/bin/sh
# completion.sh: the bash completion of gmc and gmgraph answers what a user
# would type next. Skipped without bash.
. "$(dirname "$0")/../driver/common.sh"
command -v bash >/dev/null 2>&1 || { echo "skip: no bash"; exit 77; }
cp "$GMC_SRCDIR/tests/golden/accept/multi_proc.gm" "$tmp/multi.gm"
cd "$tmp" || exit 99
mkdir outdir
: > prog.gm

# complete SCRIPT LINE: the completions bash offers at the end of LINE.
complete_line() {
    bash -c '
        . "$1"; shift
        line=$1
        read -r -a COMP_WORDS <<< "$line"
        [[ $line == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        COMP_LINE=$line COMP_POINT=${#line}
        fn=$(complete -p "${COMP_WORDS[0]##*/}" | sed "s/.*-F \([^ ]*\).*/\1/")
        "$fn" 2>/dev/null
        printf "%s\n" "${COMPREPLY[@]}" | sort | tr "\n" " "
    ' sh "$1" "$2"
}
gmc_says() { same "gmc: '$1'" "$2" "$(complete_line "$GMC_SRCDIR/completion/gmc" "$1")"; }
gmgraph_says() { same "gmgraph: '$1'" "$2" "$(complete_line "$GMC_SRCDIR/completion/gmgraph" "$1")"; }

gmc_says "gmc --ar" "--arch= "
gmc_says "gmc --arch=sm_9" "--arch=sm_90 --arch=sm_90a "
gmc_says "gmc -t " "cuda omp "
gmc_says "gmc --target=c" "--target=cuda "
gmc_says "gmc --main multi.gm --entry=" "--entry=first --entry=second --entry=third "
gmc_says "gmc --main multi.gm --entry=s" "--entry=second "
gmc_says "gmc -Wno-r" "-Wno-race "
gmc_says "gmc -o out" "outdir "
gmc_says "gmc -o pro" "prog.gm "   # -o also names files (NAME.c, a program)
gmc_says "gmc pro" "prog.gm "
gmc_says "gmc r" "run "
gmc_says "gmc run --main prog.gm mul" "multi.gm "
# Pass names come from the gmc being completed.
passes=$("$GMC" --help-passes | sed -n 's/^  \([a-z_0-9]*\) .*/\1/p' | sort | tr '\n' ' ')
first=$(echo "$passes" | cut -d' ' -f1)
same "gmc: -fno- lists the passes" "$(echo "$passes" | sed 's/\([^ ]*\) /-fno-\1 /g')" \
    "$(complete_line "$GMC_SRCDIR/completion/gmc" "$GMC -fno-")"
case $(complete_line "$GMC_SRCDIR/completion/gmc" "$GMC --dump=") in
*"--dump=desugar "*"--dump=$first "*|*"--dump=$first "*"--dump=desugar "*) ok "gmc: --dump= lists stages and passes" ;;
*) bad "gmc: --dump= misses stages or passes" ;;
esac

gmgraph_says "gmgraph c" "check convert "
gmgraph_says "gmgraph gen r" "rmat road "
gmgraph_says "gmgraph gen rmat --sc" "--scale "
gmgraph_says "gmgraph convert --to g" "gm-binary gm-binary-le gmb "
gmgraph_says "gmgraph info --no-" "--no-self-loops --no-weights "
finish
