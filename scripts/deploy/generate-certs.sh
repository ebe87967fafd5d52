#!/bin/sh
# EventStoreDB's TLS certificates for docker-compose.yml, made with openssl:
#   deploy/certs/ca/ca.crt        a private certificate authority the services trust (its folder is mounted into every
#                                 app container and EventStoreDB, so nothing else goes in it)
#   deploy/certs/ca.key           its key: outside that folder, mounted nowhere; keep a copy with the backups
#   deploy/certs/node/node.crt    the EventStoreDB node's certificate, for the names "eventstoredb" (the services) and
#   deploy/certs/node/node.key    "localhost" (its own health check), with the common name EventStoreDB expects of a node
#
# Run it once before the first `docker compose up`. It makes only what is missing, so running it again changes
# nothing; to renew the node's certificate (it lasts CERT_DAYS, 825 days by default), delete deploy/certs/node and run
# it again, then `docker compose restart eventstoredb`. CERTS_DIR writes elsewhere (the tests use it).
#
# The folder is readable by its owner only; the files inside are readable by all, because each container reads them as
# its own user through a bind mount, which passes by the folder's own permission.
set -eu

root=$(CDPATH='' cd -- "$(dirname -- "$0")/../.." && pwd)
out=${CERTS_DIR:-$root/deploy/certs}
days=${CERT_DAYS:-825}

mkdir -p "$out/ca" "$out/node"
chmod 700 "$out"
chmod 755 "$out/ca" "$out/node"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [ ! -f "$out/ca/ca.crt" ]; then
  openssl req -x509 -new -newkey rsa:4096 -nodes -sha256 -days 3650 \
    -subj "/CN=Care platform EventStoreDB CA" \
    -addext "basicConstraints=critical,CA:TRUE" \
    -addext "keyUsage=critical,keyCertSign,cRLSign" \
    -keyout "$out/ca.key" -out "$out/ca/ca.crt" 2>/dev/null
  chmod 600 "$out/ca.key"
  chmod 644 "$out/ca/ca.crt"
  echo "Made the certificate authority: $out/ca/ca.crt"
fi

if [ ! -f "$out/node/node.crt" ]; then
  # EventStoreDB accepts another node only with its own certificate's common name; eventstoredb-node is its default.
  cat >"$work/node.ext" <<'EXT'
basicConstraints=CA:FALSE
keyUsage=critical,digitalSignature,keyEncipherment
extendedKeyUsage=serverAuth,clientAuth
subjectAltName=DNS:eventstoredb,DNS:localhost,IP:127.0.0.1
EXT
  openssl req -new -newkey rsa:2048 -nodes -subj "/CN=eventstoredb-node" \
    -keyout "$out/node/node.key" -out "$work/node.csr" 2>/dev/null
  openssl x509 -req -sha256 -days "$days" -in "$work/node.csr" \
    -CA "$out/ca/ca.crt" -CAkey "$out/ca.key" -CAcreateserial -CAserial "$work/ca.srl" \
    -extfile "$work/node.ext" -out "$out/node/node.crt" 2>/dev/null
  chmod 644 "$out/node/node.crt" "$out/node/node.key"
  echo "Made the EventStoreDB node certificate: $out/node/node.crt (valid $days days)"
fi
