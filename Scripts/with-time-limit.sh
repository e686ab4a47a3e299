#!/usr/bin/env bash
# Runs a command with a wall-clock limit, and stops it and every process it started when the limit
# passes: a hung test must fail CI in minutes, not use up its whole budget.
#
# Usage: Scripts/with-time-limit.sh LIMIT COMMAND [ARGUMENT...]   (LIMIT: minutes, or seconds as 90s)
#
# The command runs in a session of its own (setsid). A process group is not enough: `swift test`
# starts the test runner in a process group of its own, so signalling the command's group would
# miss the very process that hangs. At the limit every process of the session gets SIGTERM, and
# RIBCAGE_KILL_GRACE seconds later (default 20) SIGKILL if it is still there; then an error names
# the command and the script exits 124. Otherwise it exits with the command's status. Output is
# line-buffered (stdbuf), so what a killed test printed before the limit is not lost.
set -uo pipefail

if [[ $# -lt 2 || ! $1 =~ ^[1-9][0-9]*s?$ ]]; then
  echo "usage: $0 LIMIT COMMAND [ARGUMENT...]  (LIMIT: minutes, or seconds as 90s)" >&2
  exit 2
fi
if [[ $1 == *s ]]; then seconds=${1%s}; else seconds=$(($1 * 60)); fi
shift
grace=${RIBCAGE_KILL_GRACE:-20}
buffering=()
command -v stdbuf >/dev/null && buffering=(stdbuf -oL -eL)

# Without job control a background job is no group leader, so setsid makes it a session leader
# in place: its process ID is the session's ID.
setsid "${buffering[@]}" "$@" &
session=$!
sleep "$seconds" &
timer=$!
wait -n "$session" "$timer"
if kill -0 "$timer" 2>/dev/null; then
  kill "$timer"
  wait "$session"
  exit $?
fi

members() { ps -eo pid=,sid= | awk -v sid="$session" '$2 == sid { print $1 }'; }
signal_session() {
  local pids
  pids=$(members)
  [[ -z $pids ]] || kill "-$1" $pids 2>/dev/null
}
signal_session TERM
for ((waited = 0; waited < grace; waited++)); do
  [[ -z $(members) ]] && break
  sleep 1
done
signal_session KILL
wait "$session" 2>/dev/null
echo "error: '$*' ran past its ${seconds}-second limit and was stopped with every process it" \
  "started (SIGTERM, then SIGKILL after ${grace}s): a test hangs. Swift Testing's time limits" \
  "name the test when it awaits (see above); otherwise run the suites one by one with --filter." >&2
exit 124
