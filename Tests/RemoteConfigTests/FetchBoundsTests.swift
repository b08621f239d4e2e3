// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintRemoteConfig

/// A fetch over REST is bounded: as a whole by `fetchTimeout`, its answer by 4 MiB as it arrives, and by its app's
/// life.
@Suite struct FetchBoundsTests {
    @Test func aDribbledAnswerFailsTheFetchAtItsFetchTimeout() async throws {
        // 3,000 bytes, a byte per 100 ms: 300 s, though each byte comes well within an idle timeout.
        let body = Data(repeating: UInt8(ascii: " "), count: 3000)
        try await withTestHTTPServer(remoteConfigServer { .slowBody(body, pause: .milliseconds(100)) }) { server in
            let rig = try restRig(server)
            rig.remoteConfig.configSettings = RemoteConfigSettings(minimumFetchInterval: 0, fetchTimeout: 0.5)
            let fetch = Task { try await rig.remoteConfig.fetch() }
            let error = await #expect(throws: RemoteConfigError.self) {
                try await value(of: fetch)
            }
            #expect(error?.code == .internalError)
            #expect(rig.remoteConfig.lastFetchStatus == .failure)
            try await waitUntil { server.openConnectionCount == 0 }  // the request was cancelled
        }
    }

    @Test func anAnswerPastFourMiBIsCutOffAsItArrives() async throws {
        let body = OversizedBody()  // up to 1.5 GiB
        try await withTestHTTPServer(remoteConfigServer { body.response() }) { server in
            let fetch = Task { try await restRig(server).remoteConfig.fetch() }
            let error = await #expect(throws: RemoteConfigError.self) { try await value(of: fetch) }
            #expect(error?.code == .internalError)
            let cutOff = try await body.wasCutOff(on: server)
            #expect(cutOff)  // the client closed the connection before the end
        }
    }

    @Test func deletingTheAppEndsTheFetchInFlight() async throws {
        try await withTestHTTPServer(remoteConfigServer { TestHTTPResponse.json("{}").delayed(by: .seconds(300)) }) {
            server in
            let rig = try restRig(server)
            let fetch = Task { try await rig.remoteConfig.fetch() }
            try await waitUntil { server.requests.count == 1 }
            await rig.app.delete()
            let error = await #expect(throws: RemoteConfigError.self) {
                try await value(of: fetch)
            }
            #expect(error?.code == .internalError)
        }
    }
}
