#!/usr/bin/env python3
"""Runs `unitpipe convert` (or `validate`) across a Spark cluster, with the result of one run.

    spark-submit contrib/spark/unitpipe_spark.py --output DIR [--split-size BYTES]
        [--unitpipe PATH] [--exit-on-rejects 0|1] INPUT... -- convert|validate OPTIONS
    python -m unitpipe.spark [--master URL] ...      (the same, from the pip package)

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
speculative attempt never leaves a partial file where it can be seen. A failed job leaves only
DIR/summary.json (status "failed"); running the same command again reuses DIR. Tasks exit 0 on rejected
rows (`--exit-on-rejects 0`); only exit 2 (trouble) or a signal fails a task, which Spark then
retries. The driver exits as unitpipe does: 0 every row succeeded, 1 some rows were rejected
(0 with --exit-on-rejects 0), 2 trouble (one line on standard error). Each task's unitpipe runs
with --threads set to spark.task.cpus unless the command gives --threads.

DIR and the inputs are paths every executor can open as files (a local path in local mode, a
shared file system such as NFS on a cluster; relative paths are taken from the driver's working
directory), or URLs of object storage (s3://, gs://, abfss://) read and written through fsspec:
each remote file is one task, and a remote DIR gets whole objects put, no rename.
"""

import collections
import csv
import glob
import io
import json
import math
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid

# The unitpipe release this driver speaks to (`unitpipe --version`); the options it sets
# (`--check-args`, the shard options) are that release's.
VERSION = "0.1.0"
DEFAULT_SPLIT = 128 << 20
# Run from the pip package (`python -m unitpipe.spark`, `from unitpipe import spark`): the
# package carries the binary beside this file.
PACKAGED_BINARY = (os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "unitpipe")
                   if __name__ == "unitpipe.spark" or __package__ == "unitpipe" else None)
HOW_TO_SHIP = ("ship it with --unitpipe PATH (a binary built by scripts/build-static needs no Swift on the executors), "
               "or pip install the unitpipe wheel on every node")
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
    "--range-start": "the driver cuts the ranges",
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


class TaskFailure(RuntimeError):
    """A task's one-line reason; the driver finds it in the traceback Spark hands back."""


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
    options = {"output": None, "split_size": DEFAULT_SPLIT, "unitpipe": None, "exit_on_rejects": 1, "inputs": [],
               "master": None, "plan": False}
    i = 0
    while i < len(mine):
        arg = mine[i]
        name, _, inline = arg.partition("=") if arg.startswith("--") else (arg, "", "")
        takes_value = name in ("--output", "--split-size", "--unitpipe", "--exit-on-rejects", "--master")
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
            elif name == "--master":
                options["master"] = value
            elif value in ("0", "1"):
                options["exit_on_rejects"] = int(value)
            else:
                raise UsageError(f"invalid --exit-on-rejects '{value}': use 0 or 1")
        elif arg == "--plan":
            options["plan"] = True
        elif arg in ("-h", "--help"):
            print(__doc__)
            sys.exit(0)
        elif arg.startswith("-") and arg != "-":
            raise UsageError(f"unknown option '{arg}'; the driver takes --output, --split-size, --plan, --unitpipe, --exit-on-rejects, --master")
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


def input_options(command):
    """The options of `command` that `unitpipe inputs` takes: how the files are read."""
    picked = dialect_options(command)
    args = command[1:]
    for k, arg in enumerate(args):
        if arg.startswith("--encoding="):
            picked.append(arg)
        elif arg == "--encoding" and k + 1 < len(args):
            picked += [arg, args[k + 1]]
    return picked


def expand_inputs(inputs, binary, dialect):
    """The files a run over `inputs` reads, as `unitpipe inputs` lists them (a directory's table
    files in name order, compression by magic bytes, whether each holds records, and the check
    that they fit together, with the run's own message), as (name, path, size, compression,
    has_records). A glob is expanded here (in name order), as a shell would; a remote file or
    directory is read through fsspec: its listing is filtered by unitpipe's rule for directory
    entries, and its first bytes are what unitpipe reads. The name is the file as the user wrote
    it (what the error report's `file` column says); the path is absolute, so executors, whose
    working directories differ from the driver's, open the same file."""
    scratch = tempfile.mkdtemp(prefix="unitpipe-inputs-")
    try:
        args, urls = [], {}
        for item in inputs:
            if is_remote(item):
                for url in expand_remote(item, binary, scratch, dialect):
                    local = local_copy(url, scratch, REMOTE_HEAD)
                    urls[local] = url
                    args.append(local)
            elif os.path.exists(item):
                args.append(item)
            else:
                matches = sorted(glob.glob(item))
                if not matches:
                    raise UsageError(f"no file matches '{item}'")
                args += matches
        described = list_inputs(binary, args, dialect, urls)
        return [(urls[d["path"]], urls[d["path"]], remote_size(urls[d["path"]]), d["compression"], d["records"]) if d["path"] in urls
                else (d["path"], os.path.abspath(d["path"]), d["size"], d["compression"], d["records"]) for d in described]
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def list_inputs(binary, args, dialect, urls=None):
    """`unitpipe inputs ARGS --json`'s list; its message (local copies named by their URLs) as a
    UsageError with the reason "input" when the inputs cannot be read as one run reads them."""
    result = subprocess.run([binary, "inputs"] + args + ["--json"] + dialect, capture_output=True)
    if result.returncode != 0:
        message = first_line(result.stderr.decode("utf-8", "replace")).removeprefix("unitpipe inputs: ")
        for local, url in sorted((urls or {}).items(), key=lambda pair: -len(pair[0])):
            message = message.replace(local, url)
        error = UsageError(message or f"'unitpipe inputs' exits {result.returncode}")
        error.reason = "input"
        raise error
    return json.loads(result.stdout)["inputs"]


