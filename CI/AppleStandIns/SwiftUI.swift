@_exported import Foundation
import Observation

// Stand-in for SwiftUI (CI type-checking only), compiled once over the UIKit stand-in (as on iOS)
// and once over the AppKit one (as on macOS). Declarations are copied from SwiftUI's module
// interface: signatures, generic constraints, defaults, `required` initializers,
// `@_disfavoredOverload`.
// Only the API Ribcage's adapters and its documentation use is declared; bodies are placeholders
// (`EmptyView()` where an opaque `some View` needs a type), nothing here ever runs.
//
// Sources:
// - iOS: SwiftUI.swiftmodule/arm64-apple-ios.swiftinterface of the iOS 17.5 SDK,
//   github.com/xybp888/iOS-SDKs (iPhoneOS17.5.sdk/System/Library/Frameworks/SwiftUI.framework/).
// - macOS (NSHostingController, NSViewControllerRepresentable): arm64e-apple-macos.swiftinterface
//   of the macOS 13.3 SDK, github.com/D00MFist/MacOSX-SDKs (no newer macOS SDK mirror was
//   readable here).
// - Isolation: the 17.5 interface (Swift 5.10) prints main-actor isolation as
//   `@_Concurrency.MainActor(unsafe)`, which is `@MainActor @preconcurrency` in source. Only `View`
//   differs: 17.5 isolates its `body` requirement alone, SDKs built for Swift 6 (iOS 18 and later,
//   the ones Swift 6.2 toolchains ship with) declare `@MainActor @preconcurrency public protocol
//   View`. Ribcage needs Swift 6.2, so the stand-in follows the newer declaration for `View`.
// The interface imports UIKit (AppKit) and Foundation; SwiftUI's framework module re-exports
// them, so code that imports only SwiftUI uses their types.
#if canImport(UIKit)
  @_exported import UIKit
#else
  @_exported import AppKit
#endif

// MARK: View, EmptyView, Never, Optional, TupleView, _ConditionalContent

