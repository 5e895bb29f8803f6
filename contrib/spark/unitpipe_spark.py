#!/usr/bin/env python3
"""Runs `unitpipe convert` (or `validate`) across a Spark cluster, with the result of one run.

    spark-submit contrib/spark/unitpipe_spark.py --output DIR [--split-size BYTES]
        [--unitpipe PATH] [--exit-on-rejects 0|1] INPUT... -- convert|validate OPTIONS

INPUT is a file, a directory (its files, in name order, hidden and `_` files skipped) or a
glob (in name order). A file up to the split size (default 128M) is one task; a bigger one is
planned (`unitpipe plan`, on an executor) into ranges of about that size, each a task that runs
`unitpipe … --byte-range START:END --first-record R --first-line L`. Every task runs the
`unitpipe` binary: the one given with --unitpipe (shipped to the executors with
SparkContext.addFile; build it with scripts/build-static so executors need no Swift), else
`unitpipe` on the executors' PATH.

DIR receives, in input order:
    part-NNNNN.csv   the output rows; concatenated in name order they are byte for byte what
                     `unitpipe convert INPUT... OPTIONS` writes on one machine (header once,
                     then each file's rows)
    errors.csv       the merged error report (header once; record and line numbers are those
                     of each input file, as one run reports them; with several input files a
                     first column `file` names each row's file, as `unitpipe convert INPUT...`
                     writes it)
    rejects.csv      the merged rejected rows (header once)
    summary.json     the summed summary (rows, bytes, per-column counts, min/max, codes)
    _SUCCESS         written last, only when every task succeeded

Each task writes its files under DIR/_temporary/ and renames them into place, so a retried or
speculative attempt never leaves a partial file where it can be seen. Tasks exit 0 on rejected
rows (`--exit-on-rejects 0`); only exit 2 (trouble) or a signal fails a task, which Spark then
retries. The driver exits as unitpipe does: 0 every row succeeded, 1 some rows were rejected
(0 with --exit-on-rejects 0), 2 trouble.

DIR and the inputs must be paths every executor can open as files: a local path in local mode,
or a shared file system (NFS, a mounted object store) on a cluster.
"""

import glob
import json
import math
import os
import shutil
import subprocess
import sys
import time
import uuid

DEFAULT_SPLIT = 128 << 20
# Options the driver sets itself for every task, so they cannot be given after `--`.
OWNED = {
    "-o": "the output goes to DIR/part-NNNNN.csv",
    "--output": "the output goes to DIR/part-NNNNN.csv",
    "-e": "the error report goes to DIR/errors.csv",
    "--errors": "the error report goes to DIR/errors.csv",
    "-r": "the rejects go to DIR/rejects.csv",
    "--rejects": "the rejects go to DIR/rejects.csv",
    "--summary": "the summary goes to DIR/summary.json",
    "--byte-range": "the driver plans the ranges",
    "--first-record": "the driver plans the ranges",
    "--first-line": "the driver plans the ranges",
    "--no-header-output": "the driver decides which part carries the header",
    "--exit-on-rejects": "give it to the driver, before --",
    "--input-name": "with several inputs the driver names each task's file in the report",
}
# Options whose meaning needs one run over all rows: a shard cannot honour them alone.
GLOBAL = {
    "--max-errors": "a limit over all rows cannot be kept by shards that run apart; run unitpipe on one machine",
}
# Options that settle how a file is read; `plan` must see the same ones.
DIALECT_WITH_VALUE = {"-d", "--delimiter", "--quote", "-l", "--locale"}
DIALECT_FLAGS = {"--no-header"}


class UsageError(Exception):
    pass


def parse_size(text):
    """A byte count with an optional K, M or G suffix (powers of 1024)."""
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    multiplier = units.get(text[-1:].upper(), 1)
    digits = text[:-1] if multiplier > 1 else text
    if not digits.isdigit() or int(digits) == 0:
        raise UsageError(f"invalid --split-size '{text}': use a positive size in bytes, optionally with K, M or G (e.g. 128M)")
    return int(digits) * multiplier


