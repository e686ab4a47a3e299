/// Where the code being migrated comes from; it decides which renames are safe.
public enum MigrationSource: String, CaseIterable, Sendable {
  /// uber/RIBs-iOS (RxSwift): `Disposable` is not a Ribcage type, so its binding calls are
  /// reported, not renamed.
  case ribs
  /// ModernRIBs (Combine): `AnyCancellable` is a `CancellableWork` with `RibcageCombine`, so its
  /// binding calls are renamed to Ribcage's spelling.
  case modernribs
}
