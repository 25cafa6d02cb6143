#!/usr/bin/env python3
"""Start the six processes with exactly the environment deploy/ gives them, and see them serve.

Each built Release binary (artifacts/bin) gets its Deployment's variables (ConfigMaps, env) or its compose service's
(environment, env files), with placeholder secrets (random KEKs and service key; for Kubernetes an unreachable JWK Set
as issuer, for compose issuer.env.example; the web app's issuer is the placeholder in its ConfigMap or
web-oidc.env.example, read only at a sign-in, and its optional client secret is left out), on loopback: another
process's name (a Service, a web pod's web-<i>.web, a compose service, redis) becomes its loopback address and
ASPNETCORE_HTTP_PORTS a free port; nothing else is changed or added. One web process stands for every web pod.
Passes when every process's /health and the gateway's aggregated /health (which probes the web app too) are 200 and
Production is on (no development token endpoint, a request without a token 401). Needs
`dotnet build Sorcha.sln -c Release` and redis-server.
Usage: deploy-smoke.py [kubernetes|compose]   (from the repository root; exit 1 on failure)
"""
import base64
import os
import re
import secrets
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

import yaml

PROJECTS = {"gateway": "Sorcha.Gateway", "blueprint": "Sorcha.Blueprint.Service", "wallet": "Sorcha.Wallet.Service",
            "register": "Sorcha.Register.Service", "transaction": "Sorcha.Transaction.Service", "web": "Sorcha.Web"}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def status(url, method="GET"):
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method=method, data=b"" if method == "POST" else None),
                                    timeout=3) as r:
            return r.status
    except urllib.error.HTTPError as e:
        return e.code
    except OSError:
        return None


ports = {name: free_port() for name in PROJECTS}
redis_port = free_port()
key = lambda: base64.b64encode(secrets.token_bytes(32)).decode()
# Where the files name another process (a Service, a compose service), its loopback address here.
addresses = {f"http://{name}": f"http://127.0.0.1:{port}" for name, port in ports.items()}
addresses |= {f"http://{name}:8080": f"http://127.0.0.1:{port}" for name, port in ports.items()}
addresses["redis:6379"] = f"127.0.0.1:{redis_port}"
# A StatefulSet's pods by name (the web app's, http://web-0.web:8080): the one process of that name here.
pods = re.compile(r"http://([a-z]+)-\d+\.\1:8080")


def kubernetes():
    """Each Deployment's environment: its ConfigMaps and env, placeholder secrets."""
    rendered = subprocess.run(["kubectl", "kustomize", "deploy/kubernetes"], check=True, capture_output=True, text=True)
    docs = [d for d in yaml.safe_load_all(rendered.stdout) if d]
    maps = {d["metadata"]["name"]: d["data"] for d in docs if d["kind"] == "ConfigMap"}
    secret_values = {("sorcha-redis", "connection-string"): "redis:6379",
                     ("sorcha-wallet-kek", "kek"): key(), ("sorcha-register-kek", "kek"): key(),
                     ("sorcha-service-token", "signing-key"): key()}
    issuer = {"Authentication__Schemes__Bearer__JwksUri": "http://127.0.0.1:9/jwks.json",
              "Authentication__Schemes__Bearer__ValidIssuer": "https://issuer.example.com",
              "Authentication__Schemes__Bearer__ValidAudience": "sorcha",
              "Authentication__Schemes__Bearer__RequireHttpsMetadata": "false"}
    for d in (d for d in docs if d["kind"] in ("Deployment", "StatefulSet")):
        (c,) = d["spec"]["template"]["spec"]["containers"]
        env = {}
        for source in c.get("envFrom", []):
            if "configMapRef" in source:
                env.update(maps[source["configMapRef"]["name"]])
            elif source["secretRef"]["name"] == "sorcha-issuer":
                env.update(issuer)
        for e in c.get("env", []):
            ref = e.get("valueFrom", {}).get("secretKeyRef")
            if ref and ref.get("optional") and (ref["name"], ref["key"]) not in secret_values:
                continue  # an optional Secret not created (the web app's public client): the variable is unset
            env[e["name"]] = secret_values[(ref["name"], ref["key"])] if ref else e["value"]
        yield d["metadata"]["name"], env


