#!/bin/bash
# Docker HEALTHCHECK for brethren-server: GET /healthz over bash's /dev/tcp
# (no curl or wget in the image). Healthy only on "200 OK" with status "ok";
# a server that is shutting down answers "stopping" and counts as unhealthy.
# Uses the container's own BRETHREN_BIND and BRETHREN_PORT.
set -euo pipefail
port="${BRETHREN_PORT:-8080}"
host="${BRETHREN_BIND:-0.0.0.0}"
case "$host" in
  0.0.0.0 | "") host=127.0.0.1 ;;
  :: | "[::]") host=::1 ;;
esac
if ! exec 3<>"/dev/tcp/$host/$port"; then
  echo "unhealthy: nothing listening on $host:$port"
  exit 1
fi 2>/dev/null
printf 'GET /healthz HTTP/1.0\r\nHost: localhost\r\nConnection: close\r\n\r\n' >&3
response=""
while IFS= read -r -t 3 line <&3 || [ -n "$line" ]; do
  response+="$line"$'\n'
done
exec 3<&-
case "$response" in
  "HTTP/1."?" 200"*'"status":"ok"'*) echo "healthy: ${response##*$'\r\n'}" | head -n 1; exit 0 ;;
  *) echo "unhealthy: ${response:-no answer from $host:$port}"; exit 1 ;;
esac