def describe_inputs_task(item):
    """Task: `expand_inputs` where the driver has no binary to run (--unitpipe given as a URL)."""
    inputs, dialect, shipped = item
    try:
        return expand_inputs(inputs, unitpipe_binary(shipped), dialect), None
    except UsageError as error:
        return None, (str(error), getattr(error, "reason", "usage"))


def is_remote(path):
    """A URL of a file system other than the local one (s3://, gs://, abfss://, hdfs://, …)."""
    return "://" in path and not path.startswith("file://")


def remote_fs(url):
    """The fsspec file system of `url` and the path inside it."""
    try:
        import fsspec

        return fsspec.core.url_to_fs(url)
    except ImportError as error:
        raise UsageError(f"'{url}' needs fsspec and its backend for that scheme (pip install s3fs, gcsfs or adlfs): {error}")
    except ValueError as error:
        raise UsageError(f"cannot open '{url}': {error}")


def expand_remote(item, binary, scratch, dialect):
    """The files of a remote directory (the entries unitpipe reads in a directory, in name
    order), glob or file, as URLs."""
    fs, root = remote_fs(item)
    scheme = item.split("://", 1)[0]
    if fs.isdir(root):
        entries = {entry["name"].rstrip("/").rsplit("/", 1)[-1]: entry["name"]
                   for entry in fs.ls(root, detail=True) if entry["type"] == "file"}
        # unitpipe decides which entries a directory's run reads: it is asked about empty stand-ins.
        listing = tempfile.mkdtemp(dir=scratch)
        for base in entries:
            open(os.path.join(listing, base), "wb").close()
        try:
            kept = list_inputs(binary, [listing], dialect)
        except UsageError as error:
            error.args = (str(error).replace(listing, item.rstrip("/")),)
            raise
        return [f"{scheme}://{entries[d['path'].rsplit('/', 1)[-1]]}" for d in kept]
    if fs.isfile(root):
        return [item]
    found = [f"{scheme}://{m}" for m in sorted(fs.glob(root)) if fs.isfile(m)]
    if not found:
        raise UsageError(f"no file matches '{item}'")
    return found


# How much of a remote file the header tasks read: enough for the first records.
REMOTE_HEAD = 8 << 20


def local_copy(url, directory, limit=None):
    """Task: a remote file (its first `limit` bytes) as a local file in `directory`, streamed."""
    fs, path = remote_fs(url)
    os.makedirs(directory, exist_ok=True)
    target = os.path.join(directory, uuid.uuid4().hex + "-" + path.rsplit("/", 1)[-1])
    with fs.open(path, "rb") as source, open(target, "wb") as out:
        left = limit
        while left is None or left > 0:
            chunk = source.read(1 << 20 if left is None else min(1 << 20, left))
            if not chunk:
                break
            out.write(chunk)
            if left is not None:
                left -= len(chunk)
    return target


def task_scratch():
    """A local directory for a task's copies of remote files."""
    return tempfile.mkdtemp(prefix="unitpipe-task-")


def driver_binary(given):
    """The binary for the driver's own checks and what to ship: (local path or None, URL to
    ship or None). `--unitpipe` takes a path (relative to the driver's directory) or a URL
    (`file:///…` is a path; `hdfs://…`, `https://…` are shipped as given and not run on the driver)."""
    if given is None:
        if PACKAGED_BINARY and os.path.isfile(PACKAGED_BINARY):
            return PACKAGED_BINARY, None
        return shutil.which("unitpipe"), None
    if given.startswith("file://"):
        given = given[len("file://"):]
    elif "://" in given:
        return None, given
    path = os.path.abspath(given)
    if not os.path.isfile(path):
        raise UsageError(f"--unitpipe '{given}' is not a file; build one with scripts/build-static")
    if not os.access(path, os.X_OK):
        raise UsageError(f"--unitpipe '{given}' is not executable; chmod +x it")
    return path, path


def binary_version(binary):
    """`unitpipe --version`'s version, or the reason it cannot be run here."""
    try:
        result = subprocess.run([binary, "--version"], capture_output=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as error:
        return None, f"cannot run '{binary}': {error}"
    words = result.stdout.decode("utf-8", "replace").split()
    if result.returncode != 0 or len(words) != 2 or words[0] != "unitpipe":
        return None, f"'{binary}' is not unitpipe ('--version' gave exit {result.returncode})"
    return words[1], None


def version_mismatch(binary, version):
    if version == VERSION:
        return None
    return (f"'{binary}' is unitpipe {version}, this driver is for unitpipe {VERSION}; "
            f"use the binary and driver of one release (one wheel, or one checkout's scripts/build-static)")


_checked_binaries = {}


def installed_package_binary():
    """The binary of the pip package installed where this task runs, if any."""
    try:
        import unitpipe
    except ImportError:
        return None
    path = unitpipe.binary() if hasattr(unitpipe, "binary") else None
    return path if path and os.path.isfile(path) else None


def unitpipe_binary(shipped):
    """On an executor: the shipped binary (made executable), the pip package's, or `unitpipe` on
    PATH, checked once per Python worker to be this driver's release."""
    if shipped:
        from pyspark import SparkFiles

        path = SparkFiles.get(shipped)
        if not os.path.isfile(path):
            raise TaskFailure(f"the unitpipe binary shipped with --unitpipe is missing on executor {socket.gethostname()} "
                              f"(expected at {path})")
        if not os.access(path, os.X_OK):
            os.chmod(path, 0o755)
    elif PACKAGED_BINARY and os.path.isfile(PACKAGED_BINARY):
        path = PACKAGED_BINARY
    else:
        path = installed_package_binary() or shutil.which("unitpipe")
        if path is None:
            raise TaskFailure(f"no unitpipe binary on executor {socket.gethostname()} (none on its PATH): {HOW_TO_SHIP}")
    if path not in _checked_binaries:
        version, problem = binary_version(path)
        problem = problem or version_mismatch(path, version)
        if problem:
            raise TaskFailure(f"on executor {socket.gethostname()}: {problem}")
        _checked_binaries[path] = version
    return path


def run_unitpipe(argv, what):
    """Runs unitpipe in a task; a failure (exit 2, a signal, a binary that cannot run) raises the
    one line the driver shows."""
    try:
        result = subprocess.run(argv, capture_output=True)
    except OSError as error:
        raise TaskFailure(f"cannot run {argv[0]} on executor {socket.gethostname()} ({error.strerror}): {HOW_TO_SHIP}")
    if result.returncode not in (0, 1):
        how = f"signal {-result.returncode}" if result.returncode < 0 else f"exit {result.returncode}"
        message = first_line(result.stderr.decode("utf-8", "replace")) or "no message"
        raise TaskFailure(f"unitpipe failed ({how}) on {what}: {message}")
    return result


def first_line(text):
    return next((line.strip() for line in text.splitlines() if line.strip()), "")


def plan_file(item):
    """Task: plans one big file into ranges of about the split size; returns the plan and what
    `plan` said on standard error (where parity left the rest of the file as one range)."""
    name, path, splits, dialect, shipped = item
    scratch = task_scratch() if is_remote(path) else None
    try:
        # A remote file is planned from a copy streamed to the executor: the one pass over it.
        local = local_copy(path, scratch) if scratch else path
        argv = [unitpipe_binary(shipped), "plan", local, "--splits", str(splits), "--json"] + dialect
        result = run_unitpipe(argv, f"planning {name}")
        return path, json.loads(result.stdout), result.stderr.decode("utf-8", "replace").replace(local, name)
    finally:
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)


