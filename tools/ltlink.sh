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
# distcheck as many again. Also libtool's compile of a C file (below, where
# the compile mode starts). Anything else goes to libtool unchanged (exec
# SHELL LIBTOOL ARGS): every other mode (install, clean...), a library,
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

acc= mode_= cc_= prev_= out_= pending_= tag_=
for a_; do
    if [ -z "$cc_" ]; then
        case $a_ in
        --mode=link) mode_=link ;;
        --mode=compile) mode_=compile ;;
        --tag=*) tag_=${a_#--tag=} ;;
        --silent | --quiet) ;;
        -*) fallback ;;
        *) [ -n "$mode_" ] || fallback
           cc_=$a_
           q "$a_" ;;
        esac
        continue
    fi
    [ "$mode_" = compile ] && break
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
[ -n "$cc_" ] || fallback

# --mode=compile of a C file (tag CC) where libtool builds both the shared
# and the static library (configure's default): the compiler twice, as
# libtool runs it (its words, in its order: ARGS less -o X.lo and the
# source, which is the last word), the PIC object DIR/.libs/X.o, then the
# non-PIC DIR/X.o with its output thrown away (the first compile has shown
# the warnings), and X.lo naming both. libtool's script costs ~0.55
# processor s a compile here, against ~0.16 for the two compiles (46 files
# in the tree's build, 36 in distcheck's).
if [ "$mode_" = compile ]; then
    [ "$tag_" = CC ] || fallback
    # libtool's configuration (its first section; values shell-quoted)
    eval "$(sed -n '/^# ### BEGIN LIBTOOL CONFIG/,/^# ### END LIBTOOL CONFIG/{
        /^\(build_libtool_libs\|build_old_libs\|pic_mode\|objdir\|pic_flag\|compiler_c_o\|need_locks\)=/p
        }' "$lt_")" || fallback
    [ "${build_libtool_libs:-}" = yes ] && [ "${build_old_libs:-}" = yes ] && [ "${pic_mode:-}" = default ] &&
        [ "${objdir:-}" = .libs ] && [ "${compiler_c_o:-}" = yes ] && [ "${need_locks:-}" = no ] || fallback
    acc= prev_= src_= have_src_=0 out_= seen_=0
    for a_; do
        if [ $seen_ = 0 ]; then
            case $a_ in --*) continue ;; *) seen_=1 ;; esac
        fi
        if [ "$prev_" = -o ]; then out_=$a_ prev_=; continue; fi
        case $a_ in
        -o) [ -z "$out_" ] || fallback; prev_=-o; continue ;;
        -shared | -static | -prefer-pic | -prefer-non-pic | -no-suppress | -Xcompiler | -Wc,*) fallback ;;
        esac
        [ $have_src_ = 0 ] || q "$src_"
        src_=$a_ have_src_=1
    done
    case $out_ in *.lo) ;; *) fallback ;; esac
    case $src_ in *.c) ;; *) fallback ;; esac
    case $out_ in */*) xdir_=${out_%/*}/ ;; *) xdir_= ;; esac
    b_=${out_##*/}
    b_=${b_%.lo}
    obj_=$xdir_$b_.o lobj_=$xdir_.libs/$b_.o
    rm -f "$obj_" "$lobj_" "$out_" "${out_}T"
    [ -d "$xdir_.libs" ] || mkdir -p "$xdir_.libs" || exit 1
    q "$src_"
    srcq_=$acc
    # shellcheck disable=SC2086
    eval "$srcq_ $pic_flag -o \"\$lobj_\"" || { rm -f "$lobj_"; exit 1; }
    eval "$srcq_ -o \"\$obj_\"" >/dev/null 2>&1 || { rm -f "$lobj_" "$obj_"; exit 1; }
    printf '%s\n' "# $out_ - a libtool object file" "# Generated by tools/ltlink.sh (libtool's compile, without its script)" \
        "#" "# Please DO NOT delete this file!" "# It is necessary for linking the library." "" \
        "# Name of the PIC object." "pic_object='.libs/$b_.o'" "" "# Name of the non-PIC object" \
        "non_pic_object='$b_.o'" "" >"${out_}T" && mv -f "${out_}T" "$out_"
    exit
fi

[ -n "$out_" ] || fallback
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
