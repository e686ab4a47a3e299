// Stand-in for UIKit (CI type-checking only). Every declaration is copied from Apple's UIKit
// headers, in the Swift form the importer gives them: signatures, nullability, designated and
// required initializers, `NS_SWIFT_UI_ACTOR` as `@MainActor @preconcurrency`, `weak` delegates,
// `@optional` protocol members as default implementations. Only the API Ribcage's adapters and
// its documentation use is declared; bodies are placeholders, nothing here ever runs.
//
// Sources (headers, not documentation):
// - UIWindow.h, UIPresentationController.h: iOS 17.5 SDK, github.com/xybp888/iOS-SDKs
//   (iPhoneOS17.5.sdk/System/Library/Frameworks/UIKit.framework/Headers/).
// - UIResponder.h, UIView.h, UIViewController.h, UINavigationController.h,
//   UIViewControllerTransitionCoordinator.h: iOS 17.4 SDK, github.com/danpashin/sdks (tag v17.4);
//   the 17.5 mirror lacks them, and the headers both copies hold are identical.
// - UIScene.h, UISceneSession.h, UISceneOptions.h, UIWindowScene.h and UIKit.apinotes (which names
//   UISceneConnectionOptions `UIScene.ConnectionOptions`): iOS 17.0 SDK,
//   github.com/itsnebulalol/sdks; the lines used match the iOS 16.4 headers and 18.0 apinotes.
@_exported import Foundation  // UIKit and AppKit re-export Foundation

// MARK: UIResponder.h — `@interface UIResponder : NSObject <UIResponderStandardEditActions>`,
// NS_SWIFT_UI_ACTOR; declares no initializer (inherits NSObject's `init`), no NSCoding.

@MainActor @preconcurrency open class UIResponder: NSObject {
  public override init() {}
}

// MARK: UIView.h — `@interface UIView : UIResponder <NSCoding, …>`, NS_SWIFT_UI_ACTOR.
// Designated: initWithFrame:, initWithCoder: (required by NSCoding).

@MainActor @preconcurrency open class UIView: UIResponder, @preconcurrency NSCoding {
  public init(frame: CGRect) {}
  public required init?(coder: NSCoder) {}
  /// Not redeclared by UIView: NSObject's `init`, a convenience initializer once UIView declares
  /// designated ones (the importer's rule), calling `init(frame: .zero)`.
  public convenience override init() { self.init(frame: .zero) }
  open func encode(with coder: NSCoder) {}

  open var frame: CGRect = .zero
  open var bounds: CGRect = .zero
  open var autoresizingMask: UIView.AutoresizingMask = []
  // @interface UIView(UIViewHierarchy)
  open func addSubview(_ view: UIView) {}
  open func removeFromSuperview() {}
}

extension UIView {
  /// `typedef NS_OPTIONS(NSUInteger, UIViewAutoresizing)`.
  public struct AutoresizingMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
  }
}

// MARK: UIScene.h, UISceneSession.h, UISceneOptions.h, UIWindowScene.h (iOS 13).

/// `@interface UIScene : UIResponder`; `initWithSession:connectionOptions:` is its designated
/// initializer, `init` and `new` are NS_UNAVAILABLE.
@available(iOS 13.0, *)
@MainActor @preconcurrency open class UIScene: UIResponder {
  public init(session: UISceneSession, connectionOptions: UIScene.ConnectionOptions) {}
  @available(*, unavailable) public override init() {}
  /// `@interface UISceneConnectionOptions : NSObject`, NS_SWIFT_NAME(UIScene.ConnectionOptions);
  /// `init` and `new` are NS_UNAVAILABLE.
  @available(iOS 13.0, *)
  @MainActor @preconcurrency open class ConnectionOptions: NSObject {
    @available(*, unavailable) public override init() {}
  }
}

/// `@interface UISceneSession : NSObject <NSSecureCoding>`; `init` and `new` are NS_UNAVAILABLE.
@available(iOS 13.0, *)
@MainActor @preconcurrency open class UISceneSession: NSObject {
  @available(*, unavailable) public override init() {}
}

/// `@interface UIWindowScene : UIScene`.
@available(iOS 13.0, *)
@MainActor @preconcurrency open class UIWindowScene: UIScene {}

/// `@protocol UISceneDelegate <NSObject>`: every method `@optional`.
@available(iOS 13.0, *)
@MainActor @preconcurrency public protocol UISceneDelegate: NSObjectProtocol {
  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions)
}

extension UISceneDelegate {
  public func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {}
}

