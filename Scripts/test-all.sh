#!/usr/bin/env bash
# Runs every test of the repository: the README's test command, and what .ci/run calls.
# Adding a package or an example is one line in the lists below.
set -euo pipefail
cd "$(dirname "$0")/.."

# The slow test that builds a freshly generated package (Tools) runs here unless turned off.
export RIBCAGE_INTEGRATION="${RIBCAGE_INTEGRATION:-1}"

# Packages whose tests run with `swift test`.
PACKAGES=(
  .                    # Ribcage, RibcageTesting
  Examples/QuickStart  # docs/getting-started.md's quick start, docs/testing.md's test
  Examples/Rides       # the ride-hailing example (end-to-end tests)
  Examples/RidesiOS/RidesiOS.swiftpm  # the iPhone app's platform-free part (RidesiOSCore)
  RibcageCombine       # the Combine bridge, against OpenCombine on Linux
  Tools                # the ribcage command (generator, templates, a generated package)
)

# Example programs that must build and run; each line: package path, executable, text the
# output must contain.
EXAMPLES=(
  "Examples/QuickStart|quick-start|LoggedIn [active]"
  "Examples/Rides|rides|leaks found: 0."
  "CI/PackageForms/PathForm|PathForm|PathForm: Launch [active, view]"  # docs/getting-started.md's .package(name:path:)
)

# Checks that are scripts of their own; each line is one command.
SCRIPTS=(
  "bash CI/PackageForms/check-url-form.sh"  # the README's .package(url:from:), through a local mirror
  # The inspector page's session reader against docs/session-format.json and Tests/Golden's
  # sessions; Node.js from Debian (`apt-get install nodejs`, .ci/run installs it), nothing from npm.
  "node --test Tests/Golden"
)

# Each test process runs with a wall-clock limit in a session of its own
# (Scripts/with-time-limit.sh): a hung test stops this script in minutes, with every process it
# started. Builds run first, outside the limit, so the limit measures the tests alone.
limit="bash Scripts/with-time-limit.sh"
for package in "${PACKAGES[@]}"; do
  echo "== swift test --package-path $package"
  swift build --package-path "$package" --build-tests
  $limit "${RIBCAGE_TEST_MINUTES:-30}" swift test --package-path "$package" --skip-build
done

for script in "${SCRIPTS[@]}"; do
  echo "== $script"
  $script
done

for example in "${EXAMPLES[@]}"; do
  IFS='|' read -r path product expected <<<"$example"
  echo "== swift run --package-path $path $product"
  swift build --package-path "$path" --product "$product"
  output=$($limit 5 swift run --package-path "$path" --skip-build "$product" </dev/null)
  if ! grep -qF -- "$expected" <<<"$output"; then
    echo "$output"
    echo "error: $product's output does not contain '$expected'" >&2
    exit 1
  fi
done
