#!/bin/bash
# Docker HEALTHCHECK for brethren-server: GET /healthz over bash's /dev/tcp
# (no curl or wget in the image). Healthy only on "200 OK" with status "ok";
# a server that is draining ("draining", 503) or shutting down ("stopping")
# counts as unhealthy: it takes no new rooms.
#   --alive  healthy while the server answers HTTP at all (a liveness probe:
#            a draining server is alive)
#   --drain  starts a drain (SIGUSR1 to the server, PID 1 in the image) and
#            waits until the server has stopped: Kubernetes' preStop hook
#            (docs/operations.md)
# Uses the container's own BRETHREN_BIND and BRETHREN_PORT.
set -euo pipefail
port="${BRETHREN_PORT:-8080}"
host="${BRETHREN_BIND:-0.0.0.0}"
case "$host" in
  0.0.0.0 | "") host=127.0.0.1 ;;
  :: | "[::]") host=::1 ;;
esac
mode="${1:-ready}"
if [ "$mode" = --drain ]; then
  kill -USR1 1
  # The server answers until its drain ends; a bounded wait all the same
  # (Kubernetes ends the hook at terminationGracePeriodSeconds anyway).
  for _ in $(seq 1 86400); do
    { exec 3<>"/dev/tcp/$host/$port"; } 2>/dev/null || exit 0
    exec 3<&-
    sleep 1
  done
  exit 0
fi
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
if [ "$mode" = --alive ]; then
  case "$response" in
    "HTTP/1."?" "*) echo "alive: ${response%%$'\r'*}"; exit 0 ;;
    *) echo "dead: ${response:-no answer from $host:$port}"; exit 1 ;;
  esac
fi
case "$response" in
  "HTTP/1."?" 200"*'"status":"ok"'*) echo "healthy: ${response##*$'\r\n'}" | head -n 1; exit 0 ;;
  *) echo "unhealthy: ${response:-no answer from $host:$port}"; exit 1 ;;
esac
