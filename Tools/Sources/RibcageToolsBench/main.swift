import Foundation
import RibcageLint
import SwiftParser

// ribcage-tools-bench [lint-corpus | graph-corpus] [--corpus DIR] [--rounds N]
//
// Times `ribcage lint` (all rules, every core) or `ribcage graph` over a large corpus of real
// Swift against the floor: a bare single-threaded read-and-parse of the same files with
// SwiftParser, alternately in one process. Prints
//   BENCH lint-corpus ribcage_ns=<ns per file> floor_ns=<ns per file> ratio=<ribcage/floor>
//   BENCH graph-corpus ribcage_ns=<ns per file> floor_ns=<ns per file> ratio=<ribcage/floor>
// (ratio = median of the paired rounds), lines per second of each, and for graph-corpus what
// `ribcage check` (lint and graph together) costs and how many parses it makes per file.
// graph-scale does the same over a generated app of 5,000 RIBs (a binary tree, uber style: a
// builder, component, router, interactor, view and protocols each, one file per RIB), where every
// file is RIB code and the whole-run resolution is what grows. Without a case, all run.

let usage =
  "usage: ribcage-tools-bench [lint-corpus | graph-corpus | graph-scale] [--corpus DIR] [--rounds N]"
let cases = ["lint-corpus", "graph-corpus", "graph-scale"]
var arguments = Array(CommandLine.arguments.dropFirst())
var selected = cases
if let first = arguments.first, !first.hasPrefix("--") {
  guard cases.contains(first) else {
    FileHandle.standardError.write(Data("unknown case '\(first)'\n\(usage)\n".utf8))
    exit(2)
  }
  selected = [first]
  arguments.removeFirst()
}
var corpus: String?
var rounds = 3
while !arguments.isEmpty {
  let flag = arguments.removeFirst()
  guard let value = arguments.first else {
    FileHandle.standardError.write(Data("\(flag) needs a value\n\(usage)\n".utf8))
    exit(2)
  }
  arguments.removeFirst()
  switch flag {
  case "--corpus": corpus = value
  case "--rounds":
    guard let count = Int(value), count > 0 else {
      FileHandle.standardError.write(Data("--rounds takes a positive number\n".utf8))
      exit(2)
    }
    rounds = count
  default:
    FileHandle.standardError.write(Data("unknown option \(flag)\n\(usage)\n".utf8))
    exit(2)
  }
}

/// The default corpus: the sources of large packages from this machine's package copies,
/// extracted once (about 640,000 lines).
func defaultCorpus() -> String {
  let folder = NSTemporaryDirectory() + "ribcage-lint-corpus"
  let packages = [
    ("apple/swift-nio", "2.101.3"), ("vapor/vapor", "4.122.3"), ("groue/GRDB.swift", "7.10.0"),
    ("apple/swift-collections", "1.6.0"), ("hummingbird-project/hummingbird", "2.28.1"),
    ("apple/swift-argument-parser", "1.8.2"), ("jpsim/Yams", "6.2.2"),
  ]
  for (repository, version) in packages {
    let target = folder + "/" + repository
    if FileManager.default.fileExists(atPath: target) { continue }
    try? FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = [
      "-c",
      "git -C /opt/swift-packages/\(repository).git archive \(version) | tar -x -C '\(target)'",
    ]
    try? process.run()
    process.waitUntilExit()
  }
  return folder
}

let root = corpus ?? defaultCorpus()
var files: [String] = []
if let enumerator = FileManager.default.enumerator(atPath: root) {
  while let path = enumerator.nextObject() as? String {
    guard path.hasSuffix(".swift"),
      !path.split(separator: "/").contains(where: { $0.hasPrefix(".") })
    else { continue }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory),
      !isDirectory.boolValue
    {
      files.append(root + "/" + path)
    }
  }
}
guard !files.isEmpty else {
  FileHandle.standardError.write(Data("no Swift files under \(root)\n".utf8))
  exit(2)
}

/// The floor: read each file and parse it, one after the other.
func floor(_ files: [String]) -> Int {
  var nodes = 0
  for path in files {
    guard let data = FileManager.default.contents(atPath: path) else { continue }
    let tree = data.withUnsafeBytes { raw in
      Parser.parse(source: raw.bindMemory(to: UInt8.self))
    }
    nodes &+= tree.endPosition.utf8Offset
  }
  return nodes
}

/// `ribcage lint` with every rule, one worker per core.
func ribcage(_ root: String, jobs: Int? = nil) -> LintReport {
  var linter = corpusLinter()
  linter.jobs = jobs
  return try! linter.lint(paths: [root], workingDirectory: root)
}

