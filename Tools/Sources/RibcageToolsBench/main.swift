import Foundation
import RibcageLint
import SwiftParser

// ribcage-tools-bench lint-corpus [--corpus DIR] [--rounds N]
//
// Times `ribcage lint` (all rules, every core) over a large corpus of real Swift against the
// floor: a bare single-threaded read-and-parse of the same files with SwiftParser, alternately
// in one process. Prints
//   BENCH lint-corpus ribcage_ns=<ns per file> floor_ns=<ns per file> ratio=<ribcage/floor>
// (ratio = median of the paired rounds) and lines per second of each.

let usage = "usage: ribcage-tools-bench lint-corpus [--corpus DIR] [--rounds N]"
var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.first == "lint-corpus" || arguments.isEmpty else {
  FileHandle.standardError.write(Data("unknown case '\(arguments[0])'\n\(usage)\n".utf8))
  exit(2)
}
if !arguments.isEmpty { arguments.removeFirst() }
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

/// `ribcage lint` with every rule, one worker per core, looking up each folder's configuration
/// as the command does.
func ribcage(_ root: String, jobs: Int? = nil) -> LintReport {
  var linter = Linter(configurations: .nearest)
  linter.jobs = jobs
  return try! linter.lint(paths: [root], workingDirectory: root)
}

func time(_ body: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  return Double(DispatchTime.now().uptimeNanoseconds - start)
}

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
let ratios = zip(ribcageTimes, floorTimes).map { $0 / $1 }.sorted()
let ratio = ratios[ratios.count / 2]
let ribcageNs = ribcageTimes.sorted()[rounds / 2] / Double(files.count)
let floorNs = floorTimes.sorted()[rounds / 2] / Double(files.count)
func format(_ value: Double) -> String { String(format: "%.2f", value) }
print(
  "BENCH lint-corpus ribcage_ns=\(format(ribcageNs)) floor_ns=\(format(floorNs)) ratio=\(format(ratio))"
)
let serialRatios = zip(serialTimes, floorTimes).map { $0 / $1 }.sorted()
print("lint-corpus: one core (--jobs 1) ratio=\(format(serialRatios[serialRatios.count / 2]))")
let cores = ProcessInfo.processInfo.activeProcessorCount
print(
  "lint-corpus: \(files.count) files (\(analyzed) analysed), \(lines) lines, \(findings) findings, \(cores) cores; "
    + "ribcage \(Int(Double(lines) / (ribcageNs * Double(files.count) / 1e9))) lines/s, "
    + "floor \(Int(Double(lines) / (floorNs * Double(files.count) / 1e9))) lines/s")
