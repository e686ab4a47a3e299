extension ViewModelEncoder {
  /// Owns an encoder's stream for as long as some copy of the encoder exists. The stream's
  /// cached containers hold the stream, so this is what lets them go.
  final class Owner {
    let stream = Stream()

    deinit {
      stream.forgetContainers()
    }
  }

  /// Identifies an open level of the text being written: its position in the stack of open
  /// levels, and a serial number so that an encoder or container kept past its level's end (a
  /// new level may reuse the position) is recognized as finished rather than writing in the
  /// wrong place.
  struct LevelID {
    var serial: Int
    var depth: Int

    /// What an encoder or container gets when it could not be opened: it matches no level, so
    /// everything written through it throws (the stream's failure, recorded when it was made).
    static let dead = LevelID(serial: 0, depth: .max)
  }

  /// What an open level has become so far, which decides what closes it.
  enum Shape {
    /// A place for one value, which has not asked for a container yet: `{}` if it never does
    /// (what `JSONEncoder` writes for a value that encodes nothing).
    case pending
    case object
    case array
    /// A place that holds a single value already written.
    case filled
  }

  /// An object, array or value place still open in the text.
  struct Level {
    var serial: Int
    var shape: Shape
    /// Members or elements written so far: a comma goes before the next one.
    var count = 0
    /// The key this level sits under in its parent, for coding paths.
    var name: String?
    /// The index this level sits at in its parent array, or -1.
    var index = -1
  }

  /// Where the next value goes in the level that writes it.
  enum Place {
    /// A member of an object, under this key.
    case member(String)
    /// The next element of an array.
    case element
    /// The level's one value (a single value container).
    case slot
  }

  /// Where a keyed container that is handed out again finds the level it writes to: the
  /// container itself sits in the box `KeyedEncodingContainer` made for it, beyond reach.
  final class Cursor {
    @exclusivity(unchecked) var level: LevelID

    init(_ level: LevelID) {
      self.level = level
    }
  }

  /// A cached keyed container, without its key type (which a table of them cannot name).
  class CachedContainer {
    let keyType: ObjectIdentifier
    let depth: Int
    let cursor: Cursor

    init(keyType: ObjectIdentifier, depth: Int, cursor: Cursor) {
      self.keyType = keyType
      self.depth = depth
      self.cursor = cursor
    }
  }

  final class KeyedContainerEntry<Key: CodingKey>: CachedContainer {
    let container: KeyedEncodingContainer<Key>

    init(
      _ container: KeyedEncodingContainer<Key>, keyType: ObjectIdentifier, depth: Int,
      cursor: Cursor
    ) {
      self.container = container
      super.init(keyType: keyType, depth: depth, cursor: cursor)
    }
  }

  /// Thrown by the number writers, which do not know where the number goes; the caller turns it
  /// into a ``ViewModelEncodingError`` with the path.
  struct NonFiniteNumber: Error {
    var reason: String
  }
}
