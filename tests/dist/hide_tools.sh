# tests/dist/hide_tools.sh: sourced. hide_tools DIR NAME...: fills DIR with
# links to every command of PATH except the NAMEs (shell patterns, e.g.
# 'automake*'), so that PATH=DIR is this machine without them. One ln per
# PATH folder (the first folder wins, as in PATH), then the hidden removed.
hide_tools() {
    _dir=$1
    shift
    _old_ifs=$IFS
    IFS=:
    for _d in $PATH; do
        IFS=$_old_ifs
        [ -d "$_d" ] && [ "$_d" != "$_dir" ] && ln -s "$_d"/* "$_dir"/ 2>/dev/null
    done
    IFS=$_old_ifs
    (cd "$_dir" && for _h in "$@"; do
        # shellcheck disable=SC2086
        rm -f -- $_h
    done)
}
