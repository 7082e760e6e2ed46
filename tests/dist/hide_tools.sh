# tests/dist/hide_tools.sh: sourced. hide_tools DIR NAME...: fills DIR with
# links to every command of PATH except the NAMEs (a NAME ending in * hides
# every command it starts), so that PATH=DIR is this machine without them.
hide_tools() {
    _dir=$1
    shift
    _old_ifs=$IFS
    IFS=:
    for _d in $PATH; do
        IFS=$_old_ifs
        [ -d "$_d" ] || continue
        for _p in "$_d"/*; do
            _n=${_p##*/}
            _skip=no
            for _h in "$@"; do
                # shellcheck disable=SC2254
                case $_n in $_h) _skip=yes ;; esac
            done
            [ $_skip = no ] && [ -x "$_p" ] && [ ! -d "$_p" ] && [ ! -e "$_dir/$_n" ] && ln -s "$_p" "$_dir/$_n"
        done
    done
    IFS=$_old_ifs
}
