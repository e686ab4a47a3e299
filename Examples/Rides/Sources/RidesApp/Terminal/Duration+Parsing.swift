/// Parses `wait` arguments: `30s`, `2m`, `1m30s`, `90` (seconds); at most a day.
func parseSeconds(_ text: String) -> Int? {
  var total = 0
  var number = ""
  var sawUnit = false
  for character in text.lowercased() {
    if character.isASCII, character.isNumber {
      number.append(character)
      guard number.count <= 6 else { return nil }
    } else if character == "s" || character == "m" || character == "h" {
      guard let value = Int(number) else { return nil }
      total += value * (character == "s" ? 1 : character == "m" ? 60 : 3_600)
      number = ""
      sawUnit = true
    } else {
      return nil
    }
  }
  if !number.isEmpty {
    guard !sawUnit, let value = Int(number) else { return nil }
    total += value
  } else if !sawUnit {
    return nil
  }
  return total <= 86_400 ? total : nil
}
