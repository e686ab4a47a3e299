/// The engine of `merge`: every event of every input, as it comes.
@MainActor
@inlinable
func mergeCore<Value>(_ upstreams: [StreamCore<Value>]) -> StreamCore<Value> {
  guard !upstreams.isEmpty else { return .finishedEvents() }
  let finishedCount = ValueBox(0)
  let links = ValueBox<[UpstreamLink<Value>]>([])
  var replays = false
  for upstream in upstreams where upstream.replaysAnything { replays = true }
  var replay: StreamDerivation<Value>.Replay?
  if replays {
    replay = { _, body in
      let connected = links.value
      if connected.isEmpty {
        for upstream in upstreams { upstream.pull(body) }
      } else {
        for link in connected { link.replay(body) }
      }
    }
  }
  return .derivedEvents(
    replay: replay,
    isUpstreamFinished: {
      for upstream in upstreams where !upstream.reportsFinished { return false }
      return true
    },
    connect: { derived, scope in
      finishedCount.value = 0
      var connected: [UpstreamLink<Value>] = []
      connected.reserveCapacity(upstreams.count)
      for upstream in upstreams {
        connected.append(
          upstream.link(
            in: scope, onValue: { derived.send($0) },
            onFinish: {
              finishedCount.value += 1
              if finishedCount.value == upstreams.count { derived.finish() }
            }))
      }
      links.value = connected
      return {
        for link in connected { link.subscription.cancel() }
        links.value = []
      }
    })
}

extension EventStream {
  /// The events of this stream and of `others`, in the order they are sent — Rx's
  /// `Observable.merge`.
  ///
  /// ```swift
  /// // taps:    --a-----b------->
  /// // pushes:  -----x------y--->
  /// // result:  --a--x--b---y--->
  /// let refreshes = pullToRefresh.merge(pushRefreshes, foregroundings)
  /// ```
  ///
  /// Replays what each input replays, in order. Finishes when every input has finished.
  @inlinable
  public func merge(_ others: EventStream<Value>...) -> EventStream<Value> {
    var cores = [core]
    for other in others { cores.append(other.core) }
    return EventStream(core: mergeCore(cores))
  }

  /// The events of every stream in `streams`, in the order they are sent. An empty list gives
  /// a stream that has already finished.
  ///
  /// ```swift
  /// let anyChange = EventStream.merge(plugins.map(\.changes))
  /// ```
  @inlinable
  public static func merge(_ streams: [EventStream<Value>]) -> EventStream<Value> {
    var cores: [StreamCore<Value>] = []
    cores.reserveCapacity(streams.count)
    for stream in streams { cores.append(stream.core) }
    return EventStream(core: mergeCore(cores))
  }
}
