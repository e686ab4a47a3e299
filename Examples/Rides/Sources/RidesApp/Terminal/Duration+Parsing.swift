/// Parses `wait` arguments: `30s`, `2m`, `1m30s`; at most a day.
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
  // Every number has its unit (`30s`, not `30`): a bare number would be a guess at the unit.
  guard number.isEmpty, sawUnit else { return nil }
  return total <= 86_400 ? total : nil
}
