import Foundation
import Testing

@testable import RibcageInspectServer

/// An installed `ribcage` (`swift package experimental-install` copies the executable alone)
/// finds the inspector's page or serves a note saying what to copy; it never traps.
@Suite(.timeLimit(.minutes(10)))
struct PageResourcesTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("ribcage-page-\(UUID().uuidString)")

  @Test func aResourceBundleBesideTheExecutableIsUsedFirst() throws {
    let page = folder.appendingPathComponent("bin/RibcageTools_RibcageInspectServer.resources/Page")
    try FileManager.default.createDirectory(at: page, withIntermediateDirectories: true)
    try Data("<html></html>".utf8).write(to: page.appendingPathComponent("index.html"))
    defer { try? FileManager.default.removeItem(at: folder) }
    let found = PageResources.folder(
      executableFolder: folder.appendingPathComponent("bin"), sourceFolder: "/nowhere")
    #expect(found == page.path)
  }

  @Test func withoutTheBundleTheSourceTreeTheToolWasBuiltFromServes() throws {
    #expect(PageResources.folder.map { $0.hasSuffix("/Page") } == true)
    #expect(PageDocument.resource("inspector.js").contains("WebSocket"))
  }

  @Test func withNeitherThereIsNoFolderAndTheNoteSaysWhatToCopy() {
    #expect(PageResources.folder(executableFolder: folder, sourceFolder: "/nowhere") == nil)
    #expect(PageResources.missingNote.contains("RibcageTools_RibcageInspectServer.resources"))
  }
}
