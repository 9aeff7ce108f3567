#!/bin/bash
# Nightly backup of the plant kiosk (run by plant-kiosk-backup.service): one timestamped archive
# written by the server CLI, then only the newest KEEP archives are kept.
#   backup-rotate.sh BACKUP_DIR KEEP NODE CLI_JS
set -euo pipefail
dir="${1:?backup directory}"
keep="${2:?number of archives to keep}"
node="${3:?node binary}"
cli="${4:?path of apps/server/dist/cli.js}"
[[ "$keep" =~ ^[1-9][0-9]*$ ]] || { echo "backup-rotate: KEEP must be a positive integer" >&2; exit 2; }
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
"$node" "$cli" backup "${dir}/plant-kiosk-${stamp}.tar.gz"
# Names sort by date: delete all but the newest $keep.
mapfile -t archives < <(find "$dir" -maxdepth 1 -name 'plant-kiosk-*.tar.gz' -type f | sort)
count=${#archives[@]}
if (( count > keep )); then
  for old in "${archives[@]:0:count-keep}"; do
    rm -f -- "$old"
  done
fi