def parse_arguments(argv):
    if "--" not in argv:
        raise UsageError("put the unitpipe command after '--': ... INPUT... -- convert -c distance:km:mi")
    split = argv.index("--")
    mine, command = argv[:split], argv[split + 1:]
    options = {"output": None, "split_size": DEFAULT_SPLIT, "unitpipe": None, "exit_on_rejects": 1, "inputs": []}
    i = 0
    while i < len(mine):
        arg = mine[i]
        name, _, inline = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        takes_value = name in ("--output", "--split-size", "--unitpipe", "--exit-on-rejects")
        if takes_value:
            if inline:
                value = inline
            else:
                i += 1
                if i >= len(mine):
                    raise UsageError(f"option '{name}' needs a value")
                value = mine[i]
            if name == "--output":
                options["output"] = value
            elif name == "--split-size":
                options["split_size"] = parse_size(value)
            elif name == "--unitpipe":
                options["unitpipe"] = value
            elif value in ("0", "1"):
                options["exit_on_rejects"] = int(value)
            else:
                raise UsageError(f"invalid --exit-on-rejects '{value}': use 0 or 1")
        elif arg in ("-h", "--help"):
            print(__doc__)
            sys.exit(0)
        elif arg.startswith("-") and arg != "-":
            raise UsageError(f"unknown option '{arg}'; the driver takes --output, --split-size, --unitpipe, --exit-on-rejects")
        else:
            options["inputs"].append(arg)
        i += 1
    if not options["output"]:
        raise UsageError("give --output DIR (the directory the parts, report, rejects and summary go to)")
    if not options["inputs"]:
        raise UsageError("give at least one INPUT (a file, a directory or a glob)")
    if not command or command[0] not in ("convert", "validate"):
        raise UsageError("the command after '--' must be 'convert' or 'validate'")
    for arg in command[1:]:
        name = arg.split("=", 1)[0]
        if name in OWNED:
            raise UsageError(f"'{name}' cannot be given after '--': {OWNED[name]}")
        if name in GLOBAL:
            raise UsageError(f"'{name}' cannot be used with the Spark driver: {GLOBAL[name]}")
        if arg in ("-", "/dev/stdin"):
            raise UsageError("standard input cannot be split across tasks; give files")
    if "--on-error=fail" in command or any(
        command[k] == "--on-error" and k + 1 < len(command) and command[k + 1] == "fail" for k in range(len(command))
    ):
        raise UsageError("'--on-error fail' cannot be used with the Spark driver: shards cannot stop each other at the first error")
    options["command"] = command
    return options


def dialect_options(command):
    """The options of `command` that settle how a file is read, for `unitpipe plan`."""
    picked = []
    args = command[1:]
    i = 0
    while i < len(args):
        name = args[i].split("=", 1)[0]
        if name in DIALECT_WITH_VALUE:
            if "=" in args[i]:
                picked.append(args[i])
            elif i + 1 < len(args):
                picked += [args[i], args[i + 1]]
                i += 1
        elif name in DIALECT_FLAGS:
            picked.append(args[i])
        i += 1
    return picked


def expand_inputs(inputs):
    """Files in input order: a directory's files and a glob's matches in name order."""
    files = []
    for item in inputs:
        if os.path.isdir(item):
            names = sorted(n for n in os.listdir(item) if not n.startswith((".", "_")))
            found = [os.path.join(item, n) for n in names if os.path.isfile(os.path.join(item, n))]
            if not found:
                raise UsageError(f"directory '{item}' holds no files")
            files += found
        elif os.path.isfile(item):
            files.append(item)
        else:
            matches = sorted(m for m in glob.glob(item) if os.path.isfile(m))
            if not matches:
                raise UsageError(f"no file matches '{item}'")
            files += matches
    return files


def is_compressed(path):
    """gzip or zstd: such a file is converted whole (its offsets are not the text's)."""
    with open(path, "rb") as f:
        magic = f.read(4)
    return magic[:2] == b"\x1f\x8b" or magic == b"\x28\xb5\x2f\xfd"


