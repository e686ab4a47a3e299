// Stand-in for SwiftUI (CI type-checking only): the API Ribcage's adapters use, as Apple
// documents it. Compiled once over the UIKit stand-in and once over the AppKit one. Bodies are
// placeholders; nothing here ever runs.
#if canImport(UIKit)
  import UIKit
#else
  import AppKit
#endif

@MainActor @preconcurrency public protocol View {
  associatedtype Body: View
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

public struct EmptyView: View {
  nonisolated public init() {}
  public var body: Never { fatalError() }
}

extension Optional: View where Wrapped: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@resultBuilder public struct ViewBuilder {
  @MainActor public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
  public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
}

#if canImport(UIKit)
  @MainActor @preconcurrency open class UIHostingController<Content: View>: UIViewController {
    public init(rootView: Content) { self.rootView = rootView }
    public var rootView: Content
  }

  public struct UIViewControllerRepresentableContext<Representable: UIViewControllerRepresentable> {
  }

  @MainActor @preconcurrency public protocol UIViewControllerRepresentable: View
  where Self.Body == Never {
    associatedtype UIViewControllerType: UIViewController
    typealias Context = UIViewControllerRepresentableContext<Self>
    @MainActor func makeUIViewController(context: Self.Context) -> Self.UIViewControllerType
    @MainActor func updateUIViewController(
      _ uiViewController: Self.UIViewControllerType, context: Self.Context)
  }

  extension UIViewControllerRepresentable {
    public var body: Never { fatalError() }
  }
#else
  @MainActor @preconcurrency open class NSHostingController<Content: View>: NSViewController {
    public init(rootView: Content) { self.rootView = rootView }
    public var rootView: Content
  }

  public struct NSViewControllerRepresentableContext<Representable: NSViewControllerRepresentable> {
  }

  @MainActor @preconcurrency public protocol NSViewControllerRepresentable: View
  where Self.Body == Never {
    associatedtype NSViewControllerType: NSViewController
    typealias Context = NSViewControllerRepresentableContext<Self>
    @MainActor func makeNSViewController(context: Self.Context) -> Self.NSViewControllerType
    @MainActor func updateNSViewController(
      _ nsViewController: Self.NSViewControllerType, context: Self.Context)
  }

  extension NSViewControllerRepresentable {
    public var body: Never { fatalError() }
  }
#endif
