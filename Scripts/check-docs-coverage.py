#!/usr/bin/env python3
"""Checks the documentation coverage DocC reports for each product (Scripts/build-docs.sh).

Usage: check-docs-coverage.py DOCS_OUT

For every <Product>.doccarchive in DOCS_OUT, reads documentation-coverage.json and requires:
- every public symbol to have a summary (its own doc comment or, with --enable-inherited-docs,
  the one of the requirement it implements);
- every top-level symbol (type, protocol, global function, extended type) to be curated: listed
  under a topic of the product's landing page, so the landing page groups every public symbol.

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


def path_of(entry):
    return entry["referencePath"].split("/documentation/", 1)[-1]


def main():
    folder = sys.argv[1]
    failures = []
    for archive in sorted(glob.glob(os.path.join(folder, "*.doccarchive"))):
        product = os.path.basename(archive).removesuffix(".doccarchive")
        entries = json.load(open(os.path.join(archive, "documentation-coverage.json")))
        symbols = [e for e in entries if e["kind"]["isSymbol"]]
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
