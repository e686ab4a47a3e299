#!/usr/bin/env python3
"""Checks the CI recipes in docs/ci/ that cannot run here (GitHub Actions workflows).

Each file must parse as YAML and be a workflow GitHub accepts in shape: a name, triggers, and
jobs that each say where they run and list steps; every step runs a command or uses an action
pinned to a version. The tests workflow must run RibcageCombine's tests on macOS, where Combine is
Apple's (on Linux, CI tests it against OpenCombine).

usage: check-ci-recipes.py [FOLDER]   (default docs/ci)
"""
import glob
import os
import sys

import yaml


def check(path):
    problems = []
    with open(path) as handle:
        workflow = yaml.safe_load(handle)
    if not isinstance(workflow, dict):
        return [f"{path}: not a YAML mapping"]
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
    return problems


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
    else:
        problems.append(f"{tests}: missing")
    for problem in problems:
        print(problem)
    print(f"{len(files)} workflow(s) checked, {len(problems)} problem(s)")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
