#if !canImport(Combine)
  // OpenCombine 0.14 has no `Merge3`…`Merge8`; Combine has. These give Linux builds Combine's
  // spelling and meaning (`a.merge(with: b, c)` is a `Publishers.Merge3`), so code written for
  // Apple platforms compiles and is tested on Linux.

  extension Publishers {
    /// Every value of three publishers of the same kind, as they come — Combine's
    /// `Publishers.Merge3`, provided where Combine is OpenCombine (Linux).
    ///
    /// It finishes when all have finished and fails as soon as one fails. Values wait, in
    /// order, while the downstream has no demand.
    public struct Merge3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where
      A.Output == B.Output, A.Failure == B.Failure,
      A.Output == C.Output, A.Failure == C.Failure
    {
      /// The upstreams' values.
      public typealias Output = A.Output
      /// The upstreams' failure.
      public typealias Failure = A.Failure

      /// The first upstream.
      public let a: A
      /// The second upstream.
      public let b: B
      /// The third upstream.
      public let c: C

      /// Merges `a`, `b` and `c`.
      public init(_ a: A, _ b: B, _ c: C) {
        self.a = a
        self.b = b
        self.c = c
      }

      /// Subscribes `subscriber`, then every upstream in order.
      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        let merging = UpstreamMerging<Output, Failure>.start(
          subscriber, count: 3, mode: .merge)
        a.subscribe(merging.side(0, of: Output.self))
        b.subscribe(merging.side(1, of: Output.self))
        c.subscribe(merging.side(2, of: Output.self))
      }
    }

    /// Every value of four publishers of the same kind, as they come — Combine's
    /// `Publishers.Merge4`, provided where Combine is OpenCombine (Linux).
    ///
    /// It finishes when all have finished and fails as soon as one fails. Values wait, in
    /// order, while the downstream has no demand.
    public struct Merge4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where
      A.Output == B.Output, A.Failure == B.Failure,
      A.Output == C.Output, A.Failure == C.Failure,
      A.Output == D.Output, A.Failure == D.Failure
    {
      /// The upstreams' values.
      public typealias Output = A.Output
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

      /// Merges `a`, `b`, `c` and `d`.
      public init(_ a: A, _ b: B, _ c: C, _ d: D) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
      }

      /// Subscribes `subscriber`, then every upstream in order.
      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        let merging = UpstreamMerging<Output, Failure>.start(
          subscriber, count: 4, mode: .merge)
        a.subscribe(merging.side(0, of: Output.self))
        b.subscribe(merging.side(1, of: Output.self))
        c.subscribe(merging.side(2, of: Output.self))
        d.subscribe(merging.side(3, of: Output.self))
      }
    }

    /// Every value of five publishers of the same kind, as they come — Combine's
    /// `Publishers.Merge5`, provided where Combine is OpenCombine (Linux).
    ///
    /// It finishes when all have finished and fails as soon as one fails. Values wait, in
    /// order, while the downstream has no demand.
    public struct Merge5<A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher>:
      Publisher
    where
      A.Output == B.Output, A.Failure == B.Failure,
      A.Output == C.Output, A.Failure == C.Failure,
      A.Output == D.Output, A.Failure == D.Failure,
      A.Output == E.Output, A.Failure == E.Failure
    {
      /// The upstreams' values.
      public typealias Output = A.Output
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
      /// The fifth upstream.
      public let e: E

      /// Merges `a`, `b`, `c`, `d` and `e`.
      public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.e = e
      }

      /// Subscribes `subscriber`, then every upstream in order.
      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        let merging = UpstreamMerging<Output, Failure>.start(
          subscriber, count: 5, mode: .merge)
        a.subscribe(merging.side(0, of: Output.self))
        b.subscribe(merging.side(1, of: Output.self))
        c.subscribe(merging.side(2, of: Output.self))
        d.subscribe(merging.side(3, of: Output.self))
        e.subscribe(merging.side(4, of: Output.self))
      }
    }

    /// Every value of six publishers of the same kind, as they come — Combine's
    /// `Publishers.Merge6`, provided where Combine is OpenCombine (Linux).
    ///
    /// It finishes when all have finished and fails as soon as one fails. Values wait, in
    /// order, while the downstream has no demand.
    public struct Merge6<
      A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher
    >: Publisher
    where
      A.Output == B.Output, A.Failure == B.Failure,
      A.Output == C.Output, A.Failure == C.Failure,
      A.Output == D.Output, A.Failure == D.Failure,
      A.Output == E.Output, A.Failure == E.Failure,
      A.Output == F.Output, A.Failure == F.Failure
    {
      /// The upstreams' values.
      public typealias Output = A.Output
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
      /// The fifth upstream.
      public let e: E
      /// The sixth upstream.
      public let f: F

      /// Merges `a`, `b`, `c`, `d`, `e` and `f`.
      public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.e = e
        self.f = f
      }

      /// Subscribes `subscriber`, then every upstream in order.
      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        let merging = UpstreamMerging<Output, Failure>.start(
          subscriber, count: 6, mode: .merge)
        a.subscribe(merging.side(0, of: Output.self))
        b.subscribe(merging.side(1, of: Output.self))
        c.subscribe(merging.side(2, of: Output.self))
        d.subscribe(merging.side(3, of: Output.self))
        e.subscribe(merging.side(4, of: Output.self))
        f.subscribe(merging.side(5, of: Output.self))
      }
    }

    /// Every value of seven publishers of the same kind, as they come — Combine's
    /// `Publishers.Merge7`, provided where Combine is OpenCombine (Linux).
    ///
    /// It finishes when all have finished and fails as soon as one fails. Values wait, in
    /// order, while the downstream has no demand.
    public struct Merge7<
      A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher,
      G: Publisher
    >: Publisher
    where
      A.Output == B.Output, A.Failure == B.Failure,
      A.Output == C.Output, A.Failure == C.Failure,
      A.Output == D.Output, A.Failure == D.Failure,
      A.Output == E.Output, A.Failure == E.Failure,
      A.Output == F.Output, A.Failure == F.Failure,
      A.Output == G.Output, A.Failure == G.Failure
    {
      /// The upstreams' values.
      public typealias Output = A.Output
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
      /// The fifth upstream.
      public let e: E
      /// The sixth upstream.
      public let f: F
      /// The seventh upstream.
      public let g: G

      /// Merges `a`, `b`, `c`, `d`, `e`, `f` and `g`.
      public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.e = e
        self.f = f
        self.g = g
      }

      /// Subscribes `subscriber`, then every upstream in order.
      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        let merging = UpstreamMerging<Output, Failure>.start(
          subscriber, count: 7, mode: .merge)
        a.subscribe(merging.side(0, of: Output.self))
        b.subscribe(merging.side(1, of: Output.self))
        c.subscribe(merging.side(2, of: Output.self))
        d.subscribe(merging.side(3, of: Output.self))
        e.subscribe(merging.side(4, of: Output.self))
        f.subscribe(merging.side(5, of: Output.self))
        g.subscribe(merging.side(6, of: Output.self))
      }
    }

    /// Every value of eight publishers of the same kind, as they come — Combine's
    /// `Publishers.Merge8`, provided where Combine is OpenCombine (Linux).
    ///
    /// It finishes when all have finished and fails as soon as one fails. Values wait, in
    /// order, while the downstream has no demand.
    public struct Merge8<
      A: Publisher, B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher,
      G: Publisher, H: Publisher
    >: Publisher
    where
      A.Output == B.Output, A.Failure == B.Failure,
      A.Output == C.Output, A.Failure == C.Failure,
      A.Output == D.Output, A.Failure == D.Failure,
      A.Output == E.Output, A.Failure == E.Failure,
      A.Output == F.Output, A.Failure == F.Failure,
      A.Output == G.Output, A.Failure == G.Failure,
      A.Output == H.Output, A.Failure == H.Failure
    {
      /// The upstreams' values.
      public typealias Output = A.Output
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
      /// The fifth upstream.
      public let e: E
      /// The sixth upstream.
      public let f: F
      /// The seventh upstream.
      public let g: G
      /// The eighth upstream.
      public let h: H

      /// Merges `a`, `b`, `c`, `d`, `e`, `f`, `g` and `h`.
      public init(_ a: A, _ b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.e = e
        self.f = f
        self.g = g
        self.h = h
      }

      /// Subscribes `subscriber`, then every upstream in order.
      public func receive<S: Subscriber>(subscriber: S)
      where S.Input == Output, S.Failure == Failure {
        let merging = UpstreamMerging<Output, Failure>.start(
          subscriber, count: 8, mode: .merge)
        a.subscribe(merging.side(0, of: Output.self))
        b.subscribe(merging.side(1, of: Output.self))
        c.subscribe(merging.side(2, of: Output.self))
        d.subscribe(merging.side(3, of: Output.self))
        e.subscribe(merging.side(4, of: Output.self))
        f.subscribe(merging.side(5, of: Output.self))
        g.subscribe(merging.side(6, of: Output.self))
        h.subscribe(merging.side(7, of: Output.self))
      }
    }
  }

  extension Publisher {
    /// This publisher's values and those of `b` and `c`, as they come — Combine's
    /// `merge(with:_:)`, provided where Combine is OpenCombine (Linux).
    public func merge<B: Publisher, C: Publisher>(
      with b: B, _ c: C
    ) -> Publishers.Merge3<Self, B, C>
    where
      B.Output == Output, B.Failure == Failure,
      C.Output == Output, C.Failure == Failure
    {
      Publishers.Merge3(self, b, c)
    }

    /// This publisher's values and those of `b`, `c` and `d`, as they come — Combine's
    /// `merge(with:_:_:)`, provided where Combine is OpenCombine (Linux).
    public func merge<B: Publisher, C: Publisher, D: Publisher>(
      with b: B, _ c: C, _ d: D
    ) -> Publishers.Merge4<Self, B, C, D>
    where
      B.Output == Output, B.Failure == Failure,
      C.Output == Output, C.Failure == Failure,
      D.Output == Output, D.Failure == Failure
    {
      Publishers.Merge4(self, b, c, d)
    }

    /// This publisher's values and those of `b`, `c`, `d` and `e`, as they come — Combine's
    /// `merge(with:_:_:_:)`, provided where Combine is OpenCombine (Linux).
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher>(
      with b: B, _ c: C, _ d: D, _ e: E
    ) -> Publishers.Merge5<Self, B, C, D, E>
    where
      B.Output == Output, B.Failure == Failure,
      C.Output == Output, C.Failure == Failure,
      D.Output == Output, D.Failure == Failure,
      E.Output == Output, E.Failure == Failure
    {
      Publishers.Merge5(self, b, c, d, e)
    }

    /// This publisher's values and those of `b`, `c`, `d`, `e` and `f`, as they come — Combine's
    /// `merge(with:_:_:_:_:)`, provided where Combine is OpenCombine (Linux).
    public func merge<B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher>(
      with b: B, _ c: C, _ d: D, _ e: E, _ f: F
    ) -> Publishers.Merge6<Self, B, C, D, E, F>
    where
      B.Output == Output, B.Failure == Failure,
      C.Output == Output, C.Failure == Failure,
      D.Output == Output, D.Failure == Failure,
      E.Output == Output, E.Failure == Failure,
      F.Output == Output, F.Failure == Failure
    {
      Publishers.Merge6(self, b, c, d, e, f)
    }

    /// This publisher's values and those of `b`, `c`, `d`, `e`, `f` and `g`, as they come — Combine's
    /// `merge(with:_:_:_:_:_:)`, provided where Combine is OpenCombine (Linux).
    public func merge<
      B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher
    >(
      with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G
    ) -> Publishers.Merge7<Self, B, C, D, E, F, G>
    where
      B.Output == Output, B.Failure == Failure,
      C.Output == Output, C.Failure == Failure,
      D.Output == Output, D.Failure == Failure,
      E.Output == Output, E.Failure == Failure,
      F.Output == Output, F.Failure == Failure,
      G.Output == Output, G.Failure == Failure
    {
      Publishers.Merge7(self, b, c, d, e, f, g)
    }

    /// This publisher's values and those of `b`, `c`, `d`, `e`, `f`, `g` and `h`, as they come — Combine's
    /// `merge(with:_:_:_:_:_:_:)`, provided where Combine is OpenCombine (Linux).
    public func merge<
      B: Publisher, C: Publisher, D: Publisher, E: Publisher, F: Publisher, G: Publisher,
      H: Publisher
    >(
      with b: B, _ c: C, _ d: D, _ e: E, _ f: F, _ g: G, _ h: H
    ) -> Publishers.Merge8<Self, B, C, D, E, F, G, H>
    where
      B.Output == Output, B.Failure == Failure,
      C.Output == Output, C.Failure == Failure,
      D.Output == Output, D.Failure == Failure,
      E.Output == Output, E.Failure == Failure,
      F.Output == Output, F.Failure == Failure,
      G.Output == Output, G.Failure == Failure,
      H.Output == Output, H.Failure == Failure
    {
      Publishers.Merge8(self, b, c, d, e, f, g, h)
    }
  }
#endif
