# SPDX-License-Identifier: GPL-2.0
"""What scripts/matrix/cell, summary and table share: the cell list, the
image's function symbols, the sweep's classification, the known-defects
file, and the JSON and JUnit writers (python3's json and xml.etree)."""
import importlib.machinery
import importlib.util
import json
import os
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
SWEEP_MAX = 64          # samples/sample/cases.c: SMASH_DEFAULT


def load_cells():
    """scripts/matrix/cells as a module: the one list, as data."""
    loader = importlib.machinery.SourceFileLoader(
        "sspkit_matrix_cells", os.path.join(HERE, "cells"))
    spec = importlib.util.spec_from_loader(loader.name, loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


####
# The image's functions, from its ELF symbol table.

EM_ARM = 40
SHT_SYMTAB = 2
STT_FUNC = 2


def elf_functions(path):
    """[(start, end, name, thumb)] of the defined functions in the ELF
    file PATH.

    Thumb function symbols have bit 0 set; it is cleared from start, so
    that an address maps to its function whatever the instruction set,
    and kept as thumb (1, else 0) for the return addresses into it."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"\x7fELF":
        raise ValueError("%s: not an ELF file" % path)
    wide = data[4] == 2
    order = "<" if data[5] == 1 else ">"
    machine = struct.unpack_from(order + "H", data, 0x12)[0]
    if wide:
        shoff, = struct.unpack_from(order + "Q", data, 0x28)
        shentsize, shnum = struct.unpack_from(order + "HH", data, 0x3A)
        shdr, sym = order + "IIQQQQIIQQ", order + "IBBHQQ"
    else:
        shoff, = struct.unpack_from(order + "I", data, 0x20)
        shentsize, shnum = struct.unpack_from(order + "HH", data, 0x2E)
        shdr, sym = order + "IIIIIIIIII", order + "IIIBBH"
    sections = [struct.unpack_from(shdr, data, shoff + i * shentsize)
                for i in range(shnum)]
    funcs = []
    for s in sections:
        if s[1] != SHT_SYMTAB:
            continue
        offset, size, link, entsize = s[4], s[5], s[6], s[9]
        strtab = sections[link]
        for i in range(size // entsize):
            fields = struct.unpack_from(sym, data, offset + i * entsize)
            if wide:
                st_name, info, _, shndx, value, sz = fields
            else:
                st_name, value, sz, info, _, shndx = fields
            if info & 0xf != STT_FUNC or shndx == 0 or sz == 0:
                continue
            start = strtab[4] + st_name
            name = data[start:data.index(b"\0", start)].decode()
            thumb = machine == EM_ARM and value & 1
            value &= ~thumb
            funcs.append((value, value + sz, name, thumb))
    return sorted(funcs)


def function_at(funcs, address):
    """The function holding the call that returns to ADDRESS, or None.

    The address a call returns to is past the call, and past the end of
    its function when a noreturn call comes last: look one byte back. A
    return into Thumb code (arm) has bit 0 set, as the function's symbol
    has: that bit is no part of the address."""
    for start, end, name, thumb in funcs:
        if start <= (address & ~thumb) - 1 < end:
            return name
    return None


####
# The overrun sweep: "sample sweep" prints, for each case and each
# k = 1..64, "sweep CASE K exit N" or "sweep CASE K signal N", after any
# "stack-protector: ... at 0xADDR" line its child printed.

CAUGHT, SILENT, CRASHED = "c", "s", "x"
CLASSES = {CAUGHT: "caught", SILENT: "silent", CRASHED: "crashed"}
SIGABRT = 6
REGISTERS_REWRITTEN = 3         # cases.c: smash_checked()


def parse_sweep(text, funcs, case_functions):
    """{case: [(class, detail)] * 64} from sample sweep's output.

    caught: SIGABRT after a report from the case's own function;
    silent: exit 0; crashed: anything else, also a report from another
    function's canary (an overwritten return address that ran on)."""
    runs = {c: [None] * SWEEP_MAX for c in case_functions}
    reports = []
    for line in text.splitlines():
        if line.startswith("stack-protector: "):
            word = line.rsplit(" at ", 1)[-1].split(",")[0]
            try:
                reports.append(int(word, 16))
            except ValueError:
                reports.append(None)
            continue
        # A child that ran on after its overrun may have written a stray
        # byte or two, without a newline, before the parent's line: the
        # line is what follows the last "sweep ".
        at = line.rfind("sweep ")
        f = line[at:].split() if at >= 0 else []
        if len(f) != 5 or f[1] not in runs or not f[2].isdigit() or not f[4].isdigit():
            continue
        case, k, how, n = f[1], int(f[2]), f[3], int(f[4])
        if not 1 <= k <= SWEEP_MAX:
            continue
        where = [function_at(funcs, a) if a is not None else None
                 for a in reports]
        reports = []
        if how == "exit" and n == 0:
            run = (SILENT, "exit 0")
        elif how == "signal" and n == SIGABRT and where:
            if where[-1] == case_functions[case]:
                run = (CAUGHT, "canary of %s" % where[-1])
            else:
                run = (CRASHED, "caught by the canary of %s" % where[-1])
        elif how == "exit" and n == REGISTERS_REWRITTEN:
            run = (CRASHED, "returned with a saved register rewritten")
        else:
            run = (CRASHED, "%s %d" % (how, n))
        runs[case][k - 1] = run
    return runs


def ranges(ks):
    """[1, 2, 3, 7] -> [[1, 3], [7, 7]]"""
    out = []
    for k in sorted(ks):
        if out and out[-1][1] == k - 1:
            out[-1][1] = k
        else:
            out.append([k, k])
    return out


def spell_ranges(rs):
    return ", ".join("%d" % a if a == b else "%d-%d" % (a, b) for a, b in rs)


def judge_sweep(runs):
    """first_caught, gap ranges, and the run string of one case's sweep.

    The gap is every k below the first caught one that crashed: the
    overrun reached a saved register or the return address unseen."""
    classes = [r[0] if r else "?" for r in runs]
    first = next((k + 1 for k, c in enumerate(classes) if c == CAUGHT), None)
    limit = first if first else 1
    gap = ranges(k + 1 for k, c in enumerate(classes[:limit - 1]) if c == CRASHED)
    return first, gap, "".join(classes)


####
# Known toolchain defects (scripts/matrix/known-defects).

def known_defects(path=os.path.join(HERE, "known-defects")):
    out = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            fields = line.split()
            if len(fields) != 6:
                raise ValueError("%s:%d: expected ID COMPILER ARCH CASES "
                                 "PACKAGE VERSIONS, got: %s" % (path, n, line))
            out.append({"id": fields[0], "compiler": fields[1],
                        "arch": fields[2], "cases": fields[3].split(","),
                        "package": fields[4],
                        "versions": fields[5].split(",")})
    return out


def known_defect(defects, cell, case, package, version):
    for d in defects:
        if (d["compiler"] == cell["compiler"] and d["arch"] == cell["arch"]
                and case in d["cases"] and d["package"] == package
                and version in d["versions"]):
            return d["id"]
    return None


def compiler_package(command):
    """(Debian package, version) owning the compiler COMMAND, or ("", "")."""
    path = shutil.which(command)
    if not path or not shutil.which("dpkg-query"):
        return "", ""
    try:
        owner = subprocess.run(["dpkg", "-S", os.path.realpath(path)],
                               capture_output=True, text=True).stdout
        package = owner.splitlines()[0].split(":")[0].strip() if owner else ""
        if not package:
            return "", ""
        version = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", package],
            capture_output=True, text=True).stdout.strip()
        return package, version
    except OSError:
        return "", ""


