#!/usr/bin/env bash
# Restores a backup made by scripts/backup.sh into the database of DATABASE_URL (and the uploads folder).
#
#   DATABASE_URL=postgres://user:pass@host:5432/live_connect scripts/restore.sh --yes <file.dump> [uploads.tar.gz]
#
# Settings (environment):
#   DATABASE_URL   the database to restore into (required); best a freshly created, empty one
#   UPLOADS_DIR    where to unpack the uploads; otherwise the path of a file:// STORAGE_URL,
#                  otherwise DATA_DIR/uploads
#
# The database restore is one transaction (pg_restore --clean --if-exists --single-transaction):
# it replaces every object the dump holds, or on any error changes nothing. Stop the API first
# (scale it to 0) so nobody writes meanwhile. Files are unpacked over the uploads folder (files
# already there and not in the archive are kept). --yes is required: the target's data is replaced.
# See docs/operations.md.
set -euo pipefail

confirmed=no
args=()
for arg in "$@"; do
  case "$arg" in
    --yes) confirmed=yes ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) args+=("$arg") ;;
  esac
done
if [[ ${#args[@]} -lt 1 || ${#args[@]} -gt 2 ]]; then
  echo "usage: scripts/restore.sh --yes <file.dump> [uploads.tar.gz]" >&2
  exit 2
fi
dump="${args[0]}"
archive="${args[1]:-}"
: "${DATABASE_URL:?DATABASE_URL is required (postgres://user:pass@host:5432/db)}"
[[ -f "$dump" ]] || { echo "restore: no such file: $dump" >&2; exit 1; }
[[ -z "$archive" || -f "$archive" ]] || { echo "restore: no such file: $archive" >&2; exit 1; }
if [[ "$confirmed" != yes ]]; then
  echo "restore: this replaces the data in the target database${archive:+ and unpacks files into the uploads folder}; run again with --yes" >&2
  exit 1
fi

pg_restore --clean --if-exists --no-owner --no-privileges --single-transaction --exit-on-error \
  --dbname="$DATABASE_URL" "$dump"
echo "database: restored from $dump"

if [[ -n "$archive" ]]; then
  if [[ -n "${UPLOADS_DIR:-}" ]]; then uploads="$UPLOADS_DIR"
  elif [[ "${STORAGE_URL:-}" == file://* ]]; then uploads="${STORAGE_URL#file://}"
  elif [[ -n "${DATA_DIR:-}" ]]; then uploads="${DATA_DIR%/}/uploads"
  else echo "restore: set UPLOADS_DIR (or a file:// STORAGE_URL, or DATA_DIR) to unpack $archive" >&2; exit 1
  fi
  mkdir -p "$uploads"
  tar -C "$uploads" -xzf "$archive"
  echo "uploads: unpacked $archive into $uploads"
fi
