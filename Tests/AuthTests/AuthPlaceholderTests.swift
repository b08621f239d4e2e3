import Testing
@testable import FlintAuth

@Test func authModuleBuilds() { #expect(Bool(true)) }
