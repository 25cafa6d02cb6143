#!/usr/bin/env python3
"""Fails when a doc or script names a file that does not exist or a test filter that selects no test.

Docs: README.md and every Markdown file outside docs/history/ (history tells the past, with the paths of its day).
- A path in backticks with a file extension and a '/' must be a file of the repository, or the end of one's path
  (`Infrastructure/PlatformScope.cs` names tests/Sorcha.IntegrationTests/Infrastructure/PlatformScope.cs, and
  `ServiceDefaults/Redis/RedisSetup.cs` src/Sorcha.ServiceDefaults/Redis/RedisSetup.cs). Paths outside it (../shared/)
  are not checked.
- A script named by its path (scripts/… or perf/scripts/…, in backticks or not; docs, scripts/,
  perf/scripts/, .ci/) must be that very file: the measurement drivers live in perf/scripts/, CI's in scripts/.
- Every `FullyQualifiedName~X` (docs, scripts/, perf/scripts/, .ci/) must be part of some test's full name: namespace.class.method, as
  read from the test sources (no build needed). `--filter '*…*'` is BenchmarkDotNet's own syntax and is not checked.
- No tracked text file names a tracker's issue by number ("issue" followed by a number, in any case): a comment or a
  doc says what and why instead, which outlives the tracker.
- A doc (Markdown outside docs/history/) has at most 400 lines: it tells today (behaviour, bound, the test that proves
  it, the current figures); dated runs go to docs/history/. A doc over it must be listed in OVER_LIMIT with the reason,
  and the run prints it every time.
- No line of a doc is over 200 characters, except a table's row (a row cannot be wrapped): a long sentence is split,
  a long command continued with a backslash.
usage: python3 scripts/check-docs.py   (from the repository root; exit 1 with one line per finding)
"""
import pathlib
import re
import subprocess
import sys

root = pathlib.Path(__file__).resolve().parent.parent
files = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True).stdout.split()
docs = [f for f in files if f.endswith(".md") and not f.startswith("docs/history/")]
scripts = [f for f in files if f.startswith(("scripts/", "perf/scripts/", ".ci/")) and not f.endswith(".py")]

PATH = re.compile(r"`([A-Za-z0-9_.\-/]+/[A-Za-z0-9_.\-]+\.(?:cs|csproj|props|targets|sh|py|json|md|yaml|yml|html|png))(?::\d+)?`")
SCRIPT = re.compile(r"(?<![\w./\-$])((?:perf/)?scripts/[\w./\-]+\.(?:sh|py|lua))")
ISSUE = re.compile(r"\bissues?[ -]?#?[0-9]+", re.IGNORECASE)
LIMIT = 400
WIDTH = 200
# Docs allowed past LIMIT for now, each with why; remove the entry once the doc is under it.
OVER_LIMIT = {}
FILTER = re.compile(r"FullyQualifiedName[~=]([A-Za-z0-9_.]+)")


def test_names():
    """namespace.Class.Method of every test method in tests/ and perf/, by project folder (tests/X, perf/X)."""
    names = {}
    for f in files:
        if not (f.startswith(("tests/", "perf/")) and f.endswith(".cs")):
            continue
        text = (root / f).read_text(encoding="utf-8")
        project = names.setdefault("/".join(f.split("/")[:2]), [])
        namespace = re.search(r"^namespace ([\w.]+)", text, re.M)
        ns = namespace.group(1) if namespace else ""
        current = None
        for line in text.splitlines():
            declared = re.search(r"\b(?:class|record) (\w+)", line)
            if declared:
                current = declared.group(1)
            method = re.search(r"public (?:async )?(?:Task|void|ValueTask)\S* (\w+)\(", line)
            if method and current:
                project.append(f"{ns}.{current}.{method.group(1)}")
        # Base suites hold the facts of their derived classes (BadInput): count the class names themselves too.
        project += [f"{ns}.{c}" for c in re.findall(r"\bclass (\w+)", text)]
    return names


findings = []
for doc in docs:
    for number, line in enumerate((root / doc).read_text(encoding="utf-8").splitlines(), 1):
        for path in PATH.findall(line):
            if "*" in path or path.startswith(("../", "shared/", "artifacts/", "/")):  # "/x": a URL path
                continue
            if not any(f == path or ("/" + f).endswith("/" + path) or ("/" + f).endswith("/Sorcha." + path) for f in files):
                findings.append(f"{doc}:{number}: no file {path}")

for source in docs + scripts + [f for f in files if f.startswith(("scripts/", "perf/scripts/")) and f.endswith(".py")]:
    for number, line in enumerate((root / source).read_text(encoding="utf-8").splitlines(), 1):
        for path in SCRIPT.findall(line):
            if path not in files:
                findings.append(f"{source}:{number}: no script {path}")

for f in files:
    try:
        text = (root / f).read_text(encoding="utf-8")
    except (UnicodeDecodeError, IsADirectoryError, FileNotFoundError):
        continue  # binary (images), a submodule or a file deleted in the work tree
    if "\0" in text:
        continue
    for number, line in enumerate(text.splitlines(), 1):
        for mention in ISSUE.findall(line):
            findings.append(f"{f}:{number}: names an issue by number ({mention}): say what and why instead")

notes = []
for doc in docs:
    count = len((root / doc).read_text(encoding="utf-8").splitlines())
    if count > LIMIT:
        if doc in OVER_LIMIT:
            notes.append(f"{doc}: {count} lines, over {LIMIT} (allowed for now: {OVER_LIMIT[doc]})")
        else:
            findings.append(f"{doc}: {count} lines, over {LIMIT}: move dated runs to docs/history/ or split it")

names = test_names()
everything = [name for project in names.values() for name in project]
for source in docs + scripts:
    project = None
    for number, line in enumerate((root / source).read_text(encoding="utf-8").splitlines(), 1):
        # A filter belongs to the `dotnet test <project>` on its line, or on the line before (a continued command).
        named = re.search(r"dotnet test ((?:tests|perf)/[\w.]+)", line)
        project = named.group(1) if named else (project if line.lstrip().startswith("--filter") else None)
        candidates = names.get(project, []) if project else everything
        for selected in FILTER.findall(line):
            if not any(selected in name for name in candidates):
                findings.append(f"{source}:{number}: the filter FullyQualifiedName~{selected} selects no test"
                                + (f" in {project}" if project else ""))

for doc in docs:
    for number, line in enumerate((root / doc).read_text(encoding="utf-8").splitlines(), 1):
        if len(line) > WIDTH and not line.lstrip().startswith("|"):
            findings.append(f"{doc}:{number}: {len(line)} characters, over {WIDTH}: split it (only a table's row may be longer)")

for finding in findings:
    print(finding)
for note in notes:
    print("note: " + note)
print(f"check-docs: {len(docs)} docs, {len(scripts)} scripts, {len(everything)} test names; {len(findings)} finding(s)")
sys.exit(1 if findings else 0)
