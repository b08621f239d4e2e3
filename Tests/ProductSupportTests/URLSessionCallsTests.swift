// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import FlintTesting
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("URLSessionCalls: requests that never wait on the caller's thread")
struct URLSessionCallsTests {
    private static func session() -> URLSession { URLSession(configuration: .ephemeral) }

    @Test func returnsTheBodyAndTheResponse() async throws {
        try await withTestHTTPServer({ _ in .json(#"{"ok":true}"#, status: 201) }) { server in
            let session = Self.session()
            defer { session.finishTasksAndInvalidate() }
            let (data, response) = try await URLSessionCalls.data(
                for: URLRequest(url: server.url(path: "/x")), in: session)
            #expect((response as? HTTPURLResponse)?.statusCode == 201)
            #expect(String(decoding: data, as: UTF8.self) == #"{"ok":true}"#)
            #expect(server.requests.map(\.path) == ["/x"])
        }
    }

    @Test func aCallerCancelledBeforeTheStartSendsNothing() async throws {
        try await withTestHTTPServer({ _ in .json("{}") }) { server in
            let session = Self.session()
            defer { session.finishTasksAndInvalidate() }
            let request = URLRequest(url: server.url(path: "/never"))
            let call = Task.detached(priority: Task.currentPriority) {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await URLSessionCalls.data(for: request, in: session)
            }
            await #expect(throws: URLError(.cancelled)) { try await value(of: call) }
            // The request was never created, so nothing can arrive later either.
            #expect(server.requests.isEmpty)
        }
    }

    @Test func cancellingTheCallerCancelsTheRunningRequest() async throws {
        try await withTestHTTPServer({ _ in TestHTTPResponse.json("{}").delayed(by: .seconds(300)) }) { server in
            let session = Self.session()
            defer { session.finishTasksAndInvalidate() }
            let request = URLRequest(url: server.url(path: "/slow"))
            let call = Task.detached(priority: Task.currentPriority) {
                try await URLSessionCalls.data(for: request, in: session)
            }
            try await waitUntil { server.requests.count == 1 }
            call.cancel()
            // The server answers after 60 s: only the cancellation can end the call this way.
            let error = await #expect(throws: URLError.self) { try await value(of: call) }
            #expect(error?.code == .cancelled)
        }
    }

    @Test func aRefusedConnectionIsTheSessionsError() async throws {
        // Port 1 (tcpmux) on loopback: privileged and unused, so the connection is refused.
        let session = Self.session()
        defer { session.finishTasksAndInvalidate() }
        let request = URLRequest(url: try #require(URL(string: "http://127.0.0.1:1/x")))
        let error = await #expect(throws: URLError.self) { try await URLSessionCalls.data(for: request, in: session) }
        #expect(error?.code != .cancelled)
    }

    @Test func workRunsInTheOrderItWasHandedOver() async throws {
        let order = Locked<[Int]>([])
        let done = Gate()
        for index in 0..<100 {
            URLSessionCalls.run {
                order.withLock { $0.append(index) }
                if index == 99 { done.open() }
            }
        }
        try await done.wait(timeout: defaultTestTimeout)
        #expect(order.withLock { $0 } == Array(0..<100))
    }
}

/// ``URLSessionCalls/data(for:in:deadline:maximumSize:)``'s bounds: a deadline for the whole request, and a body
/// read against its limit as it arrives (the connection closed past it).
@Suite("URLSessionCalls: a deadline for the whole request and a bounded body")
struct URLSessionCallBoundsTests {
    @Test func aDribbledAnswerEndsAtTheDeadlineAndItsConnectionCloses() async throws {
        // 3,000 bytes a byte per 100 ms: 300 s, each read well within URLSession's own (idle) timeout.
        let body = Data(repeating: UInt8(ascii: " "), count: 3000)
        try await withTestHTTPServer({ _ in .slowBody(body, pause: .milliseconds(100)) }) { server in
            let session = CredentialSafeSession.make()
            defer { session.finishTasksAndInvalidate() }
            let request = URLRequest(url: server.url(path: "/slow"), timeoutInterval: 30)
            let call = Task { try await URLSessionCalls.data(for: request, in: session, deadline: 0.5) }
            let error = await #expect(throws: URLError.self) { try await value(of: call) }
            #expect(error?.code == .timedOut)
            try await waitUntil { server.openConnectionCount == 0 }  // well before the body's 300 s
        }
    }

    @Test func theRequestsTimeoutIntervalIsItsDeadlineByDefault() async throws {
        let body = Data(repeating: UInt8(ascii: " "), count: 3000)
        try await withTestHTTPServer({ _ in .slowBody(body, pause: .milliseconds(100)) }) { server in
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let request = URLRequest(url: server.url(path: "/slow"), timeoutInterval: 0.5)
            let call = Task { try await URLSessionCalls.data(for: request, in: session) }
            let error = await #expect(throws: URLError.self) { try await value(of: call) }
            #expect(error?.code == .timedOut)
        }
    }

    @Test(arguments: [true, false])
    func aBodyPastTheLimitIsCutOffAsItArrives(credentialSafe: Bool) async throws {
        let body = OversizedBody()
        try await withTestHTTPServer({ _ in body.response() }) { server in
            let session = credentialSafe ? CredentialSafeSession.make() : URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let request = URLRequest(url: server.url(path: "/large"))
            let call = Task { try await URLSessionCalls.data(for: request, in: session, maximumSize: 1 << 20) }
            let error = await #expect(throws: URLError.self) { try await value(of: call) }
            #expect(error?.code == .dataLengthExceedsMaximum)
            let cutOff = try await body.wasCutOff(on: server)
            #expect(cutOff)  // the client closed the connection before the end
        }
    }

    /// In a child process (an exit test): until the connection closes, cancelling it holds the queue every request
    /// of the process starts on (`URLSessionCalls`), which would stall the parallel suite's other tests. The child
    /// prints whether the server saw the client close before the end. Heavy for a parallel suite (64 MiB at loopback
    /// speed, and a known issue on Linux): it runs when `FLINT_MEASURE_MEMORY` is set.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["FLINT_MEASURE_MEMORY"] != nil))
    func aBodyPastTheLimitArrivingAtFullSpeedIsCutOff() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            startExitWatchdog(timeout: .seconds(100))
            let body = OversizedBody(count: 1024, pause: .zero)  // 64 MiB, as fast as loopback carries it
            try await withTestHTTPServer({ _ in body.response() }) { server in
                let session = CredentialSafeSession.make()
                defer { session.finishTasksAndInvalidate() }
                let request = URLRequest(url: server.url(path: "/large"))
                do {
                    _ = try await URLSessionCalls.data(for: request, in: session, maximumSize: 1 << 20)
                    throw CancellationError()  // no error: the check fails
                } catch let error as URLError where error.code == .dataLengthExceedsMaximum {}
                print("FLINT-CUT-OFF \(try await body.wasCutOff(on: server))")
            }
        }
        let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
        let cutOff = output.contains("FLINT-CUT-OFF true")
        #expect(output.contains("FLINT-CUT-OFF"))
        #if canImport(FoundationNetworking)
            // FoundationNetworking's libcurl reads the socket in a loop on the session's work queue, where a
            // cancellation must wait its turn: at full loopback speed the rest of the body is usually read (and
            // dropped as it arrives) before the connection closes.
            withKnownIssue("FoundationNetworking cannot close a fast transfer early", isIntermittent: true) {
                #expect(cutOff)
            }
        #else
            #expect(cutOff)  // the client closed the connection before the server could send it all
        #endif
    }

    @Test func anAnnouncedLengthPastTheLimitIsRefusedBeforeTheBody() async throws {
        try await withTestHTTPServer({ _ in .json(String(repeating: " ", count: 4096)) }) { server in
            let session = CredentialSafeSession.make()
            defer { session.finishTasksAndInvalidate() }
            let request = URLRequest(url: server.url(path: "/x"))
            let error = await #expect(throws: URLError.self) {
                try await URLSessionCalls.data(for: request, in: session, maximumSize: 1024)
            }
            #expect(error?.code == .dataLengthExceedsMaximum)
            let (data, _) = try await URLSessionCalls.data(for: request, in: session, maximumSize: 4096)
            #expect(data.count == 4096)  // up to the limit is fine
        }
    }

    @Test func aCredentialSafeSessionAnswersARedirectWithItsOwnStatus() async throws {
        try await withTestHTTPServer({ _ in .json("{}") }) { elsewhere in
            try await withTestHTTPServer({ request in
                TestHTTPResponse(status: 302, headers: ["Location": elsewhere.url(path: request.path).absoluteString])
            }) { server in
                let session = CredentialSafeSession.make()
                defer { session.finishTasksAndInvalidate() }
                let (_, response) = try await URLSessionCalls.data(
                    for: URLRequest(url: server.url(path: "/moved")), in: session)
                #expect((response as? HTTPURLResponse)?.statusCode == 302)
                #expect(elsewhere.requests.isEmpty)
            }
        }
    }
}
