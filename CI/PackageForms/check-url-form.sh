#!/usr/bin/env bash
# Builds and runs URLForm, whose manifest depends on Ribcage exactly as the README's
# `.package(url:from:)` line does, with no network: a SwiftPM mirror points the URL at a clone of
# this repository tagged with the README's version.
set -euo pipefail
cd "$(dirname "$0")/../.."
version=$(sed -n 's/.*from: "\([0-9.]*\)").*/\1/p' CI/PackageForms/URLForm/Package.swift)
grep -qF ".package(url: \"https://github.com/ribcage/Ribcage\", from: \"$version\")" README.md \
  || { echo "error: README's .package(url:) line differs from URLForm's" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone -q --no-hardlinks . "$work/Ribcage"
git -C "$work/Ribcage" tag -f "$version" >/dev/null
cp -R CI/PackageForms/URLForm "$work/URLForm"
rm -rf "$work/URLForm/.build" "$work/URLForm/.swiftpm"
swift package --package-path "$work/URLForm" config set-mirror \
  --original https://github.com/ribcage/Ribcage --mirror "file://$work/Ribcage"
swift run --package-path "$work/URLForm" URLForm
