#!/usr/bin/env python3
"""CPU time of every process a command runs, by kind (a service, the gateway, a test host, DCP, Redis, ...).

Samples /proc every 0.3 s while the command runs and keeps each process's utime+stime since the command started
(processes that were already running count from then), so a process's last 0.3 s may be missed. Other work on the
machine counts too: run it on a quiet machine. Used for the test-time figures (docs/performance.md, "Test time").
usage: python3 perf/scripts/cpu-by-process.py -- dotnet test Sorcha.sln -c Release --no-build
"""
import collections
import os
import re
import subprocess
import sys
import time

KINDS = ["Sorcha.Wallet.Service.dll", "Sorcha.Blueprint.Service.dll", "Sorcha.Register.Service.dll",
         "Sorcha.Transaction.Service.dll", "Sorcha.Gateway.dll", "redis-server", "garnet", "dcp start-apiserver",
         "dcp run-controllers", "dcp ", "Aspire.Dashboard", "chromium", "vstest", "MSBuild.dll"]


def kind(cmdline):
    if "testhost" in cmdline:
        project = re.search(r"Sorcha\.[A-Za-z.]+Tests", cmdline)
        return "test host " + (project.group(0) if project else "?")
    return next((k.strip() for k in KINDS if k in cmdline), "other")


def main():
    command = sys.argv[sys.argv.index("--") + 1:] if "--" in sys.argv else sys.argv[1:]
    if not command:
        sys.exit(__doc__)
    tick = os.sysconf("SC_CLK_TCK")
    seen = {}
    started = time.monotonic()
    child = subprocess.Popen(command)
    first = True
    while child.poll() is None:
        for pid in filter(str.isdigit, os.listdir("/proc")):
            try:
                with open(f"/proc/{pid}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
                key = (pid, fields[19])  # pid and start time: a reused pid is another process
                cpu = (int(fields[11]) + int(fields[12])) / tick
                if key not in seen:
                    with open(f"/proc/{pid}/cmdline") as f:
                        seen[key] = [f.read().replace("\0", " "), cpu if first else 0.0, cpu]
                seen[key][2] = cpu
            except (OSError, IndexError):
                pass  # the process ended between listing and reading
        first = False
        time.sleep(0.3)
    totals, counts = collections.Counter(), collections.Counter()
    for cmdline, before, cpu in seen.values():
        if cpu <= before:
            continue
        totals[kind(cmdline)] += cpu - before
        counts[kind(cmdline)] += 1
    print(f"wall {time.monotonic() - started:.1f} s, CPU {sum(totals.values()):.1f} s (exit {child.returncode})")
    for name, cpu in totals.most_common():
        print(f"{cpu:8.1f} s {counts[name]:5d} processes  {name}")
    sys.exit(child.returncode)


if __name__ == "__main__":
    main()