####
# Writers. Every file is written whole under a temporary name, then
# renamed: a reader never sees half of one.

def write_atomic(path, text):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def write_json(path, obj):
    write_atomic(path, json.dumps(obj, indent=1, sort_keys=False) + "\n")


_cells = None


def cell_title(cell):
    """"arm64 strong gcc", "arm64 strong gcc per-task": the cell's name in words."""
    global _cells
    _cells = _cells or load_cells()
    return _cells.title(cell)


def cell_line(cell):
    """The one line a cell's result is told in: "arm64 strong gcc: ok: ..."."""
    return "%s: %s: %s" % (cell_title(cell), cell["result"], cell["reason"])


def junit_suite(cell):
    """One <testsuite> for a cell's JSON: its checks as testcases."""
    checks = cell["checks"]
    failures = sum(c["status"] == "fail" for c in checks)
    skipped = sum(c["status"] == "skip" for c in checks)
    suite = ET.Element("testsuite", {
        "name": "matrix." + cell["cell"], "tests": str(len(checks)),
        "failures": str(failures), "errors": "0", "skipped": str(skipped),
        "time": "%.3f" % cell["times"]["total"]})
    props = ET.SubElement(suite, "properties")
    for key in cell["axes"] + ["result", "reason"]:
        ET.SubElement(props, "property", name=key, value=str(cell[key]))
    for c in checks:
        case = ET.SubElement(suite, "testcase", {
            "classname": "matrix." + cell["cell"], "name": c["name"],
            "time": "%.3f" % c["time"]})
        if c["status"] == "fail":
            ET.SubElement(case, "failure", message=c["message"])
        elif c["status"] == "skip":
            ET.SubElement(case, "skipped", message=c["message"])
    return suite


def write_junit(path, suites, name="sspkit matrix", time=None):
    root = ET.Element("testsuites", {"name": name})
    for key in ("tests", "failures", "errors", "skipped"):
        root.set(key, str(sum(int(s.get(key)) for s in suites)))
    root.set("time", "%.3f" % (time if time is not None else
                               sum(float(s.get("time")) for s in suites)))
    root.extend(suites)
    ET.indent(root)
    write_atomic(path, '<?xml version="1.0" encoding="UTF-8"?>\n'
                 + ET.tostring(root, encoding="unicode") + "\n")
