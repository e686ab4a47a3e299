// Stand-in for UIKit (CI type-checking only): the API Ribcage's adapters use, as Apple documents
// it. Bodies are placeholders; nothing here ever runs.
import Foundation

@MainActor open class UIResponder {
  public init() {}
}

@MainActor open class UIView: UIResponder {
  open var frame: CGRect = .zero
  open var bounds: CGRect = .zero
  open var autoresizingMask: UIView.AutoresizingMask = []
  open func addSubview(_ view: UIView) {}
  open func removeFromSuperview() {}
}

@MainActor open class UIWindow: UIView {
  open var rootViewController: UIViewController?
  open func makeKeyAndVisible() {}
}

@MainActor public protocol UIViewControllerTransitionCoordinatorContext {}

@MainActor
public protocol UIViewControllerTransitionCoordinator:
  UIViewControllerTransitionCoordinatorContext
{
  func animate(
    alongsideTransition animation: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?,
    completion: ((any UIViewControllerTransitionCoordinatorContext) -> Void)?
  ) -> Bool
}

@MainActor open class UIViewController: UIResponder {
  open var view: UIView! = UIView()
  open var presentingViewController: UIViewController? { nil }
  open var navigationController: UINavigationController? { nil }
  open var transitionCoordinator: (any UIViewControllerTransitionCoordinator)? { nil }
  open func present(
    _ viewControllerToPresent: UIViewController, animated flag: Bool,
    completion: (() -> Void)? = nil
  ) {}
  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {}
  open func addChild(_ childController: UIViewController) {}
  open func removeFromParent() {}
  open func willMove(toParent parent: UIViewController?) {}
  open func didMove(toParent parent: UIViewController?) {}
}

@MainActor open class UINavigationController: UIViewController {
  open var viewControllers: [UIViewController] = []
  open func pushViewController(_ viewController: UIViewController, animated: Bool) {}
  @discardableResult
  open func popToViewController(_ viewController: UIViewController, animated: Bool)
    -> [UIViewController]?
  { nil }
}

extension UIView {
  public struct AutoresizingMask: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
  }
}
