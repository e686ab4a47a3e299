#!/usr/bin/env bash
# Makes the tag Mint installs the `ribcage` tool from: Mint builds the package at a repository's
# root, and ours is the dependency-free library, so the tag `tools-<version>` holds `Tools/` at
# its root, with its `Ribcage` dependency by URL (the released <version>) instead of `..`.
# Run on the release commit after tagging <version>; push the tag with `git push origin
# tools-<version>`. Then: `mint install <owner>/Ribcage@tools-<version>`.
#
# usage: make-mint-tag.sh <version> [repository URL]   (default https://github.com/ribcage/Ribcage)
set -euo pipefail
cd "$(dirname "$0")/.."
version=${1:?usage: make-mint-tag.sh <version> [repository URL]}
url=${2:-https://github.com/ribcage/Ribcage}
tag="tools-$version"

split=$(git subtree split -q --prefix Tools HEAD)
work=$(mktemp -d)
trap 'git worktree remove --force "$work" >/dev/null 2>&1 || rm -rf "$work"' EXIT
git worktree add --detach "$work" "$split" >/dev/null
manifest="$work/Package.swift"
if ! grep -q '.package(name: "Ribcage", path: "..")' "$manifest"; then
  echo "error: Tools/Package.swift no longer depends on Ribcage by path \"..\"; update this script" >&2
  exit 1
fi
sed -i.orig "s|.package(name: \"Ribcage\", path: \"..\")|.package(url: \"$url\", exact: \"$version\")|" \
  "$manifest"
rm -f "$manifest.orig"
git -C "$work" add Package.swift
git -C "$work" -c user.name="${GIT_AUTHOR_NAME:-release}" -c user.email="${GIT_AUTHOR_EMAIL:-release@localhost}" \
  commit -q -m "ribcage $version for Mint: Tools/ at the root, Ribcage by URL"
git tag "$tag" "$(git -C "$work" rev-parse HEAD)"
echo "tagged $tag: $(git rev-parse --short "$tag") (push it: git push origin $tag)"
