#!/bin/sh
# The role the BFFs and points APIs serve under (DATABASE_URL): it may read and insert the action log,
# never change it. POSTGRES_USER owns the tables and runs the migrations (MIGRATION_DATABASE_URL) and
# grants this role what serving needs at each start (docs/database-roles.md). Runs once, on an empty
# data volume (the postgres image's docker-entrypoint-initdb.d).
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" -v password="$PHOENIX_SERVING_PASSWORD" <<'SQL'
create role phoenix_app login password :'password';
SQL
