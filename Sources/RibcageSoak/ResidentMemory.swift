#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's resident memory, from `/proc/self/statm` on Linux (where soak runs of business
/// logic belong: CI). Elsewhere it is unknown (`nil`), and a ``SoakResult`` judges time and
/// counts only.
public enum ResidentMemory {
  /// Resident bytes now, or `nil` where unknown.
  public static func bytes() -> Int? {
    #if os(Linux)
      let file = open("/proc/self/statm", O_RDONLY)
      guard file >= 0 else { return nil }
      defer { close(file) }
      var buffer = [UInt8](repeating: 0, count: 128)
      let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
      guard count > 0 else { return nil }
      let fields = buffer[0..<count].split(separator: UInt8(ascii: " "))
      guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else {
        return nil
      }
      return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
      return nil
    #endif
  }

  /// `bytes` as megabytes with one decimal, e.g. `22.4 MB`.
  public static func megabytes(_ bytes: Int) -> String {
    let tenths = (Double(bytes) / 104_857.6).rounded()
    return "\(Int(tenths) / 10).\(Int(tenths) % 10) MB"
  }
}
