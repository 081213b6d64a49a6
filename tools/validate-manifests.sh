#!/usr/bin/env bash
# Validates the operators' files offline (docs/scaling.md, issue #17):
# docker/k8s/*.yaml against the Kubernetes schemas, docker/compose.cluster.yaml
# against the Compose Specification's schema, and the HAProxy configurations
# with `haproxy -c` (tools/manifest-check/validate.mjs says how).
#
#   tools/validate-manifests.sh              # the repository's files
#   tools/validate-manifests.sh --self-test  # proves the validator catches errors
#
# The validator's npm packages are pinned by tools/manifest-check/package-lock.json;
# `npm ci` runs only when that file changed since the last install, so later
# runs need no network. CTest runs both modes (tests/CMakeLists.txt).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
check="$repo/tools/manifest-check"

command -v node >/dev/null || { echo "validate-manifests: node not found (tools/setup.sh installs it)" >&2; exit 1; }
stamp="$check/node_modules/.brethren-lock-stamp"
if [ ! -f "$stamp" ] || ! cmp -s "$check/package-lock.json" "$stamp"; then
  (cd "$check" && npm ci --no-audit --no-fund --loglevel=error)
  cp "$check/package-lock.json" "$stamp"
fi

validate() { node "$check/validate.mjs" "$1"; }

if [ "${1:-}" != "--self-test" ]; then
  validate "$repo"
  # Docker Compose's own reading of the file (no engine needed): the Compose
  # plugin where it is installed, else Debian's docker-compose (tools/setup.sh).
  compose=()
  if command -v docker >/dev/null && docker compose version >/dev/null 2>&1; then
    compose=(docker compose)
  elif command -v docker-compose >/dev/null; then
    compose=(docker-compose)
  fi
  # kustomize's rendering of docker/k8s, where kubectl is installed (offline).
  if command -v kubectl >/dev/null; then
    kubectl kustomize "$repo/docker/k8s" >/dev/null
    echo "validate-manifests: kubectl kustomize renders docker/k8s"
  fi
  # tools/setup.sh installs docker-compose: without it this check would pass
  # having checked less, so it fails instead.
  if [ ${#compose[@]} -eq 0 ]; then
    echo "validate-manifests: neither docker compose nor docker-compose found (tools/setup.sh installs docker-compose)" >&2
    exit 1
  fi
  "${compose[@]}" -f "$repo/docker/compose.cluster.yaml" config -q
  echo "validate-manifests: ${compose[*]} config accepts docker/compose.cluster.yaml"
  exit 0
fi

# --- self-test: a copy with one mistake of each kind in different places;
# the validator must fail and name every one of them. ---------------------
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/docker"
cp -r "$repo/docker/k8s" "$repo/docker/cluster" "$repo/docker/Dockerfile" "$repo/docker/compose.cluster.yaml" "$work/docker/"
# The compose proxy's configuration is checked only when it exists: a minimal
# one stands in for it if the repository has none yet.
if [ ! -f "$work/docker/cluster/haproxy.cfg" ]; then
  cat >"$work/docker/cluster/haproxy.cfg" <<'EOF'
defaults
    mode http
    timeout connect 5s
    timeout client 60s
    timeout server 60s
frontend brethren
    bind "${BRETHREN_PROXY_BIND}"
    default_backend brethren-0
backend brethren-0
    server brethren-0 "${BRETHREN_NODE0_ADDR}"
EOF
fi

echo "validate-manifests: self-test: the unchanged copy must pass"
validate "$work" >/dev/null || { echo "validate-manifests: self-test: FAIL: the unchanged copy does not validate" >&2; exit 1; }

k8s="$work/docker/k8s"
# A misspelled optional field (unknown to the schema).
sed -i 's/^\(\s*\)readinessProbe:/\1readinesProbe:/' "$k8s/statefulset.yaml"
# A number given as a string.
sed -i 's/^\(\s*\)replicas: 3$/\1replicas: "3"/' "$k8s/statefulset.yaml"
# A value outside an enum.
sed -i 's/podManagementPolicy: Parallel/podManagementPolicy: Paralel/' "$k8s/statefulset.yaml"
# A misspelled field in another kind.
sed -i '0,/maxUnavailable: 1/s//maxUnavaliable: 1/' "$k8s/pdb.yaml"
# A required field missing (a Service port's number).
sed -i '/^    - name: redis$/{n;/^      port: 6379$/d}' "$k8s/redis.yaml"
# Service links left on for the nodes (they would set BRETHREN_PORT).
sed -i '/enableServiceLinks: false/d' "$k8s/statefulset.yaml"
# An HAProxy keyword with a typo, and a node address the Deployment lacks.
sed -i 's/balance leastconn/balance leastcon/' "$k8s/haproxy.yaml"
sed -i '/- name: BRETHREN_NODE2_ADDR/,+1d' "$k8s/haproxy.yaml"
# A manifest that kustomization.yaml does not list.
sed -i '/- pdb.yaml/d' "$k8s/kustomization.yaml"
# Compose: a misspelled key, a wrong type, an undeclared volume.
compose="$work/docker/compose.cluster.yaml"
sed -i '0,/stop_grace_period: 30s/s//stop_grace_perod: 30s/' "$compose"
sed -i '0,/retries: 3/s//retries: three/' "$compose"
sed -i 's/- brethren-node2-data:\/data/- brethren-node9-data:\/data/' "$compose"
# A secret the accounts service uses but the file does not declare.
sed -i '0,/^      - accounts-password$/s//      - acounts-password/' "$compose"
# The compose proxy's configuration using a variable compose does not set.
sed -i 's/\${BRETHREN_NODE0_ADDR}/${BRETHREN_NODE7_ADDR}/' "$work/docker/cluster/haproxy.cfg"
# A file the compose proxy's configuration names relative to its folder.
rm -f "$work/docker/cluster/errors/node-down.http"
# The compose proxy started without -C (its relative paths would not resolve).
sed -i 's/command: \["-C", "\/etc\/brethren-cluster", /command: [/' "$compose"

set +e
output="$(validate "$work" 2>&1)"
status=$?
set -e
expected=(
  "readinesProbe"
  "replicas"
  "podManagementPolicy"
  "maxUnavaliable"
  "must have required property port"
  "not enableServiceLinks: false"
  "leastcon"
  "BRETHREN_NODE2_ADDR"
  "does not list pdb.yaml"
  "stop_grace_perod"
  "/services/brethren-0/healthcheck/retries must be number"
  "named volume brethren-node9-data is not declared"
  "service accounts: secret acounts-password is not declared"
  "BRETHREN_NODE7_ADDR"
  "errors/node-down.http"
  "does not start HAProxy with -C"
)
missing=0
for text in "${expected[@]}"; do
  if ! grep -qF -- "$text" <<<"$output"; then
    echo "validate-manifests: self-test: FAIL: no problem reported for: $text" >&2
    missing=1
  fi
done
if [ $status -eq 0 ] || [ $missing -ne 0 ]; then
  echo "$output" >&2
  echo "validate-manifests: self-test: FAIL (exit $status)" >&2
  exit 1
fi
echo "$output"
echo "validate-manifests: self-test: ${#expected[@]} mistakes, all reported"
