// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Testing

@testable import FlintFirestore

/// Error codes and messages.
struct ErrorTests {
    @Test func codesHaveTheGRPCValues() {
        let expected: [FirestoreErrorCode: Int] = [
            .ok: 0,
            .cancelled: 1, .unknown: 2, .invalidArgument: 3, .deadlineExceeded: 4, .notFound: 5, .alreadyExists: 6,
            .permissionDenied: 7, .resourceExhausted: 8, .failedPrecondition: 9, .aborted: 10, .outOfRange: 11,
            .unimplemented: 12, .internal: 13, .unavailable: 14, .dataLoss: 15, .unauthenticated: 16,
        ]
        #expect(FirestoreErrorCode.allCases.count == 17)
        for code in FirestoreErrorCode.allCases {
            #expect(code.rawValue == expected[code])
        }
    }

    @Test func descriptionNamesTheStatusAndTheMessage() {
        #expect(FirestoreError(.notFound, "No document.").description == "FirestoreError(NOT_FOUND): No document.")
        #expect(FirestoreErrorCode.permissionDenied.description == "PERMISSION_DENIED (7)")
    }

    @Test func foreignErrorsAreWrappedAsUnknown() {
        struct Other: Error {}
        #expect(FirestoreError.wrapping(Other()).code == .unknown)
        let original = FirestoreError(.aborted, "x")
        #expect(FirestoreError.wrapping(original) == original)
    }

    @Test func backendWriteAlreadyExistsPrecondition() throws {
        let backend = LocalFirestoreBackend()
        let database = DatabaseID(projectID: "p")
        let path = ResourcePath(["c", "d"])
        _ = try backend.commit(
            [BackendWrite(Mutation(path: path, kind: .set([:])))], database: database, caller: nil,
            origin: nil)
        #expect(
            throws: FirestoreError(
                .alreadyExists, "Document already exists: projects/p/databases/(default)/documents/c/d")
        ) {
            try backend.commit(
                [BackendWrite(Mutation(path: path, kind: .set([:]), precondition: .exists(false)))],
                database: database, caller: nil, origin: nil)
        }
    }
}