def unitpipe_binary(shipped):
    """On an executor: the shipped binary (made executable) or `unitpipe` on PATH."""
    if shipped:
        from pyspark import SparkFiles

        path = SparkFiles.get(shipped)
        if not os.access(path, os.X_OK):
            os.chmod(path, 0o755)
        return path
    return shutil.which("unitpipe") or "unitpipe"


def describe_failure(result, argv):
    how = f"signal {-result.returncode}" if result.returncode < 0 else f"exit {result.returncode}"
    return f"unitpipe failed ({how}): {' '.join(argv)}\n{result.stderr.decode(errors='replace').strip()}"


def plan_file(item):
    """Task: plans one big file into ranges of about the split size."""
    path, splits, dialect, shipped = item
    argv = [unitpipe_binary(shipped), "plan", path, "--splits", str(splits), "--json"] + dialect
    result = subprocess.run(argv, capture_output=True)
    if result.returncode != 0:
        raise RuntimeError(describe_failure(result, argv))
    return path, json.loads(result.stdout)


def read_header(item):
    """Task: a file's header as `unitpipe convert` writes it (its first output line, normalized:
    minimal quoting, LF), or "" for a file without records. Reading stops there: unitpipe ends
    quietly when the pipe it writes to is closed."""
    path, dialect, shipped = item
    argv = [unitpipe_binary(shipped), "convert", path, "--quiet", "--no-progress"] + dialect
    process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    line = process.stdout.readline()
    process.stdout.close()
    error = process.stderr.read()
    status = process.wait()
    if status not in (0, 1):
        message = error.decode("utf-8", "replace").strip() or f"exit {status}"
        raise RuntimeError(f"unitpipe failed reading the header of {path}: {message}")
    return path, line.decode("utf-8", "replace").rstrip("\n")


def header_mismatch(files, headers, dialect):
    """The message for the first file whose header differs from the first non-empty file's
    (as `unitpipe convert A B` checks them), or None; with --no-header there is no header to check."""
    reference = next((path for path in files if headers[path]), None)
    if reference is None or "--no-header" in dialect:
        return None
    for path in files:
        if headers[path] and headers[path] != headers[reference]:
            return (f"the header of '{path}' differs from that of '{reference}' ('{headers[path]}' there, "
                    f"'{headers[reference]}' in '{reference}'); every input must have the same header, "
                    "so their rows fit under one: convert them separately, or fix the header")
    return None


def run_task(task):
    """Task: runs unitpipe on one file or range, then renames its files into place."""
    from pyspark import TaskContext

    context = TaskContext.get()
    attempt = f"{context.stageId()}-{context.partitionId()}-{context.attemptNumber()}" if context else uuid.uuid4().hex
    index = task["index"]
    out_dir = task["output"]
    scratch = os.path.join(out_dir, "_temporary", f"attempt-{index:05d}-{attempt}")
    parts = os.path.join(out_dir, "_temporary", "parts")
    os.makedirs(scratch, exist_ok=True)
    names = {
        "output": f"part-{index:05d}.csv",
        "errors": f"errors-{index:05d}.csv",
        "rejects": f"rejects-{index:05d}.csv",
        "summary": f"summary-{index:05d}.json",
    }
    command = task["command"]
    argv = [unitpipe_binary(task["shipped"]), command[0], task["path"]]
    if command[0] == "convert":
        argv += ["-o", os.path.join(scratch, names["output"])]
    argv += ["-e", os.path.join(scratch, names["errors"]), "-r", os.path.join(scratch, names["rejects"])]
    argv += ["--summary", os.path.join(scratch, names["summary"]), "--exit-on-rejects", "0", "--quiet"]
    if task["range"]:
        start, end, record, line = task["range"]
        argv += ["--byte-range", f"{start}:{end}", "--first-record", str(record), "--first-line", str(line)]
    if not task["header"]:
        argv.append("--no-header-output")
    if task["file_column"]:
        # Several inputs: the report names each row's file, as `unitpipe convert INPUT...` does.
        argv += ["--input-name", task["path"]]
    argv += command[1:]
    result = subprocess.run(argv, capture_output=True)
    if result.returncode != 0:
        # Exit 2 or a signal: the task fails and Spark retries it.
        raise RuntimeError(describe_failure(result, argv))
    for key, name in names.items():
        source = os.path.join(scratch, name)
        if not os.path.exists(source):
            continue
        # rename(2) within one file system: the file appears whole or not at all; a second
        # attempt replaces it with the same bytes.
        os.replace(source, os.path.join(out_dir if key == "output" else parts, name))
    shutil.rmtree(scratch, ignore_errors=True)
    return index