/// `@protocol UIWindowSceneDelegate <UISceneDelegate>`: `@property (nullable, nonatomic, strong)
/// UIWindow *window` is `@optional`.
@available(iOS 13.0, *)
@MainActor @preconcurrency public protocol UIWindowSceneDelegate: UISceneDelegate {
  var window: UIWindow? { get set }
}

// MARK: UIWindow.h — `@interface UIWindow : UIView`, NS_SWIFT_UI_ACTOR. Declares
// initWithWindowScene: (iOS 13) and no designated marker, so it also keeps UIView's initializers.

@MainActor @preconcurrency open class UIWindow: UIView {
  @available(iOS 13.0, *)
  public init(windowScene: UIWindowScene) { super.init(frame: .zero) }
  public override init(frame: CGRect) { super.init(frame: frame) }
  public required init?(coder: NSCoder) { super.init(coder: coder) }

  @available(iOS 4.0, *)
  open var rootViewController: UIViewController?
  open func makeKeyAndVisible() {}
}

// MARK: UIViewControllerTransitionCoordinator.h — both protocols NS_SWIFT_UI_ACTOR.

@MainActor @preconcurrency
public protocol UIViewControllerTransitionCoordinatorContext:
  NSObjectProtocol
{
  var isAnimated: Bool { get }
  var isInteractive: Bool { get }
  /// Only set for an interactive transition that was cancelled.
  var isCancelled: Bool { get }
}

@MainActor @preconcurrency
public protocol UIViewControllerTransitionCoordinator:
  UIViewControllerTransitionCoordinatorContext
{
  @discardableResult
  func animate(
    alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool
  @available(iOS 10.0, *)
  func notifyWhenInteractionChanges(
    _ handler: @escaping (any UIViewControllerTransitionCoordinatorContext) -> Void)
}

extension UIViewControllerTransitionCoordinator {
  /// The header's `completion` is a trailing nullable block: the importer gives it a `nil`
  /// default, which a protocol requirement cannot declare in Swift source.
  @discardableResult
  public func animate(
    alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool { animate(alongsideTransition: animation, completion: nil) }
}

// MARK: UIViewController.h — `@interface UIViewController : UIResponder <NSCoding, …>`,
// NS_SWIFT_UI_ACTOR. Designated: initWithNibName:bundle:, initWithCoder: (required by NSCoding).

@MainActor @preconcurrency open class UIViewController: UIResponder, @preconcurrency NSCoding {
  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {}
  public required init?(coder: NSCoder) {}
  /// NSObject's `init`, a convenience initializer once UIViewController declares designated ones.
  public convenience override init() { self.init(nibName: nil, bundle: nil) }
  open func encode(with coder: NSCoder) {}

  /// `@property(null_resettable, nonatomic, strong) UIView *view`: null_resettable imports as
  /// an implicitly unwrapped optional.
  open var view: UIView! = UIView()
  open func loadView() {}
  open func viewDidLoad() {}
  /// `@property(nullable, nonatomic, copy) NSString *title`: optional and settable, so a subclass
  /// cannot redeclare it as a `let` of type `String` (the SDK rejects that override).
  open var title: String?
  open func viewWillAppear(_ animated: Bool) {}
  open func viewDidAppear(_ animated: Bool) {}
  open func viewWillDisappear(_ animated: Bool) {}
  open func viewDidDisappear(_ animated: Bool) {}

  /// `@property(nullable, nonatomic, weak, readonly) UIViewController *parentViewController`
  /// (read-only: the weak storage is UIKit's).
  open var parent: UIViewController? { nil }
  @available(iOS 5.0, *)
  open var presentedViewController: UIViewController? { nil }
  @available(iOS 5.0, *)
  open var presentingViewController: UIViewController? { nil }
  @available(iOS 5.0, *)
  open var isBeingPresented: Bool { false }
  @available(iOS 5.0, *)
  open var isBeingDismissed: Bool { false }
  @available(iOS 5.0, *)
  open var isMovingToParent: Bool { false }
  @available(iOS 5.0, *)
  open var isMovingFromParent: Bool { false }

  // NS_SWIFT_DISABLE_ASYNC: no async variants.
  @available(iOS 5.0, *)
  open func present(
    _ viewControllerToPresent: UIViewController, animated flag: Bool,
    completion: (() -> Void)? = nil
  ) {}
  @available(iOS 5.0, *)
  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}

  // @interface UIViewController (UIContainerViewControllerProtectedMethods / …Callbacks)
  @available(iOS 5.0, *)
  open var children: [UIViewController] { [] }
  @available(iOS 5.0, *)
  open func addChild(_ childController: UIViewController) {}
  @available(iOS 5.0, *)
  open func removeFromParent() {}
  @available(iOS 5.0, *)
  open func willMove(toParent parent: UIViewController?) {}
  @available(iOS 5.0, *)
  open func didMove(toParent parent: UIViewController?) {}

  // @interface UIViewController (UIPresentationController)
  @available(iOS 8.0, *)
  open var presentationController: UIPresentationController? { nil }
  /// `@property (nonatomic, getter=isModalInPresentation) BOOL modalInPresentation` (iOS 13).
  @available(iOS 13.0, *)
  open var isModalInPresentation: Bool = false

  // UINavigationController.h: @interface UIViewController (UINavigationControllerItem)
  open var navigationController: UINavigationController? { nil }
  // UIViewControllerTransitionCoordinator.h: @interface UIViewController(…TransitionCoordinator)
  @available(iOS 7.0, *)
  open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { nil }
}

// MARK: UINavigationController.h — `@interface UINavigationController : UIViewController`,
// NS_SWIFT_UI_ACTOR. Designated: initWithNavigationBarClass:toolbarClass:,
// initWithRootViewController:, initWithNibName:bundle:, initWithCoder:.

@MainActor @preconcurrency open class UINavigationController: UIViewController {
  @available(iOS 5.0, *)
  public init(navigationBarClass: AnyClass?, toolbarClass: AnyClass?) {
    super.init(nibName: nil, bundle: nil)
  }
  public init(rootViewController: UIViewController) { super.init(nibName: nil, bundle: nil) }
  public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
    super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
  }
  public required init?(coder aDecoder: NSCoder) { super.init(coder: aDecoder) }

  open func pushViewController(_ viewController: UIViewController, animated: Bool) {}
  @discardableResult
  open func popViewController(animated: Bool) -> UIViewController? { nil }
  @discardableResult
  open func popToViewController(_ viewController: UIViewController, animated: Bool)
    -> [UIViewController]?
  { nil }
  @discardableResult
  open func popToRootViewController(animated: Bool) -> [UIViewController]? { nil }
  open var topViewController: UIViewController? { nil }
  open var visibleViewController: UIViewController? { nil }
  open var viewControllers: [UIViewController] = []
  @available(iOS 3.0, *)
  open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {}
  open weak var delegate: (any UINavigationControllerDelegate)?
}

