#!/usr/bin/env python3
"""Consistency of deploy/ with the code (scripts/validate-deploy.sh runs it on kustomize's output).

Every process the AppHost starts has an image, a Deployment and a compose service; every setting it needs at start
in Production is set there; each secret reaches only the processes that use it; the Deployments keep the probes,
limits and non-root settings. Exit 1 with one line per problem.
Usage: check-deploy.py <rendered kubernetes yaml> <compose.yaml> <repository root>
"""
import json
import pathlib
import re
import sys

import yaml

rendered, compose_path, root = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
problems = []

# Which processes call which (service discovery, services__<name>__http__0): the gateway proxies to its YARP clusters;
# the Blueprint service calls these three (src/Services/Sorcha.Blueprint.Service/Platform/PlatformClients.cs).
gateway_settings = json.loads((root / "src/Sorcha.Gateway/appsettings.json").read_text())
CALLS = {
    # the services its clusters' destinations name (two clusters may reach one service: the Blueprint service's hub)
    "gateway": sorted({re.sub(r"^https?://", "", d["Address"]).split(":")[0].split("/")[0]
                       for c in gateway_settings["ReverseProxy"]["Clusters"].values() for d in c["Destinations"].values()}),
    "blueprint": ["wallet", "register", "transaction"],
}
COMMON = ["ConnectionStrings__redis", "ASPNETCORE_ENVIRONMENT"]
# Authentication__Schemes__Bearer__*: without the issuer a process refuses to start in Production.
ISSUER_SECRET = "sorcha-issuer"


def processes():
    """
    The projects the AppHost starts (named in its code by path, AddProject("gateway", "../Sorcha.Gateway/Sorcha.Gateway.csproj"),
    as "Sorcha.Gateway", or Aspire-style Sorcha_Gateway), with
    their image name (SorchaImage) and code.
    """
    apphost = "".join(p.read_text() for p in (root / "src/Sorcha.AppHost").rglob("*.cs"))
    for project in sorted((root / "src").rglob("*.csproj")):
        named = f'{project.stem}.csproj"' in apphost or f'"{project.stem}"' in apphost or re.search(rf"\b{project.stem.replace('.', '_')}\b", apphost)
        if project.stem == "Sorcha.AppHost" or not named:
            continue
        image = re.search(r"<SorchaImage>(\w+)</SorchaImage>", project.read_text())
        if not image:
            problems.append(f"{project.stem}: the AppHost starts it but it sets no SorchaImage (no container image)")
            continue
        code = "".join(p.read_text() for p in project.parent.rglob("*.cs") if "/obj/" not in str(p))
        yield image.group(1), code


def required(name, code):
    """Settings the process reads at start and fails (or cannot work) without, found in its code where possible."""
    needs = set(COMMON)
    keks = re.findall(r'KeyEncryptionKey\.AddKeyEncryptionKey\([^,]+, "(\w+)"\)', code)
    needs |= {f"{section}__KeyEncryptionKey" for section in keks}
    if "AcceptServiceTokens()" in code or "AddServiceTokenKey()" in code:
        needs.add("Authentication__Service__SigningKey")
    needs |= {f"services__{s}__http__0" for s in CALLS.get(name, [])}
    return needs


SECRETS = {"Wallet__KeyEncryptionKey", "Register__KeyEncryptionKey", "Authentication__Service__SigningKey"}


def check_env(where, name, env, secret_refs, needs):
    for key in sorted(needs - set(env)):
        problems.append(f"{where}: {name} lacks {key}")
    for key in sorted((set(env) & SECRETS) - needs):
        problems.append(f"{where}: {name} gets {key}, which only the processes that use it may hold")
    if env.get("ASPNETCORE_ENVIRONMENT", "Production") != "Production":
        problems.append(f"{where}: {name} does not run in Production")
    if ISSUER_SECRET not in secret_refs:
        problems.append(f"{where}: {name} does not get the token issuer ({ISSUER_SECRET})")


def selects(selector, name):
    """Whether a label selector picks the pods of process <name> (label app.kubernetes.io/name)."""
    label = "app.kubernetes.io/name"
    if selector.get("matchLabels", {}).get(label, name) != name:
        return False
    return all(e["key"] != label or (e["operator"] == "In") == (name in e.get("values", []))
               for e in selector.get("matchExpressions", []))


def admits(policy, caller):
    """Whether a NetworkPolicy's ingress rules let the pods of <caller> in (a rule without "from" admits anyone)."""
    def admitted(peer):  # a pod selector alone means "in this namespace"
        return "podSelector" in peer and "namespaceSelector" not in peer and selects(peer["podSelector"], caller)

    rules = policy["spec"].get("ingress", [])
    return any("from" not in rule or any(admitted(f) for f in rule["from"]) for rule in rules)