@MainActor @preconcurrency public protocol View {
  associatedtype Body: View
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@frozen nonisolated public struct EmptyView: View {
  @inlinable public init() {}
  public typealias Body = Never
  public var body: Never { fatalError() }
}

extension Optional: View where Wrapped: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@frozen nonisolated public struct TupleView<T>: View {
  public var value: T
  @inlinable public init(_ value: T) { self.value = value }
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@frozen nonisolated public struct _ConditionalContent<TrueContent, FalseContent> {}

extension _ConditionalContent: View where TrueContent: View, FalseContent: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

// MARK: ViewBuilder (`@_functionBuilder` in the interface: `@resultBuilder` in source)

@resultBuilder public struct ViewBuilder {
  public static func buildExpression<Content>(_ content: Content) -> Content
  where Content: View { content }
  @MainActor public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<Content>(_ content: Content) -> Content where Content: View {
    content
  }
  @_disfavoredOverload @MainActor
  public static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<
    (repeat each Content)
  > where repeat each Content: View { TupleView((repeat each content)) }
}

extension ViewBuilder {
  public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View {
    content
  }
  public static func buildEither<TrueContent, FalseContent>(first: TrueContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  where TrueContent: View, FalseContent: View { fatalError() }
  public static func buildEither<TrueContent, FalseContent>(second: FalseContent)
    -> _ConditionalContent<TrueContent, FalseContent>
  where TrueContent: View, FalseContent: View { fatalError() }
}

// MARK: Text, LocalizedStringKey

@frozen nonisolated public struct Text: Equatable, Sendable {
  public init(verbatim content: String) {}
  @_disfavoredOverload public init<S>(_ content: S) where S: StringProtocol {}
  public init(
    _ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil,
    comment: StaticString? = nil
  ) {}
}

extension Text: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

@frozen public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation {
  public init(_ value: String) {}
  public init(stringLiteral value: String) {}
  public init(stringInterpolation: LocalizedStringKey.StringInterpolation) {}

  public struct StringInterpolation: StringInterpolationProtocol {
    public init(literalCapacity: Int, interpolationCount: Int) {}
    public mutating func appendLiteral(_ literal: String) {}
    public mutating func appendInterpolation(_ string: String) {}
    public mutating func appendInterpolation<Subject>(
      _ subject: Subject, formatter: Formatter? = nil
    ) where Subject: ReferenceConvertible {}
    public mutating func appendInterpolation<T>(_ value: T) where T: _FormatSpecifiable {}
  }
}

/// The interface's protocol for numbers a `LocalizedStringKey` interpolates with a format
/// specifier (`Int`, `Double`, ...).
public protocol _FormatSpecifiable: Equatable {}
extension Int: _FormatSpecifiable {}
extension Double: _FormatSpecifiable {}

// MARK: Button, VStack, modifiers

nonisolated public struct Button<Label>: View where Label: View {
  @preconcurrency public init(
    action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label
  ) {}
  @MainActor @preconcurrency public var body: some View { EmptyView() }
}

@available(*, unavailable)
extension Button: Sendable {}

extension Button where Label == Text {
  @preconcurrency nonisolated public init(
    _ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void
  ) {}
  @preconcurrency @_disfavoredOverload
  nonisolated public init<S>(_ title: S, action: @escaping @MainActor () -> Void)
  where S: StringProtocol {}
}

@frozen public struct HorizontalAlignment: Equatable {
  public static let leading = HorizontalAlignment()
  public static let center = HorizontalAlignment()
  public static let trailing = HorizontalAlignment()
}

@frozen nonisolated public struct VStack<Content>: View where Content: View {
  @inlinable public init(
    alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
    @ViewBuilder content: () -> Content
  ) {}
  public typealias Body = Never
  public var body: Never { fatalError() }
}

extension View {
  @inlinable nonisolated public func disabled(_ disabled: Bool) -> some View { EmptyView() }
  @inlinable nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View {
    EmptyView()
  }
  @inlinable nonisolated public func onDisappear(perform action: (() -> Void)? = nil)
    -> some View
  { EmptyView() }
}

// MARK: State, Binding

public protocol DynamicProperty {}

@frozen @propertyWrapper public struct State<Value>: DynamicProperty {
  public init(wrappedValue value: Value) {}
  public init(initialValue value: Value) {}
  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set {}
  }
  public var projectedValue: Binding<Value> { fatalError() }
}

extension State where Value: ExpressibleByNilLiteral {
  @inlinable public init() { self.init(wrappedValue: nil) }
}

@frozen @propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
  @preconcurrency public init(
    @_inheritActorContext get: @escaping @isolated(any) @Sendable () -> Value,
    @_inheritActorContext set: @escaping @isolated(any) @Sendable (Value) -> Void
  ) {}
  public var wrappedValue: Value {
    get { fatalError() }
    nonmutating set {}
  }
  public var projectedValue: Binding<Value> { self }
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>)
    -> Binding<Subject>
  { fatalError() }
}

// MARK: App, Scene, WindowGroup (iOS 14, macOS 11)

/// `@preconcurrency @MainActor public protocol App` in the iOS 18.6 interface: the whole protocol
/// (a property's default value runs on the main actor).
@MainActor @preconcurrency public protocol App {
  associatedtype Body: Scene
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
  @MainActor @preconcurrency init()
}

extension App {
  @MainActor @preconcurrency public static func main() {}
}

@MainActor @preconcurrency public protocol Scene {
  associatedtype Body: Scene
  @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: Scene {}

@resultBuilder public struct SceneBuilder {
  public static func buildExpression<Content>(_ content: Content) -> Content
  where Content: Scene { content }
  public static func buildBlock<Content>(_ content: Content) -> Content where Content: Scene {
    content
  }
}

nonisolated public struct WindowGroup<Content>: Scene where Content: View {
  public init(@ViewBuilder content: () -> Content) {}
  public init(id: String, @ViewBuilder content: () -> Content) {}
  @_disfavoredOverload
  public init<S>(_ title: S, @ViewBuilder content: () -> Content) where S: StringProtocol {}
  @MainActor @preconcurrency public var body: Never { fatalError() }
}

#if canImport(UIKit)
  // MARK: UIHostingController (iOS 13; macOS unavailable)

