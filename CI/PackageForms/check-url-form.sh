#!/usr/bin/env bash
# Builds and runs URLForm, whose manifest depends on Ribcage exactly as the `.package(url:from:)`
# line of the README and of docs/getting-started.md does, with no network: a SwiftPM mirror points
# the URL at a clone of this repository tagged with that version.
set -euo pipefail
cd "$(dirname "$0")/../.."
version=$(sed -n 's/.*from: "\([0-9.]*\)").*/\1/p' CI/PackageForms/URLForm/Package.swift)
for page in README.md docs/getting-started.md; do
  grep -qF ".package(url: \"https://github.com/ribcage/Ribcage\", from: \"$version\")" "$page" \
    || { echo "error: $page's .package(url:) line differs from URLForm's" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q --no-hardlinks . "$work/Ribcage"
git -C "$work/Ribcage" tag -f "$version" >/dev/null
cp -R CI/PackageForms/URLForm "$work/URLForm"
rm -rf "$work/URLForm/.build" "$work/URLForm/.swiftpm"
swift package --package-path "$work/URLForm" config set-mirror \
  --original https://github.com/ribcage/Ribcage --mirror "file://$work/Ribcage"
swift run --package-path "$work/URLForm" URLForm