/// A linter that reads every file the floor parses: test folders included (by default they are
/// skipped), no configuration file in the corpus.
func corpusLinter() -> Linter {
  var configuration = LintConfiguration()
  configuration.includesTests = true
  return Linter(configuration: configuration)
}

func time(_ body: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  return Double(DispatchTime.now().uptimeNanoseconds - start)
}

func format(_ value: Double) -> String { String(format: "%.2f", value) }

/// The median of the paired ratios, and the median times per file.
@MainActor func summarize(_ name: String, ribcage: [Double], floor: [Double]) -> (
  ratio: Double, ns: Double
) {
  let ratios = zip(ribcage, floor).map { $0 / $1 }.sorted()
  let ratio = ratios[ratios.count / 2]
  let ribcageNs = ribcage.sorted()[ribcage.count / 2] / Double(files.count)
  let floorNs = floor.sorted()[floor.count / 2] / Double(files.count)
  print(
    "BENCH \(name) ribcage_ns=\(format(ribcageNs)) floor_ns=\(format(floorNs)) ratio=\(format(ratio))"
  )
  return (ratio, floorNs)
}

let cores = ProcessInfo.processInfo.activeProcessorCount

if selected.contains("lint-corpus") {
  var floorTimes: [Double] = []
  var ribcageTimes: [Double] = []
  var serialTimes: [Double] = []
  var lines = 0
  var findings = 0
  var analyzed = 0
  for _ in 0..<rounds {
    floorTimes.append(time { _ = floor(files) })
    ribcageTimes.append(
      time {
        let report = ribcage(root)
        lines = report.lineCount
        findings = report.findings.count
        analyzed = report.analyzedFileCount
      })
    // Informational: the same lint on one core shows what the rules and I/O cost over the parse.
    serialTimes.append(time { _ = ribcage(root, jobs: 1) })
  }
  let (_, floorNs) = summarize("lint-corpus", ribcage: ribcageTimes, floor: floorTimes)
  let ribcageNs = ribcageTimes.sorted()[rounds / 2] / Double(files.count)
  let serialRatios = zip(serialTimes, floorTimes).map { $0 / $1 }.sorted()
  print("lint-corpus: one core (--jobs 1) ratio=\(format(serialRatios[serialRatios.count / 2]))")
  print(
    "lint-corpus: \(files.count) files (\(analyzed) analysed), \(lines) lines, \(findings) findings, \(cores) cores; "
      + "ribcage \(Int(Double(lines) / (ribcageNs * Double(files.count) / 1e9))) lines/s, "
      + "floor \(Int(Double(lines) / (floorNs * Double(files.count) / 1e9))) lines/s")
}

if selected.contains("graph-corpus") {
  var floorTimes: [Double] = []
  var graphTimes: [Double] = []
  var serialTimes: [Double] = []
  var checkTimes: [Double] = []
  var graph: GraphReport?
  var check: (lint: LintReport, graph: GraphReport)?
  for _ in 0..<rounds {
    floorTimes.append(time { _ = floor(files) })
    graphTimes.append(
      time {
        graph = try! corpusLinter().graph(paths: [root], workingDirectory: root)
      })
    // Informational: on one core, and `ribcage check` (every lint rule and the graph).
    serialTimes.append(
      time {
        var linter = corpusLinter()
        linter.jobs = 1
        _ = try! linter.graph(paths: [root], workingDirectory: root)
      })
    checkTimes.append(
      time {
        check = try! corpusLinter().check(paths: [root], workingDirectory: root)
      })
  }
  _ = summarize("graph-corpus", ribcage: graphTimes, floor: floorTimes)
  let serialRatios = zip(serialTimes, floorTimes).map { $0 / $1 }.sorted()
  let checkRatios = zip(checkTimes, floorTimes).map { $0 / $1 }.sorted()
  print("graph-corpus: one core (--jobs 1) ratio=\(format(serialRatios[serialRatios.count / 2]))")
  if let graph, let check {
    print(
      "graph-corpus: \(graph.analyzedFileCount) files analysed, \(graph.lineCount) lines, "
        + "\(graph.graph.nodes.count) RIBs, \(graph.parseCount) parses "
        + "(\(format(Double(graph.parseCount) / Double(max(graph.analyzedFileCount, 1)))) per file), \(cores) cores"
    )
    print(
      "graph-corpus: ribcage check (lint + graph) ratio=\(format(checkRatios[checkRatios.count / 2])), "
        + "\(check.lint.parseCount) parses for \(check.lint.analyzedFileCount) files "
        + "(\(format(Double(check.lint.parseCount) / Double(max(check.lint.analyzedFileCount, 1)))) per file), "
        + "\(check.lint.findings.count) findings")
  }
}