  @MainActor @preconcurrency open class UIHostingController<Content>: UIViewController
  where Content: View {
    public init(rootView: Content) {
      self.rootView = rootView
      super.init(nibName: nil, bundle: nil)
    }
    public init?(coder aDecoder: NSCoder, rootView: Content) {
      self.rootView = rootView
      super.init(coder: aDecoder)
    }
    public required init?(coder aDecoder: NSCoder) { fatalError() }
    public var rootView: Content
    @available(iOS 16.0, tvOS 16.0, *)
    public var sizingOptions: UIHostingControllerSizingOptions = []
    open override var isModalInPresentation: Bool {
      get { false }
      set {}
    }
  }

  /// iOS 18.6 interface (iOS 16).
  public struct UIHostingControllerSizingOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let preferredContentSize = UIHostingControllerSizingOptions(rawValue: 1)
    public static let intrinsicContentSize = UIHostingControllerSizingOptions(rawValue: 2)
  }

  // MARK: UIViewControllerRepresentable (iOS 13; macOS unavailable)

  public protocol UIViewControllerRepresentable: View where Self.Body == Never {
    associatedtype UIViewControllerType: UIViewController
    @MainActor @preconcurrency func makeUIViewController(context: Self.Context)
      -> Self.UIViewControllerType
    @MainActor @preconcurrency func updateUIViewController(
      _ uiViewController: Self.UIViewControllerType, context: Self.Context)
    @MainActor @preconcurrency static func dismantleUIViewController(
      _ uiViewController: Self.UIViewControllerType, coordinator: Self.Coordinator)
    associatedtype Coordinator = Void
    @MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator
    typealias Context = UIViewControllerRepresentableContext<Self>
  }

  extension UIViewControllerRepresentable where Self.Coordinator == () {
    public func makeCoordinator() -> Self.Coordinator { () }
  }

  extension UIViewControllerRepresentable {
    public static func dismantleUIViewController(
      _ uiViewController: Self.UIViewControllerType, coordinator: Self.Coordinator
    ) {}
    public var body: Never { fatalError() }
  }

  @MainActor @preconcurrency public struct UIViewControllerRepresentableContext<Representable>
  where Representable: UIViewControllerRepresentable {
    public let coordinator: Representable.Coordinator
  }
#else
  // MARK: NSHostingController (macOS 10.15; iOS unavailable) — macOS 13.3 interface

  @MainActor @preconcurrency open class NSHostingController<Content>: NSViewController
  where Content: View {
    public init(rootView: Content) {
      self.rootView = rootView
      super.init(nibName: nil, bundle: nil)
    }
    public init?(coder: NSCoder, rootView: Content) {
      self.rootView = rootView
      super.init(coder: coder)
    }
    public required init?(coder: NSCoder) { fatalError() }
    public var rootView: Content
  }

  // MARK: NSViewControllerRepresentable (macOS 10.15; iOS unavailable) — macOS 13.3 interface

  public protocol NSViewControllerRepresentable: View where Self.Body == Never {
    associatedtype NSViewControllerType: NSViewController
    @MainActor @preconcurrency func makeNSViewController(context: Self.Context)
      -> Self.NSViewControllerType
    @MainActor @preconcurrency func updateNSViewController(
      _ nsViewController: Self.NSViewControllerType, context: Self.Context)
    @MainActor @preconcurrency static func dismantleNSViewController(
      _ nsViewController: Self.NSViewControllerType, coordinator: Self.Coordinator)
    associatedtype Coordinator = Void
    @MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator
    typealias Context = NSViewControllerRepresentableContext<Self>
  }

  extension NSViewControllerRepresentable where Self.Coordinator == () {
    public func makeCoordinator() -> Self.Coordinator { () }
  }

  extension NSViewControllerRepresentable {
    public static func dismantleNSViewController(
      _ nsViewController: Self.NSViewControllerType, coordinator: Self.Coordinator
    ) {}
    public var body: Never { fatalError() }
  }

  @MainActor @preconcurrency public struct NSViewControllerRepresentableContext<ViewController>
  where ViewController: NSViewControllerRepresentable {
    public let coordinator: ViewController.Coordinator
  }
