#!/usr/bin/env bash
# A real Redis Cluster on loopback: 3 masters + 3 replicas of `redis-server --cluster-enabled yes`, AOF on (as the
# local provider), one folder per node under DIR. Ports BASE..BASE+5 and their cluster-bus ports BASE+10000.. must be
# free. The cluster is created once (redis-cli --cluster create); later starts on the same DIR and BASE reuse it.
#
# The AppHost's own launcher of `--Redis:Provider cluster` (RedisCluster.cs beside it), not a CI tool:
#   redis-cluster.sh start DIR BASE   start the nodes in the background, create the cluster, wait until it is ok
#   redis-cluster.sh stop DIR         stop the nodes (SIGTERM: each flushes its AOF)
#   redis-cluster.sh run DIR BASE     start, then stay in the foreground until SIGTERM/SIGINT, then stop (how the
#                                     AppHost runs it); restarts a node that dies, as the AppHost supervises its
#                                     other resources
# Environment: REDIS_APPENDFSYNC (everysec | always, default everysec), CLUSTER_NODE_TIMEOUT_MS (default 2000: how
# long a master may be silent before its replica takes over).
set -euo pipefail
cmd=${1:?usage: $0 start|stop|run DIR [BASE]}
dir=$(mkdir -p "${2:?DIR}" && cd "$2" && pwd)
fsync=${REDIS_APPENDFSYNC:-everysec}
node_timeout=${CLUSTER_NODE_TIMEOUT_MS:-2000}

stop() {
  rm -f "$dir/ready"
  for pidfile in "$dir"/node-*/redis.pid; do
    [ -f "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    kill -TERM "$pid" 2>/dev/null || true
  done
  for pidfile in "$dir"/node-*/redis.pid; do
    [ -f "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
    rm -f "$pidfile"
  done
}

# Node I of the cluster on port BASE+I. Foreground processes in the background rather than --daemonize, so that `run`
# owns them (and restarts them), and a pid file per node lets `stop` signal them.
start_node() {
  local node="$dir/node-$2"
  mkdir -p "$node"
  redis-server --port $(($1 + $2)) --bind 127.0.0.1 --dir "$node" --cluster-enabled yes --cluster-config-file nodes.conf \
    --cluster-node-timeout "$node_timeout" --appendonly yes --appendfsync "$fsync" --save "" \
    --protected-mode yes --logfile "$node/redis.log" &
  echo $! > "$node/redis.pid"
}

start() {
  local base=${1:?BASE}
  rm -f "$dir/ready"
  for i in 0 1 2 3 4 5; do start_node "$base" "$i"; done
  for i in 0 1 2 3 4 5; do
    for _ in $(seq 100); do redis-cli -p $((base + i)) ping >/dev/null 2>&1 && break; sleep 0.1; done
  done
  if [ ! -f "$dir/created" ]; then
    redis-cli --cluster create $(for i in 0 1 2 3 4 5; do printf '127.0.0.1:%s ' $((base + i)); done) \
      --cluster-replicas 1 --cluster-yes >"$dir/create.log"
    touch "$dir/created"
  fi
  # Ready once every slot is served and every replica has synced: a replica that never synced cannot take over, and
  # the platform's appends wait for one replica (WAIT 1). `ready` tells the AppHost (its readiness probe).
  for _ in $(seq 600); do
    if redis-cli -p "$base" cluster info 2>/dev/null | grep -q 'cluster_state:ok' &&
       [ "$(for i in 0 1 2 3 4 5; do redis-cli -p $((base + i)) info replication; done 2>/dev/null |
            grep -c 'master_link_status:up')" -eq 3 ]; then
      touch "$dir/ready"
      return 0
    fi
    sleep 0.1
  done
  echo "redis-cluster: the cluster did not become ok with three synced replicas (see $dir/node-*/redis.log)" >&2
  return 1
}

case "$cmd" in
  start) start "${3:?BASE}" ;;
  stop) stop ;;
  run)
    trap 'stop; exit 0' TERM INT
    start "${3:?BASE}" || { stop; exit 1; }
    echo "redis-cluster: ok on 127.0.0.1:${3}..$((${3} + 5))"
    # Supervision, as the AppHost does for its other resources: a node that died is started again on its own folder
    # after RESTART_DELAY_S (default 5, past the node timeout, so that its replica has taken over, as it would when a
    # machine is gone). It rejoins as a replica of the node that took over, so its shard is whole again (WAIT 1 works).
    declare -A dead_since=()
    while true; do
      sleep 1 & wait $!
      for i in 0 1 2 3 4 5; do
        if kill -0 "$(cat "$dir/node-$i/redis.pid")" 2>/dev/null; then continue; fi
        dead_since[$i]=${dead_since[$i]:-$SECONDS}
        if [ $((SECONDS - dead_since[$i])) -ge "${RESTART_DELAY_S:-5}" ]; then
          echo "redis-cluster: node $i (port $((${3} + i))) exited; starting it again"
          start_node "${3}" "$i"
          unset "dead_since[$i]"
        fi
      done
    done
    ;;
  *) echo "usage: $0 start|stop|run DIR [BASE]" >&2; exit 2 ;;
esac
