// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintOpenCombine
import FlintTesting
import Foundation
import Testing

@testable import FlintFunctions
@testable import FlintRemoteConfig

#if canImport(Combine)
    import Combine
#elseif canImport(OpenCombine)
    import OpenCombine
#endif

/// A Remote Config of an app of its own on the embedded backend (fake Installations, sleeps that return at once).
func makeRemoteConfig(backend: LocalRemoteConfigBackend = LocalRemoteConfigBackend()) throws -> (FlintApp, RemoteConfig)
{
    let app = try TestApp.make(
        libraries: [RemoteConfigLibrary.self],
        overrides: FakeInstallations().components + [
            RemoteConfigLibrary.backend(backend),
            RemoteConfigLibrary.environment(RemoteConfigEnvironment(appVersion: "1.0", sleep: { _ in })),
        ])
    return (app, try RemoteConfig.remoteConfig(app: app))
}

@Suite("Remote Config publisher and futures", .timeLimit(.minutes(1)))
struct RemoteConfigCombineTests {
    @Test func configUpdatePublisherSendsEachUpdateInOrder() async throws {
        let backend = LocalRemoteConfigBackend()
        let (_, remoteConfig) = try makeRemoteConfig(backend: backend)
        let status = try await outcome(of: remoteConfig.fetchAndActivate() as Future<_, RemoteConfigError>).get()
        #expect(status == .successFetchedFromRemote || status == .successUsingPreFetchedData)
        let recorder = Recorder(remoteConfig.configUpdatePublisher())
        try await waitUntil { backend.realtimeListenerCount == 1 }
        try backend.publish(RemoteConfigTemplate(values: ["a": "1"]))
        try await recorder.waitForValues(1)
        try backend.publish(RemoteConfigTemplate(values: ["a": "1", "b": "2"]))
        let updates = try await recorder.waitForValues(2)
        // Keys that differ from the active config, which nothing activated in between.
        #expect(updates.map(\.updatedKeys) == [["a"], ["a", "b"]])
        #expect(try await outcome(of: remoteConfig.activate() as Future<Bool, RemoteConfigError>).get())
    }

    @Test func cancellingRemovesTheListenerAndClosesTheConnection() async throws {
        let backend = LocalRemoteConfigBackend()
        let (_, remoteConfig) = try makeRemoteConfig(backend: backend)
        let recorder = Recorder(remoteConfig.configUpdatePublisher())
        try await waitUntil { backend.realtimeListenerCount == 1 }
        recorder.cancel()
        try await waitUntil { remoteConfig.updateListenerCount == 0 && backend.realtimeListenerCount == 0 }
    }

    @Test func deletingTheAppFinishesThePublisher() async throws {
        let backend = LocalRemoteConfigBackend()
        let (app, remoteConfig) = try makeRemoteConfig(backend: backend)
        let recorder = Recorder(remoteConfig.configUpdatePublisher())
        try await waitUntil { backend.realtimeListenerCount == 1 }
        await app.delete()
        #expect(isFinished(try await recorder.waitForCompletion()))
    }

    @Test func anUnfetchableTemplateFailsThePublisherWithNotFetched() async throws {
        let backend = LocalRemoteConfigBackend()
        let (_, remoteConfig) = try makeRemoteConfig(backend: backend)
        let recorder = Recorder(remoteConfig.configUpdatePublisher())
        try await waitUntil { backend.realtimeListenerCount == 1 }
        backend.failFetches(with: .unreachable("offline"))
        try backend.publish(RemoteConfigTemplate(values: ["x": "1"]))
        #expect(try await recorder.waitForFailure()?.code == .notFetched)
        try await waitUntil { backend.realtimeListenerCount == 0 }
    }

    @Test func fetchFutureFailsWithRemoteConfigError() async throws {
        let backend = LocalRemoteConfigBackend()
        let (_, remoteConfig) = try makeRemoteConfig(backend: backend)
        backend.failFetches(with: .unreachable("offline"))
        let future: Future<RemoteConfigFetchStatus, RemoteConfigError> = remoteConfig.fetch()
        #expect(try await outcome(of: future).failure != nil)
    }

