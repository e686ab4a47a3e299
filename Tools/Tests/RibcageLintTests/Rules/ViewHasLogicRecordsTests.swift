import RibcageLint
import Testing

/// `view-has-logic` and what persistence code really is: a Core Data entity a view shows is a
/// record (its generated code names a fetch request), and the app's own static helper on a
/// system store it extends is persistence, though the store is not declared in the run.
@Suite(.timeLimit(.minutes(10))) struct ViewHasLogicRecordsTests {
  @Test func aCoreDataEntityAViewShowsIsARecordNotABusinessObject() throws {
    let files = [
      "Model/Diary+CoreDataClass.swift": """
      import CoreData
      public class Diary: NSManagedObject {}
      """,
      "Model/Diary+CoreDataProperties.swift": """
      import CoreData
      extension Diary {
        @nonobjc public class func fetchRequest() -> NSFetchRequest<Diary> {
          NSFetchRequest<Diary>(entityName: "Diary")
        }
        @NSManaged public var text: String?
      }
      """,
      "Store/DiaryStore.swift": """
      import CoreData
      final class DiaryStore {
        let context: NSManagedObjectContext
        init(context: NSManagedObjectContext) { self.context = context }
      }
      """,
      "Detail/DetailViewController.swift": """
      import RIBs
      import UIKit
      final class DetailViewController: UIViewController, DetailPresentable {
        var diary: Diary?
        var store: DiaryStore?
        func show() { title = diary?.text }
      }
      """,
    ]
    // The store does persistence; the entity it saves is data.
    #expect(try findingPlaces(files, .viewHasLogic) == ["Detail/DetailViewController.swift:5"])
  }

  @Test func aViewCallingTheAppsStaticHelperOnTheDefaultsIsPersistence() throws {
    let files = [
      "Extensions/UserDefaults+Font.swift": """
      import Foundation
      extension UserDefaults {
        static func setDefaultFont(_ name: String) {
          UserDefaults.standard.set(name, forKey: "font")
        }
      }
      """,
      "Font/FontViewController.swift": """
      import RIBs
      import UIKit
      final class FontViewController: UIViewController, FontPresentable {
        func picked(_ name: String) { UserDefaults.setDefaultFont(name) }
        func shows() -> Bool { UserDefaults.standard.bool(forKey: "bold") }
      }
      """,
    ]
    #expect(try findingPlaces(files, .viewHasLogic) == ["Font/FontViewController.swift:4"])
  }
}
