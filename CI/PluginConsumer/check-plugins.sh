#!/usr/bin/env bash
# Ribcage's SwiftPM plugins as a team's package uses them (this package depends on Tools by
# path). Checks: the build-tool plugin reports a planted finding at its file and line as a
# warning and the build succeeds; a clean target builds with no diagnostics at all (its global
# state is allowed by the package's .ribcage.yml, so the file is read); a target whose nested
# .ribcage.yml makes the rule an error fails to build, at the finding; the command plugin runs
# `ribcage graph --check` and `ribcage new --dry-run` in the package.
#
# The first build compiles swift-syntax and the tools (docs/tools.md: "SwiftPM plugins"). Set
# RIBCAGE_PLUGIN_SCRATCH to a build folder kept between CI runs to pay for it once.
set -euo pipefail
cd "$(dirname "$0")"
scratch="${RIBCAGE_PLUGIN_SCRATCH:-.build}"

fail() {
  echo "$2"
  echo "error: $1" >&2
  exit 1
}

echo "== swift build --target Planted: the planted finding is a warning at its line"
out=$(swift build --scratch-path "$scratch" --target Planted 2>&1) || fail "Planted did not build" "$out"
grep -qE "/Sources/Planted/Checkout\.swift:12:7: warning: .*\[strong-listener\]$" <<<"$out" \
  || fail "no warning at Sources/Planted/Checkout.swift:12:7" "$out"

echo "== swift build --target Clean: no diagnostics"
out=$(swift build --scratch-path "$scratch" --target Clean 2>&1) || fail "Clean did not build" "$out"
if grep -E "(warning|error):" <<<"$out" | grep -v "swift-distributed-tracing"; then
  fail "diagnostics in a clean target" "$out"
fi

echo "== swift build --target Strict: an error-severity finding fails the build, at its line"
if out=$(swift build --scratch-path "$scratch" --target Strict 2>&1); then
  fail "Strict built despite an error-severity finding" "$out"
fi
grep -qE "/Sources/Strict/Checkout\.swift:12:7: error: .*\[strong-listener\]$" <<<"$out" \
  || fail "no error at Sources/Strict/Checkout.swift:12:7" "$out"

echo "== swift package ribcage graph --check"
swift package --scratch-path "$scratch" --allow-writing-to-package-directory \
  ribcage graph --check

echo "== swift package ribcage new service Basket --dry-run"
out=$(swift package --scratch-path "$scratch" --allow-writing-to-package-directory \
  ribcage new service Basket --output Sources/Clean --dry-run 2>&1) || fail "ribcage new failed" "$out"
grep -q "would create Sources/Clean/BasketService/BasketService.swift" <<<"$out" \
  || fail "ribcage new did not plan the service" "$out"
echo "plugins: all checks passed"
