#!/usr/bin/env python3
"""Rule-ID check (CTest "Rule IDs: ..."; docs/rules/README.md explains it).

Fails, listing file:line, when a rule ID (LOM-, PRP-, PRQ-, T67- with an
optional H-/A- part and a number) is cited anywhere in the project but not
defined in docs/rules/<game-id>.md, and when a file points at the rule texts
outside the repository (they live in docs/rules/ now). Prints, without
failing, the defined IDs that no file under tests/ cites.

    tools/check-rule-ids.py [repository root]
"""
import pathlib
import re
import subprocess
import sys

# One prefix per game (docs/rules/README.md); a new game adds its prefix here.
PREFIXES = ("LOM", "PRP", "PRQ", "T67")
# Directories and files scanned for citations, relative to the repository root.
SCANNED = ("rules", "server", "persistence", "tests", "tools", "bench", "proto",
           "web/src", "web/tests", "web/scripts", "docs", "docker", "README.md", "CMakeLists.txt")
# Build output and third-party trees anywhere below the scanned directories.
SKIPPED_DIR = re.compile(r"^(build.*|node_modules|dist|\.git|test-results|playwright-report)$")

_ID = r"(?P<prefix>" + "|".join(PREFIXES) + r")-(?:(?P<kind>[HA])-)?(?P<number>\d+)(?!\d)"
# A citation, optionally followed by a second number that makes it a range
# ("PRQ-9..12", "T67-17..T67-19", "T67-43 to T67-45", "PRP-H-1..H-5") or a
# pair ("PRP-24/25").
CITATION = re.compile(r"(?<![A-Za-z0-9])" + _ID +
                      r"(?:(?P<sep>\.\.|/|–| to (?=(?P=prefix)-))(?:(?P=prefix)-)?(?:(?P<kind2>[HA])-)?(?P<number2>\d+)(?!\d))?")
# A reference to rule texts or other files outside the repository. The one
# allowed outside reference is the build machines' docker-host.sh, which
# tests/docker/docker_test.sh finds beside the repository (BRETHREN_DOCKER_HOST
# overrides it): lines naming it are exempt.
OUTSIDE = re.compile(r"(\.\./)+shared/|(?<![\w.])shared/(rules|seeds)\b|\.\./seeds/|/work/")
OUTSIDE_EXEMPT = "docker-host.sh"
# A definition: a list item that starts with the bold ID ("- **LOM-8 (A ship
# departs)** ...") or a table row whose first cell is the ID ("| LOM-A-3 | ...").
DEFINITION = re.compile(r"^\s*(?:[-*]\s+\*\*|\|\s*)" + _ID + r"(?=[\s*|(:])")


def rule_id(prefix, kind, number):
    return f"{prefix}-{kind}-{number}" if kind else f"{prefix}-{number}"


def sort_key(rid):
    parts = rid.split("-")
    kind = parts[1] if len(parts) == 3 else ""
    return (parts[0], kind, int(parts[-1]))


def citations(line):
    """Every rule ID a line cites, ranges expanded."""
    for m in CITATION.finditer(line):
        prefix, kind, first = m["prefix"], m["kind"], int(m["number"])
        yield rule_id(prefix, kind, first)
        if m["number2"] is None:
            continue
        kind2 = m["kind2"] or kind
        second = int(m["number2"])
        if m["sep"] == "/" or kind2 != kind or not first < second <= first + 50:
            yield rule_id(prefix, kind2, second)
        else:
            for n in range(first + 1, second + 1):
                yield rule_id(prefix, kind, n)


def git_files(root):
    """The project's own files (tracked, or new and not ignored); None outside git."""
    try:
        out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
                             cwd=root, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return {root / name for name in out.decode("utf-8", "replace").split("\0") if name}


def scanned_files(root):
    # Generated and ignored files (web/src/gen, build trees) are not the project's text.
    own = git_files(root)
    for path in walk_files(root):
        if own is None or path in own:
            yield path


def walk_files(root):
    for entry in SCANNED:
        path = root / entry
        if path.is_file():
            yield path
            continue
        if not path.is_dir():
            continue
        stack = [path]
        while stack:
            directory = stack.pop()
            for child in sorted(directory.iterdir()):
                if child.is_dir():
                    if not SKIPPED_DIR.match(child.name):
                        stack.append(child)
                elif child.is_file():
                    yield child


def read_text(path):
    try:
        return path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        return None  # images, binaries


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).resolve().parent.parent)
    rules_dir = root / "docs" / "rules"
    errors = []

    defined = {}  # id -> "file:line"
    files_of_prefix = {}  # prefix -> {file name: number of definitions}
    definitions = []  # (id, prefix, file name, "file:line")
    for path in sorted(rules_dir.glob("*.md")):
        if path.name == "README.md":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            m = DEFINITION.match(line)
            if not m:
                continue
            rid = rule_id(m["prefix"], m["kind"], int(m["number"]))
            where = f"{path.relative_to(root)}:{number}"
            if rid in defined:
                errors.append(f"{where}: {rid} is defined twice (first at {defined[rid]})")
            defined.setdefault(rid, where)
            counts = files_of_prefix.setdefault(m["prefix"], {})
            counts[path.name] = counts.get(path.name, 0) + 1
            definitions.append((rid, m["prefix"], path.name, where))
    # All IDs of a prefix live in one file: the one that defines most of them.
    for rid, prefix, name, where in definitions:
        counts = files_of_prefix[prefix]
        owner = max(counts, key=counts.get)
        if name != owner:
            errors.append(f"{where}: {rid} belongs in {owner}, the file of the {prefix}- rules")
    if not defined:
        errors.append(f"no rule definitions found in {rules_dir}")

    cited = set()  # outside docs/rules/ (whose own cross-references are checked too)
    cited_by_tests = set()
    undefined = {}  # id -> ["file:line", ...]
    for path in scanned_files(root):
        text = read_text(path)
        if text is None:
            continue
        relative = path.relative_to(root)
        in_tests = relative.parts[0] == "tests"
        in_reference = relative.parts[:2] == ("docs", "rules")
        this_script = path.resolve() == pathlib.Path(__file__).resolve()
        for number, line in enumerate(text.splitlines(), 1):
            if not this_script and OUTSIDE.search(line) and OUTSIDE_EXEMPT not in line:
                errors.append(f"{relative}:{number}: points outside the repository "
                              f"(rule texts are in docs/rules/): {line.strip()[:120]}")
            for rid in citations(line):
                if not in_reference:
                    cited.add(rid)
                if in_tests:
                    cited_by_tests.add(rid)
                if rid not in defined:
                    undefined.setdefault(rid, []).append(f"{relative}:{number}")

    for rid in sorted(undefined, key=sort_key):
        errors.append(f"{rid} is cited but not defined in docs/rules/: " + ", ".join(undefined[rid]))

    not_tested = sorted(set(defined) - cited_by_tests, key=sort_key)
    print(f"rule IDs: {len(defined)} defined in docs/rules/, {len(cited)} cited outside it, "
          f"{len(undefined)} cited but undefined")
    print(f"{len(not_tested)} defined IDs are cited by no test under tests/ (information, not a failure):")
    for prefix in PREFIXES:
        ids = [rid for rid in not_tested if rid.startswith(prefix + "-")]
        if ids:
            print(f"  {prefix}: " + " ".join(ids))
    if errors:
        print("FAILED:", file=sys.stderr)
        for error in errors:
            print("  " + error, file=sys.stderr)
        return 1
    print("OK: every cited rule ID is defined in docs/rules/, and no file points outside the repository")
    return 0


if __name__ == "__main__":
    sys.exit(main())
