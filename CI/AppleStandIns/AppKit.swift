// Stand-in for AppKit (CI type-checking only). Every declaration is copied from Apple's AppKit
// headers, in the Swift form the importer gives them: signatures, nullability, designated and
// required initializers, `NS_SWIFT_UI_ACTOR` as `@MainActor @preconcurrency`. Only the API
// Ribcage's adapters and its documentation use is declared; bodies are placeholders, nothing
// here ever runs.
//
// Sources (headers): NSView.h, NSViewController.h, NSWindow.h from the macOS 11.3 SDK,
// github.com/phracker/MacOSX-SDKs (MacOSX11.3.sdk/System/Library/Frameworks/AppKit.framework/
// Versions/C/Headers/); NSResponder.h from the macOS 13.3 SDK, github.com/D00MFist/MacOSX-SDKs
// (the first of these mirrors to mark it NS_SWIFT_UI_ACTOR; NSView, NSViewController and NSWindow
// inherit the isolation from it). Not checked: anything newer than macOS 13.3 (no public mirror
// of a macOS 14 or later SDK could be read here).
@_exported import Foundation  // UIKit and AppKit re-export Foundation

public typealias NSRect = CGRect

// MARK: NSResponder.h — `@interface NSResponder : NSObject <NSCoding>`, NS_SWIFT_UI_ACTOR.
// Designated: init, initWithCoder: (required by NSCoding).

@MainActor @preconcurrency open class NSResponder: NSObject, @preconcurrency NSCoding {
  public override init() {}
  public required init?(coder: NSCoder) {}
  open func encode(with coder: NSCoder) {}
}

// MARK: NSView.h — `@interface NSView : NSResponder <…>`. Designated: initWithFrame:,
// initWithCoder:.

@MainActor @preconcurrency open class NSView: NSResponder {
  public init(frame frameRect: NSRect) { super.init() }
  public required init?(coder: NSCoder) { super.init(coder: coder) }
  /// NSResponder's `init`, a convenience initializer once NSView declares designated ones.
  public convenience override init() { self.init(frame: .zero) }

  open var frame: NSRect = .zero
  open var bounds: NSRect = .zero
  open var autoresizingMask: NSView.AutoresizingMask = []
  open func addSubview(_ view: NSView) {}
  open func removeFromSuperview() {}
}

extension NSView {
  /// `typedef NS_OPTIONS(NSUInteger, NSAutoresizingMaskOptions)`: NSViewWidthSizable = 2,
  /// NSViewHeightSizable = 16.
  public struct AutoresizingMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let width = AutoresizingMask(rawValue: 2)
    public static let height = AutoresizingMask(rawValue: 16)
  }
}

// MARK: NSViewController.h — `@interface NSViewController : NSResponder <NSEditor, …>`.
// Designated: initWithNibName:bundle:, initWithCoder:.

@MainActor @preconcurrency open class NSViewController: NSResponder {
  public init(nibName nibNameOrNil: NSNib.Name?, bundle nibBundleOrNil: Bundle?) { super.init() }
  public required init?(coder: NSCoder) { super.init(coder: coder) }
  /// NSResponder's `init`, a convenience initializer once NSViewController declares designated
  /// ones.
  public convenience override init() { self.init(nibName: nil, bundle: nil) }

  /// `@property (strong) IBOutlet NSView *view` (non-null under NS_ASSUME_NONNULL).
  open var view: NSView = NSView()
  open func viewDidLoad() {}
  /// `@property (nullable, copy) NSString *title`: optional and settable, so a subclass cannot
  /// redeclare it as a `let` of type `String`.
  open var title: String?

  // @interface NSViewController (NSViewControllerPresentation)
  open func dismiss(_ viewController: NSViewController) {}
  /// `- (IBAction)dismissController:(nullable id)sender`.
  open func dismiss(_ sender: Any?) {}
  open var presentedViewControllers: [NSViewController]? { nil }
  open var presentingViewController: NSViewController? { nil }
  // @interface NSViewController (NSViewControllerPresentationAndTransitionStyles)
  open func presentAsSheet(_ viewController: NSViewController) {}
  open func presentAsModalWindow(_ viewController: NSViewController) {}
  // @interface NSViewController (NSViewControllerContainer)
  open var parent: NSViewController? { nil }
  open var children: [NSViewController] = []
  open func addChild(_ childViewController: NSViewController) {}
  open func removeFromParent() {}
}

/// NSNib.h: `typedef NSString * NSNibName NS_SWIFT_NAME(NSNib.Name)`.
open class NSNib: NSObject {
  public typealias Name = String
}

// MARK: NSWindow.h — `@interface NSWindow : NSResponder <…>`. Designated:
// initWithContentRect:styleMask:backing:defer:; initWithCoder: is NS_UNAVAILABLE.

@MainActor @preconcurrency open class NSWindow: NSResponder {
  /// `+ (instancetype)windowWithContentViewController:` (a convenience initializer in Swift).
  public convenience init(contentViewController: NSViewController) {
    self.init(contentRect: .zero, styleMask: [], backing: .buffered, defer: false)
  }
  public init(
    contentRect: NSRect, styleMask style: NSWindow.StyleMask,
    backing backingStoreType: NSWindow
      .BackingStoreType, defer flag: Bool
  ) { super.init() }
  @available(*, unavailable) public required init?(coder: NSCoder) { fatalError() }

  open var contentViewController: NSViewController?
  open var contentView: NSView?
  open func makeKeyAndOrderFront(_ sender: Any?) {}
}

extension NSWindow {
  /// NSWindow.h: `typedef NS_OPTIONS(NSUInteger, NSWindowStyleMask)` (Titled = 1 << 0, Closable =
  /// 1 << 1, Resizable = 1 << 3; the others are not declared here).
  public struct StyleMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let titled = StyleMask(rawValue: 1 << 0)
    public static let closable = StyleMask(rawValue: 1 << 1)
    public static let resizable = StyleMask(rawValue: 1 << 3)
  }

  /// NSGraphics.h: `typedef NS_ENUM(NSUInteger, NSBackingStoreType)`.
  public enum BackingStoreType: UInt, Sendable {
    case retained = 0
    case nonretained = 1
    case buffered = 2
  }
}
