import Foundation

/// What Xcode does with a file template when a user fills in the "New File" dialog: copies each
/// file but `TemplateInfo.plist`, naming it after `productName` (`___FILEBASENAME___`), and
/// substitutes the `___VARIABLE_<option>___` macros and the file header.
struct XcodeInstantiation {
  var name: String
  var lowerName: String
  var flagKey: String
  var module: String

  /// Xcode's header for `file` in a project named `module`, as `//___FILEHEADER___` expands.
  func fileHeader(_ file: String) -> String {
    "\n//  \(file)\n//  \(module)\n//\n//  Created by Xcode on 27/11/2026.\n//"
  }

  /// The files `template` (a `.xctemplate` folder) creates: file name → contents.
  func files(of template: String) throws -> [String: String] {
    var result: [String: String] = [:]
    for file in try FileManager.default.contentsOfDirectory(atPath: template)
    where file != "TemplateInfo.plist" {
      let fileName = file.replacingOccurrences(of: "___FILEBASENAME___", with: name)
      var text = try String(contentsOfFile: template + "/" + file, encoding: .utf8)
      for (macro, value) in [
        ("___FILEHEADER___", fileHeader(fileName)), ("___FILEBASENAME___", name),
        ("___VARIABLE_productName___", name), ("___VARIABLE_lowerName___", lowerName),
        ("___VARIABLE_flagKey___", flagKey), ("___VARIABLE_module___", module),
      ] {
        text = text.replacingOccurrences(of: macro, with: value)
      }
      result[fileName] = text
    }
    return result
  }
}

/// The Xcode templates and what `ribcage new` command writes each one's files.
let xcodeTemplateCommands: [(template: String, command: [String])] = [
  ("RIB", ["new", "rib"]),
  ("Viewless RIB", ["new", "rib", "--viewless"]),
  ("RIB with Presenter", ["new", "rib", "--presenter"]),
  ("RIB with SwiftUI View", ["new", "rib", "--swiftui"]),
  ("Service", ["new", "service"]),
  ("Workflow", ["new", "workflow"]),
  ("Plugin", ["new", "plugin"]),
]
