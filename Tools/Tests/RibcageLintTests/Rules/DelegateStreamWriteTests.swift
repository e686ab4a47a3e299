import RibcageLint
import Testing

// `stream-written-outside-service` (Sources/RibcageLint/Rules/StreamWrittenOutsideService.swift):
// a view writing a stream its delegate, a RIB's interactor, owns.

/// A view writing a stream of its delegate: the interactor's state when a RIB's interactor is
/// that delegate (implements the protocol that requires the stream).
@Suite(.timeLimit(.minutes(10))) struct DelegateStreamWriteTests {
  static let cell = """
    import UIKit
    import RxSwift
    protocol NoteFieldDelegate: AnyObject {
      var withinLimit: PublishSubject<Bool> { get }
    }
    final class NoteFieldModel {
      weak var delegate: NoteFieldDelegate?
    }
    final class NoteFieldCell: UITableViewCell {
      private let disposeBag = DisposeBag()
      private let edited = PublishSubject<String>()
      func bind(_ model: NoteFieldModel) {
        field.rx.text.orEmpty.subscribe(onNext: { [weak self] text in
          model.delegate?.withinLimit.onNext(text.count <= 40)
          self?.edited.onNext(text)
        }).disposed(by: disposeBag)
      }
    }
    """

  @Test func aCellWritingItsInteractorsStreamThroughADelegateIsReported() throws {
    let files = [
      "Note/Views/NoteFieldCell.swift": Self.cell,
      "Note/NoteInteractor.swift": """
      import RIBs
      import RxSwift
      final class NoteInteractor: PresentableInteractor<NotePresentable> {
        let withinLimit = PublishSubject<Bool>()
      }
      extension NoteInteractor: NoteFieldDelegate {}
      """,
    ]
    #expect(
      try findingPlaces(files, .streamWrittenOutsideService) == [
        "Note/Views/NoteFieldCell.swift:14"
      ])
  }

  @Test func aCellWritingAStreamOfADelegateNoInteractorImplementsIsNot() throws {
    let files = [
      "Note/Views/NoteFieldCell.swift": Self.cell,
      "Note/NoteFormModel.swift": """
      import RxSwift
      final class NoteFormModel: NoteFieldDelegate {
        let withinLimit = PublishSubject<Bool>()
      }
      """,
    ]
    #expect(try findingPlaces(files, .streamWrittenOutsideService).isEmpty)
  }
}