/// `@protocol UINavigationControllerDelegate <NSObject>`, NS_SWIFT_UI_ACTOR; both methods are
/// `@optional`.
@MainActor @preconcurrency public protocol UINavigationControllerDelegate: NSObjectProtocol {
  func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController,
    animated: Bool)
  func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController,
    animated: Bool)
}

extension UINavigationControllerDelegate {
  public func navigationController(
    _ navigationController: UINavigationController, willShow viewController: UIViewController,
    animated: Bool
  ) {}
  public func navigationController(
    _ navigationController: UINavigationController, didShow viewController: UIViewController,
    animated: Bool
  ) {}
}

// MARK: UIPresentationController.h (iOS 17.5) — `@interface UIPresentationController : NSObject
// <…>`, NS_SWIFT_UI_ACTOR; designated initWithPresentedViewController:presentingViewController:,
// `init` NS_UNAVAILABLE.

@available(iOS 8.0, *)
@MainActor @preconcurrency open class UIPresentationController: NSObject {
  public init(
    presentedViewController: UIViewController,
    presenting presentingViewController: UIViewController?
  ) {}
  @available(*, unavailable) public override init() {}
  open var presentingViewController: UIViewController { fatalError() }
  open var presentedViewController: UIViewController { fatalError() }
  open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?
}

/// `@protocol UIAdaptivePresentationControllerDelegate <NSObject>`, NS_SWIFT_UI_ACTOR; the
/// dismissal methods (iOS 13) are `@optional`.
@MainActor @preconcurrency
public protocol UIAdaptivePresentationControllerDelegate:
  NSObjectProtocol
{
  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController)
    -> Bool
  func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
  func presentationControllerDidAttemptToDismiss(
    _ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
  public func presentationControllerShouldDismiss(
    _ presentationController: UIPresentationController
  ) -> Bool { true }
  public func presentationControllerWillDismiss(
    _ presentationController: UIPresentationController
  ) {}
  public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
  }
  public func presentationControllerDidAttemptToDismiss(
    _ presentationController: UIPresentationController
  ) {}
}

