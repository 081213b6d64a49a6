#!/usr/bin/env bash
# End-to-end test of the Docker image (docker/Dockerfile):
#   1. makes a local Docker engine with ../shared/tools/docker-host.sh,
#   2. builds the image and checks it is under 150 MB,
#   3. runs it with a new named volume on a free loopback port, waits until it
#      is healthy, plays one complete Letter of Marque game against it with
#      real WebSocket clients (build/tools/brethren-playtest),
#   4. stops it with SIGTERM and checks the clean exit (code 0, "shutdown complete"),
#   5. runs a new container on the same volume and finds the finished match there,
#   6. removes the containers, the volume and the image it made (also on failure).
# Needs root (docker-host.sh installs and starts the engine). Run as:
#   tests/docker/docker_test.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
repo="$(pwd)"
started=$SECONDS

log() { echo "docker_test: $*"; }
die() { echo "docker_test: FAIL: $*" >&2; exit 1; }

docker_host="${BRETHREN_DOCKER_HOST:-$repo/../shared/tools/docker-host.sh}"
[ -f "$docker_host" ] || die "docker-host.sh not found at $docker_host (expected shared/ beside the repository; set BRETHREN_DOCKER_HOST to its path)"

max_image_bytes=$((150 * 1000 * 1000))
playtest="$repo/build/tools/brethren-playtest"
if [ ! -x "$playtest" ]; then
  log "building brethren-playtest"
  BRETHREN_BUILD_DIR=build tools/setup.sh
  cmake --build build -j 2 --target brethren-playtest
fi

id="brethren-test-$$-$RANDOM"
image="$id:latest"
volume="$id-data"
containers=()
workdir="$(mktemp -d)"

cleanup() {
  local rc=$?
  set +e
  if [ $rc -ne 0 ]; then
    for c in "${containers[@]}"; do
      echo "---- docker logs $c (last 40 lines)" >&2
      docker logs --tail 40 "$c" >&2 2>&1
    done
  fi
  for c in "${containers[@]}"; do docker rm -f "$c" >/dev/null 2>&1; done
  docker volume rm -f "$volume" >/dev/null 2>&1
  docker image rm -f "$image" >/dev/null 2>&1
  # The untagged images of the build stages that this build made (the classic
  # builder keeps them; BuildKit makes none). Ones that existed before stay.
  if [ "${BRETHREN_DOCKER_KEEP_CACHE:-0}" != 1 ] && [ -f "$workdir/build.log" ]; then
    for stage in $(awk '/^ ---> [0-9a-f]+$/ { last = $2 } /^Step [0-9]+\/[0-9]+ : FROM / { if (last != "") print last }' "$workdir/build.log"); do
      grep -qx "$stage" "$workdir/images-before" 2>/dev/null && continue
      [ "$(docker image inspect -f '{{len .RepoTags}}' "$stage" 2>/dev/null)" = 0 ] || continue
      docker image rm "$stage" >/dev/null 2>&1
    done
  fi
  rm -rf "$workdir"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- 1. engine ----------------------------------------------------------------
log "preparing the Docker engine ($docker_host)"
timeout 1200 bash "$docker_host" </dev/null || die "docker-host.sh failed"
docker info >/dev/null 2>&1 || die "docker engine not reachable"

# --- 2. image -----------------------------------------------------------------
log "building $image"
docker image ls -aq --no-trunc | sed 's/^sha256://' | cut -c1-12 >"$workdir/images-before"
build_start=$SECONDS
# The image carries the browser client only when web/dist was built before it
# (the Dockerfile's COPY takes it if present): remember which page / must serve.
web_built=0
[ -f web/dist/index.html ] && web_built=1
if ! timeout 2400 docker build --network host \
    -f docker/Dockerfile -t "$image" . </dev/null >"$workdir/build.log" 2>&1; then
  tail -n 60 "$workdir/build.log" >&2
  die "docker build failed"
fi
size=$(docker image inspect -f '{{.Size}}' "$image")
log "built in $((SECONDS - build_start)) s; image size $((size / 1000 / 1000)) MB ($size bytes)"
[ "$size" -lt "$max_image_bytes" ] || die "image is $size bytes, over $max_image_bytes"
user=$(docker image inspect -f '{{.Config.User}}' "$image")
case "$user" in "" | root | 0 | root:* | 0:*) die "image runs as root ($user)" ;; esac

# --- helpers ------------------------------------------------------------------
# A TCP port that nothing on this machine uses (in any state), from /proc/net.
port_in_use() {
  local hex
  hex=$(printf '%04X' "$1")
  awk -v p="$hex" 'NR > 1 { split($2, a, ":"); if (a[length(a)] == p) found = 1 } END { exit !found }' \
    /proc/net/tcp /proc/net/tcp6 2>/dev/null
}
free_port() {
  local p
  for _ in $(seq 1 200); do
    p=$((20000 + RANDOM % 30000))
    port_in_use "$p" || { echo "$p"; return 0; }
  done
  die "no free port found"
}

