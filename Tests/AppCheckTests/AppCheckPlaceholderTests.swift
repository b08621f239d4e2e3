import Testing
@testable import FlintAppCheck

@Test func appcheckModuleBuilds() { #expect(Bool(true)) }
