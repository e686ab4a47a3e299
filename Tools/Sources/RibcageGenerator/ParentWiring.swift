/// The changes to a parent RIB's generated files that route to a new child: its listener, its
/// view protocol (for a viewless child), a builder property and `routeTo`/`routeAwayFrom` methods
/// in the router, the routing methods in the routing protocol and its mock, the listener method in
/// the interactor and its mock, and the builder line that hands the router the child's builder.
///
/// The same edits are either printed (each names its file and where it goes, so the code compiles
/// as pasted) or applied by `ribcage new rib --wire`. They keep the parent's initialisers as they
/// are, so the parent's generated mocks and tests go on compiling and passing.
struct ParentWiring {
  /// One insertion into one of the parent's files.
  struct Edit: Equatable {
    /// Where the text goes.
    enum Place: Equatable {
      /// Appended to the inheritance clause of the declaration whose line contains the string.
      case inheritance(of: String)
      /// Before the closing brace of the declaration whose line contains the string.
      case endOf(String)
      /// Before the line whose trimmed text equals the string.
      case before(line: String)
    }

    /// The file's name, e.g. `RootRouter.swift`.
    let file: String
    let place: Place
    let text: String

    /// Where the edit goes, in words, for the printed snippet.
    var location: String {
      switch place {
      case .inheritance(let declaration): "add to the inheritance of `\(declaration)`:"
      case .endOf(let declaration): "add inside `\(declaration)`, at its end:"
      case .before(let line): "add before `\(line)`:"
      }
    }
  }

  let parent: String
  let child: String
  let lowerChild: String
  let childHasView: Bool
  /// Whether the parent has a view of its own (else it presents into its parent's view).
  let parentHasView: Bool

  /// Every edit, in the order the snippet prints them.
  var edits: [Edit] {
    let parentView = parentHasView ? "viewController" : "presentingView"
    let buildArguments =
      childHasView
      ? "withListener: interactor" : "withListener: interactor, presentingView: \(parentView)"
    var router = """
        /// Builds \(child); \(parent)Builder sets it (a parent's tests may set a mock).
        var \(lowerChild)Builder: (any \(child)Buildable)?
        private var \(lowerChild): (any \(child)Routing)?

        func routeTo\(child)() {
          guard \(lowerChild) == nil, let builder = \(lowerChild)Builder else { return }
          let router = builder.build(\(buildArguments))
          \(lowerChild) = router
          attachChild(router)

      """
    if childHasView { router += "    \(parentView).show(router.viewControllable)\n" }
    router += """
        }

        func routeAwayFrom\(child)() {
          guard let router = \(lowerChild) else { return }

      """
    if childHasView { router += "    \(parentView).remove(router.viewControllable)\n" }
    router += """
          detachChild(router)
          \(lowerChild) = nil
        }
      """
    var result: [Edit] = [
      Edit(
        file: "\(parent)Router.swift", place: .inheritance(of: "protocol \(parent)Interactable"),
        text: "\(child)Listener")
    ]
    if !childHasView {
      result.append(
        Edit(
          file: "\(parent)Router.swift",
          place: .inheritance(of: "protocol \(parent)ViewControllable"),
          text: "\(child)ViewControllable"))
    }
    result += [
      Edit(
        file: "\(parent)Router.swift", place: .endOf("final class \(parent)Router"), text: router),
      Edit(
        file: "\(parent)Interactor.swift", place: .endOf("protocol \(parent)Routing"),
        text: "  func routeTo\(child)()\n  func routeAwayFrom\(child)()"),
      Edit(
        file: "\(parent)Interactor.swift", place: .endOf("final class \(parent)Interactor"),
        text: """
            // MARK: \(child)Listener

            func \(lowerChild)DidFinish() {
              router?.routeAwayFrom\(child)()
            }
          """),
      Edit(
        file: "\(parent)Builder.swift", place: .before(line: "return router"),
        text: "    router.\(lowerChild)Builder = \(child)Builder(dependency: component)"),
      Edit(
        file: "\(parent)Mocks.swift", place: .endOf("final class \(parent)RoutingMock"),
        text: """
            private(set) var routeTo\(child)CallCount = 0
            private(set) var routeAwayFrom\(child)CallCount = 0

            func routeTo\(child)() {
              routeTo\(child)CallCount += 1
            }

            func routeAwayFrom\(child)() {
              routeAwayFrom\(child)CallCount += 1
            }
          """),
      Edit(
        file: "\(parent)Mocks.swift", place: .endOf("final class \(parent)InteractableMock"),
        text: "  func \(lowerChild)DidFinish() {}"),
    ]
    return result
  }