/// Writes an app of `count` RIBs in a binary tree under `folder` (one file each) and returns
/// the files.
func generateApp(count: Int, in folder: String) -> [String] {
  var paths: [String] = []
  for index in 0..<count {
    let name = "R\(index)"
    let children = [2 * index + 1, 2 * index + 2].filter { $0 < count }
    let conformances = children.map { "extension \(name)Component: R\($0)Dependency {}" }
      .joined(separator: "\n")
    let creations = children.map { "      r\($0)Builder: R\($0)Builder(dependency: component)," }
      .joined(separator: "\n")
    let parameters = children.map { "r\($0)Builder: any R\($0)Buildable, " }.joined()
    let stored = children.map { "  private let r\($0)Builder: any R\($0)Buildable" }
      .joined(separator: "\n")
    let listeners = children.map { ", R\($0)Listener" }.joined()
    let source = """
      import RIBs
      protocol \(name)Dependency: Dependency {
        var shared: SharedService { get }
      }
      final class \(name)Component: Component<\(name)Dependency> {
        var shared: SharedService { dependency.shared }
      }
      \(conformances)
      protocol \(name)Listener: AnyObject {}
      protocol \(name)Buildable: Buildable {
        func build(withListener listener: \(name)Listener) -> \(name)Routing
      }
      final class \(name)Builder: Builder<\(name)Dependency>, \(name)Buildable {
        func build(withListener listener: \(name)Listener) -> \(name)Routing {
          let component = \(name)Component(dependency: dependency)
          let viewController = \(name)ViewController()
          let interactor = \(name)Interactor(presenter: viewController)
          interactor.listener = listener
          return \(name)Router(
      \(creations)
            interactor: interactor, viewController: viewController)
        }
      }
      protocol \(name)Routing: ViewableRouting {}
      protocol \(name)Interactable: Interactable\(listeners) {}
      protocol \(name)ViewControllable: ViewControllable {}
      final class \(name)Router: ViewableRouter<\(name)Interactable, \(name)ViewControllable>,
        \(name)Routing
      {
      \(stored)
        init(\(parameters)interactor: \(name)Interactable, viewController: \(name)ViewControllable) {
          super.init(interactor: interactor, viewController: viewController)
        }
      }
      protocol \(name)Presentable: Presentable {}
      final class \(name)Interactor: PresentableInteractor<\(name)Presentable>, \(name)Interactable {
        weak var listener: \(name)Listener?
      }
      final class \(name)ViewController: UIViewController, \(name)Presentable,
        \(name)ViewControllable {}

      """
    let path = folder + "/Features/\(name).swift"
    paths.append(path)
    _ = FileManager.default.createFile(atPath: path, contents: Data(source.utf8))
  }
  let app = folder + "/AppDelegate.swift"
  _ = FileManager.default.createFile(
    atPath: app,
    contents: Data(
      """
      final class AppDelegate {
        func start() { _ = R0Builder(dependency: AppComponent()).build(withListener: self) }
      }
      final class AppComponent: Component<EmptyDependency>, R0Dependency {
        var shared: SharedService { SharedService() }
      }

      """.utf8))
  return paths + [app]
}

if selected.contains("graph-scale") {
  let folder = NSTemporaryDirectory() + "ribcage-graph-scale-" + UUID().uuidString
  try? FileManager.default.createDirectory(
    atPath: folder + "/Features", withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: folder) }
  let count = 5_000
  let generated = generateApp(count: count, in: folder)
  var floorTimes: [Double] = []
  var graphTimes: [Double] = []
  var graph: GraphReport?
  for _ in 0..<rounds {
    floorTimes.append(time { _ = floor(generated) })
    graphTimes.append(
      time { graph = try! corpusLinter().graph(paths: [folder], workingDirectory: folder) })
  }
  let ratios = zip(graphTimes, floorTimes).map { $0 / $1 }.sorted()
  let graphNs = graphTimes.sorted()[rounds / 2] / Double(generated.count)
  let floorNs = floorTimes.sorted()[rounds / 2] / Double(generated.count)
  print(
    "BENCH graph-scale ribcage_ns=\(format(graphNs)) floor_ns=\(format(floorNs)) ratio=\(format(ratios[ratios.count / 2]))"
  )
  if let graph {
    print(
      "graph-scale: \(graph.graph.nodes.count) RIBs, \(graph.graph.edges.count) edges, "
        + "\(graph.graph.problems.count) problems, \(graph.lineCount) lines, "
        + "\(format(graphTimes.sorted()[rounds / 2] / 1e9)) s, \(cores) cores")
  }
}
