import Foundation
import Ribcage
import RibcageTesting
import Testing

@MainActor
@Suite(.timeLimit(.minutes(5))) struct TreeSnapshotTests {
  /// Root (launched, view) → LoggedIn → [Home (view), Request (view, inactive? no: all active)],
  /// plus a detached-but-built Ride under Request that is inactive because Request is not active.
  private func sampleTree() -> (RIBHarness, AppRootRouter) {
    let harness = RIBHarness()
    let root = AppRootRouter()
    harness.launch(root)
    let loggedIn = LoggedInRouter()
    root.attachChild(loggedIn)
    loggedIn.attachChild(HomeRouter())
    let request = ScreenRouter()
    loggedIn.attachChild(request)
    request.interactor.deactivate()
    request.attachChild(RideRouter())
    return (harness, root)
  }

  @Test func snapshotCapturesNamesStateViewsAndChildren() {
    let (_, root) = sampleTree()
    let snapshot = root.snapshot()
    #expect(snapshot.name == "AppRoot")
    #expect(snapshot.routerType == "AppRootRouter")
    #expect(snapshot.isActive && snapshot.hasView)
    #expect(snapshot.children.map(\.name) == ["LoggedIn"])
    #expect(snapshot.children[0].children.map(\.name) == ["Home", "Screen"])
    #expect(snapshot.children[0].children[1].isActive == false)
    #expect(snapshot.count == 5)
  }

  @Test func textRendering() {
    let (_, root) = sampleTree()
    #expect(
      root.snapshot().textRendering() == """
        AppRoot [active, view]
        └─ LoggedIn [active]
           ├─ Home [active]
           └─ Screen [inactive, view]
              └─ Ride [inactive]

        """)
  }

  @Test func jsonRenderingIsStableAndDecodes() throws {
    let (_, root) = sampleTree()
    let json = root.snapshot().jsonRendering()
    #expect(
      json.hasPrefix(
        """
        {
          "name": "AppRoot",
          "type": "AppRootRouter",
          "active": true,
          "view": true,
          "children": [
            {
              "name": "LoggedIn",
        """))
    // The rendering is valid JSON with the same content as the snapshot.
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let children = object?["children"] as? [[String: Any]]
    let grandchildren = children?.first?["children"] as? [[String: Any]]
    #expect(grandchildren?.compactMap { $0["name"] as? String } == ["Home", "Screen"])
    #expect(grandchildren?.last?["active"] as? Bool == false)
    let compact = root.snapshot().jsonRendering(prettyPrinted: false)
    #expect(!compact.contains("\n"))
    #expect(try JSONSerialization.jsonObject(with: Data(compact.utf8)) is [String: Any])
  }

  @Test func jsonEscapesNames() {
    let snapshot = TreeSnapshot(
      name: "a\"b\\c\n\u{1}", routerType: "T", isActive: true, hasView: false)
    #expect(
      snapshot.jsonRendering(prettyPrinted: false)
        == #"{"name":"a\"b\\c\n\u0001","type":"T","active":true,"view":false,"children":[]}"#)
  }

  @Test func snapshotIsCodable() throws {
    let (_, root) = sampleTree()
    let snapshot = root.snapshot()
    let data = try JSONEncoder().encode(snapshot)
    #expect(try JSONDecoder().decode(TreeSnapshot.self, from: data) == snapshot)
  }

  @Test func mermaidRendering() {
    let (_, root) = sampleTree()
    #expect(
      root.snapshot().mermaidRendering() == """
        flowchart TD
          n0["AppRoot"]
          n1("LoggedIn")
          n2("Home")
          n3["Screen"]
          n4("Ride")
          n0 --> n1
          n1 --> n2
          n1 --> n3
          n3 --> n4
          classDef inactive stroke-dasharray: 5 5,color:#888
          class n3,n4 inactive

        """)
  }

  @Test func dotRendering() {
    let (_, root) = sampleTree()
    #expect(
      root.snapshot().dotRendering() == """
        digraph RIBTree {
          node [fontname="Helvetica"];
          n0 [label="AppRoot", shape=box];
          n1 [label="LoggedIn", shape=ellipse];
          n2 [label="Home", shape=ellipse];
          n3 [label="Screen", shape=box, style=dashed, color=gray50, fontcolor=gray50];
          n4 [label="Ride", shape=ellipse, style=dashed, color=gray50, fontcolor=gray50];
          n0 -> n1;
          n1 -> n2;
          n1 -> n3;
          n3 -> n4;
        }

        """)
  }

  @Test func routerNamesDropTheRouterSuffix() {
    #expect(LoggedInRouter().name == "LoggedIn")
    #expect(NodeRouter().name == "Node")
  }
}
