#if !canImport(Combine)
  // OpenCombine 0.14 has no `combineLatest`; Combine has. These give Linux builds Combine's
  // spelling and meaning, so code written for Apple platforms compiles and is tested on Linux.

  /// Combine's combining publishers that OpenCombine lacks, for Linux builds.
  extension Publishers {
    /// The latest values of two publishers, as a pair, every time either sends once both have —
    /// Combine's `Publishers.CombineLatest`, provided where Combine is OpenCombine (Linux).
    ///
    /// It finishes when both upstreams have finished and fails as soon as either fails. With no
    /// downstream demand, only the newest pair waits.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher
    where A.Failure == B.Failure {
      /// A pair of the upstreams' latest values.
      public typealias Output = (A.Output, B.Output)
      /// The upstreams' failure.
      public typealias Failure = A.Failure

      /// The first upstream.
      public let a: A
      /// The second upstream.
      public let b: B

      /// Combines `a` and `b`.
      public init(_ a: A, _ b: B) {
        self.a = a
        self.b = b
      }

      /// Subscribes `subscriber`, then both upstreams.
      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        let merging = UpstreamMerging<Output, Failure>.start(
          subscriber, count: 2, mode: .latest { ($0[0] as! A.Output, $0[1] as! B.Output) })
        a.subscribe(merging.side(0, of: A.Output.self))
        b.subscribe(merging.side(1, of: B.Output.self))
      }
    }

    /// The latest values of three publishers, every time one sends once all have — Combine's
    /// `Publishers.CombineLatest3`, provided where Combine is OpenCombine (Linux).
    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure {
      /// The upstreams' latest values.
      public typealias Output = (A.Output, B.Output, C.Output)
      /// The upstreams' failure.
      public typealias Failure = A.Failure

      /// The first upstream.
      public let a: A
      /// The second upstream.
      public let b: B
      /// The third upstream.
      public let c: C

      /// Combines `a`, `b` and `c`.
      public init(_ a: A, _ b: B, _ c: C) {
        self.a = a
        self.b = b
        self.c = c
      }

      /// Subscribes `subscriber`, then the three upstreams.
      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        let merging = UpstreamMerging<Output, Failure>.start(
          subscriber, count: 3,
          mode: .latest { ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output) })
        a.subscribe(merging.side(0, of: A.Output.self))
        b.subscribe(merging.side(1, of: B.Output.self))
        c.subscribe(merging.side(2, of: C.Output.self))
      }
    }

    /// The latest values of four publishers, every time one sends once all have — Combine's
    /// `Publishers.CombineLatest4`, provided where Combine is OpenCombine (Linux).
    public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
      /// The upstreams' latest values.
      public typealias Output = (A.Output, B.Output, C.Output, D.Output)
      /// The upstreams' failure.
      public typealias Failure = A.Failure

      /// The first upstream.
      public let a: A
      /// The second upstream.
      public let b: B
      /// The third upstream.
      public let c: C
      /// The fourth upstream.
      public let d: D

      /// Combines `a`, `b`, `c` and `d`.
      public init(_ a: A, _ b: B, _ c: C, _ d: D) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
      }

      /// Subscribes `subscriber`, then the four upstreams.
      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        let merging = UpstreamMerging<Output, Failure>.start(
          subscriber, count: 4,
          mode: .latest {
            ($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output, $0[3] as! D.Output)
          })
        a.subscribe(merging.side(0, of: A.Output.self))
        b.subscribe(merging.side(1, of: B.Output.self))
        c.subscribe(merging.side(2, of: C.Output.self))
        d.subscribe(merging.side(3, of: D.Output.self))
      }
    }
  }

  extension Publisher {
    /// This publisher's latest value with `other`'s, every time either sends once both have —
    /// Combine's `combineLatest(_:)`, provided where Combine is OpenCombine (Linux).
    ///
    /// ```swift
    /// fares.combineLatest(coupons).sink { fare, coupon in show(fare - coupon) }
    /// ```
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P>
    where P.Failure == Failure {
      Publishers.CombineLatest(self, other)
    }

    /// `combineLatest(_:)`, each pair transformed by `transform`.
    public func combineLatest<P: Publisher, T>(
      _ other: P, _ transform: @escaping (Output, P.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where P.Failure == Failure {
      Publishers.CombineLatest(self, other).map(transform)
    }

    /// This publisher's latest value with those of `b` and `c` — Combine's
    /// `combineLatest(_:_:)`, provided where Combine is OpenCombine (Linux).
    public func combineLatest<B: Publisher, C: Publisher>(_ b: B, _ c: C)
      -> Publishers.CombineLatest3<Self, B, C>
    where B.Failure == Failure, C.Failure == Failure {
      Publishers.CombineLatest3(self, b, c)
    }

    /// `combineLatest(_:_:)`, each triple transformed by `transform`.
    public func combineLatest<B: Publisher, C: Publisher, T>(
      _ b: B, _ c: C, _ transform: @escaping (Output, B.Output, C.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest3<Self, B, C>, T>
    where B.Failure == Failure, C.Failure == Failure {
      Publishers.CombineLatest3(self, b, c).map(transform)
    }

    /// This publisher's latest value with those of `b`, `c` and `d` — Combine's
    /// `combineLatest(_:_:_:)`, provided where Combine is OpenCombine (Linux).
    public func combineLatest<B: Publisher, C: Publisher, D: Publisher>(_ b: B, _ c: C, _ d: D)
      -> Publishers.CombineLatest4<Self, B, C, D>
    where B.Failure == Failure, C.Failure == Failure, D.Failure == Failure {
      Publishers.CombineLatest4(self, b, c, d)
    }

    /// `combineLatest(_:_:_:)`, each quadruple transformed by `transform`.
    public func combineLatest<B: Publisher, C: Publisher, D: Publisher, T>(
      _ b: B, _ c: C, _ d: D, _ transform: @escaping (Output, B.Output, C.Output, D.Output) -> T
    ) -> Publishers.Map<Publishers.CombineLatest4<Self, B, C, D>, T>
    where B.Failure == Failure, C.Failure == Failure, D.Failure == Failure {
      Publishers.CombineLatest4(self, b, c, d).map(transform)
    }
  }
#endif
