# The load gate's reference platform: the commit the checked-in baseline was recorded at, built here, so that the gate
# can measure it beside the current build in one run (docs/performance.md, "The gate"). Source from the repository root.

# The paths a platform build depends on: when none differs from the reference commit, this checkout is its build.
REFERENCE_INPUTS=(src Directory.Build.props Directory.Build.targets Directory.Packages.props global.json)

# reference_commit <baseline.json>: the commit in its metadata.
reference_commit() {
  sed -n 's/^ *"commit": *"\([0-9a-f]\{40\}\)".*/\1/p' "$1" | head -1
}

# reference_checkout <commit>: prints a checkout with a Release build of <commit>'s platform. That is this checkout
# when its platform sources equal the commit's; otherwise artifacts/reference/<commit>, extracted with git archive and
# built once (kept for later runs; a fresh clone builds it in about a minute). Fails when the commit is not in the clone.
reference_checkout() {
  local ref=$1 dir
  if ! git cat-file -e "$ref^{commit}" 2>/dev/null; then
    echo "reference: commit $ref is not in this clone (a shallow clone? git fetch --unshallow)" >&2
    return 1
  fi
  if git diff --quiet "$ref" -- "${REFERENCE_INPUTS[@]}"; then
    pwd
    return 0
  fi
  dir=artifacts/reference/$ref
  if [ ! -f "$dir/.built" ]; then
    echo "reference: building $ref's platform in $dir" >&2
    rm -rf "$dir" && mkdir -p "$dir" && git archive "$ref" | tar -x -C "$dir" || return 1
    if ! (cd "$dir" && dotnet build src/Sorcha.AppHost -c Release -nologo) >"$dir.build.log" 2>&1; then
      echo "reference: the build failed; $dir.build.log" >&2
      return 1
    fi
    touch "$dir/.built"
  fi
  (cd "$dir" && pwd)
}
