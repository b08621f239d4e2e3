import Testing
@testable import FlintFirestore

@Test func firestoreModuleBuilds() { #expect(Bool(true)) }
