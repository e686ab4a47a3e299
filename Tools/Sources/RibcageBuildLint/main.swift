import Foundation
import RibcageLint

// `ribcage-build-lint <package-folder> <path>...`: what the `RibcageBuildPlugin` build-tool
// plugin runs on every build. It lints the paths with each file's nearest `.ribcage.yml` (as
// `ribcage lint` does) and prints the findings as the compiler prints diagnostics —
// `/absolute/path:line:col: warning: message [rule-id]` — which SwiftPM and Xcode show at the
// finding's file and line. It exits 1 only when a finding is at error severity, so warnings never
// fail a build. Its own target keeps a consumer's first build small: swift-syntax and Yams, not
// the inspector's web server or the generator.
let arguments = Array(CommandLine.arguments.dropFirst())
guard let packageFolder = arguments.first else {
  FileHandle.standardError.write(
    Data("usage: ribcage-build-lint <package-folder> <path>...\n".utf8))
  exit(2)
}
let paths = Array(arguments.dropFirst())
do {
  let report = try Linter().lint(paths: paths, workingDirectory: packageFolder)
  for finding in report.findings {
    let path =
      finding.path.hasPrefix("/") ? finding.path : packageFolder + "/" + finding.path
    print(
      "\(path):\(finding.line):\(finding.column): \(finding.severity.rawValue): "
        + "\(finding.message) [\(finding.rule)]")
  }
  exit(report.hasErrors ? 1 : 0)
} catch {
  print("\(packageFolder): error: ribcage lint could not run: \(error)")
  exit(1)
}
