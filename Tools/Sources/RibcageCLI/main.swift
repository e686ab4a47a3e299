import Foundation
import RibcageCommands

exit(RibcageTool.run(Array(CommandLine.arguments.dropFirst()), on: .process()))
