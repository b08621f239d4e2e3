import FlintCore
import Foundation
@testable import FlintRemoteConfig
import FlintTesting
import Testing

@Suite struct RealtimeTests {
    @Test func aPublishedTemplateArrivesAsAnUpdateThatWaitsForActivate() async throws {
        let rig = try RemoteConfigRig(backend: try LocalRemoteConfigBackend(template: RemoteConfigTemplate(values: ["a": "1", "b": "1", "c": "1"])))
        _ = try await rig.remoteConfig.fetchAndActivate()
        let updates = rig.remoteConfig.updates
        try await waitUntil { rig.backend.realtimeListenerCount == 1 }
        try rig.backend.publish(RemoteConfigTemplate(values: ["a": "1", "b": "2", "d": "1"]))
        let update = try await first(of: updates)
        #expect(update.updatedKeys == ["b", "c", "d"])                     // changed, removed, added
        #expect(rig.remoteConfig["b"].stringValue == "1")
        #expect(try await rig.remoteConfig.activate())
        #expect(rig.remoteConfig["b"].stringValue == "2")
    }

    @Test func aTemplateWithNoChangedValuesIsNotAnUpdate() async throws {
        let rig = try RemoteConfigRig(backend: try LocalRemoteConfigBackend(template: RemoteConfigTemplate(values: ["a": "1"])))
        _ = try await rig.remoteConfig.fetchAndActivate()
        let updates = rig.remoteConfig.updates
        try await waitUntil { rig.backend.realtimeListenerCount == 1 }
        try rig.backend.publish(RemoteConfigTemplate(values: ["a": "1"]))      // same values: nothing to tell
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
        #expect(try await value(of: Task { for try await _ in rig.remoteConfig.updates { return false }; return true }))
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

@Suite struct SharedBackendTests {
    @Test func aPublicationReachesEveryAppOfTheProject() async throws {
        let backend = try LocalRemoteConfigBackend(template: RemoteConfigTemplate(values: ["a": "1"]))
        let one = try RemoteConfigRig(name: "device-1", backend: backend)
        let two = try RemoteConfigRig(name: "device-2", backend: backend,
                                         installations: FakeInstallations(installationID: "dGhlLXNlY29uZC1kZXZpY2"))
        _ = try await one.remoteConfig.fetchAndActivate()
        _ = try await two.remoteConfig.fetchAndActivate()
        let firstUpdates = one.remoteConfig.updates
        let secondUpdates = two.remoteConfig.updates
        try await waitUntil { backend.realtimeListenerCount == 2 }
        try backend.publish(RemoteConfigTemplate(values: ["a": "2"]))
        #expect(try await first(of: firstUpdates).updatedKeys == ["a"])
        #expect(try await first(of: secondUpdates).updatedKeys == ["a"])
        #expect(Set(backend.fetchRequests.map(\.installationID)) == ["ZmFrZS1maWQtMDAwMDAwMD", "dGhlLXNlY29uZC1kZXZpY2"])
    }
}

@Suite struct LaggingFetchTests {
    private func make(_ answers: [RemoteConfigFetchResponse]) throws -> (RemoteConfig, ScriptedRemoteConfigBackend, SleepLog) {
        let backend = ScriptedRemoteConfigBackend(answers)
        let sleeps = SleepLog()
        let app = try TestApp.make(libraries: [RemoteConfigLibrary.self], overrides: [
            RemoteConfigLibrary.backend(backend),
            RemoteConfigLibrary.environment(RemoteConfigEnvironment(sleep: { sleeps.record($0) })),
        ] + FakeInstallations().components)
        return (try RemoteConfig.remoteConfig(app: app), backend, sleeps)
    }

    private let v1 = RemoteConfigFetchResponse(state: .update, entries: ["a": "1"], templateVersion: 1)
    private let v2 = RemoteConfigFetchResponse(state: .update, entries: ["a": "2"], templateVersion: 2)

    @Test func anOlderTemplateThanAnnouncedIsFetchedAgain() async throws {
        let (config, backend, sleeps) = try make([v1, v1, v2])
        _ = try await config.fetchAndActivate()
        let updates = config.updates
        try await waitUntil { backend.listenerCount == 1 }
        backend.announce(2)
        #expect(try await first(of: updates).updatedKeys == ["a"])
        #expect(backend.fetchCount == 3)
        #expect(sleeps.recorded == [.seconds(1)])
    }

    @Test func aTemplateThatNeverArrivesIsNotFetched() async throws {
        let (config, backend, sleeps) = try make([v1])
        _ = try await config.fetchAndActivate()
        let updates = config.updates
        try await waitUntil { backend.listenerCount == 1 }
        backend.announce(2)
        let error = await #expect(throws: RemoteConfigUpdateError.self) { _ = try await first(of: updates) }
        #expect(error?.code == .notFetched)
        #expect(backend.fetchCount == 1 + RemoteConfig.maximumRealtimeFetchAttempts)
        #expect(sleeps.recorded == [.seconds(1), .seconds(2)])
    }
}
