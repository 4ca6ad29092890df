#!/usr/bin/env python3
"""The documentation against the program (run by tests/cli-docs.sh).

1. Every `NAME.md` a doc, header or source names exists in the repository
   (docs/NAME.md or ./NAME.md), and nothing points to ../shared/docs.
2. Every example `$ ./certune ARGS` in README.md and docs/*.md runs (with
   CERTUNE for ./certune, paths under /tmp/ moved to a scratch folder) and
   exits 0, and the output shown below it is the program's: the shown lines
   match the output's in order, a line "..." standing for any number of lines.
3. docs/architecture.md's file table ("## Every file") names every
   src/**/*.c and every private header, and every file it names exists.
Usage: python3 tests/docs_check.py CERTUNE SCRATCH_DIR (from the repo root)."""
import glob
import os
import re
import shlex
import subprocess
import sys

failures = []


def check_references():
    files = ["README.md"] + glob.glob("docs/*.md") + glob.glob("include/**/*.h", recursive=True)
    files += glob.glob("src/**/*.[ch]", recursive=True)
    for path in files:
        text = open(path, encoding="utf-8").read()
        if "shared/docs" in text:
            failures.append(f"{path}: refers to ../shared/docs")
        # a bare NAME.md or docs/NAME.md (not an output path like out/x/NAME.md)
        for name in set(re.findall(r"(?<![\w./-])(?:docs/)?([\w-]+\.md)\b", text)):
            if not (os.path.exists(f"docs/{name}") or os.path.exists(name)):
                failures.append(f"{path}: names {name}, which is not in the repository")


def examples(path):
    """(command, shown output lines) for every '$ ./certune' line of path."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out = []
    for i, line in enumerate(lines):
        if not line.startswith("$ ./certune"):
            continue
        shown = []
        for nxt in lines[i + 1:]:
            if nxt.startswith("$ ") or nxt.startswith("```"):
                break
            shown.append(nxt)
        while shown and shown[-1] == "":
            shown.pop()
        out.append((line[2:], shown))
    return out


def matches(shown, got):
    """shown (with '...' elisions) against the output lines got."""
    segments, cur = [], []
    for line in shown:
        if line == "...":
            segments.append(cur)
            cur = []
        else:
            cur.append(line)
    segments.append(cur)
    pos = 0
    for k, seg in enumerate(segments):
        if not seg:
            continue
        found = -1
        for start in range(pos, len(got) - len(seg) + 1):
            if got[start:start + len(seg)] == seg:
                found = start
                break
            if k == 0:
                break  # the first segment is anchored at the start
        if found < 0:
            return f"lines not found in order: {seg[0]!r}..."
        pos = found + len(seg)
    if segments[-1] and pos != len(got):
        return f"output goes on after {segments[-1][-1]!r}"
    return None


def check_examples(certune, scratch):
    for path in ["README.md"] + sorted(glob.glob("docs/*.md")):
        for command, shown in examples(path):
            argv = shlex.split(command.replace("/tmp/", scratch + "/"))
            args = []
            for a in argv[1:]:
                args += sorted(glob.glob(a)) if "*" in a else [a]
            run = subprocess.run([certune] + args, capture_output=True, text=True)
            if run.returncode != 0:
                failures.append(f"{path}: `{command}` exits {run.returncode}: {run.stderr}")
                continue
            text = run.stdout.replace(scratch + "/", "/tmp/")
            got = text.rstrip("\n").split("\n") if text else []
            why = matches(shown, got)
            if why:
                failures.append(f"{path}: `{command}`: {why}")


def table_rows(text):
    """(module, files column) of the rows of the section '## Every file'."""
    part = text.split("## Every file", 1)[1].split("\n## ", 1)[0]
    for line in part.split("\n"):
        cells = line.split("|")
        if len(cells) < 4 or not cells[1].strip().startswith(("`", "(root)")):
            continue
        yield cells[1].strip().strip("`"), "|".join(cells[2:-1])


def check_file_table():
    doc = "docs/architecture.md"
    named = set()
    for module, files in table_rows(open(doc, encoding="utf-8").read()):
        for tok in re.findall(r"`([\w./*-]+\.[ch])`", files):
            path = tok if tok.startswith(("src/", "include/")) else \
                "src/" + tok if "/" in tok else f"src/{module}/{tok}"
            hits = glob.glob(path) or ([] if "/" in tok else glob.glob(f"src/*/{tok}"))
            if not hits:
                failures.append(f"{doc}: the file table names {tok} (module {module}), "
                                "which is not in the tree")
            named.update(hits)
    for path in sorted(glob.glob("src/**/*.c", recursive=True) +
                       glob.glob("src/*/*.h", recursive=True)):
        if path not in named:
            failures.append(f"{doc}: the file table does not name {path}")


def main():
    check_references()
    check_file_table()
    check_examples(sys.argv[1], sys.argv[2])
    for f in failures:
        print("FAILED:", f)
    print(f"docs: {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
