-- wrk at a steady rate (RATE requests/s) on one connection: each next request waits out the rest of its slot, so
-- requests are spread in time like the harness's schedule. wrk times each request from its send to its response.
-- Prints "paced n errors p50 p95 p99 max" (ms) for perf/scripts/generator-check.sh; with HIST=<file>, also appends wrk's
-- own latency histogram to it, one "microseconds count" line per occupied bucket, so that runs can be pooled.
local ffi = require("ffi")
ffi.cdef[[ typedef struct { long tv_sec; long tv_nsec; } timespec; int clock_gettime(int, timespec*); ]]
local ts = ffi.new("timespec")
local function now_ms() ffi.C.clock_gettime(1, ts); return tonumber(ts.tv_sec) * 1000 + tonumber(ts.tv_nsec) / 1e6 end
local interval, due = 1000 / tonumber(os.getenv("RATE") or "25"), nil
function delay()
  local t = now_ms()
  due = (due or t) + interval
  local wait = due - t
  if wait < 0 then return 0 end
  return math.floor(wait + 0.5)
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("paced %d %d %.3f %.3f %.3f %.3f\n", summary.requests, e.connect + e.read + e.write + e.status + e.timeout,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
  local path = os.getenv("HIST")
  if path then
    local f = assert(io.open(path, "a"))
    for i = 1, #latency do -- latency(i): the i-th distinct latency (µs) and its count (wrk's script.c)
      local us, count = latency(i)
      f:write(string.format("%d %d\n", us, count))
    end
    f:close()
  end
end
