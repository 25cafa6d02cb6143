#!/usr/bin/env python3
"""Consistency of deploy/ with the code (scripts/validate-deploy.sh runs it on kustomize's output).

Every process the AppHost starts has an image, a Deployment (a StatefulSet where the gateway pins a browser to one
pod) and a compose service; every setting it needs at start in Production is set there, and Redis and the token issuer
only where it uses them; each secret reaches only the processes that use it; the workloads keep the probes, limits and
non-root settings. Exit 1 with one line per problem.
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
# the Blueprint service calls these three (src/Services/Sorcha.Blueprint.Service/Platform/PlatformClients.cs); a
# process whose code reads "services:<name>:http:0" itself calls <name> (the web app: the gateway, Api/GatewayClients.cs).
gateway_settings = json.loads((root / "src/Sorcha.Gateway/appsettings.json").read_text())
clusters = gateway_settings["ReverseProxy"]["Clusters"]
CALLS = {
    # the services its clusters' destinations name (two clusters may reach one service: the Blueprint service's hub)
    "gateway": sorted({re.sub(r"^https?://", "", d["Address"]).split(":")[0].split("/")[0]
                       for c in clusters.values() for d in c["Destinations"].values()}),
    "blueprint": ["wallet", "register", "transaction"],
}
# Processes the gateway pins a browser to (a cluster named after the process, with session affinity): their state is
# per process (the web app's sessions), so the gateway must see each pod: a StatefulSet, one discovery address per pod.
# (blueprint-events pins only hub connections, to the Blueprint service's Service: docs/limits.md, "Kubernetes".)
PINNED = {cid for cid, c in clusters.items() if c.get("SessionAffinity", {}).get("Enabled") and "Metadata" not in c}
REDIS = "ConnectionStrings__redis"
# Authentication__Schemes__Bearer__*: without the issuer a process that checks bearer tokens (Sorcha.ApiPlatform's
# auth) refuses to start in Production.
ISSUER_SECRET = "sorcha-issuer"
# Per process (image name), what its code needs at start in Production that the patterns in required() do not find
# ("requires"), and what it may hold without needing it ("may"; a secret among them reaches no other process). The
# web app (src/Sorcha.Web/Identity/OidcSetup.cs): no Web:Oidc:Authority, no start; ClientId has a default but is set
# all the same, to match the issuer's registration; Scope, and a confidential client's secret, are optional.
OWN = {
    "web": {"requires": {"Web__Oidc__Authority", "Web__Oidc__ClientId"},
            "may": {"Web__Oidc__Scope", "Web__Oidc__ClientSecret"}},
}


class Process:
    """A process the AppHost starts: its image name, its code, and whether it uses Redis and checks bearer tokens."""

    def __init__(self, name, code, redis, issuer):
        self.name, self.code, self.redis, self.issuer = name, code, redis, issuer
        self.own = OWN.get(name, {})


def processes():
    """
    The projects the AppHost starts (named in its code by path, AddProject("gateway", "../Sorcha.Gateway/Sorcha.Gateway.csproj"),
    as "Sorcha.Gateway", or Aspire-style Sorcha_Gateway), with their image name (SorchaImage) and code. Redis: unless
    the AppHost starts it with `redis: null` (AddSorchaProcess<Projects.Sorcha_Web>(…, redis: null)). The issuer:
    when the project references Sorcha.ApiPlatform, whose auth checks every user token.
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
        no_redis = re.search(rf"AddSorchaProcess<Projects\.{project.stem.replace('.', '_')}>\([^;]*\bredis: null", apphost)
        issuer = "Sorcha.ApiPlatform.csproj" in project.read_text()
        proc = Process(image.group(1), code, redis=not no_redis, issuer=issuer)
        if "AddOpenIdConnect(" in code and "Web__Oidc__Authority" not in proc.own.get("requires", ()):
            problems.append(f"{proc.name}: signs in by OpenID Connect but OWN does not require its Web__Oidc__Authority")
        called = set(re.findall(r'"services:(\w+):http:0"', code))
        if called:
            CALLS[proc.name] = sorted(set(CALLS.get(proc.name, [])) | called)
        yield proc


def required(proc):
    """Settings the process reads at start and fails (or cannot work) without, found in its code where possible."""
    name, code = proc.name, proc.code
    needs = {"ASPNETCORE_ENVIRONMENT"} | ({REDIS} if proc.redis else set()) | proc.own.get("requires", set())
    keks = re.findall(r'KeyEncryptionKey\.AddKeyEncryptionKey\([^,]+, "(\w+)"\)', code)
    needs |= {f"{section}__KeyEncryptionKey" for section in keks}
    if "AcceptServiceTokens()" in code or "AddServiceTokenKey()" in code:
        needs.add("Authentication__Service__SigningKey")
    needs |= {f"services__{s}__http__0" for s in CALLS.get(name, [])}
    return needs


SECRETS = {"Wallet__KeyEncryptionKey", "Register__KeyEncryptionKey", "Authentication__Service__SigningKey",
           "Web__Oidc__ClientSecret"}