def kubernetes(procs):
    docs = [d for d in yaml.safe_load_all(open(rendered)) if d]
    maps = {d["metadata"]["name"]: d.get("data", {}) for d in docs if d["kind"] == "ConfigMap"}
    deployments = {d["metadata"]["name"]: d for d in docs if d["kind"] == "Deployment"}
    services = {d["metadata"]["name"]: d for d in docs if d["kind"] == "Service"}
    if any(d["kind"] == "Secret" for d in docs):
        problems.append("kubernetes: a Secret is in the manifests; secrets are created by command (docs/deploy.md)")
    for name, code in procs:
        d = deployments.get(name)
        if d is None:
            problems.append(f"kubernetes: no Deployment {name}")
            continue
        pod = d["spec"]["template"]["spec"]
        (c,) = pod["containers"]
        if not c.get("image", "").startswith(f"sorcha/{name}:"):
            problems.append(f"kubernetes: {name} runs image {c.get('image')}, not sorcha/{name}")
        if d["spec"].get("replicas", 1) < 2:
            problems.append(f"kubernetes: {name} has fewer than 2 replicas")
        probes = {p: c.get(p, {}).get("httpGet", {}).get("path") for p in ("readinessProbe", "livenessProbe")}
        if probes != {"readinessProbe": "/health", "livenessProbe": "/alive"}:
            problems.append(f"kubernetes: {name} probes are {probes}, not readiness /health and liveness /alive")
        res = c.get("resources", {})
        if not {"cpu", "memory"} <= set(res.get("requests", {})) or "memory" not in res.get("limits", {}):
            problems.append(f"kubernetes: {name} lacks cpu/memory requests or a memory limit")
        sc = c.get("securityContext", {})
        if not pod.get("securityContext", {}).get("runAsNonRoot") or not sc.get("readOnlyRootFilesystem") \
                or sc.get("allowPrivilegeEscalation") is not False:
            problems.append(f"kubernetes: {name} may run as root, write its root filesystem or escalate")
        svc = services.get(name)
        if svc is None or svc["spec"].get("selector") != d["spec"]["selector"]["matchLabels"]:
            problems.append(f"kubernetes: no Service {name} selecting its pods")
        env = {}
        for source in c.get("envFrom", []):
            env.update(maps.get(source.get("configMapRef", {}).get("name"), {}))
        for e in c.get("env", []):
            env[e["name"]] = "(secret)" if "secretKeyRef" in e.get("valueFrom", {}) else e.get("value")
        for key in sorted((SECRETS | {"ConnectionStrings__redis"}) & set(env)):
            if env[key] != "(secret)":
                problems.append(f"kubernetes: {name} has {key} written in the manifests, not from a Secret")
        refs = {s["secretRef"]["name"] for s in c.get("envFrom", []) if "secretRef" in s}
        check_env("kubernetes", name, env, refs, required(name, code))
    for ingress in (d for d in docs if d["kind"] == "Ingress"):
        backends = {p["backend"]["service"]["name"] for r in ingress["spec"]["rules"] for p in r["http"]["paths"]}
        if backends != {"gateway"}:
            name = ingress["metadata"]["name"]
            problems.append(f"kubernetes: Ingress {name} reaches {sorted(backends)}, not the gateway only")
    policies = [d for d in docs if d["kind"] == "NetworkPolicy"]
    for caller, callees in CALLS.items():
        for callee in callees:
            if policies and not any(selects(p["spec"]["podSelector"], callee) and admits(p, caller) for p in policies):
                problems.append(f"kubernetes: no NetworkPolicy lets {caller} reach {callee}")
    for name in sorted(set(deployments) - {n for n, _ in procs}):
        problems.append(f"kubernetes: Deployment {name} is no process the AppHost starts")


def compose(procs):
    spec = yaml.safe_load(compose_path.read_text())
    services = spec["services"]
    if "--appendonly" not in services.get("redis", {}).get("command", []):
        problems.append("compose: redis without AOF (--appendonly yes)")
    for name, code in procs:
        s = services.get(name)
        if s is None:
            problems.append(f"compose: no service {name}")
            continue
        if not s.get("image", "").startswith(f"sorcha/{name}:"):
            problems.append(f"compose: {name} runs image {s.get('image')}")
        if "healthcheck" not in s or s.get("depends_on", {}).get("redis", {}).get("condition") != "service_healthy":
            problems.append(f"compose: {name} has no healthcheck or does not wait for a healthy redis")
        env = dict(s.get("environment", {}))
        files = [compose_path.parent / f for f in s.get("env_file", [])]
        for f in files:
            example = f.with_name(f.name + ".example")
            if not example.exists():
                problems.append(f"compose: {name} reads {f.name} but there is no {example.name} to copy")
                continue
            for line in example.read_text().splitlines():
                if line.strip() and not line.lstrip().startswith("#"):
                    env[line.split("=", 1)[0].strip()] = "(env file)"
        refs = {ISSUER_SECRET} if any(f.name == "issuer.env" for f in files) else set()
        check_env("compose", name, env, refs, required(name, code))


procs = list(processes())
if len(procs) < 5:
    problems.append(f"only {len(procs)} processes found in the AppHost's code: {[n for n, _ in procs]}")
kubernetes(procs)
compose(procs)
for p in problems:
    print(f"check-deploy: {p}", file=sys.stderr)
print(f"check-deploy: {len(procs)} processes ({', '.join(n for n, _ in procs)}): {len(problems)} problem(s)")
sys.exit(1 if problems else 0)
