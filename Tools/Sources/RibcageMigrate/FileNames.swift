import SwiftSyntax

/// The imports of a file and the names written in it, read once before the migration's walk:
/// they decide whether the file is RIB code and whether its Combine or Rx import may go.
struct FileNames {
  /// The first component of every import (`Combine` for `import Combine`, `@_exported import
  /// Combine` and `import struct Combine.AnyPublisher`).
  private(set) var importedModules: Set<String> = []
  /// Names written as types or plain references (not after a `.`), imports left out.
  private(set) var plainNames: Set<String> = []
  /// Names written after a `.`.
  private(set) var memberNames: Set<String> = []
  /// Whether a projected value (`$title`, not `$0`) is used: it may be a `@Published` publisher.
  private(set) var usesProjectedValues = false

  /// The library modules a RIB file imports, before or after a migration.
  static let ribModules: Set<String> = [
    "RIBs", "ModernRIBs", "Ribcage", "RibcageUIKit", "RibcageSwiftUI", "RibcageCombine",
    "RibcageTesting",
  ]

  init(_ tree: SourceFileSyntax) {
    var previous: TokenSyntax?
    for token in tree.tokens(viewMode: .sourceAccurate) {
      defer { previous = token }
      if let importDecl = token.parent?.ancestorOrSelf(mapping: { $0.as(ImportDeclSyntax.self) }) {
        if let first = importDecl.path.first, token.id == first.name.id {
          importedModules.insert(token.text)
        }
        continue
      }
      switch token.tokenKind {
      case .identifier(let name):
        if previous?.tokenKind == .period {
          memberNames.insert(name)
        } else {
          plainNames.insert(name)
        }
      case .dollarIdentifier(let name):
        if name.dropFirst().contains(where: { !$0.isNumber }) { usesProjectedValues = true }
      default:
        break
      }
    }
  }

  /// Whether the file imports RIBs, ModernRIBs or a Ribcage library.
  var importsRIBs: Bool { !importedModules.isDisjoint(with: Self.ribModules) }

  /// Whether the file names a RIB's parts the way RIB code does (`TripInteractor`,
  /// `TripRouting`, `TripBuilder`): a test of them is a test of RIB code even when it reaches
  /// them through `@testable import` alone.
  var namesRIBParts: Bool {
    let suffixes = ["Interactor", "Interactable", "Router", "Routing", "Builder", "Buildable"]
    return plainNames.contains { name in suffixes.contains { name.hasSuffix($0) } }
  }

  /// Whether the file imports RxSwift, RxCocoa or RxRelay.
  var importsRx: Bool { !importedModules.isDisjoint(with: ["RxSwift", "RxCocoa", "RxRelay"]) }

  /// Whether anything in the file could come from Combine (when in doubt, it could).
  var couldUseCombine: Bool {
    usesProjectedValues || !plainNames.isDisjoint(with: CombineVocabulary.typeNames)
      || !memberNames.isDisjoint(with: CombineVocabulary.memberNames)
      || importedModules.contains(where: CombineVocabulary.isCombineLibrary)
  }

  /// Whether anything in the file could come from RxSwift, RxCocoa or RxRelay.
  var couldUseRx: Bool {
    let rxTypes = RxVocabulary.typeNames.union(RxEquivalent.types.keys)
    let rxMembers = RxVocabulary.memberNames.union(RxEquivalent.members.keys)
    return !plainNames.isDisjoint(with: rxTypes) || !memberNames.isDisjoint(with: rxMembers)
      || importedModules.contains {
        $0.hasPrefix("Rx") && !["RxSwift", "RxCocoa", "RxRelay"].contains($0)
      }
  }
}
