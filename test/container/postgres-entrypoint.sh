#!/bin/sh
# First start: create the cluster with the password and database asked for and run the scripts of
# /docker-entrypoint-initdb.d, as the public image does.
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
  pg_ctl -w -o "-c listen_addresses=''" start >/dev/null
  if [ "$db" != postgres ]; then
    createdb --username="$user" "$db"
  fi
  # As the public image: the scripts of /docker-entrypoint-initdb.d, once, on the first start.
  for script in /docker-entrypoint-initdb.d/*.sh; do
    [ -r "$script" ] || continue
    POSTGRES_USER="$user" sh "$script"
  done
  pg_ctl -w -m fast stop >/dev/null
fi
if [ "${1:-}" = postgres ]; then
  shift
  exec postgres -c listen_addresses='*' "$@"
fi
exec "$@"
