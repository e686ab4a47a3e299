import RibcageInspector

/// Recording: the session written to a file or streamed to `ribcage inspect`. The terminal works
/// the same without either; these only attach observers to its tree, flags, links and workflows.
extension RidesTerminal {
  /// Records the session — the tree, every screen's view model, the flags, deep links and
  /// workflows — streamed to `path` (or kept in memory only, with `nil`). Every turn ends with a
  /// mark naming its command, so a replay can step turn by turn. Call it before ``start()``.
  @discardableResult
  public func record(to path: String?, byteBudget: Int = 32 * 1024 * 1024)
    throws(SessionRecorderError) -> SessionRecorder
  {
    let recorder = try SessionRecorder(
      root, configuration: .init(appName: "Rides", byteBudget: byteBudget, filePath: path))
    recorder.record(flags: app.flags)
    recorder.record(workflows: workflows)
    recorder.record(links: links)
    self.recorder = recorder
    return recorder
  }

  /// Streams the session to `ribcage inspect` at `url` (the URL it printed; `nil` reads
  /// `RIBCAGE_INSPECT`), recording in memory first if ``record(to:byteBudget:)`` was not called.
  /// The page may switch flags, open links and sweep for leaks: each runs as a turn of this
  /// terminal (`flag …`, `open …`), as if typed.
  public func inspect(_ url: String?) throws -> Inspector {
    let recorder = try self.recorder ?? record(to: nil)
    let inspector = try Inspector.connect(
      recorder, to: url,
      configuration: .init(
        allowRemoteActions: true,
        openLink: { [weak self] link in
          Task { @MainActor in await self?.run("open \(link)") }
        },
        setFlag: { [weak self] key, value in
          let setting = value == .bool(true) ? "on" : value == .bool(false) ? "off" : "\(value)"
          Task { @MainActor in await self?.run("flag \(key) \(setting)") }
        }))
    self.inspector = inspector
    return inspector
  }
}
