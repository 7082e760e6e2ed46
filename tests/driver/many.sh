#!/bin/sh
# many.sh: several gmc commands in one process (gmc_command, command.h;
# tests/driver/gmc_many, which tests/sanitize.sh and leaks.sh run them
# through) behave as each in a process of its own: a command does not
# inherit an earlier one's errors, -Werror or -Wno- (gm_front/diag.c's
# counters and switches: before, every command after a rejected program
# exited 1 and printed nothing). gmc_many --script: each command from its
# folder, its stdout, stderr and exit status in files of its own.
. "$(dirname "$0")/common.sh"
MANY=$GMC_BUILDDIR/tests/driver/gmc_many
[ -x "$MANY" ] || { bad "$MANY not built"; finish; }
cd "$tmp" || exit 99
mkdir d o
cat > d/bad.gm <<'P'
Procedure bad(G: Graph): Int {
    Return undefined_name;
}
P
cat > d/warn.gm <<'P'
Procedure warn(G: Graph): Int {
    Int never;
    Return G.NumNodes();
}
P
cat > d/good.gm <<'P'
Procedure good(G: Graph): Int {
    Return G.NumNodes();
}
P
# commands 1-6 (folder, then gmc's arguments, tab-separated)
printf 'd\t--check\tbad.gm\n' > script
printf 'd\t--check\tgood.gm\n' >> script
printf 'd\t-Werror\t--check\twarn.gm\n' >> script
printf 'd\t--check\twarn.gm\n' >> script
printf 'd\t-Wno-unused\t--check\twarn.gm\n' >> script
printf '%s\t--dump=parse\tgood.gm\n' "$tmp/d" >> script
expect 0 "gmc_many --script: every command ran" "$MANY" --script script o
rc() { cat "o/$1.rc" 2>/dev/null || echo none; }
same "1: a rejected program: exit 1" 1 "$(rc 1)"
says "1: its error, named as from its folder" o/1.err "bad.gm:2:12: error:"
same "2: an accepted program after it: exit 0" 0 "$(rc 2)"
same "2: no message" "" "$(cat o/2.err)"
same "3: -Werror makes the warning an error: exit 1" 1 "$(rc 3)"
same "4: the same program without -Werror after it: exit 0" 0 "$(rc 4)"
says "4: ... with its warning" o/4.err "warn.gm:2:9: warning:"
same "5: -Wno-unused: exit 0" 0 "$(rc 5)"
same "5: no warning" "" "$(cat o/5.err)"
same "6: an absolute folder: exit 0" 0 "$(rc 6)"
says "6: its stdout in 6.out" o/6.out "Procedure good(G: Graph)"
same "6: nothing on stdout of the others" "" "$(cat o/1.out o/2.out o/3.out o/4.out o/5.out)"
# redirection words: stdout and stderr into files of the caller's naming
printf 'd\t>../r.out\t2>../r.err\t--dump=desugar\twarn.gm\n' > script3
expect 0 "gmc_many --script with >FILE and 2>FILE" "$MANY" --script script3 o
same "the exit status still in 1.rc" 0 "$(rc 1)"
says "stdout in the >FILE (from the command's folder)" r.out "Procedure warn(G: Graph)"
says "stderr in the 2>FILE" r.err "warn.gm:2:9: warning:"
printf 'nowhere\t--check\tgood.gm\n' > script2
expect 2 "gmc_many --script: a folder that does not exist" "$MANY" --script script2 o
says "... says which" err "cannot enter 'nowhere'"
finish
