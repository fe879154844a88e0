#!/usr/bin/env python3
"""The code a `boardls judge` process runs, placed together in the binary.

A judge process runs about 150 KB of the binary's 10 MB of code, spread over the whole text; the
kernel maps a file's pages 64 KB around each first touch, so those scattered functions made
2-3 MB of the process's resident memory. `build/judge-layout.ld` names them, and `build.rs`
gives it to the linker, which puts them first, side by side, in a section `.text.judge`; what
`solve` and `check` run on one board follows them there, so a batch command on a board touches
about the pages `judge` does.

    judge_layout.py write BINARY CALLGRIND_OUT...   # the linker script, on standard output
    judge_layout.py check BINARY CALLGRIND_OUT...   # what those runs touch outside .text.judge

CALLGRIND_OUT files come from `valgrind --tool=callgrind --demangle=no` runs of BINARY (see
scripts/judge-layout.sh). Names are written without their hashes where that names one function,
so the script keeps working as the code changes; a generic function whose hash-free name stands
for many instances is written with its hash, and falls back to the ordinary place once a change
renames it. `check` says when that has happened enough to run the script again.
"""
import fnmatch
import re
import subprocess
import sys


def functions(binary):
    """Symbol -> (address, size) of the binary's functions."""
    out = subprocess.run(["nm", "-S", "--defined-only", binary], capture_output=True,
                         text=True, check=True).stdout
    table = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tTwW":
            table[parts[3]] = (int(parts[0], 16), int(parts[1], 16))
    return table


def executed(table, profiles):
    """The binary's functions the runs executed, in the order the profiles first name them."""
    names, seen = [], set()
    for profile in profiles:
        with open(profile, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = re.match(r"^c?fn=\(\d+\) (.*)$", line)
                if m:
                    name = m.group(1).strip()
                    if name in table and name not in seen:
                        seen.add(name)
                        names.append(name)
    return names


def hash_free(name):
    """The section pattern of a mangled name, with the crate and instance hashes as `*`."""
    if name.startswith("_ZN"):  # legacy mangling: ...17h<16 hex>E, maybe .llvm.<n>
        return re.sub(r"17h[0-9a-f]{16}E(\.llvm\.\d+)?$", "17h*", name)
    if name.startswith("_R"):  # v0 (the standard library): crate hashes and back-references
        pattern = re.sub(r"\.llvm\.\d+$", "*", name)
        pattern = re.sub(r"Cs[0-9A-Za-z]+_", "Cs*_", pattern)
        return re.sub(r"B[0-9A-Za-z]*_", "B*_", pattern)
    return name


def patterns(table, names):
    chosen, total = [], 0
    for name in names:
        pattern = hash_free(name)
        prefix = pattern.split("*")[0]
        matched = sum(size for other, (_, size) in table.items()
                      if other.startswith(prefix) and fnmatch.fnmatchcase(other, pattern))
        own = table[name][1]
        if matched > 2 * own + 256:
            pattern, matched = name, own
        if pattern not in chosen:
            chosen.append(pattern)
            total += matched
    return chosen, total


def section_range(binary, section):
    out = subprocess.run(["readelf", "-S", "-W", binary], capture_output=True, text=True,
                         check=True).stdout
    for line in out.splitlines():
        parts = line.replace("[ ", "[").split()
        if len(parts) > 5 and parts[1] == section:
            return int(parts[3], 16), int(parts[3], 16) + int(parts[5], 16)
    return None


def write(binary, profiles):
    table = functions(binary)
    chosen, total = patterns(table, executed(table, profiles))
    print("/* What `boardls judge` runs, placed first (scripts/judge_layout.py wrote it from")
    print(f"   scripts/judge-layout.sh; {len(chosen)} patterns, {total} bytes). */")
    print("SECTIONS {\n  .text.judge : {")
    for pattern in chosen:
        # LLVM puts a cold function (`#[cold]`, a growth path) in `.text.unlikely.NAME`.
        print(f"    *(.text.{pattern} .text.unlikely.{pattern})")
    print("  }\n} INSERT BEFORE .text;")


def check(binary, profiles):
    table = functions(binary)
    span = section_range(binary, ".text.judge")
    if span is None:
        print("no .text.judge section: the binary was linked without build/judge-layout.ld")
        return 1
    lo, hi = span
    outside = [n for n in executed(table, profiles) if not lo <= table[n][0] < hi]
    size = sum(table[n][1] for n in outside)
    print(f".text.judge: {hi - lo} bytes; executed outside it: {len(outside)} functions, "
          f"{size} bytes")
    for name in outside[:20]:
        print(f"  {table[name][1]:6d} {name[:110]}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 4 or sys.argv[1] not in ("write", "check"):
        sys.exit(__doc__)
    command, binary, profiles = sys.argv[1], sys.argv[2], sys.argv[3:]
    sys.exit(write(binary, profiles) if command == "write" else check(binary, profiles))
