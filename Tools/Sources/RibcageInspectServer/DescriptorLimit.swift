#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's limit on open files. macOS starts a terminal's processes at 256, which a
/// server with many apps, pages and session files can reach; the hard limit is usually far
/// higher, and a process may raise its own soft limit up to it.
enum DescriptorLimit {
  /// Raises the soft limit to the hard one (at most 10,240, what macOS allows a process), and
  /// returns the limit in force.
  @discardableResult
  static func raise(to wanted: UInt64 = 10_240) -> UInt64 {
    var limit = rlimit()
    guard getrlimit(resourceKind, &limit) == 0 else { return 0 }
    let target = min(wanted, UInt64(limit.rlim_max))
    if UInt64(limit.rlim_cur) < target {
      limit.rlim_cur = rlim_t(target)
      _ = setrlimit(resourceKind, &limit)  // refused: the limit stays as it was
    }
    _ = getrlimit(resourceKind, &limit)
    return UInt64(limit.rlim_cur)
  }

  private static var resourceKind: Int32 {
    #if canImport(Glibc)
      Int32(RLIMIT_NOFILE.rawValue)
    #else
      RLIMIT_NOFILE
    #endif
  }
}
