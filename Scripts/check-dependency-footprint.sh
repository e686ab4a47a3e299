#!/usr/bin/env bash
# An app that depends on Ribcage alone must not resolve, fetch or build anything else: in
# particular not OpenCombine, which only RibcageCombine (a package of its own) uses. SwiftPM
# resolves every dependency a package declares, whichever products an app uses, so this builds a
# throwaway app that uses the root package's products and checks what SwiftPM resolved for it.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
app=$(mktemp -d)
trap 'rm -rf "$app"' EXIT

mkdir -p "$app/Sources/App"
cat >"$app/Package.swift" <<SWIFT
// swift-tools-version:6.2
import PackageDescription

let package = Package(
  name: "App",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: "Ribcage", path: "$root")],
  targets: [
    .executableTarget(
      name: "App",
      dependencies: [
        .product(name: "Ribcage", package: "Ribcage"),
        .product(name: "RibcageTesting", package: "Ribcage"),
        .product(name: "RibcageUIKit", package: "Ribcage"),
        .product(name: "RibcageSwiftUI", package: "Ribcage"),
        .product(name: "RibcageInspector", package: "Ribcage"),
      ])
  ]
)
SWIFT
echo 'import Ribcage' >"$app/Sources/App/main.swift"
swift package --package-path "$app" resolve >/dev/null
if [ -s "$app/Package.resolved" ] || [ -n "$(ls -A "$app/.build/checkouts" 2>/dev/null)" ]; then
  echo "error: an app that uses only the root package's products resolved other packages:" >&2
  cat "$app/Package.resolved" >&2 2>/dev/null || ls "$app/.build/checkouts" >&2
  exit 1
fi
echo "An app using the root package's products resolves nothing else (no OpenCombine)."
