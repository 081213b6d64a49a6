#!/bin/bash
# Entrypoint of docker/cluster/Dockerfile.postgres: the cluster's shared
# accounts database (docs/scaling.md).
#
#   1. Reads the password of the role "brethren" from the file
#      $BRETHREN_ACCOUNTS_PASSWORD_FILE (default /run/secrets/accounts-password:
#      a Compose secret or a Kubernetes Secret mounted as a file); refuses to
#      start when it is missing, unreadable, empty or more than one line.
#   2. On the first start (no $PGDATA/PG_VERSION): initdb, and a pg_hba.conf
#      that lets "brethren" in over TCP with SCRAM-SHA-256 only, to its own
#      database, and the superuser "postgres" in over the local socket only
#      (peer: the container's own user, for psql and pg_dump through exec).
#   3. On every start, with a server that listens on no TCP address: creates
#      the role if it is missing and sets its password from the file (so a
#      new secret takes effect at the next restart), creates the database
#      "brethren" owned by it if it is missing.
#   4. exec postgres in the foreground on every address, port $PGPORT: it is
#      PID 1 and gets the container's stop signal itself (the image's
#      STOPSIGNAL is SIGINT, PostgreSQL's fast shutdown).
# Arguments are passed on to postgres (e.g. -c max_connections=200).
set -euo pipefail

say() { echo "brethren-postgres: $*" >&2; }

password_file="${BRETHREN_ACCOUNTS_PASSWORD_FILE:-/run/secrets/accounts-password}"
if [ ! -f "$password_file" ] || [ ! -r "$password_file" ]; then
  say "no readable password file at $password_file: give the password of the role \"brethren\" as a Compose secret or a Kubernetes Secret (docs/scaling.md); not starting"
  exit 1
fi
# $(...) drops the trailing newline(s) an editor or `echo` leaves.
password="$(cat "$password_file")"
password="${password%$'\r'}"
if [ -z "$password" ]; then
  say "the password file $password_file is empty; not starting"
  exit 1
fi
if [[ "$password" == *$'\n'* ]]; then
  say "the password file $password_file has more than one line; not starting"
  exit 1
fi

: "${PGDATA:?PGDATA is not set}"
socket_dir=/var/run/postgresql

if [ ! -s "$PGDATA/PG_VERSION" ]; then
  say "no database in $PGDATA: initdb"
  mkdir -p "$PGDATA"
  chmod 700 "$PGDATA"
  initdb --pgdata="$PGDATA" --username=postgres --encoding=UTF8 --locale=C.UTF-8 \
    --auth-local=peer --auth-host=scram-sha-256 >/dev/null
  cat >"$PGDATA/pg_hba.conf" <<'EOF'
# Written by brethren-postgres at initdb (docker/cluster/postgres-entrypoint.sh).
# TYPE  DATABASE  USER      ADDRESS    METHOD
local   all       postgres             peer
host    brethren  brethren  0.0.0.0/0  scram-sha-256
host    brethren  brethren  ::/0       scram-sha-256
EOF
fi
# PostgreSQL refuses a data folder with group write access, which is what
# Kubernetes' fsGroup gives every folder of a volume it relabels (at mounts,
# unless fsGroupChangePolicy is OnRootMismatch, as docker/k8s/postgres.yaml
# sets it): back to the owner's only.
chmod 700 "$PGDATA"

# A server on the local socket only while the role is set up: nothing
# reaches it over the network before its password is the file's.
pg_ctl --pgdata="$PGDATA" --wait --timeout=120 --silent \
  -o "-c listen_addresses='' -c unix_socket_directories=$socket_dir" start
# \getenv (psql 15) reads the password from this psql's environment only: it
# appears in no command line; :'pw' quotes it as an SQL literal.
BRETHREN_ROLE_PASSWORD="$password" psql --no-psqlrc --quiet -v ON_ERROR_STOP=1 \
  --host="$socket_dir" --username=postgres --dbname=postgres >/dev/null <<'EOF'
\getenv pw BRETHREN_ROLE_PASSWORD
SELECT 'CREATE ROLE brethren LOGIN' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'brethren') \gexec
SET password_encryption = 'scram-sha-256';
ALTER ROLE brethren WITH LOGIN PASSWORD :'pw';
SELECT 'CREATE DATABASE brethren OWNER brethren' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = 'brethren') \gexec
EOF
pg_ctl --pgdata="$PGDATA" --wait --timeout=120 --silent --mode=fast stop
unset password BRETHREN_ROLE_PASSWORD
say "role and database \"brethren\" ready; starting on port ${PGPORT:-5432}"

exec postgres -D "$PGDATA" -c listen_addresses='*' -c "unix_socket_directories=$socket_dir" "$@"
