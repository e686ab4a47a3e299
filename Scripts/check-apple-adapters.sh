#!/usr/bin/env bash
# Type-checks the Apple-only adapter sources (Sources/RibcageUIKit, Sources/RibcageSwiftUI) on
# Linux, where UIKit, AppKit and SwiftUI do not exist: against the stand-in modules in
# CI/AppleStandIns (only the API the adapters use, with Apple's signatures), once as on iOS
# (UIKit + SwiftUI over UIKit) and once as on macOS (AppKit + SwiftUI over AppKit), in Swift 6
# mode with warnings as errors, every source file of the Rides iPhone app as iOS, and a SwiftUI
# RIB as `ribcage new rib --swiftui` writes it, as iOS. Then checks
# that the stand-ins reject what the SDK rejects and accept what the audit against the iPhoneOS
# 18.6 SDK found it accepts, so a pass means something. See docs/Apple.md for what this proves
# and what it does not.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --target RibcageSwiftUI >/dev/null
bin=$(swift build --show-bin-path)
# RIBCAGE_STANDIN_MODULES keeps the emitted modules (ios/, macos/) for Scripts/check-doc-blocks.py.
if [ -n "${RIBCAGE_STANDIN_MODULES:-}" ]; then
  out=$RIBCAGE_STANDIN_MODULES
  mkdir -p "$out"
else
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi

common=(-swift-version 6 -warnings-as-errors -parse-as-library
  -I "$bin/Modules" -Xcc "-fmodule-map-file=$bin/_RibcageAtomics.build/module.modulemap"
  -Xcc "-I$PWD/Sources/_RibcageAtomics/include")

emit() {  # emit <flavour folder> <module name> <sources...>
  local folder=$1 module=$2
  shift 2
  swiftc -emit-module -module-name "$module" -emit-module-path "$folder/$module.swiftmodule" \
    -I "$folder" "${common[@]}" "$@"
}

