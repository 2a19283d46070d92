#!/usr/bin/env bash
# Copies every .storyboard and .xib of a bare git directory's HEAD into a folder, keeping their paths:
#   docs/bench/ib-extract.sh GIT_DIR OUT_DIR
# A set listed in docs/bench/sets/NAME.txt (`owner/name commit` a line) is rebuilt by fetching each repository
# and extracting it into SET/owner+name (each first-level subfolder of a set is one repository for ib-eval.py).
# Pass a commit as a third argument to extract that commit instead of HEAD.
set -euo pipefail
if [ $# -lt 2 ]; then
    echo "usage: $0 GIT_DIR OUT_DIR [COMMIT]" >&2
    exit 2
fi
git_dir=$1
out=$2
rev=${3:-HEAD}
git --git-dir="$git_dir" ls-tree -r -z "$rev" | while IFS= read -r -d '' entry; do
    meta=${entry%%	*}
    path=${entry#*	}
    case "$path" in
        *.storyboard|*.xib) ;;
        *) continue ;;
    esac
    set -- $meta
    [ "$2" = blob ] || continue
    mkdir -p "$out/$(dirname "$path")"
    git --git-dir="$git_dir" cat-file blob "$3" > "$out/$path"
done
