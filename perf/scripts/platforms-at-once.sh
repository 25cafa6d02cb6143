#!/usr/bin/env bash
# Starts N whole platforms (AppHost, Redis, four services, gateway) at the same moment and checks that every one comes
# up healthy: no two of them may get the same port (src/Sorcha.AppHost/Hosting/PortLeases.cs, docs/architecture.md
# "Ports"). The gate's A/B run starts two at once; this starts more, so a port race would show. Exit 0: all healthy.
# usage: perf/scripts/platforms-at-once.sh [N=4]   (after a Release build; run by hand: CI does not run it)
set -uo pipefail
cd "$(dirname "$0")/../.."
. scripts/lib/platform.sh

n=${1:-4}
dirs=()
trap 'for i in $(seq 1 "$n"); do platform_stop "P$i"; done; rm -rf "${dirs[@]}"' EXIT
for i in $(seq 1 "$n"); do
  dirs+=("$(mktemp -d)")
  platform_launch "P$i" "${dirs[-1]}" "${dirs[-1]}/apphost.log"
done

failed=0
for i in $(seq 1 "$n"); do
  platform_wait "P$i" >/dev/null || failed=$((failed + 1))
done
urls=$(for i in $(seq 1 "$n"); do var=P${i}_URL; echo "${!var}"; done)
distinct=$(echo "$urls" | sort -u | grep -c .)
echo "platforms-at-once: $((n - failed)) of $n healthy, $distinct distinct gateways: $(echo $urls)"
[ "$failed" -eq 0 ] && [ "$distinct" -eq "$n" ]
