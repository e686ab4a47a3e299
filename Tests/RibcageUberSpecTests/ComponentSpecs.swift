import Ribcage
import Testing

/// uber/RIBs `ComponentTests`, as behaviour: `shared` makes one instance per component and call
/// site, including an Optional whose factory returned `nil`.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct ComponentSpecs {
  @Test func sharedReturnsOneInstancePerComponent() {
    let parent = SpecParentComponent()
    let component = SpecComponent(dependency: parent)
    #expect(component.service === component.service)
    #expect(component.dependency.name == "parent")
    let other = SpecComponent(dependency: parent)
    #expect(other.service !== component.service)
  }

  @Test func sharedOptionalRunsItsFactoryOnceEvenWhenNil() {
    let component = SpecComponent(dependency: SpecParentComponent())
    #expect(component.optionalService == nil)
    #expect(component.optionalService == nil)
    #expect(component.optionalFactoryCalls == 1)
  }
}
