#!/usr/bin/env bash
# Coverage-guided fuzzing of Ribcage's parsers (docs/fuzzing.md).
#
#   Scripts/fuzz.sh --list              the targets, one a line
#   Scripts/fuzz.sh TARGET SECONDS      fuzz TARGET for SECONDS (its corpus grows in
#                                       Fuzzing/.corpus/TARGET); a crash exits non-zero and
#                                       leaves the input in Fuzzing/crashes/TARGET/crash-<sha1>
#   Scripts/fuzz.sh --replay            every corpus and FailCases file through every target
#
# Targets named Fuzz* live in the Fuzzing package; Tools* ones in Fuzzing/ToolsTargets, whose
# build includes swift-syntax and Hummingbird under the sanitizers (minutes): --replay runs them
# only with --tools. The build is release, with libFuzzer and AddressSanitizer; it runs at the
# lowest CPU priority. Extra libFuzzer flags go in FUZZ_FLAGS (e.g. FUZZ_FLAGS=-jobs=2).
set -euo pipefail
cd "$(dirname "$0")/../Fuzzing"

CORE_TARGETS=(
  FuzzDeepLinkURL FuzzDeepLinkPattern FuzzPushPayload FuzzFlagsFile
  FuzzSessionFile FuzzSessionLine FuzzRemoteAction FuzzWebSocketFrames FuzzUpgradeAnswer
)
TOOLS_TARGETS=(
  ToolsInspectRequest ToolsAppStream ToolsPageAction ToolsLintGraph ToolsMigrate
)

# The libFuzzer dictionary of each target.
dictionary() {
  case "$1" in
    FuzzDeepLinkURL | FuzzDeepLinkPattern | ToolsInspectRequest) echo Dictionaries/url.dict ;;
    FuzzPushPayload) echo Dictionaries/push.dict ;;
    ToolsLintGraph | ToolsMigrate) echo Dictionaries/swift.dict ;;
    FuzzWebSocketFrames) echo Dictionaries/websocket.dict ;;
    FuzzUpgradeAnswer) echo Dictionaries/upgrade.dict ;;
    *) echo Dictionaries/json.dict ;;
  esac
}

# The longest input libFuzzer makes for a target: whole session files and Swift files cost per
# byte, so theirs are shorter (a run stays fast enough to explore).
max_len() {
  case "$1" in
    FuzzSessionFile | ToolsLintGraph | ToolsMigrate) echo 8192 ;;
    *) echo 65536 ;;
  esac
}

# The Swift backtracer and AddressSanitizer both handle a crash; libFuzzer's report is enough.
export SWIFT_BACKTRACE=enable=no

# `-sanitize=fuzzer` alone leaves some compiles without coverage counters (seen with
# Swift 6.3 on Linux: libFuzzer then says "no interesting inputs"); the coverage is asked for.
FLAGS=(
  -c release --sanitize=fuzzer --sanitize=address
  -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp
)

build() {  # build core|tools; prints the folder of the binaries
  local package=. ; [ "$1" = tools ] && package=ToolsTargets
  # gold warns that it cannot export ASan's local symbols: harmless, and lld (which would not
  # warn) leaves out libFuzzer's coverage counters.
  nice -n 19 swift build --package-path "$package" "${FLAGS[@]}" 2>&1 \
    | grep -v "Cannot export local symbol" >&2
  swift build --package-path "$package" "${FLAGS[@]}" --show-bin-path
}

kind() { [[ "$1" == Tools* ]] && echo tools || echo core; }

case "${1:-}" in
  --list)
    printf '%s\n' "${CORE_TARGETS[@]}" "${TOOLS_TARGETS[@]}"
    ;;
  --replay)
    targets=("${CORE_TARGETS[@]}")
    [ "${2:-}" = --tools ] && targets+=("${TOOLS_TARGETS[@]}")
    bins_core=$(build core)
    [ "${2:-}" = --tools ] && bins_tools=$(build tools)
    # Every saved input through every target: each must take any bytes.
    mapfile -t inputs < <(find Corpus FailCases -type f ! -name README.md | sort)
    for target in "${targets[@]}"; do
      bins=$bins_core; [ "$(kind "$target")" = tools ] && bins=$bins_tools
      echo "replay $target: ${#inputs[@]} inputs"
      "$bins/$target" -runs=1 "${inputs[@]}" >"/tmp/ribcage-replay-$target.log" 2>&1 || {
        tail -40 "/tmp/ribcage-replay-$target.log"
        echo "error: $target failed on a saved input (log: /tmp/ribcage-replay-$target.log)" >&2
        exit 1
      }
    done
    ;;
  Fuzz* | Tools*)
    target=$1 seconds=${2:?usage: Scripts/fuzz.sh TARGET SECONDS}
    printf '%s\n' "${CORE_TARGETS[@]}" "${TOOLS_TARGETS[@]}" | grep -qx "$target" \
      || { echo "error: no target $target (Scripts/fuzz.sh --list)" >&2; exit 2; }
    bins=$(build "$(kind "$target")")
    mkdir -p ".corpus/$target" "crashes/$target"
    seeds=("Corpus/$target")
    [ -d "FailCases/$target" ] && seeds+=("FailCases/$target")
    # shellcheck disable=SC2086 # FUZZ_FLAGS is a list of flags
    nice -n 19 "$bins/$target" ".corpus/$target" "${seeds[@]}" \
      -dict="$(dictionary "$target")" -max_total_time="$seconds" -print_final_stats=1 \
      -max_len="$(max_len "$target")" -timeout=10 -rss_limit_mb=4096 -artifact_prefix="crashes/$target/" \
      ${FUZZ_FLAGS:-} || {
      echo "error: $target crashed; the input is in Fuzzing/crashes/$target/" >&2
      ls "crashes/$target/" >&2
      exit 1
    }
    ;;
  *)
    echo "usage: Scripts/fuzz.sh --list | --replay [--tools] | TARGET SECONDS" >&2
    exit 2
    ;;
esac
