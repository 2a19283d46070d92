#!/usr/bin/env bash
# ib-extract.sh GITDIR OUTDIR
# Copies every .storyboard and .xib file of HEAD of a (bare) git repository into OUTDIR, keeping their paths,
# so that a set listed in docs/bench/sets/NAME.txt can be rebuilt from fetched snapshots:
#   ib-extract.sh /path/to/owner+name/repo /work/ibcorpus/SET/owner+name
set -euo pipefail
if [ $# -ne 2 ]; then
    echo "usage: $0 GITDIR OUTDIR" >&2
    exit 2
fi
gitdir=$1
outdir=$2
git --git-dir="$gitdir" ls-tree -r -z HEAD | while IFS= read -r -d '' entry; do
    meta=${entry%%	*}
    path=${entry#*	}
    case "$path" in
        *.storyboard|*.xib) ;;
        *) continue ;;
    esac
    read -r _mode kind blob <<< "$meta"
    [ "$kind" = blob ] || continue
    mkdir -p "$outdir/$(dirname "$path")"
    git --git-dir="$gitdir" cat-file blob "$blob" > "$outdir/$path"
done
