# Helpers of the gate's proof (scripts/gate-proof.sh); needs jq.

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

# gate_change <comparison.json> <scenario>: that scenario's P50 and P95 change, e.g. "P50 +30.1 %, P95 +24.9 %".
gate_change() {
  jq -r --arg s "$2" '[.checks[] | select(.scenario == $s and (.metric == "P50" or .metric == "P95"))
    | "\(.metric) \(.change * 1000 | round / 10) %"] | join(", ")' "$1" 2>/dev/null
}