def compose():
    """Each compose service's environment and env files (the .example copies, placeholders filled)."""
    spec = yaml.safe_load(open("deploy/compose.yaml"))
    for name, service in spec["services"].items():
        if name == "redis":
            continue
        env = dict(service.get("environment", {}))
        for f in service.get("env_file", []):
            for line in open(f"deploy/{f}.example").read().splitlines():
                if line.strip() and not line.startswith("#"):
                    k, v = line.split("=", 1)
                    env[k] = key() if v.startswith("REPLACE_WITH") else v
        yield name, env


def local(name, env):
    """The environment on loopback: other processes' addresses, and a free port instead of 8080."""
    env = {k: addresses.get(v, v) for k, v in env.items()}
    env = {k: f"http://127.0.0.1:{ports[m.group(1)]}" if (m := pods.fullmatch(v)) and m.group(1) in ports else v
           for k, v in env.items()}
    # Two pods' entries are now one address twice: keep the first (the gateway gets one destination, as in compose).
    entries = sorted((k for k in env if re.fullmatch(r"services__\w+__http__\d+", k)), key=lambda k: int(k.rsplit("__", 1)[1]))
    given = set()
    for k in entries:
        if (k.rsplit("__", 1)[0], env[k]) in given:
            del env[k]
        given.add((k.rsplit("__", 1)[0], env.get(k)))
    env.pop("ASPNETCORE_HTTP_PORTS")
    env["ASPNETCORE_URLS"] = f"http://127.0.0.1:{ports[name]}"
    return env


source = sys.argv[1] if len(sys.argv) > 1 else "kubernetes"
processes = dict(kubernetes() if source == "kubernetes" else compose())
children = []
failures = []
pending = {}
with tempfile.TemporaryDirectory() as data:
    try:
        redis = ["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1", "--dir", data, "--save", ""]
        children.append(subprocess.Popen(redis, stdout=subprocess.DEVNULL))
        base = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "DOTNET_ROOT")}
        for name, env in processes.items():
            project = PROJECTS[name]
            folder = f"artifacts/bin/{project}/release"
            children.append(subprocess.Popen(["dotnet", f"{project}.dll"], cwd=folder, env=base | local(name, env),
                                             stdout=open(f"{data}/{name}.log", "w"), stderr=subprocess.STDOUT))
        deadline = time.time() + 60
        pending = dict(ports)
        while pending and time.time() < deadline:
            pending = {n: p for n, p in pending.items() if status(f"http://127.0.0.1:{p}/health") != 200}
            time.sleep(0.5)
        failures += [f"{n}: /health not 200 within 60 s" for n in pending]
        gateway = f"http://127.0.0.1:{ports['gateway']}"
        checks = {"/health": ("GET", 200), "/api/wallets": ("GET", 401), "/api/auth/token": ("POST", 401)}
        for path, (method, expected) in checks.items():
            got = status(gateway + path, method)
            if got != expected:
                failures.append(f"gateway {method} {path}: {got}, expected {expected}")
    finally:
        for child in children:
            child.terminate()
        for child in children:
            child.wait(timeout=30)
        for name in pending if failures else []:
            print(f"--- {name}.log\n" + open(f"{data}/{name}.log").read()[-3000:], file=sys.stderr)

for f in failures:
    print(f"deploy-smoke: {f}", file=sys.stderr)
outcome = "FAILED" if failures else "all serving"
print(f"deploy-smoke: {len(processes)} processes as {source} configures them: {outcome}")
sys.exit(1 if failures else 0)
