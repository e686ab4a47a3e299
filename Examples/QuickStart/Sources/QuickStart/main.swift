import QuickStartApp
import Ribcage

// Builds the tree, launches it, logs in, and prints the tree and the greetings at each step.
let app = AppComponent()
let root = RootBuilder(dependency: app).build()
let greetings = app.greetingService.greetings.observe { print("greetings: \($0)") }
root.launch(from: Terminal())
print(root.snapshot().textRendering())

root.loggedOut?.interactor.logIn(as: "Ada")
print(root.snapshot().textRendering())
greetings.cancel()
