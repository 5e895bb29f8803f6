#!/usr/bin/env bash
# Installs what bench/run.sh measures against, when missing:
#   Debian: time (/usr/bin/time -v for peak RSS), miller (mlr), gawk (mawk ships with Debian)
#   PyPI:   duckdb and polars, into a virtualenv at bench/out/venv (gitignored), so the
#           system Python is left alone.
# Safe to run again; it only installs what is missing. Uses sudo when not root.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
venv="$here/out/venv"

missing=()
for pkg in time miller gawk mawk python3-venv; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" -eq 0 ]; then sudo=(); else sudo=(sudo); fi
    echo "install-peers: apt-get install ${missing[*]}" >&2
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null \
        || echo "install-peers: warning: apt-get install failed; the missing peers will be skipped" >&2
fi

# Python peers. PYTHON overrides the interpreter used to create the venv.
py=${PYTHON:-python3}
if [ ! -x "$venv/bin/python" ]; then
    echo "install-peers: creating $venv" >&2
    mkdir -p "$here/out"
    "$py" -m venv "$venv"
fi
if ! "$venv/bin/python" -c 'import duckdb, polars' 2>/dev/null; then
    echo "install-peers: pip install duckdb polars" >&2
    "$venv/bin/python" -m pip install -q --disable-pip-version-check duckdb polars \
        || echo "install-peers: warning: pip install failed; duckdb/polars will be skipped" >&2
fi
"$venv/bin/python" - <<'PY' >&2 || true
import importlib
for m in ("duckdb", "polars"):
    try:
        print(f"install-peers: {m} {importlib.import_module(m).__version__}")
    except Exception as e:
        print(f"install-peers: {m} unavailable ({e})")
PY
