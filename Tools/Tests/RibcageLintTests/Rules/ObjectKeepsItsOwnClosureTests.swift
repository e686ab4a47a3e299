import RibcageLint
import Testing

// `retain-cycle-closure` (Sources/RibcageLint/Rules/RetainCycleClosure.swift): a closure kept
// by an object (an alert's action, a view's bag) that uses that object strongly.

/// A closure kept by an object it uses strongly, whoever writes it: an alert keeps the actions
/// added to it, a view keeps the subscriptions in its own bag.
@Suite(.timeLimit(.minutes(10))) struct ObjectKeepsItsOwnClosureTests {
  @Test func anAlertActionUsingItsAlertIsACycle() throws {
    let source = """
      import RIBs
      final class RenameViewController: UIViewController, RenamePresentable {
        func askName(done: @escaping (String) -> Void) {
          let prompt = UIAlertController(title: "Rename", message: nil, preferredStyle: .alert)
          prompt.addTextField()
          prompt.addAction(UIAlertAction(title: "OK", style: .default) { _ in
            done(prompt.textFields?.first?.text ?? "")
          })
          let keep = UIAlertAction(title: "Keep", style: .default, handler: { _ in
            done(prompt.message ?? "")
          })
          prompt.addAction(keep)
          present(prompt, animated: true)
        }
      }
      """
    let found = try findings(source, rule: .retainCycleClosure)
    // prompt → action → handler → prompt: every prompt shown leaks. Reached through an API that
    // keeps the action: a warning.
    #expect(found.map(\.line) == [6, 9])
    #expect(found.map(\.severity) == [.warning, .warning])
  }

  @Test func anAlertActionNotUsingItsAlertStronglyIsNoCycle() throws {
    let source = """
      import RIBs
      final class RenameViewController: UIViewController, RenamePresentable {
        func askName(done: @escaping (String) -> Void) {
          let prompt = UIAlertController(title: "Rename", message: nil, preferredStyle: .alert)
          prompt.addAction(UIAlertAction(title: "OK", style: .default) { [weak prompt] _ in
            done(prompt?.textFields?.first?.text ?? "")
          })
          let other = UIAlertController(title: "Other", message: nil, preferredStyle: .alert)
          prompt.addAction(UIAlertAction(title: "Cancel", style: .cancel) { _ in
            other.dismiss(animated: true)
          })
          let cancel = UIAlertAction(title: "Cancel", style: .cancel) { _ in done(prompt.title ?? "") }
          other.addAction(cancel)
          present(prompt, animated: true)
        }
      }
      """
    #expect(try lines(source, .retainCycleClosure).isEmpty)
  }

  @Test func aSubscriptionKeptInTheBagOfTheObjectItUsesIsACycle() throws {
    let source = """
      import RIBs
      import RxSwift
      final class ShelfViewController: UIViewController, ShelfPresentable {
        private let disposeBag = DisposeBag()
        func header(at path: IndexPath) -> ShelfHeader {
          let header = collection.dequeueHeader(at: path)
          header.tap.rx.event.bind { _ in
            header.wiggle()
          }.disposed(by: header.disposeBag)
          return header
        }
      }
      final class ShelfPanel: UIView {
        private let disposeBag = DisposeBag()
        func bind(_ rows: Observable<[Row]>) {
          rows.withUnretained(self).subscribe(onNext: { panel, rows in
            panel.picker.done.subscribe(onNext: { choice in
              panel.choose(choice, in: rows)
            }).disposed(by: panel.disposeBag)
          }).disposed(by: disposeBag)
        }
      }
      """
    let found = try findings(source, rule: .retainCycleClosure)
    // header → bag → subscription → closure → header, one more each time the header is dequeued;
    // the panel keeps the inner subscription that keeps the panel. Warnings: the object may
    // empty its bag (on reuse) somewhere this file does not show.
    #expect(found.map(\.line) == [7, 17])
    #expect(found.map(\.severity) == [.warning, .warning])
  }

  @Test func aSubscriptionInAnotherObjectsBagOrWeakIsNoCycle() throws {
    let source = """
      import RIBs
      import RxSwift
      final class ShelfViewController: UIViewController, ShelfPresentable {
        private let disposeBag = DisposeBag()
        func header(at path: IndexPath) -> ShelfHeader {
          let header = collection.dequeueHeader(at: path)
          header.tap.rx.event.bind { [weak header] _ in
            header?.wiggle()
          }.disposed(by: header.disposeBag)
          header.tap.rx.event.bind(with: header) { header, _ in
            header.wiggle()
          }.disposed(by: header.disposeBag)
          let footer = collection.dequeueFooter(at: path)
          footer.tap.rx.event.bind { _ in
            header.wiggle()
          }.disposed(by: footer.disposeBag)
          return header
        }
      }
      """
    #expect(try lines(source, .retainCycleClosure).isEmpty)
  }
}