def make_tasks(files, plans, options, headers=None):
    """One task per small file or planned range, numbered in input order; the first task of the
    first file with records writes the headers (with `headers`, each file's, "" when empty)."""
    tasks = []
    header_file = next((path for path in files if headers is None or headers.get(path)), None)
    for path in files:
        plan = plans.get(path)
        ranges = [None]
        if plan is not None and plan["ranges"]:
            ranges = [(r["start"], r["end"], r["record"], r["line"]) for r in plan["ranges"]]
        for byte_range in ranges:
            tasks.append({
                "index": len(tasks), "path": path, "range": byte_range,
                "header": path == header_file and not any(t["path"] == path for t in tasks), "file_column": len(files) > 1,
                "output": options["output"], "command": options["command"], "shipped": options["shipped"],
            })
    return tasks


def concatenate(sources, target):
    """Writes the sources, in order, to target (via a temporary file renamed into place)."""
    temporary = f"{target}.tmp-{uuid.uuid4().hex}"
    with open(temporary, "wb") as out:
        for source in sources:
            if os.path.exists(source):
                with open(source, "rb") as part:
                    shutil.copyfileobj(part, out, 1 << 20)
    os.replace(temporary, target)


def merge_summaries(summaries, seconds):
    """The summed summary: counts added, min/max combined, the worst status."""
    merged = dict(summaries[0])
    for key in ("rows_in", "rows_out", "rows_rejected", "rows_valid", "rows_invalid", "cells_emptied", "rows_written",
                "bytes_in"):
        if key in merged:
            merged[key] = sum(s.get(key, 0) for s in summaries)
    merged["seconds"] = round(seconds, 3)
    statuses = [s["status"] for s in summaries]
    merged["status"] = "failed" if "failed" in statuses else "rejected" if "rejected" in statuses else "ok"
    columns = [dict(c) for c in summaries[0].get("columns", [])]
    for summary in summaries[1:]:
        for column, other in zip(columns, summary.get("columns", [])):
            for key in ("converted", "empty", "errors", "cells", "valid"):
                if key in column:
                    column[key] += other[key]
            if isinstance(column.get("invalid"), dict):
                # validate: invalid cells by code
                column["invalid"] = dict(column["invalid"])
                for code, count in other.get("invalid", {}).items():
                    column["invalid"][code] = column["invalid"].get(code, 0) + count
            for key, pick in (("min", min), ("max", max)):
                values = [v for v in (column.get(key), other.get(key)) if v is not None]
                if key in column:
                    column[key] = pick(values) if values else None
    merged["columns"] = columns
    codes = {}
    for summary in summaries:
        for code, count in summary.get("errors_by_code", {}).items():
            codes[code] = codes.get(code, 0) + count
    merged["errors_by_code"] = dict(sorted(codes.items()))
    merged.pop("byte_range", None)
    if "max_errors_reached" in merged:
        merged["max_errors_reached"] = any(s.get("max_errors_reached", False) for s in summaries)
    merged["tasks"] = len(summaries)
    return merged


def write_json(value, target):
    temporary = f"{target}.tmp-{uuid.uuid4().hex}"
    with open(temporary, "w") as out:
        json.dump(value, out)
        out.write("\n")
    os.replace(temporary, target)


