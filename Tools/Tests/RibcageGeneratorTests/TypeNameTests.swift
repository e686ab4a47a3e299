import RibcageGenerator
import Testing

@Test(.timeLimit(.minutes(10))) func validNamesAreAccepted() throws {
  for name in ["LoggedOut", "Home", "A", "Trip2", "URLLoader", "Ride_Summary"] {
    #expect(try TypeName(name).value == name)
  }
}

@Test(
  .timeLimit(.minutes(10)),
  arguments: [
    ("", "the name is empty"),
    ("Logged Out", "a Swift type name has only letters, digits and underscores (e.g. LoggedOut)"),
    ("Café", "a Swift type name has only letters, digits and underscores (e.g. LoggedOut)"),
    ("Home-Screen", "a Swift type name has only letters, digits and underscores (e.g. LoggedOut)"),
    ("1Home", "a Swift type name starts with a letter"),
    ("_Home", "a Swift type name starts with a letter"),
    ("home", "type names start with an uppercase letter (Home)"),
    ("Protocol", "it is a Swift keyword"),
    ("Self", "it is a Swift keyword"),
    ("Struct", "it is a Swift keyword"),
    ("HomeRouter", "it ends in 'Router', which the generator adds itself (use 'Home')"),
    ("ProfileService", "it ends in 'Service', which the generator adds itself (use 'Profile')"),
    ("Builder", "it is one of the names the generator adds itself"),
  ])
func badNamesAreRefusedWithTheReason(name: String, reason: String) {
  #expect(throws: GeneratorError.invalidName(name, reason: reason)) { try TypeName(name) }
}

@Test(.timeLimit(.minutes(10))) func derivedSpellings() throws {
  #expect(try TypeName("LoggedOut").lowerCamel == "loggedOut")
  #expect(try TypeName("URLLoader").lowerCamel == "urlLoader")
  #expect(try TypeName("ID").lowerCamel == "id")
  #expect(try TypeName("LoggedOut").snakeCase == "logged_out")
  #expect(try TypeName("URLLoader").snakeCase == "url_loader")
}
