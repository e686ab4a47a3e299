extension GraphBuilder {
  /// Where each builder is created, anywhere in the run (builder key → the creations).
  func creationSites(of builders: [String: BuilderInfo]) -> [String: [Use]] {
    let names = Set(builders.values.map(\.entry.name))
    var sites: [String: [Use]] = [:]
    for entry in index.entries.values.sorted(by: { $0.key < $1.key }) where !entry.isTestDouble {
      for part in entry.parts {
        for creation in part.declaration.creations
        where names.contains(TypeText.baseName(creation.type)) {
          guard let type = index.lookup(creation.type, from: entry.module, path: part.path),
            builders[type.key] != nil
          else { continue }
          sites[type.key, default: []].append(
            Use(
              evidence: "creates \(creation.type)", path: part.path, place: creation.place,
              scope: creation.scope, owner: entry, flag: creation.flag, isCreation: true,
              isGatedBuild: false, isUngatedBuild: false))
        }
      }
    }
    return sites
  }
}
