import Ribcage
import RibcageTesting
import Testing

@MainActor
final class PassBuilder: MultiStageComponentizedBuilder<
  SpecComponent, RouterMock<InteractableMock>, Int
>
{
  var builtWith: [(SpecComponent, Int)] = []

  override func finalStageBuild(with component: SpecComponent, _ dynamicDependency: Int)
    -> RouterMock<InteractableMock>
  {
    builtWith.append((component, dynamicDependency))
    return RouterMock()
  }
}

@MainActor
final class SimplePassBuilder: SimpleMultiStageComponentizedBuilder<
  SpecComponent, RouterMock<InteractableMock>
>
{
  var components: [SpecComponent] = []

  override func finalStageBuild(with component: SpecComponent) -> RouterMock<InteractableMock> {
    components.append(component)
    return RouterMock()
  }
}

@MainActor
final class FreshComponentBuilder: ComponentizedBuilder<
  SpecComponent, RouterMock<InteractableMock>, Int, String
>
{
  var components: [SpecComponent] = []

  override func build(with component: SpecComponent, _ dynamicBuildDependency: Int)
    -> RouterMock<InteractableMock>
  {
    components.append(component)
    return RouterMock()
  }
}

/// uber/RIBs `ComponentizedBuilderTests` and `MultiStageComponentizedBuilderTests`, as behaviour.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct BuilderSpecs {
  let parent = SpecParentComponent()

  @Test func componentizedBuilderMakesAComponentPerBuild() {
    var componentArguments: [String] = []
    let builder = FreshComponentBuilder { [parent] argument in
      componentArguments.append(argument)
      return SpecComponent(dependency: parent)
    }
    let _: RouterMock<InteractableMock> = builder.build(
      withDynamicBuildDependency: 1, dynamicComponentDependency: "a")
    let (component, _) =
      builder.build(withDynamicBuildDependency: 2, dynamicComponentDependency: "b")
      as (SpecComponent, RouterMock<InteractableMock>)
    #expect(componentArguments == ["a", "b"])
    #expect(builder.components.count == 2)
    #expect(builder.components[0] !== builder.components[1])
    #expect(component === builder.components[1])
  }

  @Test func componentizedBuilderReportsAReusedComponent() {
    let recorder = DiagnosticsRecorder()
    let shared = SpecComponent(dependency: parent)
    let builder = FreshComponentBuilder(diagnostics: recorder.handler) { _ in shared }
    let _: RouterMock<InteractableMock> = builder.build(
      withDynamicBuildDependency: 1, dynamicComponentDependency: "")
    #expect(recorder.kinds.isEmpty)
    let _: RouterMock<InteractableMock> = builder.build(
      withDynamicBuildDependency: 2, dynamicComponentDependency: "")
    #expect(recorder.kinds == [.componentReused])
  }

  @Test func multiStageBuilderSharesOneComponentPerPass() {
    var made = 0
    let builder = PassBuilder { [parent] in
      made += 1
      return SpecComponent(dependency: parent)
    }
    let firstStage = builder.componentForCurrentBuildPass
    #expect(builder.componentForCurrentBuildPass === firstStage)
    _ = builder.finalStageBuild(withDynamicDependency: 7)
    #expect(made == 1)
    #expect(builder.builtWith.count == 1)
    #expect(builder.builtWith[0].0 === firstStage && builder.builtWith[0].1 == 7)

    let secondPass = builder.componentForCurrentBuildPass
    #expect(secondPass !== firstStage)
    _ = builder.finalStageBuild(withDynamicDependency: 8)
    #expect(builder.builtWith[1].0 === secondPass)
    #expect(made == 2)
  }

  @Test func finalStageAloneStartsAndEndsAPass() {
    let builder = SimplePassBuilder { [parent] in SpecComponent(dependency: parent) }
    _ = builder.finalStageBuild()
    _ = builder.finalStageBuild()
    #expect(builder.components.count == 2)
    #expect(builder.components[0] !== builder.components[1])
  }

  @Test func multiStageBuilderReportsAComponentReusedAcrossPasses() {
    let recorder = DiagnosticsRecorder()
    let shared = SpecComponent(dependency: parent)
    let builder = SimplePassBuilder(diagnostics: recorder.handler) { shared }
    _ = builder.finalStageBuild()
    #expect(recorder.kinds.isEmpty)
    _ = builder.finalStageBuild()
    #expect(recorder.kinds == [.componentReused])
  }
}
