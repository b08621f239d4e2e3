// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Foundation
import Testing

@testable import FlintRemoteConfig

@Suite struct RealtimeTests {
    @Test func aPublishedTemplateArrivesAsAnUpdateThatWaitsForActivate() async throws {
        let rig = try RemoteConfigRig(
            backend: try LocalRemoteConfigBackend(
                template: RemoteConfigTemplate(values: ["a": "1", "b": "1", "c": "1"])))
        _ = try await rig.remoteConfig.fetchAndActivate()
        let updates = rig.remoteConfig.updates
        try await waitUntil { rig.backend.realtimeListenerCount == 1 }
        try rig.backend.publish(RemoteConfigTemplate(values: ["a": "1", "b": "2", "d": "1"]))
        let update = try await first(of: updates)
        #expect(update.updatedKeys == ["b", "c", "d"])  // changed, removed, added
        #expect(rig.remoteConfig["b"].stringValue == "1")
        #expect(try await rig.remoteConfig.activate())
        #expect(rig.remoteConfig["b"].stringValue == "2")
    }

    @Test func aTemplateWithNoChangedValuesIsNotAnUpdate() async throws {
        let rig = try RemoteConfigRig(
            backend: try LocalRemoteConfigBackend(template: RemoteConfigTemplate(values: ["a": "1"])))
        _ = try await rig.remoteConfig.fetchAndActivate()
        let updates = rig.remoteConfig.updates
        try await waitUntil { rig.backend.realtimeListenerCount == 1 }
        try rig.backend.publish(RemoteConfigTemplate(values: ["a": "1"]))  // same values: nothing to tell
        try await waitUntil { rig.backend.fetchRequests.count == 2 }
        try rig.backend.publish(RemoteConfigTemplate(values: ["a": "1", "b": "2"]))
        #expect(try await first(of: updates).updatedKeys == ["b"])
    }

    @Test func aTemplateNewerThanTheFetchedOneIsFetchedOnConnect() async throws {
        let backend = try LocalRemoteConfigBackend(template: RemoteConfigTemplate(values: ["a": "1"]))
        let rig = try RemoteConfigRig(backend: backend)
        #expect(try await first(of: rig.remoteConfig.updates).updatedKeys == ["a"])
        #expect(rig.remoteConfig.lastFetchStatus == .success)
    }

    @Test func theListenerAPIGetsUpdatesUntilRemoved() async throws {
        let rig = try RemoteConfigRig()
        let received = Locked<[Set<String>]>([])
        let registration = rig.remoteConfig.addOnConfigUpdateListener(remoteConfigUpdateCompletion: { update, error in
            if let update { received.withLock { $0.append(update.updatedKeys) } }
            #expect(error == nil)
        })
        try await waitUntil { rig.backend.realtimeListenerCount == 1 }
        try rig.backend.publish(RemoteConfigTemplate(values: ["x": "1"]))
        try await waitUntil { received.withLock { $0 } == [["x"]] }
        registration.remove()
        #expect(rig.remoteConfig.updateListenerCount == 0)
        #expect(rig.backend.realtimeListenerCount == 0)
    }

    @Test func cancellingTheConsumerRemovesTheListenerAndClosesTheConnection() async throws {
        let rig = try RemoteConfigRig()
        let consumer = Task { for try await _ in rig.remoteConfig.updates {} }
        try await waitUntil { rig.backend.realtimeListenerCount == 1 }
        consumer.cancel()
        _ = try await result(of: consumer)
        try await waitUntil { rig.remoteConfig.updateListenerCount == 0 && rig.backend.realtimeListenerCount == 0 }
    }

    @Test func breakingOutRemovesTheListener() async throws {
        let rig = try RemoteConfigRig()
        let consumer = Task { for try await _ in rig.remoteConfig.updates { break } }
        try await waitUntil { rig.backend.realtimeListenerCount == 1 }
        try rig.backend.publish(RemoteConfigTemplate(values: ["x": "1"]))
        try await value(of: consumer)
        try await waitUntil { rig.remoteConfig.updateListenerCount == 0 && rig.backend.realtimeListenerCount == 0 }
    }

    @Test func deletingTheAppFinishesTheStream() async throws {
        let rig = try RemoteConfigRig(name: "realtime-delete")
        let consumer = Task { () throws -> Int in
            var count = 0
            for try await _ in rig.remoteConfig.updates { count += 1 }
            return count
        }
        try await waitUntil { rig.backend.realtimeListenerCount == 1 }
        await rig.app.delete()
        #expect(try await value(of: consumer) == 0)
        #expect(rig.backend.realtimeListenerCount == 0)
        #expect(
            try await value(
                of: Task {
                    for try await _ in rig.remoteConfig.updates { return false }
                    return true
                }))
    }

    @Test func aTemplateThatCannotBeFetchedEndsTheStreamWithNotFetched() async throws {
        let rig = try RemoteConfigRig()
        let updates = rig.remoteConfig.updates
        try await waitUntil { rig.backend.realtimeListenerCount == 1 }
        rig.backend.failFetches(with: .unreachable("offline"))
        try rig.backend.publish(RemoteConfigTemplate(values: ["x": "1"]))
        let error = await #expect(throws: RemoteConfigUpdateError.self) { _ = try await first(of: updates) }
        #expect(error?.code == .notFetched)
        try await waitUntil { rig.backend.realtimeListenerCount == 0 }
    }
}
