#!/usr/bin/env bash
# The packages declare macOS 13 / iOS 16, but CI builds on Linux, where nothing checks Apple
# availability. This rejects APIs known to need newer Apple systems in library and example code.
# Add a line when you find another one.
set -euo pipefail
cd "$(dirname "$0")/.."

patterns=(
  'String\(validating:'        # stdlib 6.0: macOS 15 / iOS 18
  '\.withLock[ ({]'            # NSLocking.withLock: macOS 14 / iOS 17
  'import Synchronization'     # Mutex, Atomic: macOS 15 / iOS 18
  '\bMutex<'
  '\bAtomic<'
  'MutableStateStream<[^>]*>\?' # an Optional of a noncopyable type needs the Swift 6 runtime
  'EventRelay<[^>]*>\?'
)

status=0

# Observation needs macOS 14 / iOS 17 / tvOS 17 / watchOS 10: every @Observable type must say so
# in an @available attribute within the three lines above it.
observable=$(grep -rnE --include='*.swift' -B3 '^[[:space:]]*@Observable' Sources Examples/*/Sources \
  2>/dev/null || true)
if [[ -n "$observable" ]]; then
  while IFS= read -r block; do
    if ! grep -qE '@available\(macOS 14, iOS 17, tvOS 17' <<<"$block"; then
      echo "error: @Observable without @available(macOS 14, iOS 17, tvOS 17, ...):" >&2
      echo "$block" >&2
      status=1
    fi
  done < <(awk 'BEGIN{RS="--\n"} {gsub(/\n/,"\\n"); print}' <<<"$observable")
fi

for pattern in "${patterns[@]}"; do
  # Comment lines may name the APIs (to say why they are avoided).
  if matches=$(grep -rnE --include='*.swift' "$pattern" Sources Examples/*/Sources Tests 2>/dev/null \
    | grep -vE '^[^:]+:[0-9]+:[[:space:]]*//'); then
    echo "error: API newer than the declared platforms ($pattern):" >&2
    echo "$matches" >&2
    status=1
  fi
done
exit $status