def remote_size(url):
    fs, path = remote_fs(url)
    return fs.size(path)


def range_prefix(plan):
    """For a planned remote file: where the bytes every range task copies end — the first range
    start past the header and past the head unitpipe reads from a file's start (dialect, locale
    sample), so each task sees those bytes exactly as in the file."""
    header_end = plan["header"]["end"]
    starts = [r["start"] for r in plan["ranges"] if r["start"] > header_end and r["start"] >= HEAD_BYTES]
    return min(starts) if starts else plan["size"]


# The bytes unitpipe reads at a file's start to settle its dialect and locale sample (more only
# when the first record is longer, which the range prefix covers).
HEAD_BYTES = 64 << 10


def local_range_copy(url, directory, prefix, start, end):
    """Task: the local file a remote range runs on: the file's first `prefix` bytes, then bytes
    [start, end) (when the range lies past the prefix); returns its path and the range's offsets
    in it."""
    fs, path = remote_fs(url)
    os.makedirs(directory, exist_ok=True)
    target = os.path.join(directory, uuid.uuid4().hex + "-" + path.rsplit("/", 1)[-1])
    copy_pieces(fs, path, [(0, end)] if start < prefix else [(0, prefix), (start, end)], target)
    return target, (start, end) if start < prefix else (prefix, prefix + end - start)


def copy_pieces(fs, path, pieces, target):
    """Writes the byte ranges `pieces` ([(start, stop), …]) of a remote file to the local `target`, one after the other."""
    with fs.open(path, "rb") as source, open(target, "wb") as out:
        for begin, stop in pieces:
            source.seek(begin)
            left = stop - begin
            while left > 0:
                chunk = source.read(min(1 << 20, left))
                if not chunk:
                    break
                out.write(chunk)
                left -= len(chunk)


# A remote range copied without a plan: the file's first REMOTE_PREFIX bytes (the head unitpipe
# reads, the header) and the range, REMOTE_SLACK bytes past its end at first.
REMOTE_PREFIX = 1 << 20
REMOTE_SLACK = 1 << 20


class RangeCopy:
    """Task: a local file for one range of a remote file whose records' end is not known: the
    file's first bytes, then the range and some bytes past it (from the byte before the range
    when the range was cut anywhere: a guess at its first record looks at it). Offsets in the
    copy map back to the file's."""

    def __init__(self, url, directory, begin, end, slack, keeps_previous_byte):
        fs, path = remote_fs(url)
        self.size = fs.size(path)
        self.stop = min(self.size, end + slack)
        first = begin - 1 if keeps_previous_byte else begin
        # One piece when the range starts near the file's start; else the head, then the range.
        self.gap = first > REMOTE_PREFIX
        self.shift = (first - REMOTE_PREFIX) if self.gap else 0
        pieces = [(0, REMOTE_PREFIX), (first, self.stop)] if self.gap else [(0, self.stop)]
        os.makedirs(directory, exist_ok=True)
        self.path = os.path.join(directory, uuid.uuid4().hex + "-" + path.rsplit("/", 1)[-1])
        copy_pieces(fs, path, pieces, self.path)

    def local(self, begin, end):
        """The copy's offsets of the file's range [begin, end)."""
        return begin - self.shift, min(end, self.stop) - self.shift

    def is_complete(self, byte_range):
        """Whether a run on the copy saw what a run on the file sees: the file's head (the header
        and the first data record inside the head piece) and the range's next record (or the
        file's end)."""
        if self.gap and byte_range.get("data_start", 0) + HEAD_BYTES > REMOTE_PREFIX:
            raise TaskFailure(f"the header of {self.path.rsplit('-', 1)[-1]} is longer than {REMOTE_PREFIX} bytes; "
                              f"run this file with --plan")
        return "next" in byte_range or self.stop == self.size

    def restore(self, summary):
        """Rewrites a summary's offsets from the copy's to the file's."""
        byte_range = summary.get("byte_range")
        if not byte_range or not self.gap:
            return
        for key in ("start", "end"):
            byte_range[key] += self.shift
        if "next" in byte_range:
            byte_range["next"]["offset"] += self.shift


