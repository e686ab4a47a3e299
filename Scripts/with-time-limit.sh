#!/usr/bin/env bash
# Runs a command with a wall-clock limit, and stops it and every process it started when the limit
# passes: a hung test must fail CI in minutes, not use up its whole budget.
#
# Usage: Scripts/with-time-limit.sh LIMIT COMMAND [ARGUMENT...]   (LIMIT: minutes, or seconds as 90s)
#
# GNU timeout puts itself and the command in a process group of their own and signals the whole
# group: SIGTERM at the limit, SIGKILL RIBCAGE_KILL_GRACE seconds later (default 20) if anything is
# still running — `swift test`, the test runner it started and whatever a test started, not the
# calling script. Exits with the command's status, or 124 (137 once SIGKILL was needed) after
# saying which command ran out of time.
set -uo pipefail

if [[ $# -lt 2 || ! $1 =~ ^[1-9][0-9]*s?$ ]]; then
  echo "usage: $0 LIMIT COMMAND [ARGUMENT...]  (LIMIT: minutes, or seconds as 90s)" >&2
  exit 2
fi
if [[ $1 == *s ]]; then seconds=${1%s}; else seconds=$(($1 * 60)); fi
shift
grace=${RIBCAGE_KILL_GRACE:-20}

timeout --kill-after="${grace}s" "${seconds}s" "$@"
status=$?
if [[ $status -eq 124 || $status -eq 137 ]]; then
  echo "error: '$*' ran past its ${seconds}-second limit and was stopped with every process it" \
    "started (SIGTERM, then SIGKILL after ${grace}s): a test hangs. Swift Testing's time limits" \
    "name the test when it awaits; otherwise run the suites one by one with --filter." >&2
fi
exit "$status"
