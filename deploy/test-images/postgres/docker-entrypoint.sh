#!/bin/sh
# What the official image's entry point does that docker-compose.yml relies on: run as `postgres`,
# and on an empty PGDATA create the cluster with POSTGRES_USER (default postgres) and
# POSTGRES_PASSWORD (required), the database POSTGRES_DB (default: the user's name), password
# (scram-sha-256) logins from any address, and listen on all of them.
set -eu
if [ "${1#-}" != "$1" ]; then set -- postgres "$@"; fi

if [ "$1" = postgres ] && [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA"
  chown postgres:postgres "$PGDATA"
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi

if [ "$1" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set (the official image refuses to start without it)}"
  user="${POSTGRES_USER:-postgres}"
  database="${POSTGRES_DB:-$user}"
  password_file="$(mktemp)"
  printf '%s\n' "$POSTGRES_PASSWORD" > "$password_file"
  initdb --username="$user" --pwfile="$password_file" --auth-local=trust --auth-host=scram-sha-256 \
    --pgdata="$PGDATA"
  rm -f "$password_file"
  echo "listen_addresses = '*'" >> "$PGDATA/postgresql.conf"
  echo 'host all all all scram-sha-256' >> "$PGDATA/pg_hba.conf"
  if [ "$database" != postgres ]; then
    pg_ctl --pgdata="$PGDATA" --options="-c listen_addresses=''" --wait start
    psql --no-psqlrc --set=ON_ERROR_STOP=1 --username="$user" --dbname=postgres --set=database="$database" \
      <<'SQL'
CREATE DATABASE :"database";
SQL
    pg_ctl --pgdata="$PGDATA" --mode=fast --wait stop
  fi
  echo 'PostgreSQL init process complete; ready for start up.'
fi

exec "$@"
