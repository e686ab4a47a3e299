#!/usr/bin/env python3
"""Checks the CI recipes in docs/ci/ that cannot run here (GitHub Actions workflows).

Each file must parse as YAML and be a workflow GitHub accepts in shape: a name, triggers, and
jobs that each say where they run and list steps; every step runs a command or uses an action
pinned to a version. Every action used must be one this script knows (ACTIONS: the inputs its
action.yml declares, read from the action's repository at that major version), be given the
inputs it needs and no input it does not declare, and run with the permissions it needs.
`${{ … }}` expressions must be closed. The tests workflow must run RibcageCombine's tests on
macOS, where Combine is Apple's (on Linux, CI tests it against OpenCombine), and the plugin
check; the Apple workflow must build the adapters and the Rides iPhone app for the iOS simulator
and test the app's platform-free part on macOS; the code-scanning workflow must upload the SARIF
file its lint step writes.

usage: check-ci-recipes.py [FOLDER]   (default docs/ci)
"""
import glob
import os
import sys

import yaml


# action@major → (inputs its action.yml declares, inputs a step must give, permissions its job
# needs). "Must give": required without a default, or a default that cannot be what we mean
# (upload-sarif's '../results', upload-pages-artifact's '_site/').
ACTIONS = {
    "actions/checkout@v4": (
        {"repository", "ref", "token", "ssh-key", "ssh-known-hosts", "ssh-strict", "ssh-user",
         "persist-credentials", "path", "clean", "filter", "sparse-checkout",
         "sparse-checkout-cone-mode", "fetch-depth", "fetch-tags", "show-progress", "reference",
         "lfs", "submodules", "set-safe-directory", "github-server-url"},
        set(), {}),
    "actions/cache@v4": (
        {"path", "key", "restore-keys", "upload-chunk-size", "enableCrossOsArchive",
         "fail-on-cache-miss", "lookup-only", "save-always"},
        {"path", "key"}, {}),
    "github/codeql-action/upload-sarif@v3": (
        {"sarif_file", "checkout_path", "ref", "sha", "token", "matrix", "category",
         "wait-for-processing"},
        {"sarif_file"}, {"security-events": "write"}),
    "actions/upload-pages-artifact@v3": ({"name", "path", "retention-days"}, {"path"}, {}),
    "actions/deploy-pages@v4": (
        {"token", "timeout", "error_count", "reporting_interval", "artifact_name", "preview"},
        set(), {"pages": "write", "id-token": "write"}),
}


def unclosed_expressions(text):
    """Lines with a `${{` that is not closed by `}}` on the same line."""
    return [number for number, line in enumerate(text.splitlines(), 1)
            if line.count("${{") != line.count("}}")]


def check_actions(path, workflow, name, job):
    problems = []
    permissions = dict(workflow.get("permissions") or {})
    permissions.update(job.get("permissions") or {})
    for index, step in enumerate(job.get("steps") or [], 1):
        if not isinstance(step, dict) or "uses" not in step:
            continue
        action = step["uses"]
        where = f"{path}: job {name} step {index} ({action})"
        if action not in ACTIONS:
            problems.append(f"{where}: unknown action or version; add its inputs to ACTIONS")
            continue
        declared, needed, needs_permissions = ACTIONS[action]
        given = set((step.get("with") or {}).keys())
        for missing in sorted(needed - given):
            problems.append(f"{where}: input '{missing}' is required")
        for unknown in sorted(given - declared):
            problems.append(f"{where}: input '{unknown}' is not one the action declares")
        for scope, level in needs_permissions.items():
            if permissions.get(scope) != level:
                problems.append(f"{where}: needs permissions {scope}: {level}")
        if action.startswith("actions/deploy-pages@"):
            environment = job.get("environment") or {}
            if (environment.get("name") if isinstance(environment, dict) else environment) \
                    != "github-pages":
                problems.append(f"{where}: the job must deploy to environment github-pages")
            if not job.get("needs"):
                problems.append(f"{where}: the job must need the job that uploads the site")
    return problems


