// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintFunctions
import FlintTesting
import Testing

/// `levels` arrays around `leaf`: `[[…[leaf]…]]`.
func nestedCallableValue(_ levels: Int, around leaf: CallableValue = "leaf") -> CallableValue {
    (0..<levels).reduce(leaf) { inner, _ in [inner] }
}

/// Callable data nests at most 510 levels (a 64-bit integer counting as one, for its wrapper object), so that the
/// request body is no deeper than the 511 levels `JSONEncoder` writes; deeper data is `invalidArgument` before it
/// is encoded. The deep case runs in a child process (an exit test), so a crash fails the test instead of ending
/// the run.
@Suite("Callable data nested too deep", .timeLimit(.minutes(3)))
struct DataDepthTests {
    /// Thrown by an exit test whose check failed (any throw exits the child with a failure).
    struct CheckFailed: Error {}

    /// A Functions instance whose backend answers `echo` with the data it received.
    static func echoFunctions() throws -> Functions {
        let backend = LocalFunctionsBackend()
        backend.register(name: "echo") { data, _ in data }
        return try functions(using: backend)
    }

    @Test func dataNested10000LevelsIsInvalidArgument() async {
        await #expect(processExitsWith: .success) {
            let echo = try DataDepthTests.echoFunctions().httpsCallable("echo")
            for data in [nestedCallableValue(10_000), ["key": nestedCallableValue(10_000, around: .int(1))]] {
                do {
                    _ = try await echo.call(data)
                    throw CheckFailed()
                } catch let error as FunctionsError {
                    guard error.code == .invalidArgument else { throw CheckFailed() }
                }
            }
            var streamed = echo.stream(nestedCallableValue(10_000)).makeAsyncIterator()
            do {
                _ = try await streamed.next()
                throw CheckFailed()
            } catch let error as FunctionsError {
                guard error.code == .invalidArgument else { throw CheckFailed() }
            }
        }
    }

    @Test func fiveHundredTenLevelsAreSentAndOneMoreIsRefused() async throws {
        let echo = try Self.echoFunctions().httpsCallable("echo")
        let deepest = nestedCallableValue(510)
        #expect(try await echo.call(deepest).data == deepest)
        let deepestInteger = nestedCallableValue(509, around: .int(7))
        #expect(try await echo.call(deepestInteger).data == deepestInteger)
        for data in [nestedCallableValue(511), nestedCallableValue(510, around: .int(7))] {
            let error = await #expect(throws: FunctionsError.self) { try await echo.call(data) }
            #expect(error?.code == .invalidArgument)
        }
    }
}
