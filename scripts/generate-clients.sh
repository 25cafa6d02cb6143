#!/usr/bin/env bash
# Regenerates the two client samples under samples/clients from docs/openapi/sorcha.json, the merged document the
# gateway serves at /openapi/sorcha.json (CommittedDocumentTests keeps the file equal to what is served), and
# type-checks the TypeScript sample against its new types. Needs the .NET SDK, node and npm (Node 20 or newer).
#   bash scripts/generate-clients.sh           regenerate; commit what changed under samples/clients
#   bash scripts/generate-clients.sh --check   CI: also fail when the committed samples differ from the generated ones
set -euo pipefail
cd "$(dirname "$0")/.."
check=0
[ "${1:-}" = "--check" ] && check=1
document=docs/openapi/sorcha.json

# .NET: Kiota, the Microsoft.OpenApi.Kiota dotnet tool pinned in samples/clients/dotnet/.config/dotnet-tools.json (a
# manifest of its own, so the AppHost's `dotnet tool restore` for Garnet does not fetch it); no update check, no telemetry.
(
  cd samples/clients/dotnet
  dotnet tool restore >/dev/null
  KIOTA_OFFLINE_ENABLED=true KIOTA_TUTORIAL_ENABLED=false KIOTA_CLI_TELEMETRY_OPTOUT=true \
    dotnet kiota generate --language CSharp --openapi "../../../$document" --output Generated \
      --class-name SorchaApiClient --namespace-name Sorcha.Samples.Client.Generated \
      --clean-output --exclude-backward-compatible --log-level Error
)

# TypeScript: openapi-typescript writes the types, openapi-fetch calls with them; versions pinned in package-lock.json.
(
  cd samples/clients/typescript
  npm ci --no-audit --no-fund --loglevel=error
  npm run --silent generate
  npm run --silent check
)

if [ "$check" -eq 1 ]; then
  changed=$(git status --porcelain -- samples/clients)
  if [ -n "$changed" ]; then
    echo "generate-clients: the committed clients differ from the ones generated from $document:"
    echo "$changed"
    git --no-pager diff --stat -- samples/clients
    echo "generate-clients: run bash scripts/generate-clients.sh and commit samples/clients"
    exit 1
  fi
  echo "generate-clients: samples/clients match $document"
fi