def check(path):
    problems = []
    with open(path) as handle:
        text = handle.read()
    try:
        workflow = yaml.safe_load(text)
    except yaml.YAMLError as error:
        return [f"{path}: not YAML: {error}"]
    if not isinstance(workflow, dict):
        return [f"{path}: not a YAML mapping"]
    problems += [f"{path}:{line}: an expression '${{{{' is not closed"
                 for line in unclosed_expressions(text)]
    # YAML 1.1 reads the key `on` as the boolean true.
    triggers = workflow.get("on", workflow.get(True))
    if not workflow.get("name") or not triggers:
        problems.append(f"{path}: a workflow needs a name and triggers (on:)")
    jobs = workflow.get("jobs")
    if not isinstance(jobs, dict) or not jobs:
        return problems + [f"{path}: no jobs"]
    for name, job in jobs.items():
        if not isinstance(job, dict) or "runs-on" not in job:
            problems.append(f"{path}: job {name} has no runs-on")
            continue
        steps = job.get("steps")
        if not isinstance(steps, list) or not steps:
            problems.append(f"{path}: job {name} has no steps")
            continue
        for index, step in enumerate(steps, 1):
            if not isinstance(step, dict) or ("run" in step) == ("uses" in step):
                problems.append(f"{path}: job {name} step {index} needs exactly one of run/uses")
            elif "uses" in step and "@" not in step["uses"]:
                problems.append(f"{path}: job {name} step {index}: pin {step['uses']} to a version")
        problems += check_actions(path, workflow, name, job)
    return problems


def steps_of(path):
    workflow = yaml.safe_load(open(path))
    return [step for job in workflow["jobs"].values() for step in job["steps"]]


def check_code_scanning(path):
    """The lint step writes SARIF into the file the upload step uploads."""
    steps = steps_of(path)
    runs = " ".join(step.get("run", "") for step in steps)
    uploads = [step.get("with", {}).get("sarif_file") for step in steps
               if step.get("uses", "").startswith("github/codeql-action/upload-sarif@")]
    if "--format sarif" not in runs or not uploads:
        return [f"{path}: must run ribcage lint --format sarif and upload the result"]
    return [f"{path}: uploads {file}, which no step writes" for file in uploads
            if f"> {file}" not in runs]


def check_apple(path, files):
    """The Apple workflow runs on macOS and builds the adapters and the Rides iPhone app against
    the iOS SDK (Linux CI only type-checks them against stand-ins)."""
    if path not in files:
        return [f"{path}: missing"]
    jobs = yaml.safe_load(open(path))["jobs"].values()
    macos = [job for job in jobs if str(job.get("runs-on", "")).startswith("macos")]
    commands = " ".join(step.get("run", "") for job in macos for step in job["steps"])
    needed = ("-scheme \"$scheme\" -destination 'generic/platform=iOS Simulator'",
              "Examples/RidesiOS/RidesiOS.swiftpm", "-scheme Rides",
              "swift test --package-path Examples/RidesiOS/RidesiOS.swiftpm")
    return [f"{path}: the macOS job must run {command}" for command in needed
            if command not in commands]


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else "docs/ci"
    files = sorted(glob.glob(os.path.join(folder, "*.yml")))
    problems = [p for path in files for p in check(path)]
    tests = os.path.join(folder, "tests.yml")
    if tests in files:
        macos = [job for job in yaml.safe_load(open(tests))["jobs"].values()
                 if str(job.get("runs-on", "")).startswith("macos")]
        commands = " ".join(step.get("run", "") for job in macos for step in job["steps"])
        if "--package-path RibcageCombine" not in commands:
            problems.append(f"{tests}: the macOS job must run RibcageCombine's tests")
        every = " ".join(step.get("run", "") for step in steps_of(tests))
        for script in ("CI/PluginConsumer/check-plugins.sh", "Scripts/check-sarif.py"):
            if script not in every:
                problems.append(f"{tests}: must run {script}")
    else:
        problems.append(f"{tests}: missing")
    for name, checker in (("code-scanning.yml", check_code_scanning),):
        recipe = os.path.join(folder, name)
        problems += checker(recipe) if recipe in files else [f"{recipe}: missing"]
    problems += check_apple(os.path.join(folder, "apple.yml"), files)
    if os.path.join(folder, "docs-pages.yml") not in files:
        problems.append(f"{os.path.join(folder, 'docs-pages.yml')}: missing")
    for problem in problems:
        print(problem)
    print(f"{len(files)} workflow(s) checked, {len(problems)} problem(s)")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