def main(argv):
    try:
        options = parse_arguments(argv)
        files = expand_inputs(options["inputs"])
    except UsageError as error:
        print(f"unitpipe_spark: {error}", file=sys.stderr)
        return 2
    out_dir = options["output"]
    if os.path.exists(out_dir) and os.listdir(out_dir):
        print(f"unitpipe_spark: output directory '{out_dir}' is not empty; give a new or empty directory", file=sys.stderr)
        return 2
    os.makedirs(os.path.join(out_dir, "_temporary", "parts"), exist_ok=True)

    from pyspark.sql import SparkSession

    started = time.monotonic()
    spark = SparkSession.builder.appName("unitpipe").getOrCreate()
    sc = spark.sparkContext
    options["shipped"] = None
    if options["unitpipe"]:
        sc.addFile(os.path.abspath(options["unitpipe"]))
        options["shipped"] = os.path.basename(options["unitpipe"])
    status = 2
    try:
        split = options["split_size"]
        big = [(p, math.ceil(os.path.getsize(p) / split), dialect_options(options["command"]), options["shipped"])
               for p in files if os.path.getsize(p) > split and not is_compressed(p)]
        plans = dict(sc.parallelize(big, max(1, len(big))).map(plan_file).collect()) if big else {}
        dialect = dialect_options(options["command"])
        headers = dict(sc.parallelize([(p, dialect, options["shipped"]) for p in files], len(files)).map(read_header).collect())
        mismatch = header_mismatch(files, headers, dialect)
        if mismatch:
            print(f"unitpipe_spark: {mismatch}", file=sys.stderr)
            write_json({"status": "failed", "reason": "input"}, os.path.join(out_dir, "summary.json"))
            shutil.rmtree(os.path.join(out_dir, "_temporary"), ignore_errors=True)
            return 2
        tasks = make_tasks(files, plans, options, headers)
        sc.parallelize(tasks, len(tasks)).map(run_task).collect()
        parts = os.path.join(out_dir, "_temporary", "parts")
        count = len(tasks)
        concatenate([os.path.join(parts, f"errors-{k:05d}.csv") for k in range(count)], os.path.join(out_dir, "errors.csv"))
        concatenate([os.path.join(parts, f"rejects-{k:05d}.csv") for k in range(count)], os.path.join(out_dir, "rejects.csv"))
        summaries = []
        for k in range(count):
            with open(os.path.join(parts, f"summary-{k:05d}.json")) as f:
                summaries.append(json.load(f))
        merged = merge_summaries(summaries, time.monotonic() - started)
        write_json(merged, os.path.join(out_dir, "summary.json"))
        shutil.rmtree(os.path.join(out_dir, "_temporary"), ignore_errors=True)
        if options["command"][0] == "convert":
            counts = f"{merged['rows_out']} out, {merged['rows_rejected']} rejected"
        else:
            counts = f"{merged['rows_valid']} valid, {merged['rows_invalid']} invalid"
        with open(os.path.join(out_dir, "_SUCCESS"), "w"):
            pass
        status = 1 if merged["status"] == "rejected" and options["exit_on_rejects"] == 1 else 0
        print(f"unitpipe_spark: {len(files)} file(s), {count} task(s); {merged['rows_in']} rows in, {counts}; {out_dir}",
              file=sys.stderr)
    except Exception as error:  # a task failed after its retries, or the merge could not be written
        text = str(error)
        # A task's own message, not the JVM's stack trace around it.
        lines = text.splitlines()
        start = next((k for k, line in enumerate(lines) if "unitpipe failed" in line), None)
        shown = lines[start:start + 3] if start is not None else lines[:1]
        print("unitpipe_spark: the job failed: " + "\n".join(l.strip() for l in shown), file=sys.stderr)
        write_json({"status": "failed", "reason": "task failed"}, os.path.join(out_dir, "summary.json"))
        status = 2
    finally:
        spark.stop()
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