  /// The edits as text to paste, grouped by file.
  var snippet: String {
    var lines: [String] = []
    var lastFile = ""
    for edit in edits {
      if edit.file != lastFile {
        lines.append("\(edit.file):")
        lastFile = edit.file
      }
      lines.append("  \(edit.location)")
      lines.append("")
      for line in edit.text.split(separator: "\n", omittingEmptySubsequences: false) {
        lines.append(line.isEmpty ? "" : "    " + line)
      }
      lines.append("")
    }
    return lines.joined(separator: "\n")
  }

  /// `text` (the contents of `file`) with the edits for that file applied.
  ///
  /// - Throws: ``GeneratorError/cannotWire(file:missing:)`` when a place is not found (a file
  ///   changed by hand, or generated by an older `ribcage`).
  func apply(to text: String, file: String) throws(GeneratorError) -> String {
    // Lines are edited with `\n` endings; a file written with `\r\n` (Windows, git's autocrlf)
    // gets them back. (In Swift `\r\n` is one character: a split on `\n` would not see it.)
    let crlf = text.contains("\r\n")
    let unified = crlf ? text.replacingOccurrences(of: "\r\n", with: "\n") : text
    let edited = try applyToLines(of: unified, file: file)
    return crlf ? edited.replacingOccurrences(of: "\n", with: "\r\n") : edited
  }

  private func applyToLines(of text: String, file: String) throws(GeneratorError) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for edit in edits where edit.file == file {
      switch edit.place {
      case .inheritance(let declaration):
        guard let index = lines.firstIndex(where: { $0.contains(declaration) }),
          let brace = lines[index].range(of: " {", options: .backwards)
        else { throw .cannotWire(file: file, missing: declaration) }
        lines[index].replaceSubrange(brace, with: ", \(edit.text) {")
      case .endOf(let declaration):
        guard let start = lines.firstIndex(where: { $0.contains(declaration) }),
          let end = Self.closingLine(in: lines, from: start)
        else { throw .cannotWire(file: file, missing: declaration) }
        // A body written on its declaration's line (`class X { var a = 1 }`) has no line to add
        // members before.
        guard end > start || lines[end].hasSuffix("{}") else {
          throw .cannotWire(file: file, missing: "\(declaration) with its body on lines of its own")
        }
        var inserted = edit.text.split(separator: "\n", omittingEmptySubsequences: false).map(
          String.init)
        let opensEmpty = lines[end].hasSuffix("{}")
        if opensEmpty {
          // `class X: Y {}`: open the braces first.
          lines[end].removeLast()
          inserted.append("}")
        } else if !lines[end - 1].hasSuffix("{") {
          inserted.insert("", at: 0)
        }
        lines.insert(contentsOf: inserted, at: opensEmpty ? end + 1 : end)
      case .before(let line):
        guard let index = lines.firstIndex(where: { $0.trimmingSpaces == line }) else {
          throw .cannotWire(file: file, missing: line)
        }
        lines.insert(edit.text, at: index)
        // The placeholder use of `component` is no longer needed once a child builder takes it.
        lines.removeAll { $0.trimmingSpaces.hasPrefix("_ = component  //") }
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The line holding the brace that closes the declaration starting at `start`; the start line
  /// itself when the declaration is `{}`.
  private static func closingLine(in lines: [String], from start: Int) -> Int? {
    var depth = 0
    var opened = false
    for index in start..<lines.count {
      for character in lines[index] {
        if character == "{" {
          depth += 1
          opened = true
        } else if character == "}" {
          depth -= 1
          if opened, depth == 0 { return index }
        }
      }
    }
    return nil
  }
}

extension String {
  fileprivate var trimmingSpaces: Substring {
    let start = firstIndex { $0 != " " } ?? endIndex
    let end = lastIndex { $0 != " " }.map { index(after: $0) } ?? endIndex
    return start < end ? self[start..<end] : ""
  }
}
