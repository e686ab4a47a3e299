#!/usr/bin/env python3
"""Builds every ```swift block of the documentation, so a doc that no longer compiles fails CI.

Reads README.md, CONTRIBUTING.md, docs/*.md, the examples' and tools' READMEs, every DocC
article (Sources/*/*.docc/**/*.md, RibcageCombine's too) and the DocC tutorials' code files. Each
block is type-checked on its own by `swiftc -typecheck` in Swift 6 mode with warnings as errors,
against the products it imports:

- Ribcage, RibcageTesting, RibcageInspector (and Testing, Foundation, ...): the host build.
- UIKit: against the UIKit stand-in, as on iOS. AppKit: against the AppKit stand-in, as on macOS.
- SwiftUI, RibcageSwiftUI or RibcageUIKit without UIKit/AppKit: twice, as on iOS and as on macOS.
- RibcageCombine (and Combine): against the RibcageCombine package's build, where Combine is
  OpenCombine, as a Linux app that adds the package sees it.
- PackageDescription: as a package manifest (tools version 6.2).
  (The stand-ins are CI/AppleStandIns, emitted by Scripts/check-apple-adapters.sh.)

A block with no `import` line is compiled with `import Ribcage`. The HTML comment on the line
right above a block (invisible on GitHub and in DocC) says how to build it otherwise:

    <!-- swift: context=NAME -->   compile it inside Scripts/DocContexts/NAME.swift: the block
                                   replaces that file's `// @block` line (or follows the file)
    <!-- swift: skip: REASON -->   not built (counted and printed with the reason)

A tutorial's code (`@Code(file:)` in a .tutorial, the files in the catalog's Resources) is
compiled at every step: the newest version of each file shown so far (`name-01.swift`,
`name-02.swift`, ... are versions of `name`), tests included.

Prints one line per block that failed or was skipped, then how many were built and skipped;
exits non-zero when a block fails or fewer than 90% of the blocks were built. Then runs the tests
of each tutorial's last step in a package of their own (`--no-run` skips that).
"""

import concurrent.futures
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
CONTEXTS = os.path.join(ROOT, "Scripts", "DocContexts")
MARKER = re.compile(r"^<!--\s*swift:\s*(.*?)\s*-->\s*$")
IMPORT = re.compile(
    r"^[ \t]*(?:@\w+[ \t]+)*import[ \t]+(?:(?:struct|class|enum|protocol|func|typealias|var|let)"
    r"[ \t]+)?(\w+)", re.M)
APPLE_UI = {"UIKit", "AppKit", "SwiftUI", "RibcageUIKit", "RibcageSwiftUI"}
MINIMUM_BUILT = 0.9


class Block:
    def __init__(self, source, line, code, marker):
        self.source, self.line, self.code, self.marker = source, line, code, marker
        self.context = None
        self.skip = None
        self.files = None  # a tutorial section: several files compiled together
        if marker:
            if marker.startswith("skip"):
                self.skip = marker.partition(":")[2].strip() or "no reason given"
            else:
                for field in marker.split():
                    key, _, value = field.partition("=")
                    if key == "context" and value:
                        self.context = value
                    else:
                        raise SystemExit(f"{self.where}: unknown marker field {field!r}")

    @property
    def where(self):
        return f"{os.path.relpath(self.source, ROOT)}:{self.line}"


def markdown_files():
    patterns = ["README.md", "CONTRIBUTING.md", "docs/*.md", "Examples/*/README.md",
                "Tools/README.md", "Benchmarks/README.md", "Sources/*/*.docc/**/*.md",
                "RibcageCombine/Sources/*/*.docc/**/*.md"]
    found = []
    for pattern in patterns:
        found += sorted(glob.glob(os.path.join(ROOT, pattern), recursive=True))
    return found


