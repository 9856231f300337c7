#!/bin/sh
# First start: create the cluster with the password and database asked for, as the public image does.
set -eu
user="${POSTGRES_USER:-postgres}"
db="${POSTGRES_DB:-$user}"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set}"
  pwfile="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
  initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  if [ "$db" != postgres ]; then
    pg_ctl -w -o "-c listen_addresses=''" start >/dev/null
    createdb --username="$user" "$db"
    pg_ctl -w -m fast stop >/dev/null
  fi
fi
if [ "${1:-}" = postgres ]; then
  shift
  exec postgres -c listen_addresses='*' "$@"
fi
exec "$@"
