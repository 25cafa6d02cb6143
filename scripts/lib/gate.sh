# What the gate's proof scripts share (scripts/gate-proof.sh, scripts/gate-loo.sh); needs jq.

# gate_slowed <baseline.json> <scenario> <out.json>: the baseline with that scenario's P95 divided by 1.25, so a run
# judged against it looks 25 % slower on that scenario.
gate_slowed() {
  jq --arg s "$2" '.scenarios |= map(if .scenario == $s
      then .p95 /= 1.25 | .gate.p95 /= 1.25 | .windows |= map(.p95 /= 1.25) else . end)' "$1" >"$3"
}

# gate_p95_flagged <comparison.json> <scenario>: true when the comparison flags that scenario's P95 as a regression.
gate_p95_flagged() {
  jq -e --arg s "$2" 'any(.checks[]; .scenario == $s and .metric == "P95" and .verdict == "Regression")' "$1" >/dev/null
}