def check_env(where, proc, env, secret_refs):
    name, needs = proc.name, required(proc)
    for key in sorted(needs - set(env)):
        problems.append(f"{where}: {name} lacks {key}")
    for key in sorted((set(env) & SECRETS) - needs - proc.own.get("may", set())):
        problems.append(f"{where}: {name} gets {key}, which only the processes that use it may hold")
    if not proc.redis and REDIS in env:
        problems.append(f"{where}: {name} gets {REDIS}, but it uses no Redis (the AppHost starts it without)")
    if env.get("ASPNETCORE_ENVIRONMENT", "Production") != "Production":
        problems.append(f"{where}: {name} does not run in Production")
    if proc.issuer and ISSUER_SECRET not in secret_refs:
        problems.append(f"{where}: {name} does not get the token issuer ({ISSUER_SECRET})")
    if not proc.issuer and ISSUER_SECRET in secret_refs:
        problems.append(f"{where}: {name} gets the token issuer ({ISSUER_SECRET}), but it checks no bearer token")


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
    workloads = {d["metadata"]["name"]: d for d in docs if d["kind"] in ("Deployment", "StatefulSet")}
    services = {d["metadata"]["name"]: d for d in docs if d["kind"] == "Service"}
    if any(d["kind"] == "Secret" for d in docs):
        problems.append("kubernetes: a Secret is in the manifests; secrets are created by command (docs/deploy.md)")
    envs = {}
    for proc in procs:
        name = proc.name
        kind = "StatefulSet" if name in PINNED else "Deployment"
        d = workloads.get(name)
        if d is None or d["kind"] != kind:
            problems.append(f"kubernetes: no {kind} {name}" + (" (the gateway pins browsers to its pods)" if name in PINNED else ""))
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
        check_env("kubernetes", proc, env, refs)
        envs[name] = env
    # A pinned process: its pods named by a headless Service, and each caller given every pod's address, in order
    # (services__web__http__<i> = http://web-<i>.web:8080), no more and no fewer than its replicas.
    for name in sorted(PINNED & set(envs)):
        d = workloads[name]
        governing = services.get(d["spec"].get("serviceName"), {})
        if governing.get("spec", {}).get("clusterIP") != "None":
            problems.append(f"kubernetes: {name}'s serviceName is no headless Service (clusterIP: None) naming its pods")
        (c,) = d["spec"]["template"]["spec"]["containers"]
        port = next((p["containerPort"] for p in c.get("ports", []) if p.get("name") == "http"), None)
        pods = [f"http://{name}-{i}.{d['spec'].get('serviceName')}:{port}" for i in range(d["spec"].get("replicas", 1))]
        for caller, callees in CALLS.items():
            if name in callees and caller in envs:
                given = [envs[caller][k] for k in sorted((k for k in envs[caller] if re.fullmatch(rf"services__{name}__http__\d+", k)),
                                                         key=lambda k: int(k.rsplit("__", 1)[1]))]
                if given != pods:
                    problems.append(f"kubernetes: {caller} is given {given} for {name}, not its pods {pods}")
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
    # And no more: every process but the gateway (the Ingress's, open to all) is selected by a policy, and none lets
    # in a process that does not call it (the web app: the gateway alone).
    for callee in (p.name for p in procs if policies and p.name != "gateway"):
        selecting = [p for p in policies if selects(p["spec"]["podSelector"], callee)]
        if not selecting:
            problems.append(f"kubernetes: no NetworkPolicy selects {callee}: anyone may reach it")
        callers = {caller for caller, callees in CALLS.items() if callee in callees}
        for other in sorted({p.name for p in procs} - callers - {callee}):
            for policy in (p for p in selecting if admits(p, other)):
                problems.append(f"kubernetes: NetworkPolicy {policy['metadata']['name']} lets {other} reach {callee}, "
                                f"which it does not call")
    for name in sorted(set(workloads) - {p.name for p in procs}):
        problems.append(f"kubernetes: {workloads[name]['kind']} {name} is no process the AppHost starts")


def compose(procs):
    spec = yaml.safe_load(compose_path.read_text())
    services = spec["services"]
    if "--appendonly" not in services.get("redis", {}).get("command", []):
        problems.append("compose: redis without AOF (--appendonly yes)")
    for proc in procs:
        name = proc.name
        s = services.get(name)
        if s is None:
            problems.append(f"compose: no service {name}")
            continue
        if not s.get("image", "").startswith(f"sorcha/{name}:"):
            problems.append(f"compose: {name} runs image {s.get('image')}")
        waits = s.get("depends_on", {}).get("redis", {}).get("condition") == "service_healthy"
        if "healthcheck" not in s or waits != proc.redis:
            problems.append(f"compose: {name} has no healthcheck or " +
                            ("does not wait for a healthy redis" if proc.redis else "waits for redis, which it does not use"))
        if name in PINNED and s.get("deploy", {}).get("replicas", 1) != 1:
            problems.append(f"compose: {name} has replicas behind one address; the gateway pins browsers to one process")
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
        check_env("compose", proc, env, refs)


procs = list(processes())
if len(procs) < 6:
    problems.append(f"only {len(procs)} processes found in the AppHost's code: {[p.name for p in procs]}")
kubernetes(procs)
compose(procs)
for p in problems:
    print(f"check-deploy: {p}", file=sys.stderr)
print(f"check-deploy: {len(procs)} processes ({', '.join(p.name for p in procs)}): {len(problems)} problem(s)")
sys.exit(1 if problems else 0)
