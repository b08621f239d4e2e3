import Testing
@testable import FlintFunctions

@Test func functionsModuleBuilds() { #expect(Bool(true)) }
