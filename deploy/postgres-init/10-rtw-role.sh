#!/bin/sh
# First start of the database only (the image runs /docker-entrypoint-initdb.d once, on an empty
# volume): the service's own role `rtw`, with only the rights it needs. It owns the database `rtw`
# (its migrations create and change the tables there) and nothing else: no superuser, no other
# database, no role creation. pg_checkpoint lets it checkpoint after deleting a data key
# (docs/operations.md, "Backups, retention and what a copy holds"); pg_read_all_stats lets its
# sweep see other roles' open snapshots.
set -eu
: "${RTW_DB_PASSWORD:?RTW_DB_PASSWORD must be set}"
psql -v ON_ERROR_STOP=1 --username "${POSTGRES_USER:-postgres}" --dbname postgres \
  -v password="$RTW_DB_PASSWORD" <<'SQL'
CREATE ROLE rtw LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION PASSWORD :'password';
ALTER DATABASE rtw OWNER TO rtw;
GRANT pg_checkpoint, pg_read_all_stats TO rtw;
SQL
