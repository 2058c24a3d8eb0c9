#!/usr/bin/env bash
# Backs up Live Connect: the PostgreSQL database (pg_dump custom format) and the uploaded files (tar.gz).
#
#   DATABASE_URL=postgres://user:pass@host:5432/live_connect scripts/backup.sh [output-dir]
#
# Settings (environment):
#   DATABASE_URL   the database to dump (required)
#   BACKUP_DIR     where to write when no output-dir is given (default ./backups)
#   UPLOADS_DIR    the uploads folder; otherwise the path of a file:// STORAGE_URL, otherwise
#                  DATA_DIR/uploads; without any of them only the database is backed up. With an
#                  s3:// STORAGE_URL the files are in the bucket: after this dump, copy them into a
#                  folder with `npm run storage:copy -- --to file:///folder` and archive that
#   BACKUP_PREFIX  file name prefix (default live-connect)
#
# Writes <prefix>-<UTC time>.dump and <prefix>-<UTC time>-uploads.tar.gz and prints their paths.
# The database is dumped first, then the files: uploads are written once under new keys, so every
# file the dump refers to is in the archive. pg_dump needs no downtime (it reads one snapshot).
# See docs/operations.md.
set -euo pipefail

if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
  sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'
  exit 0
fi
: "${DATABASE_URL:?DATABASE_URL is required (postgres://user:pass@host:5432/db)}"
for tool in pg_dump pg_restore tar gzip; do
  command -v "$tool" >/dev/null || { echo "backup: $tool is not installed" >&2; exit 1; }
done

uploads_dir() {
  if [[ -n "${UPLOADS_DIR:-}" ]]; then echo "$UPLOADS_DIR"
  elif [[ "${STORAGE_URL:-}" == file://* ]]; then echo "${STORAGE_URL#file://}"
  elif [[ -n "${DATA_DIR:-}" ]]; then echo "${DATA_DIR%/}/uploads"
  fi
}

out_dir="${1:-${BACKUP_DIR:-./backups}}"
prefix="${BACKUP_PREFIX:-live-connect}"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
mkdir -p "$out_dir"
dump="$out_dir/$prefix-$stamp.dump"
archive="$out_dir/$prefix-$stamp-uploads.tar.gz"
# Half-written files keep a .partial suffix, so a failed run never leaves something that looks complete.
trap 'rm -f "$dump.partial" "$archive.partial"' EXIT

pg_dump --format=custom --no-owner --no-privileges --dbname="$DATABASE_URL" --file="$dump.partial"
pg_restore --list "$dump.partial" >/dev/null   # the archive reads back
mv "$dump.partial" "$dump"
echo "database: $dump ($(du -h "$dump" | cut -f1))"

uploads="$(uploads_dir)"
if [[ -z "$uploads" && "${STORAGE_URL:-}" == s3://* ]]; then
  echo "uploads: NOT in this backup: they are in the bucket of STORAGE_URL ($STORAGE_URL). Now, after the dump, copy" >&2
  echo "  them into a folder kept as a mirror (only what it lacks is sent) and archive it: npm run storage:copy --" >&2
  echo "  --to file:///<folder> (in the app's image: node apps/api/src/cli/copy-storage.ts --to …); docs/operations.md." >&2
elif [[ -z "$uploads" ]]; then
  echo "uploads: skipped (set UPLOADS_DIR, a file:// STORAGE_URL or DATA_DIR)"
elif [[ ! -d "$uploads" ]]; then
  if [[ -n "${UPLOADS_DIR:-}" ]]; then echo "backup: UPLOADS_DIR $uploads is not a folder" >&2; exit 1; fi
  echo "uploads: skipped ($uploads does not exist yet)"
else
  tar -C "$uploads" -czf "$archive.partial" .
  mv "$archive.partial" "$archive"
  echo "uploads: $archive ($(du -h "$archive" | cut -f1))"
fi
