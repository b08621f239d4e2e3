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
        try await withTestHTTPServer({ _ in TestHTTPResponse.json("{}").delayed(by: .seconds(60)) }) { server in
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