    @Test func setCustomSignalsFutureSetsTheSignalsSentWithTheNextFetch() async throws {
        let (_, remoteConfig) = try makeRemoteConfig()
        let future: Future<Void, RemoteConfigCustomSignalsError> = remoteConfig.setCustomSignals([
            "tier": .string("gold"), "level": .integer(3),
        ])
        #expect(try await outcome(of: future).failure == nil)
        #expect(remoteConfig.customSignals == ["tier": "gold", "level": "3"])
    }

    @Test func setCustomSignalsFutureFailsWithLimitExceededAndChangesNothing() async throws {
        let (_, remoteConfig) = try makeRemoteConfig()
        let key = String(repeating: "k", count: RemoteConfig.maximumCustomSignalKeyLength + 1)
        let future: Future<Void, RemoteConfigCustomSignalsError> = remoteConfig.setCustomSignals([
            key: .string("x")
        ])
        #expect(try await outcome(of: future).failure?.code == .limitExceeded)
        #expect(remoteConfig.customSignals.isEmpty)
    }

    /// Calls the future from a synchronous context and drops it.
    private func fetchWithoutSubscribing(_ remoteConfig: RemoteConfig) {
        remoteConfig.fetch(withExpirationDuration: 0)
    }

    @Test func aFutureStartsWithoutASubscriber() async throws {
        let backend = LocalRemoteConfigBackend()
        let (_, remoteConfig) = try makeRemoteConfig(backend: backend)
        fetchWithoutSubscribing(remoteConfig)
        try await waitUntil { backend.fetchRequests.count == 1 }
    }
}

/// A Functions transport answering every call with `response`, recording the requests.
final class AnsweringTransport: FunctionsTransport {
    private let state: Locked<(requests: [CallableRequest], response: CallableResponse)>

    init(statusCode: Int = 200, body: String = #"{"result":null}"#) {
        state = Locked(([], CallableResponse(statusCode: statusCode, body: Data(body.utf8))))
    }

    var requests: [CallableRequest] { state.withLock { $0.requests } }

    func send(_ request: CallableRequest) async throws -> CallableResponse {
        state.withLock {
            $0.requests.append(request)
            return $0.response
        }
    }
}

/// A Functions of an app of its own whose calls go to `transport`.
func makeFunctions(_ transport: AnsweringTransport) throws -> Functions {
    let app = try TestApp.make(
        libraries: [FunctionsLibrary.self], overrides: [.instance(transport, as: FunctionsTransport.self)])
    return try Functions.functions(app: app)
}

@Suite("Functions futures and the streaming publisher", .timeLimit(.minutes(1)))
struct FunctionsCombineTests {
    @Test func callPublishesTheResult() async throws {
        let transport = AnsweringTransport(body: #"{"result":"hi"}"#)
        let future: Future<HTTPSCallableResult, FunctionsError> = try makeFunctions(transport)
            .httpsCallable("greet").call("ada")
        #expect(try await outcome(of: future).get().data == "hi")
        #expect(transport.requests.count == 1)
    }

    @Test func callFailsWithTheFunctionsErrorCode() async throws {
        let transport = AnsweringTransport(
            statusCode: 400, body: #"{"error":{"status":"INVALID_ARGUMENT","message":"no"}}"#)
        let future: Future<HTTPSCallableResult, FunctionsError> = try makeFunctions(transport)
            .httpsCallable("greet").call()
        #expect(try await outcome(of: future).failure?.code == .invalidArgument)
    }

    /// Calls the future from a synchronous context and drops it.
    private func callWithoutSubscribing(_ callable: HTTPSCallable) {
        callable.call("started")
    }

    @Test func aCallStartsWithoutASubscriber() async throws {
        let transport = AnsweringTransport()
        callWithoutSubscribing(try makeFunctions(transport).httpsCallable("greet"))
        try await waitUntil { transport.requests.count == 1 }
    }

    @Test func streamPublisherFailsWithTheTransportsFunctionsError() async throws {
        let recorder = Recorder(try makeFunctions(AnsweringTransport()).httpsCallable("greet").streamPublisher())
        #expect(try await recorder.waitForFailure()?.code == .unimplemented)
    }
}
