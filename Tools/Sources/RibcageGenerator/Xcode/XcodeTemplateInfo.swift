/// A template's `TemplateInfo.plist`, an XML property list with the keys current Xcode reads
/// (docs/xcode-templates.md says where each is documented or observed). Without
/// `SupportsSwiftPackage` Xcode 26.5 stops listing a template (uber/RIBs-iOS #53), and in Swift
/// packages earlier versions never listed it (uber/RIBs #639).
enum XcodeTemplateInfo {
  static func propertyList(for template: XcodeTemplate) -> String {
    let options = template.options.map { option in
      """
      \t\t<dict>
      \t\t\t<key>Identifier</key>
      \t\t\t<string>\(escaped(option.identifier))</string>
      \t\t\t<key>Required</key>
      \t\t\t<true/>
      \t\t\t<key>Name</key>
      \t\t\t<string>\(escaped(option.name))</string>
      \t\t\t<key>Description</key>
      \t\t\t<string>\(escaped(option.description))</string>
      \t\t\t<key>Type</key>
      \t\t\t<string>text</string>
      \t\t\t<key>NotPersisted</key>
      \t\t\t<true/>
      \t\t</dict>
      """
    }
    return """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>Kind</key>
      \t<string>Xcode.IDEFoundation.TextSubstitutionFileTemplateKind</string>
      \t<key>Summary</key>
      \t<string>\(escaped(template.summary))</string>
      \t<key>Description</key>
      \t<string>\(escaped(template.summary))</string>
      \t<key>SortOrder</key>
      \t<integer>\(template.sortOrder)</integer>
      \t<key>AllowedTypes</key>
      \t<array>
      \t\t<string>public.swift-source</string>
      \t</array>
      \t<key>Platforms</key>
      \t<array/>
      \t<key>SupportsSwiftPackage</key>
      \t<true/>
      \t<key>DefaultCompletionName</key>
      \t<string>\(escaped(template.name.replacingOccurrences(of: " ", with: "")))</string>
      \t<key>MainTemplateFile</key>
      \t<string>\(escaped(template.mainFile))</string>
      \t<key>Options</key>
      \t<array>
      \(options.joined(separator: "\n"))
      \t</array>
      </dict>
      </plist>

      """
  }

  /// `text` safe inside an XML element.
  static func escaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;")
  }
}
