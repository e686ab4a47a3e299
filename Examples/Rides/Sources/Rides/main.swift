import Foundation
import RidesApp

// rides [--script FILE] [--demo]
//   On a TTY: an interactive session (type `help`).
//   Piped: runs the commands read from standard input; with no commands at all, plays the demo.
let usage = "usage: rides [--script FILE] [--demo]"

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("rides: \(message)\n\(usage)\n".utf8))
  exit(2)
}

var script: String?
var playDemo = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--script":
    guard let path = arguments.popFirst() else { fail("--script needs a file") }
    do {
      script = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      fail("cannot read '\(path)': \(error.localizedDescription)")
    }
  case "--demo": playDemo = true
  case "-h", "--help":
    print(usage)
    exit(0)
  default: fail("unknown argument '\(argument)'")
  }
}

let interactive = script == nil && !playDemo && isatty(0) == 1 && isatty(1) == 1
let terminal = RidesTerminal(style: interactive ? .tty : .plain) { print($0) }
await terminal.start()

if let script {
  await terminal.run(script: script)
} else if playDemo {
  await terminal.run(script: Scenario.demo)
} else {
  var sawCommand = false
  if interactive { print("Type a command; help lists them (rides --demo plays a tour).") }
  while !terminal.hasQuit {
    if interactive { print("rides> ", terminator: "") }
    guard let line = readLine() else { break }
    sawCommand = true
    await terminal.run(line)
  }
  if !sawCommand, !interactive { await terminal.run(script: Scenario.demo) }
}
// A leak is a bug in the example: make it visible to scripts and CI.
if !terminal.leakReports.isEmpty { exit(1) }