#endif

// MARK: NavigationStack, navigationDestination(for:destination:), sheet(item:onDismiss:content:),
// interactiveDismissDisabled(_:), Bindable
//
// Source: the declarations Apple publishes on developer.apple.com/documentation/swiftui
// (NavigationStack, NavigationStack/init(path:root:), View/navigationDestination(for:destination:),
// View/sheet(item:onDismiss:content:), View/interactiveDismissDisabled(_:), Bindable,
// Bindable/init(wrappedValue:), Bindable/subscript(dynamicMember:)), read from the mirror
// github.com/theAppLaunchers/apple-docs-for-rag (SwiftUI/md/). These pages show the current SDK's
// isolation (`nonisolated` modifiers, `@MainActor @preconcurrency` views), which Swift 6.2
// toolchains build against.

@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
@MainActor @preconcurrency public struct NavigationStack<Data, Root>: View where Root: View {
  @MainActor @preconcurrency public init(path: Binding<Data>, @ViewBuilder root: () -> Root)
  where
    Data: MutableCollection, Data: RandomAccessCollection, Data: RangeReplaceableCollection,
    Data.Element: Hashable
  {}
  public typealias Body = Never
  public var body: Never { fatalError() }
}

extension View {
  @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
  nonisolated public func navigationDestination<D, C>(
    for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
  ) -> some View where D: Hashable, C: View { EmptyView() }

  nonisolated public func sheet<Item, Content>(
    item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
    @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View where Item: Identifiable, Content: View { EmptyView() }

  @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, *)
  nonisolated public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View {
    EmptyView()
  }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
@dynamicMemberLookup @propertyWrapper public struct Bindable<Value> {
  private var object: Value
  public var wrappedValue: Value {
    get { object }
    set { object = newValue }
  }
  public var projectedValue: Bindable<Value> { self }
}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Bindable where Value: AnyObject {
  public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>)
    -> Binding<Subject>
  { fatalError() }
}

/// "Available when `Value` conforms to `Observable`" (an object: the key paths are
/// reference-writable).
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, *)
extension Bindable where Value: AnyObject, Value: Observation.Observable {
  public init(wrappedValue: Value) { object = wrappedValue }
  public init(_ wrappedValue: Value) { object = wrappedValue }
}

// MARK: ForEach, TextField, onOpenURL — iOS 18.6 interface (SwiftUICore and SwiftUI).

public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {
  public var data: Data
  public var content: (Data.Element) -> Content
}

@available(*, unavailable)
extension ForEach: Sendable {}

extension ForEach: View where Content: View {
  public typealias Body = Never
  public var body: Never { fatalError() }
}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
  public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
    self.data = data
    self.content = content
  }
}

extension ForEach where Content: View {
  public init(
    _ data: Data, id: KeyPath<Data.Element, ID>,
    @ViewBuilder content: @escaping (Data.Element) -> Content
  ) {
    self.data = data
    self.content = content
  }
}

nonisolated public struct TextField<Label>: View where Label: View {
  @MainActor @preconcurrency public var body: some View { EmptyView() }
}

@available(*, unavailable)
extension TextField: Sendable {}

extension TextField where Label == Text {
  nonisolated public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
  @_disfavoredOverload
  nonisolated public init<S>(_ title: S, text: Binding<String>) where S: StringProtocol {}
}

extension View {
  @available(iOS 14.0, macOS 11.0, tvOS 14.0, watchOS 7.0, *)
  nonisolated public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View {
    EmptyView()
  }
}
