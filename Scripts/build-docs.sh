#!/usr/bin/env bash
# Builds the DocC documentation of every library product with the toolchain's `docc`, warnings as
# errors (an unresolved symbol link fails), and checks its coverage (Scripts/check-docs-coverage.py):
# every public symbol has a summary and every top-level one is listed on its product's landing page.
#
# The root package gains no dependency: symbol graphs come from `swift symbolgraph-extract` over
# the modules `swift build` made. The Apple adapters (RibcageUIKit, RibcageSwiftUI) are documented
# as on iOS, from their modules built against the stand-ins (Scripts/check-apple-adapters.sh).
# RibcageCombine, a package of its own, is documented from its Linux build, where Combine is
# OpenCombine (the extended module is named OpenCombine there).
#
# Output: DOCS_OUT (default .build/docs): <Product>.doccarchive, and site/ — every archive in its
# static-hosting form under site/<product>/ (serve site/ and open /<product>/documentation/<product>/).
# DOCS_BASE_PATH: the path the site is served under, for GitHub Pages' project sites the
# repository's name (docs/ci/docs-pages.yml sets it); default: the server's root.
set -euo pipefail
cd "$(dirname "$0")/.."

out=${DOCS_OUT:-$PWD/.build/docs}
rm -rf "$out"
mkdir -p "$out/symbols" "$out/site"

swift build >/dev/null
bin=$(swift build --show-bin-path)
standins=$out/standins
RIBCAGE_STANDIN_MODULES=$standins bash Scripts/check-apple-adapters.sh >/dev/null
triple=$(swiftc -print-target-info | python3 -c "import json, sys; print(json.load(sys.stdin)['target']['triple'])")

atomics=(-Xcc "-fmodule-map-file=$bin/_RibcageAtomics.build/module.modulemap"
  -Xcc "-I$PWD/Sources/_RibcageAtomics/include")

extract() {  # extract <module> <search paths...>
  local module=$1
  shift
  mkdir -p "$out/symbols/$module"
  swift symbolgraph-extract -module-name "$module" "$@" "${atomics[@]}" -target "$triple" \
    -minimum-access-level public -skip-synthesized-members -emit-extension-block-symbols \
    -output-dir "$out/symbols/$module"
}

for module in Ribcage RibcageTesting RibcageSoak RibcageInspector; do
  extract "$module" -I "$bin/Modules"
done
for module in RibcageUIKit RibcageSwiftUI; do
  extract "$module" -I "$standins/ios" -I "$bin/Modules"
done

swift build --package-path RibcageCombine >/dev/null
combine_bin=$(swift build --package-path RibcageCombine --show-bin-path)
combine_maps=()
for map in "$combine_bin"/*.build/module.modulemap; do
  [[ $map == */_RibcageAtomics.build/* ]] || combine_maps+=(-Xcc "-fmodule-map-file=$map")
done
# Ribcage's atomics come from the root build (`atomics`): the same header, one module map.
extract RibcageCombine -I "$combine_bin/Modules" "${combine_maps[@]}"

for module in Ribcage RibcageTesting RibcageSoak RibcageInspector RibcageUIKit RibcageSwiftUI RibcageCombine; do
  echo "== docc convert $module"
  lower=$(tr '[:upper:]' '[:lower:]' <<<"$module")
  catalog="Sources/$module/$module.docc"
  [[ $module == RibcageCombine ]] && catalog="RibcageCombine/$catalog"
  docc convert "$catalog" \
    --additional-symbol-graph-dir "$out/symbols/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "dev.ribcage.$module" \
    --output-path "$out/$module.doccarchive" \
    --transform-for-static-hosting --hosting-base-path "${DOCS_BASE_PATH:+$DOCS_BASE_PATH/}$lower" \
    --warnings-as-errors --enable-inherited-docs \
    --experimental-documentation-coverage --coverage-summary-level brief
  cp -R "$out/$module.doccarchive" "$out/site/$lower"
done

python3 Scripts/check-docs-coverage.py "$out"
echo "Documentation built: $out/site (one folder per product)."
