#!/usr/bin/env python3
"""Checks the documentation coverage DocC reports for each product (Scripts/build-docs.sh).

Usage: check-docs-coverage.py DOCS_OUT

For every <Product>.doccarchive in DOCS_OUT, reads documentation-coverage.json and requires:
- every public symbol to have a summary (its own doc comment or, with --enable-inherited-docs,
  the one of the requirement it implements);
- every top-level symbol (type, protocol, global function, extended type) to be curated: listed
  under a topic of the product's landing page, so the landing page groups every public symbol.

Extensions of Combine's types are the exception: their module is `Combine` on Apple platforms and
`OpenCombine` on Linux, so no link in a catalog resolves on both, and a catalog that curates them
by name breaks Xcode's documentation build. DocC lists them itself, under the extended module;
their members still need a summary.

Prints one line per product with the figures, then every symbol that fails; exits 1 if any does.
"""

import glob
import json
import os
import sys

TOP_LEVEL_KINDS = {
    "Class", "Structure", "Enumeration", "Protocol", "Type Alias", "Function", "Global Variable",
    "Operator", "Macro", "Extended Structure", "Extended Class", "Extended Enumeration",
    "Extended Protocol", "Extended Module",
}


# Extended modules whose name depends on the platform (see the docstring).
PLATFORM_NAMED_MODULES = {"Combine", "OpenCombine"}


def path_of(entry):
    return entry["referencePath"].split("/documentation/", 1)[-1]


def is_platform_named_extension(entry):
    """An extended module, or a type in it, whose module is named per platform."""
    parts = path_of(entry).split("/")
    return (entry["kind"]["name"].startswith("Extended") and len(parts) >= 2
            and parts[1].lower() in {name.lower() for name in PLATFORM_NAMED_MODULES})


def main():
    folder = sys.argv[1]
    failures = []
    for archive in sorted(glob.glob(os.path.join(folder, "*.doccarchive"))):
        product = os.path.basename(archive).removesuffix(".doccarchive")
        entries = json.load(open(os.path.join(archive, "documentation-coverage.json")))
        symbols = [e for e in entries
                   if e["kind"]["isSymbol"] and not is_platform_named_extension(e)]
        missing = [e for e in symbols if not e["hasAbstract"]]
        top = [e for e in symbols
               if e["kind"]["name"] in TOP_LEVEL_KINDS
               and (path_of(e).count("/") == 1 or e["kind"]["name"].startswith("Extended"))]
        uncurated = [e for e in top if not e["isCurated"]]
        documented = len(symbols) - len(missing)
        print(f"{product}: {documented}/{len(symbols)} public symbols documented "
              f"({documented / max(len(symbols), 1):.1%}); "
              f"{len(top) - len(uncurated)}/{len(top)} top-level symbols on the landing page")
        failures += [f"  {product}: no summary: {e['kind']['name']} {path_of(e)}" for e in missing]
        failures += [f"  {product}: not on the landing page: {e['kind']['name']} {path_of(e)}"
                     for e in uncurated]
    if failures:
        print("\n".join(failures))
        sys.exit(1)


if __name__ == "__main__":
    main()
