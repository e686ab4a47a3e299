#if !canImport(Combine)
  // OpenCombine 0.14 has no `merge`; Combine has. These give Linux builds Combine's spelling and
  // meaning, so code written for Apple platforms compiles and is tested on Linux.

  extension Publishers {
    /// Every value of two publishers of the same kind, as they come — Combine's
    /// `Publishers.Merge`, provided where Combine is OpenCombine (Linux).
    ///
    /// It finishes when both have finished and fails as soon as either fails. Values wait, in
    /// order, while the downstream has no demand.
    public struct Merge<A: Publisher, B: Publisher>: Publisher
    where A.Output == B.Output, A.Failure == B.Failure {
      /// The upstreams' values.
      public typealias Output = A.Output
      /// The upstreams' failure.
      public typealias Failure = A.Failure

      /// The first upstream.
      public let a: A
      /// The second upstream.
      public let b: B

      /// Merges `a` and `b`.
      public init(_ a: A, _ b: B) {
        self.a = a
        self.b = b
      }

      /// Subscribes `subscriber`, then both upstreams.
      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        let merging = UpstreamMerging<Output, Failure>.start(
          subscriber, count: 2, mode: .merge)
        a.subscribe(merging.side(0, of: Output.self))
        b.subscribe(merging.side(1, of: Output.self))
      }
    }

    /// Every value of any number of publishers of one type, as they come — Combine's
    /// `Publishers.MergeMany`, provided where Combine is OpenCombine (Linux).
    public struct MergeMany<Upstream: Publisher>: Publisher {
      /// The upstreams' values.
      public typealias Output = Upstream.Output
      /// The upstreams' failure.
      public typealias Failure = Upstream.Failure

      /// The upstreams, in subscription order.
      public let publishers: [Upstream]

      /// Merges `upstreams`.
      public init(_ upstreams: Upstream...) {
        publishers = upstreams
      }

      /// Merges `upstreams`.
      public init<S: Swift.Sequence>(_ upstreams: S) where S.Element == Upstream {
        publishers = Array(upstreams)
      }

      /// Subscribes `subscriber`, then every upstream; with none, it finishes at once.
      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        guard !publishers.isEmpty else {
          Empty<Output, Failure>().subscribe(subscriber)
          return
        }
        let merging = UpstreamMerging<Output, Failure>.start(
          subscriber, count: publishers.count, mode: .merge)
        for (index, publisher) in publishers.enumerated() {
          publisher.subscribe(merging.side(index, of: Output.self))
        }
      }
    }
  }

  extension Publisher {
    /// This publisher's values and `other`'s, as they come — Combine's `merge(with:)`, provided
    /// where Combine is OpenCombine (Linux).
    ///
    /// ```swift
    /// taps.merge(with: deepLinks).sink { route in open(route) }
    /// ```
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P>
    where P.Output == Output, P.Failure == Failure {
      Publishers.Merge(self, other)
    }
  }
#endif
