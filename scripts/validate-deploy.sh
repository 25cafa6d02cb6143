#!/usr/bin/env bash
# Offline checks of deploy/ (no cluster, no Docker): .ci/run calls it; exit non-zero on any problem.
#   1. yamllint (deploy/.yamllint) over every manifest and compose.yaml;
#   2. kubectl kustomize renders deploy/kubernetes (the resources and images resolve);
#   3. kubectl decodes every rendered object into its typed Kubernetes struct (wrong types, bad quantities);
#      `kubectl create --dry-run=client` cannot: it asks an API server for the kinds first;
#   4. scripts/check-deploy.py: the manifests and compose.yaml against the code (processes, settings, secrets).
# Not checked offline: unknown field names (only an API server's schema knows them; check 4 covers the fields that
# matter), and compose's own schema (`docker compose config` needs Docker; check 4 reads compose.yaml instead).
set -euo pipefail
cd "$(dirname "$0")/.."

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

yamllint --strict -c deploy/.yamllint deploy/
kubectl kustomize deploy/kubernetes > "$out/kubernetes.yaml"

# `kubectl set env --local` decodes each object with the client's scheme and sends nothing to a server. Objects
# without a pod template answer "not a pod or does not have a pod template" after a successful decode: not an error.
# A kind newer than the client (Debian's kubectl 1.20 predates policy/v1) cannot be decoded: said, not failed.
kubectl set env --local -f "$out/kubernetes.yaml" SORCHA_VALIDATE=1 -o name >/dev/null 2> "$out/decode-errors" || true
grep -ao 'no kind "[A-Za-z]*" is registered for version "[a-z0-9./]*"' "$out/decode-errors" | sort -u |
  sed "s/^/validate-deploy: not decoded, this kubectl is too old: /" >&2 || true
if grep -av -e 'not a pod or does not have a pod template' -e '^error: [a-z0-9.]*/[a-z0-9.-]*$' -e '^$' \
  -e 'is registered for version' "$out/decode-errors"; then
  echo "validate-deploy: kubectl could not decode the objects above" >&2
  exit 1
fi

python3 scripts/check-deploy.py "$out/kubernetes.yaml" deploy/compose.yaml .
echo "validate-deploy: $(grep -c '^kind:' "$out/kubernetes.yaml") Kubernetes objects and compose.yaml valid"