# start_container NAME: runs the image on a free loopback port with the volume;
# sets $port once the server prints its listening line.
start_container() {
  local name=$1 attempt
  for attempt in 1 2 3; do
    port=$(free_port)
    containers+=("$name")
    docker run -d --name "$name" --network host \
      -v "$volume:/data" \
      -e BRETHREN_BIND=127.0.0.1 -e BRETHREN_PORT="$port" -e BRETHREN_THREADS=2 \
      --health-interval 2s --health-start-period 5s \
      "$image" >/dev/null
    local deadline=$((SECONDS + 60))
    while [ $SECONDS -lt $deadline ]; do
      if grep -qF "listening on ws://127.0.0.1:$port/ws" <<<"$(docker logs "$name" 2>/dev/null)"; then
        log "$name listening on 127.0.0.1:$port"
        return 0
      fi
      [ "$(docker inspect -f '{{.State.Running}}' "$name")" = true ] || break
      sleep 0.5
    done
    if grep -q "cannot listen" <<<"$(docker logs "$name" 2>&1)"; then
      log "port $port was taken meanwhile; retrying"
      docker rm -f "$name" >/dev/null
      unset 'containers[${#containers[@]}-1]'
      continue
    fi
    die "$name did not start listening within 60 s"
  done
  die "$name could not listen after 3 attempts"
}

wait_healthy() {
  local name=$1 status deadline=$((SECONDS + 60))
  while [ $SECONDS -lt $deadline ]; do
    status=$(docker inspect -f '{{.State.Health.Status}}' "$name")
    if [ "$status" = healthy ]; then log "$name is healthy"; return 0; fi
    [ "$status" = unhealthy ] && break
    sleep 1
  done
  docker inspect -f '{{json .State.Health}}' "$name" >&2
  die "$name not healthy (status: $status)"
}

# stop_cleanly NAME: SIGTERM via docker stop; exit code 0 and "shutdown complete".
stop_cleanly() {
  local name=$1 t0=$SECONDS code
  timeout 60 docker stop -t 30 "$name" >/dev/null || die "docker stop $name failed"
  code=$(docker inspect -f '{{.State.ExitCode}}' "$name")
  log "$name stopped by SIGTERM in $((SECONDS - t0)) s, exit code $code"
  [ "$code" = 0 ] || die "$name exited with $code after SIGTERM"
  grep -q "shutdown complete" <<<"$(docker logs "$name" 2>&1)" || die "$name log has no 'shutdown complete'"
}

# http_get PATH: the raw HTTP/1.0 answer (headers and body) of the server on
# 127.0.0.1:$port, over bash's /dev/tcp (no curl needed on the host either).
http_get() {
  local answer="" line
  exec 3<>"/dev/tcp/127.0.0.1/$port" || return 1
  printf 'GET %s HTTP/1.0\r\nHost: localhost\r\nConnection: close\r\n\r\n' "$1" >&3
  while IFS= read -r -t 5 line <&3 || [ -n "$line" ]; do answer+="$line"$'\n'; done
  exec 3<&-
  printf '%s' "$answer"
}

# check_web_client: / serves the client's page when the image was built with
# web/dist, else the "client is not built" page; both as 200 text/html.
check_web_client() {
  local page
  page=$(http_get /) || die "GET / failed"
  grep -q "^HTTP/1\.[01] 200" <<<"$page" || die "GET / is not 200: $(head -n 1 <<<"$page")"
  grep -qi "^content-type: text/html" <<<"$page" || die "GET / is not text/html"
  if [ "$web_built" = 1 ]; then
    grep -q '<div id="app">' <<<"$page" && grep -q '<title>Brethren</title>' <<<"$page" \
      || die "GET / does not serve the browser client (web/dist was built before the image)"
    log "GET / serves the browser client"
  else
    grep -q "browser client is not built" <<<"$page" \
      || die "GET / does not say the client is not built (web/dist was absent at build time)"
    log "GET / says the browser client is not built (no web/dist at build time)"
  fi
}

# --- 3. play a game -----------------------------------------------------------
docker volume create "$volume" >/dev/null
start_container "$id-1"
wait_healthy "$id-1"
check_web_client
uid=$(docker exec "$id-1" id -u)
[ "$uid" != 0 ] || die "server runs as root in the container"
owner=$(docker exec "$id-1" stat -c %u /data/brethren.db)
[ "$owner" = "$uid" ] || die "/data/brethren.db owned by uid $owner, not $uid"

log "playing Letter of Marque with 3 WebSocket clients"
timeout 300 "$playtest" --host 127.0.0.1 --port "$port" --game letter-of-marque --players 3 \
  </dev/null | tee "$workdir/play.log" || die "brethren-playtest failed"
code=$(sed -n 's/^room \([A-Z0-9]*\) finished after [0-9]* moves.*/\1/p' "$workdir/play.log")
[ -n "$code" ] || die "no finished room in the playtest output"

# --- 4. SIGTERM ---------------------------------------------------------------
stop_cleanly "$id-1"

# --- 5. same volume, new container ---------------------------------------------
start_container "$id-2"
grep -oE "recovered [0-9]+ rooms.*" <<<"$(docker logs "$id-2" 2>&1)" || true
timeout 60 "$playtest" --host 127.0.0.1 --port "$port" --inspect "$code" </dev/null \
  | tee "$workdir/inspect.log" || die "room $code not finished after the restart"
grep -q "^room $code: ROOM_STATUS_FINISHED" "$workdir/inspect.log" || die "room $code not finished after the restart"
wait_healthy "$id-2"
stop_cleanly "$id-2"

log "PASS in $((SECONDS - started)) s: image $((size / 1000 / 1000)) MB, room $code finished and found again after restart"
