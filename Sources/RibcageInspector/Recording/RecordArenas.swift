/// The two arenas a ring's segments write in: one for records, one for payloads, with as many
/// slots each, so every segment can take one of each.
struct RecordArenas {
  let records: RecordArena
  let payloads: RecordArena

  /// Arenas for `budget` bytes of segments of `records` records; `nil` for a budget above
  /// ``RecordArena/largestBudget``.
  init?(budget: Int, records: Int) {
    guard let recordArena = RecordArena(budget: budget, records: records) else { return nil }
    self.records = recordArena
    payloads = RecordArena(
      slots: recordArena.slotCount, of: recordArena.slotCapacity,
      stride: MemoryLayout<EventPayload>.stride)
  }
}