check_flavour() {  # check_flavour <name> <platform stand-in>
  local name=$1 platform=$2 folder="$out/$1"
  mkdir -p "$folder"
  echo "== $name: stand-ins"
  emit "$folder" "$platform" "CI/AppleStandIns/$platform.swift"
  emit "$folder" SwiftUI CI/AppleStandIns/SwiftUI.swift
  echo "== $name: RibcageUIKit"
  emit "$folder" RibcageUIKit Sources/RibcageUIKit/*.swift
  echo "== $name: RibcageSwiftUI"
  emit "$folder" RibcageSwiftUI Sources/RibcageSwiftUI/*.swift
}

check_flavour ios UIKit
check_flavour macos AppKit

# The Rides iPhone app (Examples/RidesiOS): every source file, as iOS, against the same stand-ins.
# Its platform-free part (RidesiOSCore, and RidesKit) is built by SwiftPM — on Linux the app
# package is that part and its tests — and the adapters are emitted again against that build's
# Ribcage, so the app sees one Ribcage.
app=Examples/RidesiOS/RidesiOS.swiftpm
echo "== ios: the Rides app ($app)"
swift build --package-path "$app" --target RidesiOSCore >/dev/null
app_bin=$(swift build --package-path "$app" --show-bin-path)
app_common=(-swift-version 6 -warnings-as-errors -parse-as-library
  -I "$app_bin/Modules" -Xcc "-fmodule-map-file=$app_bin/_RibcageAtomics.build/module.modulemap"
  -Xcc "-I$PWD/Sources/_RibcageAtomics/include")
app_folder="$out/ios-app"
mkdir -p "$app_folder"
cp "$out/ios/UIKit.swiftmodule" "$out/ios/SwiftUI.swiftmodule" "$app_folder/"
for module in RibcageUIKit RibcageSwiftUI; do
  swiftc -emit-module -module-name "$module" -emit-module-path "$app_folder/$module.swiftmodule" \
    -I "$app_folder" "${app_common[@]}" "Sources/$module"/*.swift
done
app_sources=()
while IFS= read -r file; do app_sources+=("$file"); done < <(find "$app/Sources/RidesiOS" -name '*.swift' | sort)
swiftc -typecheck -module-name RidesiOS -I "$app_folder" "${app_common[@]}" "${app_sources[@]}"
echo "  ${#app_sources[@]} files type-check"

# A SwiftUI RIB as `ribcage new rib --swiftui` writes it (with and without a presenter): every
# source file, as iOS and as macOS, against the adapters emitted above — its hosting controller and screen are
# behind `#if canImport(SwiftUI)`, which Linux builds of the generated package never compile.
# RIBCAGE_TOOL names a built `ribcage`; without it the Tools package's is built (slow the first time).
echo "== ios, macos: a SwiftUI RIB from ribcage new"
tool=${RIBCAGE_TOOL:-}
if [ -z "$tool" ]; then
  swift build --package-path Tools --product ribcage >/dev/null
  tool="$(swift build --package-path Tools --show-bin-path)/ribcage"
fi
tool="$(cd "$(dirname "$tool")" && pwd)/$(basename "$tool")"  # it runs in another folder
for flags in --swiftui "--swiftui --presenter"; do
  rib="$out/swiftui-rib"
  rm -rf "$rib"
  mkdir -p "$rib"
  # shellcheck disable=SC2086 # the flags are words
  (cd "$rib" && "$tool" new rib Lounge $flags --output Sources/App >/dev/null)
  grep -q "HostingViewController<LoungeScreen>" "$rib/Sources/App/Lounge/LoungeViewController.swift"
  for flavour in ios macos; do
    swiftc -typecheck -module-name App -I "$out/$flavour" "${common[@]}" \
      "$rib"/Sources/App/Lounge/*.swift
  done
  echo "  new rib Lounge $flags: $(ls "$rib/Sources/App/Lounge" | wc -l) files type-check (ios, macos)"
done

echo "== the stand-ins reject what Apple's SDK rejects (and accept the corrected code)"
# Each case is a pair: the code as a user might write it, which Apple's SDK rejects, and the
# corrected code, which it accepts. Both halves must behave as on the SDK, so a rejection proves a
# declaration, not a typo in the case.
failures=0
check_pair() {  # check_pair <flavour> <name> <rejected code> <accepted code>
  local flavour=$1 name=$2
  printf '%s\n' "$3" >"$out/Rejected.swift"
  printf '%s\n' "$4" >"$out/Accepted.swift"
  if swiftc -typecheck -I "$out/$flavour" "${common[@]}" "$out/Rejected.swift" >/dev/null 2>&1; then
    echo "error: the $flavour stand-ins accept what Apple's SDK rejects: $name" >&2
    failures=$((failures + 1))
  elif ! swiftc -typecheck -I "$out/$flavour" "${common[@]}" "$out/Accepted.swift" >/dev/null 2>&1
  then
    echo "error: the $flavour stand-ins reject the corrected code of: $name" >&2
    swiftc -typecheck -I "$out/$flavour" "${common[@]}" "$out/Accepted.swift" 2>&1 | head -5 >&2
    failures=$((failures + 1))
  else
    echo "  rejected as on the SDK ($flavour): $name"
  fi
}

check_pair ios "an API UIKit does not declare" '
import UIKit
@MainActor func misuse(_ controller: UIViewController) { controller.showDetailViewController() }' '
import UIKit
@MainActor func use(_ controller: UIViewController) { controller.dismiss(animated: true) }'

hosting_subclass() {  # hosting_subclass <framework> <hosting controller> <extra member>
  printf '
import %s
import SwiftUI
struct Screen: View { var body: some View { Text("Hi") } }
final class ScreenController: %s<Screen> {
  let name = "Screen"
  init() { super.init(rootView: Screen()) }
  %s
}' "$1" "$2" "$3"
}
coder='required init?(coder: NSCoder) { fatalError("not used") }'
check_pair ios "a UIHostingController subclass with its own init and no init(coder:)" \
  "$(hosting_subclass UIKit UIHostingController '')" \
  "$(hosting_subclass UIKit UIHostingController "$coder")"
check_pair macos "an NSHostingController subclass with its own init and no init(coder:)" \
  "$(hosting_subclass AppKit NSHostingController '')" \
  "$(hosting_subclass AppKit NSHostingController "$coder")"

# `title` is `String?` and settable on both (UIViewController.h, NSViewController.h): a `let` of
# type `String` cannot override it; the corrected code sets it.
titled_subclass() {  # titled_subclass <framework> <hosting controller> <title declaration> <init body>
  printf '
import %s
import SwiftUI
struct Screen: View { var body: some View { Text("Hi") } }
final class ScreenController: %s<Screen> {
  %s
  init() {
    super.init(rootView: Screen())
    %s
  }
  required init?(coder: NSCoder) { fatalError("not used") }
}' "$1" "$2" "$3" "$4"
}
check_pair ios "a hosting controller redeclaring title as a let String (it is String?, settable)" \
  "$(titled_subclass UIKit UIHostingController 'let title = "Screen"' '')" \
  "$(titled_subclass UIKit UIHostingController '' 'title = "Screen"')"
check_pair macos "an NSHostingController redeclaring title as a let String (it is String?)" \
  "$(titled_subclass AppKit NSHostingController 'let title = "Screen"' '')" \
  "$(titled_subclass AppKit NSHostingController '' 'title = "Screen"')"

check_pair ios "a UIViewController subclass calling the convenience init() from its own init" '
import UIKit
final class Screen: UIViewController {
  init() { super.init() }
  required init?(coder: NSCoder) { fatalError() }
}' '
import UIKit
final class Screen: UIViewController {
  init() { super.init(nibName: nil, bundle: nil) }
  required init?(coder: NSCoder) { fatalError() }
}'

check_pair ios "a UIStackView subclass with a failable init(coder:) (UIStackView's is not)" '
import UIKit
final class Stack: UIStackView {
  init() { super.init(frame: .zero) }
  required init?(coder: NSCoder) { fatalError() }
}' '
import UIKit
final class Stack: UIStackView {
  init() { super.init(frame: .zero) }
  required init(coder: NSCoder) { fatalError() }
}'

check_pair ios "UIKit called from a nonisolated function" '
import UIKit
func close(_ controller: UIViewController) { controller.dismiss(animated: true) }' '
import UIKit
@MainActor func close(_ controller: UIViewController) { controller.dismiss(animated: true) }'

check_pair ios "an async present (NS_SWIFT_DISABLE_ASYNC)" '
import UIKit
@MainActor func show(_ a: UIViewController, _ b: UIViewController) async {
  await a.present(b, animated: true)
}' '
import UIKit
@MainActor func show(_ a: UIViewController, _ b: UIViewController) {
  a.present(b, animated: true)
}'

check_pair ios "a UIWindowScene made with init(), NS_UNAVAILABLE" '
import UIKit
@MainActor func window() -> UIWindow { UIWindow(windowScene: UIWindowScene()) }' '
import UIKit
@MainActor func window(_ scene: UIWindowScene) -> UIWindow { UIWindow(windowScene: scene) }'

check_pair macos "NSWindow(coder:), unavailable" '
import AppKit
@MainActor func window(_ coder: NSCoder) -> NSWindow? { NSWindow(coder: coder) }' '
import AppKit
@MainActor func window(_ content: NSViewController) -> NSWindow {
  NSWindow(contentViewController: content)
}'

check_pair ios "a navigation delegate held strongly (the delegate is weak)" '
import UIKit
@MainActor final class Watcher: NSObject, UINavigationControllerDelegate {}
@MainActor func watch(_ navigation: UINavigationController) {
  navigation.delegate = Watcher()
  let kept: UINavigationControllerDelegate = navigation.delegate
  _ = kept
}' '
import UIKit
@MainActor final class Watcher: NSObject, UINavigationControllerDelegate {}
@MainActor func watch(_ navigation: UINavigationController, _ watcher: Watcher) {
  navigation.delegate = watcher
  let kept: (any UINavigationControllerDelegate)? = navigation.delegate
  _ = kept
}'

check_pair ios "a NavigationStack path of values that are not Hashable" '
import SwiftUI
struct Stop {}
@MainActor func stack(_ path: Binding<[Stop]>) -> some View {
  NavigationStack(path: path) { Text("Stops") }
}' '
import SwiftUI
struct Stop: Hashable {}
@MainActor func stack(_ path: Binding<[Stop]>) -> some View {
  NavigationStack(path: path) { Text("Stops") }
}'

check_pair ios "a sheet item that is not Identifiable" '
import SwiftUI
struct Receipt {}
@MainActor func sheet(_ item: Binding<Receipt?>) -> some View {
  Text("Trip").sheet(item: item) { _ in Text("Receipt") }
}' '
import SwiftUI
struct Receipt: Identifiable { let id: Int }
@MainActor func sheet(_ item: Binding<Receipt?>) -> some View {
  Text("Trip").sheet(item: item) { _ in Text("Receipt") }
}'

echo "== the stand-ins accept what Apple's iOS 18.6 SDK accepts (each a difference the audit found)"
check_accepted() {  # check_accepted <name> <code the SDK accepts>
  printf '%s\n' "$2" >"$out/Accepted.swift"
  if swiftc -typecheck -I "$out/ios" "${common[@]}" "$out/Accepted.swift" >/dev/null 2>&1; then
    echo "  accepted as on the SDK: $1"
  else
    echo "error: the ios stand-ins reject what Apple's SDK accepts: $1" >&2
    swiftc -typecheck -I "$out/ios" "${common[@]}" "$out/Accepted.swift" 2>&1 | head -5 >&2
    failures=$((failures + 1))
  fi
}
check_accepted "title is String? and settable" '
import UIKit
@MainActor func name(_ controller: UIViewController) { controller.title = nil }'
check_accepted "SwiftUI's value views are made anywhere (nonisolated types)" '
import SwiftUI
nonisolated func views(_ name: String) -> (Text, VStack<Text>, Button<Text>, EmptyView) {
  (Text(name), VStack { Text(name) }, Button(name) {}, EmptyView())
}'
check_accepted "View modifiers are nonisolated" '
import SwiftUI
struct Item: Identifiable { let id: Int }
nonisolated func modified(_ text: Text, _ item: Binding<Item?>) -> some View {
  text.disabled(true).onAppear {}.sheet(item: item) { _ in Text("Sheet") }
}'
check_accepted "an App is main-actor isolated as a whole (a property default may be)" '
import SwiftUI
@MainActor final class Host { init() {} }
struct Demo: App {
  @State private var host = Host()
  var body: some Scene { WindowGroup { Text("Hi") } }
}'
check_accepted "the coordinator animates with a discardable result and no completion" '
import UIKit
@MainActor func animate(_ coordinator: any UIViewControllerTransitionCoordinator) {
  coordinator.animate(alongsideTransition: nil)
}'
check_accepted "UIStackView's init(coder:) is not failable" '
import UIKit
final class Stack: UIStackView {
  init() { super.init(frame: .zero) }
  required init(coder: NSCoder) { fatalError() }
}'

if [ "$failures" -gt 0 ]; then
  exit 1
fi
echo "Apple adapters type-check against the UIKit and AppKit stand-ins."
