// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintFirestore
import Testing

// This target depends on FlintFirestore only and is built with member import visibility, so every name
// below must reach the user through `import FlintFirestore` (which re-exports FlintProductSupport).

@Suite("A user importing only FlintFirestore")
struct FirestoreErrorCodeImportTests {
    @Test func usesFirestoreErrorCodeCases() {
        let code: FirestoreErrorCode = .notFound
        #expect(code == .notFound)
        #expect(code.rawValue == 5)
        #expect(code.statusName == "NOT_FOUND")
        #expect(FirestoreErrorCode(rawValue: 7) == .permissionDenied)
        #expect(FirestoreErrorCode.allCases.contains(.unavailable))
    }

    @Test func matchesAFirestoreErrorByItsCode() {
        let error = FirestoreError(.failedPrecondition, "terminated")
        switch error.code {
        case .failedPrecondition: break
        default: Issue.record("expected failedPrecondition, got \(error.code)")
        }
    }

    @Test func namesTheSharedCodeTypeDirectly() {
        let shared: RPCStatusCode = FirestoreErrorCode.aborted
        #expect(shared == .aborted)
    }
}