def run_task(task):
    """Task: runs unitpipe on one file or range, then renames its files into place."""
    from pyspark import TaskContext

    context = TaskContext.get()
    attempt = f"{context.stageId()}-{context.partitionId()}-{context.attemptNumber()}" if context else uuid.uuid4().hex
    index = task["index"]
    out_dir = task["output"]
    remote_out = is_remote(out_dir)
    scratch = task_scratch() if remote_out else os.path.join(out_dir, "_temporary", f"attempt-{index:05d}-{attempt}")
    parts = os.path.join(out_dir, "_temporary", "parts")
    os.makedirs(scratch, exist_ok=True)
    try:
        return convert_task(task, index, out_dir, scratch, parts, remote_out)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def convert_task(task, index, out_dir, scratch, parts, remote_out):
    """Runs unitpipe for one task into `scratch`, then commits its files."""
    names = {
        "output": f"part-{index:05d}.csv",
        "errors": f"errors-{index:05d}.csv",
        "rejects": f"rejects-{index:05d}.csv",
        "summary": f"summary-{index:05d}.json",
    }
    command = task["command"]
    byte_range = task["range"]
    cut = task.get("cut")
    slack = REMOTE_SLACK
    while True:
        copy = None
        if is_remote(task["path"]) and (cut or (byte_range and task["prefix"] is None)):
            # No plan: the end of the range's last record is not known, so the copy runs past
            # the range's end; a range whose next record was not found in it is copied again, longer.
            begin = cut[0] if cut else byte_range[0]
            end = cut[1] if cut else byte_range[1]
            copy = RangeCopy(task["path"], scratch, begin, end, slack, keeps_previous_byte=bool(cut))
            source, local = copy.path, copy.local(begin, end)
            local_range = local if cut else local + tuple(byte_range[2:])
        elif is_remote(task["path"]) and byte_range:
            source, (first, last) = local_range_copy(task["path"], scratch, task["prefix"], byte_range[0], byte_range[1])
            local_range = (first, last) + tuple(byte_range[2:])
        elif is_remote(task["path"]):
            source, local_range = local_copy(task["path"], scratch), None
        else:
            source, local_range = task["path"], (cut or byte_range)
        convert_once(task, source, local_range, scratch, names)
        if copy is None:
            break
        summary_path = os.path.join(scratch, names["summary"])
        with open(summary_path) as f:
            summary = json.load(f)
        if copy.is_complete(summary.get("byte_range", {})):
            copy.restore(summary)
            with open(summary_path, "w") as f:
                json.dump(summary, f)
            break
        slack *= 8
        for name in names.values():
            if os.path.exists(os.path.join(scratch, name)):
                os.remove(os.path.join(scratch, name))
    commit_task(task, out_dir, scratch, parts, remote_out, names)
    return index


def convert_once(task, source, byte_range, scratch, names):
    """Runs unitpipe once for a task, its files in `scratch`; `byte_range` is (start, end) of a
    range cut anywhere, or (start, end, record, line) of one that starts at a record."""
    command = task["command"]
    argv = [unitpipe_binary(task["shipped"]), command[0], source]
    if command[0] == "convert":
        argv += ["-o", os.path.join(scratch, names["output"])]
    argv += ["-e", os.path.join(scratch, names["errors"]), "-r", os.path.join(scratch, names["rejects"])]
    argv += ["--summary", os.path.join(scratch, names["summary"]), "--exit-on-rejects", "0", "--quiet"]
    what = task["name"]
    if byte_range and len(byte_range) == 2:
        argv += ["--byte-range", "{}:{}".format(*byte_range), "--range-start", "guess"]
        what += " bytes {}:{}".format(*task["cut"])
    elif byte_range:
        start, end, record, line = byte_range
        argv += ["--byte-range", f"{start}:{end}", "--first-record", str(record), "--first-line", str(line)]
        what += " bytes {}:{}".format(*task["range"][:2])
    if not task["header"]:
        argv.append("--no-header-output")
    if task["file_column"]:
        # Several inputs: the report names each row's file, as `unitpipe convert INPUT...` does.
        argv += ["--input-name", task["name"]]
    argv += command[1:]
    # Exit 2 or a signal: the task fails and Spark retries it.
    run_unitpipe(argv, what)


def commit_task(task, out_dir, scratch, parts, remote_out, names):
    """Puts a task's files where the driver finds them: renamed into place, or put whole."""
    for key, name in names.items():
        written = os.path.join(scratch, name)
        if not os.path.exists(written):
            continue
        target = f"{out_dir if key == 'output' else parts}/{name}"
        if remote_out:
            # An object store's put is whole or absent, and a second attempt puts the same bytes:
            # no rename needed (object stores have none).
            fs, path = remote_fs(target)
            fs.put_file(written, path)
        else:
            # rename(2) within one file system: the file appears whole or not at all; a second
            # attempt replaces it with the same bytes.
            os.replace(written, target)


def make_tasks(files, plans, options, headers=None, cuts=None):
    """One task per small file, planned range or cut range, numbered in input order; the first
    task of the first file with records writes the headers (with `headers`: whether each file
    has records). `cuts` maps a file to the offsets it is cut at (no plan: each range finds its first
    record itself)."""
    tasks = []
    cuts = cuts or {}
    header_file = next((path for _, path in files if headers is None or headers.get(path)), None)
    for name, path in files:
        plan = plans.get(path)
        ranges = [(None, None)]
        if plan is not None and plan["ranges"]:
            ranges = [((r["start"], r["end"], r["record"], r["line"]), None) for r in plan["ranges"]]
        elif path in cuts:
            ranges = [(None, (begin, end)) for begin, end in zip(cuts[path], cuts[path][1:])]
        for byte_range, cut in ranges:
            tasks.append({
                "index": len(tasks), "name": name, "path": path, "range": byte_range, "cut": cut,
                "header": path == header_file and not any(t["path"] == path for t in tasks), "file_column": len(files) > 1,
                "output": options["output"], "command": options["command"], "shipped": options["shipped"],
                "prefix": range_prefix(plan) if plan is not None and plan["ranges"] else None,
            })
    return tasks


