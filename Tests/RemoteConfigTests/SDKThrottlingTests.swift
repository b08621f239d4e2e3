// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintRemoteConfig

/// Ports of the Firebase iOS SDK's `FirebaseRemoteConfig/Tests/Unit/RCNThrottlingTests.m`, over HTTP: the server
/// answers a config first (the SDK's tests run after a successful fetch), then `status`.
@Suite struct SDKThrottlingTests {
    /// A server answering a config to the first fetch and `status` to the others.
    private func server(failingWith status: Int) -> TestHTTPServer.Handler {
        let answered = Locked(false)
        return remoteConfigServer {
            answered.withLock { answered in
                defer { answered = true }
                return answered ? .json("{}", status: status) : update(#"{"key1":"val1"}"#, version: 1)
            }
        }
    }

    /// `testRegularFetchDoesNotGetThrottled`.
    @Test func aRegularFetchIsNotThrottled() async throws {
        try await withTestHTTPServer(remoteConfigServer { update(#"{"key1":"val1"}"#, version: 1) }) { server in
            let rig = try restRig(server)
            #expect(try await rig.remoteConfig.fetch(withExpirationDuration: 0) == .success)
            #expect(try await rig.remoteConfig.fetch(withExpirationDuration: 0) == .success)
            #expect(rig.remoteConfig.lastFetchStatus == .success)
        }
    }

    /// `testServerThrottleHTTP429ReturnsAThrottledError`, `testServerInternalError500ReturnsAThrottledError`,
    /// `testServerUnavailableError503ReturnsAThrottledError` (and 504, which the SDK treats the same way).
    @Test(arguments: [429, 500, 503, 504])
    func aServerErrorReturnsAThrottledError(status: Int) async throws {
        try await withTestHTTPServer(server(failingWith: status)) { server in
            let rig = try restRig(server)
            _ = try await rig.remoteConfig.fetch(withExpirationDuration: 0)
            let error = await #expect(throws: RemoteConfigError.self) {
                try await rig.remoteConfig.fetch(withExpirationDuration: 0)
            }
            #expect(error?.code == .throttled)
            let end = try #require(error?.throttleEndTime)
            #expect(end > rig.clock.now())
            let bridged = try #require(error.map { $0 as NSError })
            #expect(bridged.code == 8002)
            #expect(bridged.userInfo["error_throttled_end_time_seconds"] as? Double == end.timeIntervalSince1970)
            #expect(rig.remoteConfig.lastFetchStatus == .throttled)
        }
    }

    /// `testThrottleReturnsAThrottledErrorAndThrottlesSubsequentRequests`: the follow-up fetch is throttled without a
    /// request.
    @Test func aThrottledErrorThrottlesTheNextFetch() async throws {
        try await withTestHTTPServer(server(failingWith: 429)) { server in
            let rig = try restRig(server)
            _ = try await rig.remoteConfig.fetch(withExpirationDuration: 0)
            let first = await #expect(throws: RemoteConfigError.self) {
                try await rig.remoteConfig.fetch(withExpirationDuration: 0)
            }
            #expect(first?.code == .throttled)
            let second = await #expect(throws: RemoteConfigError.self) {
                try await rig.remoteConfig.fetch(withExpirationDuration: 0)
            }
            #expect(second?.code == .throttled)
            #expect(second?.throttleEndTime == first?.throttleEndTime)
            #expect(rig.remoteConfig.lastFetchStatus == .throttled)
            #expect(server.requests.count == 2)
        }
    }
}
