#!/bin/sh
# The passwords and connection strings docker-compose.yml hands to its containers as secrets (files under
# /run/secrets/, read through the X_FILE convention, so no password sits in an environment variable or in the compose
# file). Writes deploy/secrets/ (git-ignored), one file per secret:
#   postgres_password             PostgreSQL's password for the user "care" (read once, when its data volume is new)
#   database_url                  the services' PostgreSQL address, with that password in it
#   eventstoredb_admin_password   EventStoreDB's "admin" user, which the services connect as (set when its data is new)
#   eventstoredb_ops_password     EventStoreDB's "ops" user (otherwise left at EventStoreDB's published default)
#   eventstore_url                the services' EventStoreDB address: that user, TLS, and the certificate authority
#   admin_password                the product's first administrator (ADMIN_EMAIL in deploy/production.env names them)
#   smtp_url                      empty: mail is written to the mail folder; put smtp://user:password@host:587 in it
#                                 to send mail through that server instead
#
# Passwords are random (openssl). It makes only the files that are missing and never changes one that exists: the
# databases keep the password they were created with, so changing one later is done in the database as well (see
# docs/operations.md). SECRETS_DIR writes elsewhere (the tests use it).
set -eu

root=$(CDPATH='' cd -- "$(dirname -- "$0")/../.." && pwd)
out=${SECRETS_DIR:-$root/deploy/secrets}

# The folder is readable by its owner only; each file is readable by all, since each container reads its secret as
# its own user through a bind mount, which passes by the folder's own permission.
mkdir -p "$out"
chmod 700 "$out"

# Writes the file unless it exists. Hex passwords need no escaping inside a URL.
make() {
  name=$1
  value=$2
  if [ ! -e "$out/$name" ]; then
    printf '%s\n' "$value" >"$out/$name"
    chmod 644 "$out/$name"
    echo "Made $out/$name"
  fi
}
random() { openssl rand -hex "$1"; }
first_line() { head -n 1 "$out/$1"; }

make postgres_password "$(random 24)"
make eventstoredb_admin_password "$(random 24)"
make eventstoredb_ops_password "$(random 24)"
make admin_password "$(random 16)"
make database_url "postgres://care:$(first_line postgres_password)@postgres:5432/care"
make eventstore_url "esdb://admin:$(first_line eventstoredb_admin_password)@eventstoredb:2113?tls=true&tlsCAFile=/certs/ca/ca.crt"
if [ ! -e "$out/smtp_url" ]; then
  : >"$out/smtp_url"
  chmod 644 "$out/smtp_url"
  echo "Made $out/smtp_url (empty: mail goes to the mail folder until an SMTP address is written in it)"
fi
