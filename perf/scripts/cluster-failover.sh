#!/usr/bin/env bash
# The Redis Cluster bound of docs/reliability.md ("Redis Cluster"; past figures in docs/history/), re-measured: runs the cluster failover tests
# (the platform on src/Sorcha.AppHost/Redis/redis-cluster.sh, 4 submitters, SIGKILL of the master holding the register) and prints
# the recovery window, what clients were answered meanwhile, and the latency cost of WAIT 1. Run it on a quiet machine.
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p artifacts
dotnet build tests/Sorcha.IntegrationTests -c Release -warnaserror -v q -nologo >/dev/null
# The failover tests run on the platform the environment asks for, and only on a cluster (ClusterFactAttribute).
SORCHA_TEST_REDIS_PROVIDER=cluster dotnet test tests/Sorcha.IntegrationTests -c Release --no-build \
  --filter "FullyQualifiedName~Sorcha.IntegrationTests.Redis.ClusterFailoverTests" \
  --logger "console;verbosity=detailed" 2>&1 | tee artifacts/cluster-failover.log | grep -E '^ *(failover:|answers:|wait cost:)|Passed!|Failed!'
