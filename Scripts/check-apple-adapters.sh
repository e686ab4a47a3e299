#!/usr/bin/env bash
# Type-checks the Apple-only adapter sources (Sources/RibcageUIKit, Sources/RibcageSwiftUI) on
# Linux, where UIKit, AppKit and SwiftUI do not exist: against the stand-in modules in
# CI/AppleStandIns (only the API the adapters use, with Apple's signatures), once as on iOS
# (UIKit + SwiftUI over UIKit) and once as on macOS (AppKit + SwiftUI over AppKit), in Swift 6
# mode with warnings as errors. Then checks that the stand-ins reject an API they do not declare,
# so a pass means something. See docs/Apple.md for what this proves and what it does not.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --target RibcageSwiftUI >/dev/null
bin=$(swift build --show-bin-path)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

common=(-swift-version 6 -warnings-as-errors -parse-as-library
  -I "$bin/Modules" -Xcc "-fmodule-map-file=$bin/_RibcageAtomics.build/module.modulemap"
  -Xcc "-I$PWD/Sources/_RibcageAtomics/include")

emit() {  # emit <flavour folder> <module name> <sources...>
  local folder=$1 module=$2
  shift 2
  swiftc -emit-module -module-name "$module" -emit-module-path "$folder/$module.swiftmodule" \
    -I "$folder" "${common[@]}" "$@"
}

check_flavour() {  # check_flavour <name> <platform stand-in>
  local name=$1 platform=$2 folder="$out/$1"
  mkdir -p "$folder"
  echo "== $name: stand-ins"
  emit "$folder" "$platform" "CI/AppleStandIns/$platform.swift"
  emit "$folder" SwiftUI CI/AppleStandIns/SwiftUI.swift
  echo "== $name: RibcageUIKit"
  emit "$folder" RibcageUIKit Sources/RibcageUIKit/*.swift
  echo "== $name: RibcageSwiftUI"
  emit "$folder" RibcageSwiftUI Sources/RibcageSwiftUI/*.swift
}

check_flavour ios UIKit
check_flavour macos AppKit

echo "== the stand-ins reject what they do not declare"
cat >"$out/Unknown.swift" <<'SWIFT'
import UIKit
@MainActor func misuse(_ controller: UIViewController) { controller.showDetailViewController() }
SWIFT
if swiftc -typecheck -I "$out/ios" "${common[@]}" "$out/Unknown.swift" 2>/dev/null; then
  echo "error: the UIKit stand-in accepted an undeclared API" >&2
  exit 1
fi
echo "Apple adapters type-check against the UIKit and AppKit stand-ins."