def cut_offsets(size, split):
    """Where a file of `size` bytes is cut into ranges of about `split` bytes: 0, …, size."""
    count = math.ceil(size / split)
    return [size * k // count for k in range(count + 1)]


def link_ranges(tasks, summaries):
    """Checks the ranges cut without a plan, file by file: each range must start where the
    previous one says the next record starts (a range's `next` is certain once its own start
    is, and the first range starts at the file's first record). Returns the renumbering of each
    task of a checked chain (records and lines to add to its report's numbers) and, per file,
    the first range that did not link, with the start it must be run from again."""
    shifts, again = {}, []
    files = collections.OrderedDict()
    for task in tasks:
        if task.get("cut") or task.get("relinked"):
            files.setdefault(task["path"], []).append(task)
    for path, group in files.items():
        expected = None  # the previous range's next record, numbered as in the file
        for k, task in enumerate(group):
            # A file without records (only a BOM, blank lines) has no range at all.
            size = group[-1]["cut_end"]
            found = summaries[task["index"]].get("byte_range") or {"start": size, "end": size}
            if k > 0:
                if expected is None:
                    linked = found["start"] == found["end"] and "next" not in found and found["start"] >= size
                else:
                    linked = found["start"] == expected["offset"]
                if not linked:
                    if task.get("relinked"):
                        raise RuntimeError(f"range {found['start']}:{found['end']} of {task['name']} does not start where the "
                                           f"range before it ends, even when run from there")
                    again.append((task, expected, group[-1]["cut_end"]))
                    break
            records = expected["record"] - found["record"] if expected and "record" in found else 0
            lines = expected["line"] - found["line"] if expected and "line" in found else 0
            shifts[task["index"]] = (records, lines)
            following = found.get("next")
            expected = None if following is None else {
                "offset": following["offset"], "record": following["record"] + records, "line": following["line"] + lines}
    return shifts, again


def relink_task(task, expected, size):
    """The task that runs a range again from the start its previous range found (None: no
    record starts in it; the range is then empty at the file's end, `size`)."""
    begin = expected["offset"] if expected else size
    again = dict(task, cut=None, relinked=True, prefix=None)
    again["range"] = (begin, max(begin, task["cut_end"]), 1, 1)
    return again


# The start of an error report's row: the file column (quoted or not) when there is one, then the
# record and line numbers (empty for a row about the header).
REPORT_ROW = {False: re.compile(rb'()(\d*),(\d*),'), True: re.compile(rb'((?:"(?:[^"]|"")*"|[^,"]*),)(\d*),(\d*),')}


def renumber_report(data, records, lines, has_file_column):
    """An error report's rows (no header) with `records` and `lines` added to their record and
    line numbers; every other byte as it was. A row ends at a line end outside quotes."""
    if not records and not lines:
        return data

    def number(text, add):
        return str(int(text) + add).encode() if text else text

    out, row, quotes = [], [], 0
    for piece in data.split(b"\n"):
        row.append(piece)
        quotes += piece.count(b'"')
        if quotes % 2 == 0:
            text = b"\n".join(row)
            found = REPORT_ROW[has_file_column].match(text)
            if found:
                text = (found.group(1) + number(found.group(2), records) + b"," + number(found.group(3), lines) + b","
                        + text[found.end():])
            out.append(text)
            row, quotes = [], 0
    if row:
        out.append(b"\n".join(row))
    return b"\n".join(out)


class Store:
    """DIR's files: a local directory (files written then renamed into place) or, by URL, an
    object store through fsspec (objects put whole; nothing is renamed)."""

    def __init__(self, root):
        self.root = root.rstrip("/")
        self.fs, self.base = remote_fs(self.root) if is_remote(root) else (None, self.root)

    def path(self, name):
        return f"{self.root}/{name}"

    def names(self):
        """The names directly in DIR ([] when it does not exist)."""
        if self.fs is None:
            return os.listdir(self.root) if os.path.isdir(self.root) else []
        if not self.fs.exists(self.base):
            return []
        return sorted({e.rstrip("/").rsplit("/", 1)[-1] for e in self.fs.ls(self.base, detail=False, refresh=True)})

    def is_file(self):
        return os.path.isfile(self.root) if self.fs is None else self.fs.isfile(self.base)

    def remove(self, name):
        if self.fs is None:
            path = os.path.join(self.root, name)
            if os.path.isdir(path):
                shutil.rmtree(path, ignore_errors=True)
            elif os.path.exists(path):
                os.remove(path)
        else:
            path = f"{self.base}/{name}"
            if self.fs.exists(path):
                self.fs.rm(path, recursive=True)

    def make(self):
        if self.fs is None:
            os.makedirs(os.path.join(self.root, "_temporary", "parts"), exist_ok=True)

    def read(self, name):
        """The bytes of DIR/name, or None when it does not exist."""
        if self.fs is None:
            path = os.path.join(self.root, name)
            if not os.path.exists(path):
                return None
            with open(path, "rb") as f:
                return f.read()
        path = f"{self.base}/{name}"
        return self.fs.cat_file(path) if self.fs.exists(path) else None

    def write(self, name, chunks):
        """Writes DIR/name from byte chunks: a temporary file renamed into place, or one put."""
        if self.fs is None:
            target = os.path.join(self.root, name)
            temporary = f"{target}.tmp-{uuid.uuid4().hex}"
            with open(temporary, "wb") as out:
                for chunk in chunks:
                    out.write(chunk)
            os.replace(temporary, target)
        else:
            self.fs.pipe_file(f"{self.base}/{name}", b"".join(chunks))


def concatenate(store, sources, target):
    """Writes the sources (names in DIR), in order, to DIR/target."""
    store.write(target, [data for data in (store.read(s) for s in sources) if data])


def merge_summaries(summaries, seconds, template=0):
    """The summed summary: counts added, min/max combined, the worst status. `template` is the
    summary whose shape (columns, names) the merge keeps: a task of a file with records, since
    one of an empty file has no columns."""
    merged = dict(summaries[template])
    for key in ("rows_in", "rows_out", "rows_rejected", "rows_valid", "rows_invalid", "cells_emptied", "rows_written",
                "bytes_in"):
        if key in merged:
            merged[key] = sum(s.get(key, 0) for s in summaries)
    merged["seconds"] = round(seconds, 3)
    statuses = [s["status"] for s in summaries]
    merged["status"] = "failed" if "failed" in statuses else "rejected" if "rejected" in statuses else "ok"
    columns = [dict(c) for c in summaries[template].get("columns", [])]
    for k, summary in enumerate(summaries):
        if k == template:
            continue
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


def write_json(store, value, name):
    store.write(name, [(json.dumps(value) + "\n").encode()])


# What the driver writes into DIR: a DIR holding only these (and no _SUCCESS) is a failed or
# killed run's, which a new run clears.
OWN_FILE = re.compile(r"(part-\d{5}\.csv|errors\.csv|rejects\.csv|summary\.json|_temporary|.*\.tmp-[0-9a-f]{32})")


def prepare_output(out_dir):
    """Makes DIR ready for a run: new, empty, or left by a run that did not finish."""
    store = Store(out_dir)
    if store.is_file():
        raise UsageError(f"--output '{out_dir}' is a file; give a directory")
    names = store.names()
    if "_SUCCESS" in names:
        raise UsageError(f"output directory '{out_dir}' holds a finished run (_SUCCESS); give a new or empty directory")
    foreign = sorted(n for n in names if not OWN_FILE.fullmatch(n))
    if foreign:
        raise UsageError(f"output directory '{out_dir}' is not empty ('{foreign[0]}'); give a new or empty directory")
    clear_output(store)
    store.make()


def clear_output(store):
    """Removes what the driver wrote into DIR, leaving it as a new run can use it."""
    for name in store.names():
        if OWN_FILE.fullmatch(name):
            store.remove(name)


def fail(out_dir, reason):
    """A failed job: DIR keeps only a summary that says so; a rerun can reuse it."""
    store = Store(out_dir)
    clear_output(store)
    write_json(store, {"status": "failed", "reason": reason}, "summary.json")


def unreachable_master(master):
    """For a standalone master (`spark://host:port[,host:port]`): why none answers, or None.
    Spark itself would try for a minute before giving up with a stack trace."""
    if not master or not master.startswith("spark://"):
        return None
    for address in master[len("spark://"):].split(","):
        host, _, port = address.rpartition(":")
        try:
            socket.create_connection((host, int(port)), timeout=10).close()
            return None
        except (OSError, ValueError):
            continue
    return f"cannot reach the Spark master {master} (no answer on its port); start it, or give the right --master"


def failure_line(error):
    """One line for an exception out of Spark: a task's own reason when there is one, else the
    first line naming an exception."""
    text = str(error)
    found = re.search(r"TaskFailure: (.*)", text)
    if found:
        return found.group(1).strip()
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    named = next((line for line in lines if re.search(r"(Exception|Error):", line)), None)
    return (named or (lines[0] if lines else type(error).__name__))[:500]


def check_command(binary, command, threads):
    """Runs `unitpipe COMMAND --check-args OPTIONS` on the driver: a usage error ends the job
    before Spark starts (the tasks would all fail the same way)."""
    argv = [binary, command[0], "--check-args"] + threads + command[1:]
    result = subprocess.run(argv, capture_output=True)
    if result.returncode != 0:
        raise UsageError(first_line(result.stderr.decode("utf-8", "replace")) or f"'{' '.join(command)}' exits {result.returncode}")


def prepare(argv):
    """Parses the driver's command line and checks what can be checked before Spark starts:
    the inputs, the binary's release, the command's options, DIR. Raises UsageError."""
    options = parse_arguments(argv)
    if not is_remote(options["output"]):
        options["output"] = os.path.abspath(options["output"].removeprefix("file://"))
    binary, ship = driver_binary(options["unitpipe"])
    if binary:
        version, problem = binary_version(binary)
        problem = problem or version_mismatch(binary, version)
        if problem:
            raise UsageError(problem)
    elif not ship:
        raise UsageError(f"no unitpipe binary: none on the driver's PATH; {HOW_TO_SHIP}")
    options["ship"] = ship
    options["given_threads"] = any(a.split("=", 1)[0] == "--threads" for a in options["command"][1:])
    if binary:
        check_command(binary, options["command"], [] if options["given_threads"] else ["--threads", "1"])
    # Without a binary here (one given as a URL), the inputs are listed by a task once Spark runs.
    try:
        files = expand_inputs(options["inputs"], binary, input_options(options["command"])) if binary else None
    except UsageError as error:
        if getattr(error, "reason", None) == "input":
            # Inputs that do not fit together end the job as a failed job: DIR says so.
            prepare_output(options["output"])
            fail(options["output"], "input")
        raise
    prepare_output(options["output"])
    return options, files


def run_job(spark, options, files, started):
    """Runs the prepared job on a Spark session; returns the exit status. Raises UsageError
    (with `reason`) when the inputs do not fit together, anything else when Spark failed."""
    sc = spark.sparkContext
    if __name__ != "__main__":
        # Imported (`from unitpipe import spark`): the tasks travel by value, so executors need
        # neither this module nor the package installed.
        from pyspark import cloudpickle

        cloudpickle.register_pickle_by_value(sys.modules[__name__])
    options = dict(options)
    if not options["given_threads"]:
        options["command"] = options["command"][:1] + ["--threads", sc.getConf().get("spark.task.cpus", "1")] + options["command"][1:]
    options["shipped"] = None
    if options["ship"]:
        sc.addFile(options["ship"])
        options["shipped"] = options["ship"].rstrip("/").rsplit("/", 1)[-1]
    return convert(spark, files, options, started)


def main(argv):
    try:
        options, files = prepare(argv)
    except (UsageError, OSError) as error:
        print(f"unitpipe_spark: {error}", file=sys.stderr)
        return 2
    out_dir = options["output"]
    started = time.monotonic()
    spark = None
    status = 2
    try:
        from pyspark import SparkConf, SparkContext
        from pyspark.sql import SparkSession

        SparkContext._ensure_initialized()
        master = options["master"] or SparkConf().get("spark.master", None)
        unreachable = unreachable_master(master)
        if unreachable:
            raise UsageError(unreachable)
        builder = SparkSession.builder.appName("unitpipe")
        if options["master"]:
            builder = builder.master(options["master"])
        spark = builder.getOrCreate()
        status = run_job(spark, options, files, started)
    except UsageError as error:
        print(f"unitpipe_spark: {error}", file=sys.stderr)
        fail(out_dir, getattr(error, "reason", "usage"))
    except Exception as error:  # a task failed after its retries, Spark could not start, or the merge failed
        print(f"unitpipe_spark: the job failed: {failure_line(error)}", file=sys.stderr)
        fail(out_dir, "task failed")
    finally:
        if spark is not None:
            spark.stop()
    return status


def plans_first(options):
    """Whether big files are planned before they are converted: with --plan, and for validate
    with a schema (a unique key's message names the earlier record by its number in the range)."""
    command = options["command"]
    return options["plan"] or (command[0] == "validate" and any(
        a.split("=", 1)[0] in ("--schema", "--package", "--resource") for a in command[1:]))


def convert(spark, files, options, started):
    """The job, once Spark runs: headers, plans, tasks, then the merge. Returns the exit status."""
    sc = spark.sparkContext
    out_dir = options["output"]
    split = options["split_size"]
    dialect = dialect_options(options["command"])
    if files is None:
        listed, problem = sc.parallelize([(options["inputs"], input_options(options["command"]), options["shipped"])], 1) \
            .map(describe_inputs_task).collect()[0]
        if problem:
            error = UsageError(problem[0])
            error.reason = problem[1]
            raise error
        files = listed
    sizes = {path: size for _, path, size, _, _ in files}
    big = [(name, path, math.ceil(sizes[path] / split), dialect, options["shipped"])
           for name, path, size, compression, _ in files if size > split and compression == "none"]
    plans, cuts = {}, {}
    if not plans_first(options):
        cuts = {path: cut_offsets(sizes[path], split) for _, path, _, _, _ in big}
        big = []
    for path, plan, said in (sc.parallelize(big, len(big)).map(plan_file).collect() if big else []):
        plans[path] = plan
        for line in said.splitlines():
            if line.strip():
                print(f"unitpipe_spark: {line.strip()}", file=sys.stderr)
    headers = {path: has_records for _, path, _, _, has_records in files}
    files = [(name, path) for name, path, _, _, _ in files]
    tasks = make_tasks(files, plans, options, headers, cuts)
    for task in tasks:
        if task["cut"]:
            task["cut_end"] = task["cut"][1]
    sc.parallelize(tasks, len(tasks)).map(run_task).collect()
    store = Store(out_dir)
    count = len(tasks)
    summaries = [json.loads(store.read(f"_temporary/parts/summary-{k:05d}.json")) for k in range(count)]
    shifts, again = link_ranges(tasks, summaries)
    while again:
        # A range whose guessed start the previous range contradicts runs again from the start
        # that range found; the ranges after it are checked again against its new end.
        rerun = [relink_task(task, expected, size) for task, expected, size in again]
        for task in rerun:
            tasks[task["index"]] = task
        print(f"unitpipe_spark: {len(rerun)} range(s) started elsewhere than guessed; running them again from the right record",
              file=sys.stderr)
        sc.parallelize(rerun, len(rerun)).map(run_task).collect()
        for task in rerun:
            summaries[task["index"]] = json.loads(store.read(f"_temporary/parts/summary-{task['index']:05d}.json"))
        shifts, again = link_ranges(tasks, summaries)
    reports = []
    for k, task in enumerate(tasks):
        data = store.read(f"_temporary/parts/errors-{k:05d}.csv")
        if data and k in shifts:
            data = renumber_report(data, *shifts[k], task["file_column"])
        reports.append(data)
    store.write("errors.csv", [data for data in reports if data])
    concatenate(store, [f"_temporary/parts/rejects-{k:05d}.csv" for k in range(count)], "rejects.csv")
    template = next((t["index"] for t in tasks if t["header"]), 0)
    merged = merge_summaries(summaries, time.monotonic() - started, template)
    write_json(store, merged, "summary.json")
    store.remove("_temporary")
    if options["command"][0] == "convert":
        counts = f"{merged['rows_out']} out, {merged['rows_rejected']} rejected"
    else:
        counts = f"{merged['rows_valid']} valid, {merged['rows_invalid']} invalid"
    store.write("_SUCCESS", [])
    print(f"unitpipe_spark: {len(files)} file(s), {count} task(s); {merged['rows_in']} rows in, {counts}; {out_dir}",
          file=sys.stderr)
    return 1 if merged["status"] == "rejected" and options["exit_on_rejects"] == 1 else 0


class ConversionFailed(Exception):
    """`read` could not convert: the driver's one-line reason (a usage error, inputs that do not
    fit together, a failed task)."""


Converted = collections.namedtuple("Converted", "rows errors rejects summary")
Converted.__doc__ = """What `read` returns: the converted rows, the error report and the rejected rows as
DataFrames, and the merged summary (a dict)."""

# Output shapes a DataFrame cannot read back as numbers.
NOT_FOR_DATAFRAMES = {
    "--output-locale": "numbers written for people (grouping, a decimal comma) are not read back as numbers",
    "--bom": "a byte order mark would become part of the first column's name",
    "--escape-formulas": "a leading ' would be read as part of the cell",
    "--quote-style": "the parts are read back as minimally quoted CSV",
}


def option_value(args, name):
    """The value of `name` in an option list (`--name V` or `--name=V`), the last one given."""
    found = None
    for k, arg in enumerate(args):
        if arg == name and k + 1 < len(args):
            found = args[k + 1]
        elif arg.startswith(name + "="):
            found = arg[len(name) + 1:]
    return found


def delimiter_character(text):
    """A delimiter as -d takes it (a character, `tab`, `\\xHH`) as one character."""
    if text == "tab":
        return "\t"
    if text.startswith("\\x") and len(text) == 4:
        return chr(int(text[2:], 16))
    return text


def read(spark, paths, convert_args, output=None, split_size=None, unitpipe=None):
    """Converts `paths` (files, directories, globs) with `unitpipe convert CONVERT_ARGS` on the
    session's cluster and returns a `Converted`: `rows` over the converted parts with each
    converted column typed — DoubleType, or DecimalType(38, N) with `--decimals N` — and the other
    columns strings; `errors` (the error report, `record` and `line` as longs); `rejects` (the
    rejected rows as read, strings); `summary`. The parts, report and rejects are in `output`
    (a new directory under the driver's temporary directory unless given: on a cluster, give a
    directory every executor can write, or an object-storage URL such as s3://, whose parts the
    executors read through fsspec). Raises ConversionFailed with the driver's reason."""
    from pyspark.sql.functions import col
    from pyspark.sql.types import DecimalType, DoubleType, StringType, StructField, StructType

    paths = [paths] if isinstance(paths, str) else list(paths)
    args = list(convert_args)
    if args[:1] == ["convert"]:
        args = args[1:]
    for arg in args:
        name = arg.split("=", 1)[0]
        if name in NOT_FOR_DATAFRAMES:
            raise ConversionFailed(f"'{name}' cannot be used with read(): {NOT_FOR_DATAFRAMES[name]}")
    separator = option_value(args, "--output-delimiter")
    if separator is None:
        separator = ","
        args += ["--output-delimiter", ","]
    decimals = option_value(args, "--decimals")
    if decimals is not None and option_value(args, "--notation") is None:
        # Fixed digits, never an exponent, for DecimalType.
        args += ["--notation", "plain"]
    output = output or tempfile.mkdtemp(prefix="unitpipe-")
    argv = ["--output", output, "--exit-on-rejects", "0"]
    argv += ["--split-size", str(split_size)] if split_size else []
    argv += ["--unitpipe", unitpipe] if unitpipe else []
    argv += paths + ["--", "convert"] + args
    try:
        options, files = prepare(argv)
    except (UsageError, OSError) as error:
        raise ConversionFailed(str(error)) from None
    out_dir = options["output"]
    try:
        run_job(spark, options, files, time.monotonic())
    except UsageError as error:
        fail(out_dir, getattr(error, "reason", "usage"))
        raise ConversionFailed(str(error)) from None
    except Exception as error:
        fail(out_dir, "task failed")
        raise ConversionFailed(f"the job failed: {failure_line(error)}") from None
    store = Store(out_dir)
    summary = json.loads(store.read("summary.json"))
    converted = {column["name"] for column in summary.get("columns", [])}
    parts = sorted(store.path(n) for n in store.names() if re.fullmatch(r"part-\d{5}\.csv", n))
    head = store.read(parts[0].rsplit("/", 1)[-1]).decode("utf-8", "replace")
    names = next(csv.reader(io.StringIO(head, newline=""), delimiter=delimiter_character(separator)), [])
    number = DecimalType(38, int(decimals)) if decimals is not None else DoubleType()
    schema = StructType([StructField(n, number if n in converted else StringType()) for n in names])
    reader = spark.read.schema(schema).options(
        sep=delimiter_character(separator), quote='"', escape='"', multiLine=True, mode="FAILFAST")
    if store.fs is not None:
        # Object storage that Spark's own file systems may not reach: the executors read the parts
        # through fsspec, record by record, and Spark's CSV reader parses those records.
        records = spark.sparkContext.parallelize(list(enumerate(parts)), len(parts)).flatMap(part_records)
        rows = reader.csv(records)
    else:
        rows = reader.option("header", True).csv(parts[0])
        if len(parts) > 1:
            rows = rows.union(reader.option("header", False).csv(parts[1:]))
    given = option_value(args, "-d") or option_value(args, "--delimiter")
    if given is None:
        first = (store.read("rejects.csv") or b"").decode("utf-8", "replace").split("\n", 1)[0]
        # The rejects keep the input's bytes: its delimiter is the one its header line uses most.
        given = max(",;\t|", key=first.count)
    errors = read_text_table(spark, store, "errors.csv", ",")
    if "record" in errors.columns:
        errors = errors.withColumn("record", col("record").cast("long")).withColumn("line", col("line").cast("long"))
    rejects = read_text_table(spark, store, "rejects.csv", delimiter_character(given))
    return Converted(rows, errors, rejects, summary)


def csv_records(data):
    """The records of CSV bytes (quote `"`), as text without their line ends."""
    records, start, inside = [], 0, False
    for k, byte in enumerate(data):
        if byte == 0x22:
            inside = not inside
        elif byte == 0x0A and not inside:
            records.append(data[start:k].removesuffix(b"\r").decode("utf-8", "replace"))
            start = k + 1
    if start < len(data):
        records.append(data[start:].removesuffix(b"\r").decode("utf-8", "replace"))
    return records


def part_records(item):
    """Task: the records of one part of a remote DIR (the first part's header left out)."""
    index, url = item
    fs, path = remote_fs(url)
    records = csv_records(fs.cat_file(path))
    return records[1:] if index == 0 else records


def read_text_table(spark, store, name, separator):
    """DIR/name (the error report, the rejects) as a DataFrame of strings, named by its header."""
    from pyspark.sql.types import StringType, StructField, StructType

    text = spark.read.options(sep=separator, quote='"', escape='"', multiLine=True, mode="FAILFAST")
    if store.fs is None:
        return text.option("header", True).csv(store.path(name))
    records = csv_records(store.read(name) or b"")
    if not records:
        return spark.createDataFrame([], StructType([]))
    names = next(csv.reader(io.StringIO(records[0], newline=""), delimiter=separator), [])
    schema = StructType([StructField(n, StringType()) for n in names])
    return text.schema(schema).csv(spark.sparkContext.parallelize(records[1:] or [], max(1, min(len(records) // 10000, 64))))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
