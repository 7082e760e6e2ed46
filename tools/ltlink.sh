#!/bin/sh
# tools/ltlink.sh SHELL LIBTOOL ARGS...: Makefile.am's LIBTOOL. Links a
# program (libtool --mode=link whose output is not a .la) with the compiler
# alone, each uninstalled libtool library X.la in its arguments replaced by
# its static archive (DIR/.libs/$old_library), its inherited_linker_flags and
# its dependency_libs (their .la the same way), which is the program libtool
# links for -static (gmgraph) and, with the static archive instead of the
# shared library, for -no-install (the check programs): none of those
# programs is installed linked against an uninstalled shared library.
# Why: libtool's script costs ~1.2 processor seconds per link on the 2-core
# CI machine (a plain gcc link: ~0.15), and make check links ~60 programs,
# distcheck as many again. Anything else goes to libtool unchanged (exec
# SHELL LIBTOOL ARGS): every other mode (compile, install, clean), a library,
# a libtool option or a link flag of libtool's this does not handle, a .lo,
# an installed .la or one without a static archive (configure
# --disable-static), -R in dependency_libs.
sh_=$1 lt_=$2
shift 2
# q WORD: WORD, single-quoted, appended to $acc (for eval; no subshell)
q() {
    q_w=$1 q_o=
    while :; do
        case $q_w in
        *\'*) q_o="$q_o${q_w%%\'*}'\\''" q_w=${q_w#*\'} ;;
        *) break ;;
        esac
    done
    acc="$acc '$q_o$q_w'"
}
acc=
for a_; do q "$a_"; done
orig_=$acc
fallback() { eval "exec \"\$sh_\" \"\$lt_\" $orig_"; }

# la FILE: the static archive, flags and (later) dependencies of FILE.la
la() {
    case $1 in /*) la_f=$1 ;; *) la_f=./$1 ;; esac
    [ -f "$la_f" ] || return 1
    old_library= inherited_linker_flags= dependency_libs= installed=
    . "$la_f" || return 1
    [ "$installed" = no ] && [ -n "$old_library" ] || return 1
    la_d=${la_f%/*}
    [ -f "$la_d/.libs/$old_library" ] || return 1
    q "$la_d/.libs/$old_library"
    for la_w in $inherited_linker_flags; do q "$la_w"; done
    pending_="$pending_ $dependency_libs"
}

acc= mode_= cc_= prev_= out_= pending_=
for a_; do
    if [ -z "$cc_" ]; then
        case $a_ in
        --mode=link) mode_=link ;;
        --tag=* | --silent | --quiet) ;;
        -*) fallback ;;
        *) [ "$mode_" = link ] || fallback
           cc_=$a_
           q "$a_" ;;
        esac
        continue
    fi
    if [ "$prev_" = -o ]; then
        out_=$a_ prev_=
        q "$a_"
        continue
    fi
    case $a_ in
    -o) prev_=-o; q "$a_" ;;
    # libtool's: link uninstalled libtool libraries statically (what this does)
    -static | -no-install) ;;
    -all-static | -avoid-version | -bindir | -dlopen | -dlpreopen | -export-dynamic | -export-symbols* | \
        -module | -no-fast-install | -no-undefined | -objectlist | -precious-files-regex | -prefer-* | \
        -release | -rpath | -R* | -shared | -shrext | -static-libtool-libs | -version-* | -weak | \
        -Wc,* | -Xcompiler | -XCClinker | *.lo) fallback ;;
    *.la) la "$a_" || fallback ;;
    *) q "$a_" ;;
    esac
done
[ -n "$cc_" ] && [ -n "$out_" ] || fallback
case $out_ in *.la | *.lo | *.a) fallback ;; esac
# the libraries' dependencies, after everything (a static archive before
# what it needs); a .la among them the same way, until none is left
while [ -n "$pending_" ]; do
    # shellcheck disable=SC2086
    set -- $pending_
    pending_=
    for a_; do
        case $a_ in
        *.la) la "$a_" || fallback ;;
        -R*) fallback ;;
        *) q "$a_" ;;
        esac
    done
done
eval "exec $acc"
