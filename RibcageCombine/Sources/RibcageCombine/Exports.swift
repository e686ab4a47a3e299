@_exported import Ribcage

// Combine on Apple platforms, OpenCombine elsewhere: `import RibcageCombine` is all a file needs
// for `AnyCancellable`, `Publisher` and the bridges.
#if canImport(Combine)
  @_exported import Combine
#else
  @_exported import OpenCombineShim
#endif
