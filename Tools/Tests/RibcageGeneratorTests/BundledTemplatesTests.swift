import Foundation
import Testing

@testable import RibcageGenerator

/// An installed `ribcage` (`swift package experimental-install` copies the executable alone)
/// finds its templates or says what to copy; it never traps.
@Suite(.timeLimit(.minutes(10)))
struct BundledTemplatesTests {
  let empty = TemporaryFolder()

  @Test func aResourceBundleBesideTheExecutableIsUsedFirst() throws {
    empty.write(
      "bin/RibcageTools_RibcageGenerator.resources/Templates/rib.builder.swift.stencil", "")
    let folder = try BundledTemplates.folder(
      executableFolder: URL(fileURLWithPath: empty.path + "/bin"), sourceFolder: "/nowhere")
    #expect(folder == empty.path + "/bin/RibcageTools_RibcageGenerator.resources/Templates")
  }

  @Test func withoutTheBundleTheSourceTreeTheToolWasBuiltFromServes() throws {
    let folder = try BundledTemplates.folder(
      executableFolder: URL(fileURLWithPath: empty.path))
    #expect(FileManager.default.fileExists(atPath: folder + "/service.swift.stencil"))
  }

  @Test func withNeitherTheErrorSaysWhatToCopyWhere() {
    #expect {
      try BundledTemplates.folder(
        executableFolder: URL(fileURLWithPath: empty.path), sourceFolder: "/nowhere")
    } throws: { error in
      "\(error)".contains("copy the build folder's RibcageTools_RibcageGenerator.resources")
        && "\(error)".contains(empty.path)
    }
  }
}
