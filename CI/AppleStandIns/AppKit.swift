// Stand-in for AppKit (CI type-checking only): the API Ribcage's adapters use, as Apple documents
// it. Bodies are placeholders; nothing here ever runs.
import Foundation

@MainActor open class NSResponder {
  public init() {}
}

@MainActor open class NSView: NSResponder {
  open var frame: NSRect = .zero
  open var bounds: NSRect = .zero
  open var autoresizingMask: NSView.AutoresizingMask = []
  open func addSubview(_ view: NSView) {}
  open func removeFromSuperview() {}
}

public typealias NSRect = CGRect

@MainActor open class NSViewController: NSResponder {
  open var view: NSView = NSView()
  open var presentingViewController: NSViewController? { nil }
  open func presentAsSheet(_ viewController: NSViewController) {}
  open func dismiss(_ sender: Any?) {}
  open func addChild(_ childViewController: NSViewController) {}
  open func removeFromParent() {}
}

@MainActor open class NSWindow: NSResponder {
  open var contentViewController: NSViewController?
  open func makeKeyAndOrderFront(_ sender: Any?) {}
}

extension NSView {
  public struct AutoresizingMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let width = AutoresizingMask(rawValue: 2)
    public static let height = AutoresizingMask(rawValue: 16)
  }
}
