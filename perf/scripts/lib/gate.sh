# Helpers of the gate's proof (perf/scripts/gate-proof.sh); needs jq.

# gate_slowdown <results.json> <scenario>: the SORCHA_TEST_SLOWDOWN value (src/Sorcha.Gateway/Testing) that makes the
# gateway do extra work worth a share (GATE_SLOWDOWN_SHARE, default a quarter) of the scenario's P95 in those results
# on each of its requests, or nothing when the scenario has no single route to slow. A busy thread also delays the
# requests queued behind it, so a quarter raises the P95 by more than a quarter (30–50 % measured at idle).
gate_slowdown() {
  local route
  case "$2" in
    health_check) route="GET /health" ;;
    wallet_read) route="GET /api/wallets/" ;;
    register_read) route="GET /api/registers/" ;;
    blueprint_read) route="GET /api/blueprints" ;;
    transaction_submission) route="POST /api/transactions" ;;
    *) return 1 ;;
  esac
  jq -r --arg s "$2" --arg r "$route" --argjson k "${GATE_SLOWDOWN_SHARE:-0.25}" \
    '.scenarios[] | select(.scenario == $s) | "\($r)=\(.p95 * $k * 1000 | round / 1000)"' "$1"
}

# gate_flagged <comparison.json> <scenario>: the latency checks of that scenario flagged as a regression ("P50 P95"),
# or nothing (and false).
gate_flagged() {
  jq -r --arg s "$2" '[.checks[] | select(.scenario == $s and (.metric | test("^P[0-9]+$")) and .verdict == "Regression")
    | .metric] | join(" ")' "$1" 2>/dev/null | grep .
}

# gate_change <comparison.json> <scenario>: that scenario's P50 and P95 change and t, e.g. "P50 +30.1 % (t 12.3), P95 …".
gate_change() {
  jq -r --arg s "$2" '[.checks[] | select(.scenario == $s and (.metric == "P50" or .metric == "P95"))
    | "\(.metric) \(if .change > 0 then "+" else "" end)\(.change * 1000 | round / 10) %"
      + (if .consistency == null then "" else " (t \(.consistency * 10 | round / 10))" end)] | join(", ")' "$1" 2>/dev/null
}

# gate_flagged_all <run dir>: every check the run flagged ("wallet_read/P50 regression, …"), or nothing (and false).
gate_flagged_all() {
  [ -s "$1/flagged.txt" ] && paste -sd, "$1/flagged.txt" | sed 's/,/, /g'
}

# gate_busy_wait_us <results.json> [scenario=wallet_read]: a share (GATE_SLOWDOWN_SHARE, default a quarter) of the
# scenario's P50 in those results, in whole microseconds rounded to 10 (so that rounds of one machine state mostly
# reuse one build of the clone).
gate_busy_wait_us() {
  jq -r --arg s "${2:-wallet_read}" --argjson k "${GATE_SLOWDOWN_SHARE:-0.25}" \
    '.scenarios[] | select(.scenario == $s) | .p50 * $k * 100 | round * 10' "$1" | grep -E '^[1-9][0-9]*$'
}

# gate_busy_wait_clone <dir> <µs>: a clone of this checkout's HEAD at <dir> (made once, reset to HEAD after) with one
# commit on top: the Wallet service's GET /api/wallets/{address} handler busy-waits <µs> before anything else. Not a
# product hook: the slowdown is compiled in, as a change that made the handler slower would be. Prints the commit.
gate_busy_wait_clone() {
  local dir=$1 us=$2 head api=src/Services/Sorcha.Wallet.Service/Wallets/WalletsApi.cs
  head=$(git rev-parse HEAD)
  [ -d "$dir/.git" ] || git clone --quiet --no-checkout "$PWD" "$dir" || return 1
  git -C "$dir" fetch --quiet origin HEAD || return 1
  git -C "$dir" checkout --quiet --force --detach "$head" && git -C "$dir" clean -fdq src || return 1
  cat >"$dir/src/Services/Sorcha.Wallet.Service/Wallets/GateProofBusyWait.cs" <<CS
namespace Sorcha.Wallet.Service.Wallets;

// Written by perf/scripts/gate-proof.sh into a throwaway clone: a slowdown the load gate must catch. Never in the product.
internal static class GateProofBusyWait
{
    public const double Microseconds = $us;

    public static string Spin(string address)
    {
        var start = System.Diagnostics.Stopwatch.GetTimestamp();
        while (System.Diagnostics.Stopwatch.GetElapsedTime(start).TotalMicroseconds < Microseconds)
        {
            Thread.SpinWait(1);
        }

        return address;
    }
}
CS
  # The handler's first step is the store read; the wait goes into its first argument, so it runs before it.
  perl -0pi -e 's/(\bGet\(string address, [^)]*\) =>\s*await \w+\.\w+\()address,/${1}GateProofBusyWait.Spin(address),/' "$dir/$api"
  if ! grep -q 'GateProofBusyWait.Spin(address)' "$dir/$api"; then
    echo "gate-proof: the Wallet read handler changed shape ($api): update gate_busy_wait_clone in perf/scripts/lib/gate.sh" >&2
    return 1
  fi
  git -C "$dir" add -A src/Services/Sorcha.Wallet.Service/Wallets || return 1
  git -C "$dir" -c user.name=gate-proof -c user.email=gate-proof@localhost commit --quiet \
    -m "gate proof: GET /api/wallets/{address} busy-waits $us µs first" || return 1
  git -C "$dir" rev-parse HEAD
}
