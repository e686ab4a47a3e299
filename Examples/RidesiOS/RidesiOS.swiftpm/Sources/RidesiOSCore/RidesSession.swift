import Observation
import Ribcage
import RibcageInspector
import RidesKit

/// One run of Rides on a device: the app's scope and tree, built with the platform's views, and the
/// deep links it serves. The iPhone app holds one; its tests hold one with views of their own.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
@Observable
public final class RidesSession {
  /// The services, flags and plugin points — RidesKit's, shared with the terminal.
  @ObservationIgnored public let app: AppComponent
  /// The tree's root.
  @ObservationIgnored public let root: RootRouter
  /// What the last deep link did, for the app to show: its workflow's message, or why it could
  /// not be served.
  public private(set) var lastLinkMessage: String?
  /// The inspector connection, once ``inspect(_:)`` made one.
  @ObservationIgnored public private(set) var inspector: Inspector?
  @ObservationIgnored private let links = RidesLinks.makeRouter()
  @ObservationIgnored private let workflows = WorkflowRunner()

  /// A session whose screens `views` makes. The tree's context is Ribcage's default: its leak
  /// detector is on in debug builds and reports what a detach left alive.
  public init(views: any RidesViews) {
    app = AppComponent(views: views)
    root = RootBuilder(dependency: app).build()
  }

  /// Launches the tree into `host` once (a SwiftUI scene may appear more than once).
  public func launch(from host: any LaunchHost) {
    if !root.isLaunched { root.launch(from: host) }
  }

  /// Serves a `rides://…` URL (`onOpenURL`): a typed link and its workflow, which waits for a
  /// sign-in first. A URL Rides does not understand changes nothing; the message says why.
  @discardableResult
  public func open(_ url: String) -> WorkflowRun<String>? {
    switch links.link(for: url) {
    case .success(let link):
      let run = workflows.start(
        RidesLinks.workflow(for: link), on: root.interactor as any RootActionable, trigger: url)
      Task { [weak self] in
        do {
          let message = try await run.result
          self?.lastLinkMessage = message
        } catch {
          self?.lastLinkMessage = "\(url): \(error)"
        }
      }
      return run
    case .failure(let error):
      lastLinkMessage = "\(url): \(error)"
      return nil
    }
  }

  /// Streams the session to `ribcage inspect` at `url` (`nil` reads `RIBCAGE_INSPECT`): the
  /// tree, every screen's view model, flags, links and workflows, live. The page may switch flags
  /// and open links; each runs here as if the rider did it.
  public func inspect(_ url: String?) throws -> Inspector {
    let recorder = try SessionRecorder(root, configuration: .init(appName: "Rides (iOS)"))
    recorder.record(flags: app.flags)
    recorder.record(workflows: workflows)
    recorder.record(links: links)
    let inspector = try Inspector.connect(
      recorder, to: url,
      configuration: .init(
        allowRemoteActions: true, openLink: { [weak self] link in self?.open(link) }))
    self.inspector = inspector
    return inspector
  }
}