def blocks_in_markdown(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    blocks, index = [], 0
    while index < len(lines):
        fence = lines[index].strip()
        if fence.startswith("```"):
            language = fence[3:].strip().split(" ")[0]
            end = index + 1
            while end < len(lines) and not lines[end].strip().startswith("```"):
                end += 1
            if language == "swift":
                above = lines[index - 1].strip() if index > 0 else ""
                match = MARKER.match(above)
                blocks.append(Block(path, index + 1, "\n".join(lines[index + 1:end]) + "\n",
                                    match.group(1) if match else None))
            index = end + 1
        else:
            index += 1
    return blocks


def tutorial_steps(path):
    """One block per @Code step of a .tutorial: every file shown so far, each at its newest version
    (`root-01.swift`, `root-02.swift` are versions of `root.swift`), compiled together."""
    text = open(path, encoding="utf-8").read()
    resources = os.path.join(os.path.dirname(path), "..", "Resources")
    steps, shown = [], {}
    for match in re.finditer(r'@Code\([^)]*file:\s*"?([\w.-]+\.swift)"?', text):
        name = match.group(1)
        shown[re.sub(r"-\d+\.swift$", ".swift", name)] = os.path.join(resources, name)
        block = Block(path, text.count("\n", 0, match.start()) + 1, "", None)
        block.files = dict(shown)
        steps.append(block)
    return steps


def all_blocks():
    blocks = []
    for path in markdown_files():
        blocks += blocks_in_markdown(path)
    for path in sorted(glob.glob(os.path.join(ROOT, "Sources/*/*.docc/**/*.tutorial"),
                                 recursive=True)):
        blocks += tutorial_steps(path)
    return blocks


def source_files(block, folder):
    """Writes what swiftc compiles for `block` into `folder`; returns the paths."""
    if block.files:
        paths = []
        for base, path in sorted(block.files.items()):
            target = os.path.join(folder, base)
            with open(path, encoding="utf-8") as original, open(target, "w") as copy:
                copy.write(original.read())
            paths.append(target)
        return paths
    code = block.code
    if block.context:
        context = read_context(block.context, block)
        marker = re.search(r"^([ \t]*)// @block\n", context, re.M)
        if marker:
            indent = marker.group(1)
            inner = "".join(indent + line if line.strip() else line
                            for line in code.splitlines(keepends=True))
            code = context[:marker.start()] + inner + context[marker.end():]
        else:
            code = context + "\n" + code
    code = hoist_imports(code)
    target = os.path.join(folder, "main.swift" if needs_main(code) else "Block.swift")
    with open(target, "w") as file:
        file.write(code)
    return [target]


def read_context(name, block):
    """A context file, with its `// @include OTHER` lines replaced by those contexts."""
    path = os.path.join(CONTEXTS, name + ".swift")
    if not os.path.exists(path):
        raise SystemExit(f"{block.where}: no context file {os.path.relpath(path, ROOT)}")
    text = open(path, encoding="utf-8").read()
    text = re.sub(r"^// @include-file (\S+)\n",
                  lambda m: open(os.path.join(ROOT, m.group(1)), encoding="utf-8").read(), text,
                  flags=re.M)
    return re.sub(r"^// @include (\S+)\n", lambda m: read_context(m.group(1), block), text,
                  flags=re.M)


def hoist_imports(code):
    """Every import first (a block's own imports follow its context), `import Ribcage` if none."""
    lines = code.split("\n")
    imports = []
    for line in lines:
        if IMPORT.match(line) and line.strip() not in imports:
            imports.append(line.strip())
    rest = [line for line in lines if not IMPORT.match(line)]
    return "\n".join((imports or ["import Ribcage"]) + rest)


def needs_main(code):
    """Top-level statements need main.swift; a file with `@main` must not be main.swift."""
    if re.search(r"^@main\b", code, re.M):
        return False
    for line in code.split("\n"):
        if not line or line[0] in " \t}/#@)]" or line.startswith("*/"):
            continue
        word = re.match(r"\s*(\w+)", line)
        if word and word.group(1) not in DECLARATION_WORDS:
            return True
    return False


DECLARATION_WORDS = {
    "import", "struct", "class", "final", "enum", "protocol", "extension", "func", "typealias",
    "actor", "public", "private", "fileprivate", "internal", "open", "nonisolated", "indirect",
    "precedencegroup", "infix", "prefix", "postfix", "operator", "macro", "package", "static",
    "where", "case", "some", "any",
}


def flavours(block, imports):
    if "UIKit" in imports and "AppKit" in imports:
        raise SystemExit(f"{block.where}: imports both UIKit and AppKit")
    if "PackageDescription" in imports:
        return ["manifest"]
    if imports & {"RibcageCombine", "Combine"}:
        if imports & APPLE_UI:
            raise SystemExit(f"{block.where}: RibcageCombine blocks build on the host only")
        return ["combine"]
    if "UIKit" in imports:
        return ["ios"]
    if "AppKit" in imports:
        return ["macos"]
    if imports & APPLE_UI:
        return ["ios", "macos"]
    return ["host"]


def typecheck(block, search_paths, common):
    with tempfile.TemporaryDirectory() as folder:
        paths = source_files(block, folder)
        text = "".join(open(path).read() for path in paths)
        imports = set(IMPORT.findall(text))
        errors = []
        for flavour in flavours(block, imports):
            library = [] if any(p.endswith("main.swift") for p in paths) else ["-parse-as-library"]
            if block.files:
                library = ["-parse-as-library"]
            command = ["swiftc", "-typecheck", "-module-name", "DocBlock", *common, *library,
                       *search_paths[flavour], *paths]
            run = subprocess.run(command, capture_output=True, text=True)
            if run.returncode != 0:
                output = (run.stdout + run.stderr).replace(folder + "/", "")
                errors.append(f"[{flavour}]\n{output.strip()}")
        return errors


def build_modules(reuse):
    """The host products and the stand-in flavours (their modules kept in a temporary folder).

    `reuse` (--reuse FOLDER, for editing docs) keeps the stand-in modules in FOLDER and builds
    them only when it is empty.
    """
    bin_path = subprocess.run(["swift", "build", "--package-path", ROOT, "--show-bin-path"],
                              check=True, capture_output=True, text=True).stdout.strip()
    apple = reuse or tempfile.mkdtemp(prefix="ribcage-standins-")
    if not (reuse and os.path.isdir(os.path.join(reuse, "macos"))):
        subprocess.run(["swift", "build", "--package-path", ROOT], check=True,
                       stdout=subprocess.DEVNULL)
        subprocess.run(["bash", os.path.join(ROOT, "Scripts", "check-apple-adapters.sh")],
                       check=True, stdout=subprocess.DEVNULL,
                       env={**os.environ, "RIBCAGE_STANDIN_MODULES": apple})
    atomics = [f"-Xcc", f"-fmodule-map-file={bin_path}/_RibcageAtomics.build/module.modulemap",
               "-Xcc", f"-I{ROOT}/Sources/_RibcageAtomics/include"]
    host = ["-I", f"{bin_path}/Modules", *atomics]
    manifest_api = os.path.join(os.path.dirname(os.path.realpath(shutil.which("swiftc"))), "..",
                                "lib", "swift", "pm", "ManifestAPI")
    search = {"host": host,
              "manifest": ["-I", manifest_api, "-package-description-version", "6.2"],
              "ios": ["-I", f"{apple}/ios", *host],
              "macos": ["-I", f"{apple}/macos", *host],
              "combine": combine_search_path()}
    common = ["-swift-version", "6", "-warnings-as-errors"]
    return search, common


def combine_search_path():
    """RibcageCombine's package, built: its modules, and the module map of each C target in it
    (Ribcage's atomics, OpenCombine's helpers)."""
    package = os.path.join(ROOT, "RibcageCombine")
    subprocess.run(["swift", "build", "--package-path", package], check=True,
                   stdout=subprocess.DEVNULL)
    bin_path = subprocess.run(["swift", "build", "--package-path", package, "--show-bin-path"],
                              check=True, capture_output=True, text=True).stdout.strip()
    flags = ["-I", f"{bin_path}/Modules"]
    for module_map in sorted(glob.glob(f"{bin_path}/*.build/module.modulemap")):
        flags += ["-Xcc", f"-fmodule-map-file={module_map}"]
    return flags + ["-Xcc", f"-I{ROOT}/Sources/_RibcageAtomics/include"]


def self_test(search, common):
    """The check must fail on a block that does not compile, or a pass means nothing."""
    broken = Block(os.path.join(ROOT, "self-test.md"), 1,
                   "import Ribcage\nlet router: Router<Int> = 42\n", None)
    unused = Block(os.path.join(ROOT, "self-test.md"), 2,
                   "import Ribcage\nfunc f() { let unused = 1 }\n", None)
    for block in (broken, unused):
        if not typecheck(block, search, common):
            raise SystemExit(f"self-test: a block that must fail compiled:\n{block.code}")


TUTORIAL_PACKAGE = """// swift-tools-version:6.2
import PackageDescription

let package = Package(
  name: "Tutorial",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [.package(name: "Ribcage", path: "{root}")],
  targets: [
    .testTarget(
      name: "TutorialTests",
      dependencies: [
        .product(name: "Ribcage", package: "Ribcage"),
        .product(name: "RibcageTesting", package: "Ribcage"),
      ],
      path: "Tests")
  ],
  swiftLanguageModes: [.v6]
)
"""


def run_tutorials(blocks):
    """Runs the tests of each tutorial's last step in a package of their own: the tutorial's code
    is not only compiled, its tests pass. Returns the failures."""
    failures = []
    last = {}
    for block in blocks:
        if block.files:
            last[block.source] = block
    for source, block in last.items():
        folder = tempfile.mkdtemp(prefix="ribcage-tutorial-")
        os.makedirs(os.path.join(folder, "Tests"))
        with open(os.path.join(folder, "Package.swift"), "w") as manifest:
            manifest.write(TUTORIAL_PACKAGE.replace("{root}", ROOT))
        source_files(block, os.path.join(folder, "Tests"))
        run = subprocess.run(["swift", "test", "--package-path", folder], capture_output=True,
                             text=True)
        output = run.stdout + run.stderr
        passed = re.search(r"Test run with (\d+) tests? (?:in \d+ suites? )?passed", output)
        where = os.path.relpath(source, ROOT)
        if run.returncode != 0 or not passed:
            failures.append(f"{where}: its tests fail\n{output[-3000:]}")
        else:
            print(f"tutorial {where}: {passed.group(1)} tests pass")
    return failures


def main():
    arguments = sys.argv[1:]
    reuse = arguments[arguments.index("--reuse") + 1] if "--reuse" in arguments else None
    only = arguments[arguments.index("--only") + 1] if "--only" in arguments else None
    blocks = all_blocks()
    if only:
        blocks = [block for block in blocks if only in block.where]
    search, common = build_modules(reuse)
    if not only:
        self_test(search, common)
    to_build = [block for block in blocks if not block.skip]
    failures = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        results = list(pool.map(lambda block: typecheck(block, search, common), to_build))
    for block, errors in zip(to_build, results):
        if errors:
            failures += 1
            print(f"FAIL {block.where}" + (f" (context {block.context})" if block.context else ""))
            for error in errors:
                print("    " + error.replace("\n", "\n    "))
    if "--no-run" not in arguments and not failures:
        for failure in run_tutorials(to_build):
            failures += 1
            print("FAIL " + failure)
    skipped = [block for block in blocks if block.skip]
    for block in skipped:
        print(f"skip {block.where}: {block.skip}")
    built = len(to_build) - min(failures, len(to_build))
    share = built / len(blocks) if blocks else 1
    print(f"doc blocks: {len(blocks)} found, {built} built, {failures} failed, "
          f"{len(skipped)} skipped ({share:.0%} built)")
    if failures:
        sys.exit(1)
    if share < MINIMUM_BUILT:
        print(f"error: fewer than {MINIMUM_BUILT:.0%} of the doc blocks are built", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
