// Where an app keeps its local flag file, for the excerpt that loads it.
import Foundation
import Ribcage

let flagsFile = URL(fileURLWithPath: "/tmp/flags.json")