// MARK: Controls and labels (iOS 18.6 SDK, the importer's Swift form from
// swift-synthesize-interface: UIControl.h, UIButton.h, UIMenuElement.h, UIAction.h, UILabel.h,
// UIStackView.h, NSLayoutConstraint.h). Used by the Rides iPhone app's UIKit screen.

/// `@interface UIControl : UIView`, NS_SWIFT_UI_ACTOR.
@MainActor @preconcurrency open class UIControl: UIView {
  public override init(frame: CGRect) { super.init(frame: frame) }
  public required init?(coder: NSCoder) { super.init(coder: coder) }
  open var isEnabled: Bool = true
}

/// `@interface UIButton : UIControl <NSCoding, …>`, NS_SWIFT_UI_ACTOR.
@MainActor @preconcurrency open class UIButton: UIControl {
  public override init(frame: CGRect) { super.init(frame: frame) }
  public required init?(coder: NSCoder) { super.init(coder: coder) }
}

extension UIButton {
  /// `typedef NS_ENUM(NSInteger, UIButtonType)` (the cases Rides uses and `custom`).
  public enum ButtonType: Int, @unchecked Sendable {
    case custom = 0
    @available(iOS 7.0, *)
    case system = 1
  }

  /// `+ (instancetype)buttonWithType:(UIButtonType)buttonType primaryAction:(nullable UIAction *)`
  /// (iOS 14): a convenience initializer in Swift.
  @available(iOS 14.0, tvOS 14.0, *)
  @MainActor @preconcurrency
  public convenience init(type buttonType: UIButton.ButtonType = .system, primaryAction: UIAction?)
  {
    self.init(frame: .zero)
  }
}

/// `@interface UIMenuElement : NSObject <NSCopying, NSSecureCoding>` (iOS 13), NS_SWIFT_UI_ACTOR;
/// `init` is NS_UNAVAILABLE.
@available(iOS 13.0, *)
@MainActor @preconcurrency open class UIMenuElement: NSObject {
  open var title: String { "" }
}

/// `typedef void (^UIActionHandler)(__kindof UIAction *action)`.
public typealias UIActionHandler = (UIAction) -> Void

/// `@interface UIAction : UIMenuElement <UIMenuLeaf>` (iOS 13), NS_SWIFT_UI_ACTOR.
@available(iOS 13.0, *)
@MainActor @preconcurrency open class UIAction: UIMenuElement {
  /// `+ actionWithTitle:image:identifier:handler:` (the arguments Rides uses; the SDK's form also
  /// takes `image`, `identifier`, `discoverabilityTitle`, `attributes` and `state`, all defaulted).
  @MainActor @preconcurrency
  public convenience init(title: String = "", handler: @escaping UIActionHandler) {
    self.init()
  }
}

/// `@interface UILabel : UIView <NSCoding, …>`, NS_SWIFT_UI_ACTOR.
@available(iOS 2.0, *)
@MainActor @preconcurrency open class UILabel: UIView {
  public override init(frame: CGRect) { super.init(frame: frame) }
  public required init?(coder: NSCoder) { super.init(coder: coder) }
  open var text: String?
  open var numberOfLines: Int = 1
}

extension NSLayoutConstraint {
  /// `typedef NS_ENUM(NSInteger, UILayoutConstraintAxis)`.
  public enum Axis: Int, @unchecked Sendable {
    case horizontal = 0
    case vertical = 1
  }
}

/// NSLayoutConstraint.h: `@interface NSLayoutConstraint : NSObject` (only its `Axis` is used).
@MainActor @preconcurrency open class NSLayoutConstraint: NSObject {}

/// `@interface UIStackView : UIView` (iOS 9), NS_SWIFT_UI_ACTOR. Its `initWithCoder:` is declared
/// non-null: a subclass's required `init(coder:)` is not failable.
@available(iOS 9.0, *)
@MainActor @preconcurrency open class UIStackView: UIView {
  public override init(frame: CGRect) { super.init(frame: frame) }
  public required init(coder: NSCoder) { super.init(frame: .zero) }
  public convenience init(arrangedSubviews views: [UIView]) { self.init(frame: .zero) }
  open var arrangedSubviews: [UIView] { [] }
  open func addArrangedSubview(_ view: UIView) {}
  open func removeArrangedSubview(_ view: UIView) {}
  open var axis: NSLayoutConstraint.Axis = .horizontal
  open var spacing: CGFloat = 0
}
