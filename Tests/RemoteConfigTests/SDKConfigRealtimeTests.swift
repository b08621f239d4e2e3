// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintRemoteConfig

/// Ports of the Firebase iOS SDK's `FirebaseRemoteConfig/Tests/SwiftUnit/ConfigRealtimeTests.swift`, over HTTP.
/// `testInBackground` has no counterpart (Flint has no app lifecycle); `testRealtimeDisabled` is
/// ``RESTBackendTests`` `aDisabledFeatureEndsTheStreamWithUnavailable`.
@Suite struct SDKConfigRealtimeTests {
    /// A server whose first real-time request is answered `status`, the next ones with `writer`'s stream.
    private func server(firstStreamStatus status: Int, writer: TestHTTPStreamWriter, streams: Locked<Int>)
        -> TestHTTPServer.Handler
    {
        { request in
            if request.pathWithoutQuery.hasSuffix(":fetch") { return update("{}", version: 1) }
            let count = streams.withLock {
                $0 += 1
                return $0
            }
            return count == 1
                ? .json("{}", status: status) : .stream(writer, headers: ["Content-Type": "application/json"])
        }
    }

    /// `testIsStatusCodeRetryable` (429, 502, 503, 504): the stream is opened again after a backoff.
    @Test(arguments: [429, 502, 503, 504])
    func aRetryableStatusReopensTheStream(status: Int) async throws {
        let writer = TestHTTPStreamWriter()
        let streams = Locked(0)
        try await withTestHTTPServer(server(firstStreamStatus: status, writer: writer, streams: streams)) { server in
            let rig = try restRig(server)
            let registration = rig.remoteConfig.addOnConfigUpdateListener(remoteConfigUpdateCompletion: { _, _ in })
            defer { registration.remove() }
            try await waitUntil { streams.withLock { $0 } == 2 }
            #expect(rig.sleeps.recorded == [.seconds(1)])
            writer.finish()
        }
    }

    /// `testIsStatusCodeRetryable` (400): the stream is not opened again; listeners get the error.
    @Test func aClientErrorStatusEndsTheStream() async throws {
        let writer = TestHTTPStreamWriter()
        let streams = Locked(0)
        try await withTestHTTPServer(server(firstStreamStatus: 400, writer: writer, streams: streams)) { server in
            let rig = try restRig(server)
            let updates = rig.remoteConfig.updates
            await #expect(throws: RemoteConfigUpdateError.self) { _ = try await first(of: updates) }
            #expect(streams.withLock { $0 } == 1)
            #expect(rig.sleeps.recorded.isEmpty)
        }
    }
}
