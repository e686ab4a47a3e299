import Foundation
import RibcageCommands
import Testing

/// `ribcage templates xcode`: Xcode file templates generated from `ribcage new`'s templates.
/// (GeneratedPackageTests compiles and runs every template's files in a generated package.)
@Suite(.timeLimit(.minutes(10)))
struct XcodeTemplateTests {
  /// Xcode's templates, written once per test into a temporary folder.
  let folder = TemporaryFolder()

  init() throws {
    let run = ribcage(["templates", "xcode", "--output", "Xcode"], in: folder.path)
    try #require(run.status == 0, "\(run.errorText)")
  }

  @Test func eachTemplateCreatesExactlyWhatRibcageNewWrites() throws {
    let xcode = XcodeInstantiation(
      name: "Checkout", lowerName: "checkout", flagKey: "checkout", module: "App")
    for (template, command) in xcodeTemplateCommands {
      let project = TemporaryFolder()
      let run = ribcage(command + ["Checkout", "--output", "Sources/App"], in: project.path)
      try #require(run.status == 0, "\(command): \(run.errorText)")
      var xcodeFiles = try xcode.files(of: folder.path + "/Xcode/\(template).xctemplate")
      for (name, text) in try xcode.files(of: folder.path + "/Xcode/\(template) Tests.xctemplate") {
        #expect(xcodeFiles[name] == nil, "\(name) is in both of \(template)'s templates")
        xcodeFiles[name] = text
      }
      let newFiles = Dictionary(
        uniqueKeysWithValues: project.files.map {
          (String($0.split(separator: "/").last!), project.read($0)!)
        })
      #expect(xcodeFiles.keys.sorted() == newFiles.keys.sorted(), "\(template)")
      for (name, text) in newFiles {
        let fromXcode = try #require(xcodeFiles[name], "\(template): no \(name)")
        // Only the header differs: Xcode's in place of `ribcage new`'s first line.
        #expect(fromXcode.hasPrefix("//" + xcode.fileHeader(name) + "\n"), "\(name)")
        #expect(
          fromXcode.dropFirst(2 + xcode.fileHeader(name).count)
            == text.drop { $0 != "\n" }, "\(template): \(name) drifted from ribcage new")
      }
    }
  }

  @Test func everyTemplateInfoIsAPropertyListWithTheKeysXcodeReads() throws {
    let templates = folder.files.filter { $0.hasSuffix("/TemplateInfo.plist") }
    #expect(templates.count == 2 * xcodeTemplateCommands.count)
    for path in templates {
      let data = try #require(FileManager.default.contents(atPath: folder.path + "/" + path))
      let plist = try #require(
        try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
      #expect(plist["Kind"] as? String == "Xcode.IDEFoundation.TextSubstitutionFileTemplateKind")
      #expect(plist["SupportsSwiftPackage"] as? Bool == true, "\(path)")
      #expect(plist["AllowedTypes"] as? [String] == ["public.swift-source"])
      #expect(plist["Platforms"] as? [String] == [])
      #expect(plist["SortOrder"] as? Int != nil)
      #expect((plist["Summary"] as? String)?.isEmpty == false)
      let main = try #require(plist["MainTemplateFile"] as? String)
      #expect(folder.exists(String(path.dropLast("TemplateInfo.plist".count)) + main), "\(path)")
      let options = try #require(plist["Options"] as? [[String: Any]])
      #expect(options.first?["Identifier"] as? String == "productName")
      // Every macro a file uses is a field of the dialog.
      let identifiers = Set(options.compactMap { $0["Identifier"] as? String })
      let folderPath = folder.path + "/" + String(path.dropLast("/TemplateInfo.plist".count))
      for file in try FileManager.default.contentsOfDirectory(atPath: folderPath) {
        let text = try String(contentsOfFile: folderPath + "/" + file, encoding: .utf8)
        for identifier in ["productName", "lowerName", "flagKey", "module"]
        where text.contains("___VARIABLE_\(identifier)___") {
          #expect(identifiers.contains(identifier), "\(path): \(file) uses \(identifier)")
        }
        #expect(!text.contains("Qqz") && !text.contains("qqz"), "\(file): a placeholder is left")
      }
    }
  }

  /// Python's plistlib is strict about XML property lists (the DTD's structure, escaping):
  /// a second reader, beside Foundation's, that Xcode's would accept.
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")))
  func pythonsPlistlibReadsEveryTemplateInfo() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [
      "-c",
      "import glob, plistlib, sys; files = glob.glob(sys.argv[1] + '/*/TemplateInfo.plist'); "
        + "[plistlib.load(open(f, 'rb'), fmt=plistlib.FMT_XML) for f in files]; print(len(files))",
      folder.path + "/Xcode",
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(output == "\(2 * xcodeTemplateCommands.count)\n")
  }

  @Test func installReplacesTheRibcageFolderWhereXcodeLooks() throws {
    let home = TemporaryFolder()
    let stale = "Library/Developer/Xcode/Templates/File Templates/Ribcage/Old.xctemplate/x.swift"
    let mine = "Library/Developer/Xcode/Templates/File Templates/Mine.xctemplate/x.swift"
    home.write(stale, "")
    home.write(mine, "")
    let log = OutputBox()
    let console = ToolConsole(
      workingDirectory: folder.path,
      output: ConsoleStream(isTerminal: false) { log.out.append($0) },
      errors: ConsoleStream(isTerminal: false) { log.error.append($0) },
      environment: ["HOME": home.path])
    #expect(RibcageTool.run(["templates", "xcode", "--install"], on: console) == 0)
    #expect(!home.exists(stale))
    #expect(home.exists(mine))  // another vendor's templates stay
    #expect(
      home.exists(
        "Library/Developer/Xcode/Templates/File Templates/Ribcage/RIB.xctemplate/TemplateInfo.plist"
      ))
  }

  @Test func overridesInRibcageTemplatesReachXcode() throws {
    folder.write(".ribcage/templates/service.swift.stencil", "{{ header }}\n// our {{ name }}\n")
    let run = ribcage(["templates", "xcode", "--output", "Team"], in: folder.path)
    try #require(run.status == 0, "\(run.errorText)")
    #expect(
      folder.read("Team/Service.xctemplate/___FILEBASENAME___Service.swift")
        == "//___FILEHEADER___\n// our ___VARIABLE_productName___\n")
  }
}
