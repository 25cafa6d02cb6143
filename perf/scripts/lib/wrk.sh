# Closed-loop throughput with wrk for the A/B scripts, and the wallet they drive. Source from the repository root;
# needs WRK_SECONDS (default 10).
# wrk_rps <label> <url> [wrk args...]: prints "label requests/s", or fails on any error or non-2xx answer: a fast
# error is not throughput.
wrk_rps() {
  local label=$1 url=$2 report
  shift 2
  report=$(wrk -t2 -c16 -d"${WRK_SECONDS:-10}s" "$@" "$url") || return 1
  if grep -qE 'Non-2xx|Socket errors' <<<"$report"; then
    echo "$label: errors in wrk's report:" >&2; echo "$report" >&2; return 1
  fi
  awk -v l="$label" '/^Requests\/sec/ { print l, $2 }' <<<"$report"
}

# wrk_cpu <label> <url> [wrk args...]: like wrk_rps, and the CPU time (utime+stime, every thread) the processes
# gw_pid and wallet_pid and wrk itself spent per request; prints "label rps gateway_us wallet_us wrk_us total_us".
wrk_cpu() {
  local label=$1 url=$2 g0 w0 g1 w1 report n
  shift 2
  g0=$(proc_ticks "$gw_pid") w0=$(proc_ticks "$wallet_pid")
  report=$( { /usr/bin/time -f 'WRKCPU %U %S' wrk -t2 -c16 -d"${WRK_SECONDS:-10}s" "$@" "$url"; } 2>&1) || return 1
  g1=$(proc_ticks "$gw_pid") w1=$(proc_ticks "$wallet_pid")
  if grep -qE 'Non-2xx|Socket errors' <<<"$report"; then
    echo "$label: errors in wrk's report:" >&2; echo "$report" >&2; return 1
  fi
  n=$(awk '/requests in/ { print $1 }' <<<"$report")
  awk -v l="$label" -v n="$n" -v g=$((g1 - g0)) -v w=$((w1 - w0)) -v hz="$(getconf CLK_TCK)" '
    /^Requests\/sec/ { rps = $2 } /^WRKCPU/ { wrk = $2 + $3 }
    END { gu = 1e6 * g / hz / n; wu = 1e6 * w / hz / n; ku = 1e6 * wrk / n
          printf "%s %.0f %.1f %.1f %.1f %.1f\n", l, rps, gu, wu, ku, gu + wu + ku }' <<<"$report"
}

proc_ticks() { # <pid>: utime+stime of the process (every thread), in clock ticks
  awk '{ print $14 + $15 }' "/proc/$1/stat"
}

# wallet_service_url: a Wallet service replica's own address, from its environment (the AppHost gives each replica
# ASPNETCORE_URLS). DCP starts the services in a session of its own, not the AppHost's, and only one platform runs at
# a time in these scripts, so the newest Wallet process is this platform's.
wallet_service_url() {
  local pid
  pid=$(pgrep -n -f 'artifacts/bin/Sorcha.Wallet.Service')
  [ -n "$pid" ] && tr '\0' '\n' <"/proc/$pid/environ" | sed -n 's/^ASPNETCORE_URLS=//p' | cut -d';' -f1
}

# seed_wallet <client id>: a development token and one ED25519 wallet on PLATFORM (sets TOKEN, ADDRESS and WALLET_URL,
# the Wallet service's own address); fails if any is missing.
seed_wallet() {
  TOKEN=$(curl -sf "$PLATFORM_URL/api/auth/token" -d grant_type=client_credentials -d client_id="$1" \
    --data-urlencode "client_secret=$SORCHA_DEV_CLIENT_SECRET" | jq -r .access_token)
  ADDRESS=$(curl -sf "$PLATFORM_URL/api/wallets" -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \
    -d "{\"name\":\"$1\",\"algorithm\":\"ED25519\"}" | jq -r .address)
  WALLET_URL=$(wallet_service_url)
  [ -n "$ADDRESS" ] && [ "$ADDRESS" != null ] && [ -n "$WALLET_URL" ] || { echo "could not seed a wallet" >&2; return 1; }
}
