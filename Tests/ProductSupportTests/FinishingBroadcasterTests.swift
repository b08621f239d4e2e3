import Foundation
import FlintCore
@testable import FlintProductSupport
import FlintTesting
import Testing

@Suite("FinishingBroadcaster: listeners and streams that finish")
struct FinishingBroadcasterTests {
    @Test func listenersGetValuesInOrderUntilRemoved() {
        let broadcaster = FinishingBroadcaster<Int>()
        let received = Locked<[String]>([])
        let first = broadcaster.addListener { value in received.withLock { $0.append("a\(value)") } }
        _ = broadcaster.addListener { value in received.withLock { $0.append("b\(value)") } }
        broadcaster.send(1)
        first.remove()
        broadcaster.send(2)
        #expect(received.withLock { $0 } == ["a1", "b1", "b2"])
        #expect(broadcaster.listenerCount == 1)
    }

    @Test func aListenerRemovedDuringASendIsNotCalled() {
        let broadcaster = FinishingBroadcaster<Int>()
        let calls = Locked(0)
        let second = Locked<(any ListenerRegistration)?>(nil)
        _ = broadcaster.addListener { _ in second.withLock { $0 }?.remove() }
        second.withLock { $0 = broadcaster.addListener { _ in calls.withLock { $0 += 1 } } }
        broadcaster.send(1)
        #expect(calls.withLock { $0 } == 0)
    }

    @Test func finishTellsListenersOnceAndLaterOnesAtOnce() {
        let broadcaster = FinishingBroadcaster<Int>()
        let finished = Locked(0)
        _ = broadcaster.addListener(onFinish: { finished.withLock { $0 += 1 } }) { _ in }
        broadcaster.finish()
        broadcaster.finish()
        #expect(finished.withLock { $0 } == 1)
        _ = broadcaster.addListener(onFinish: { finished.withLock { $0 += 1 } }) { _ in }
        #expect(finished.withLock { $0 } == 2)
        #expect(broadcaster.listenerCount == 0)
        #expect(broadcaster.isFinished)
    }

    @Test func aStreamYieldsThenFinishesWithTheBroadcaster() async throws {
        let broadcaster = FinishingBroadcaster<Int>()
        let consumer = Task { () -> [Int] in
            var values: [Int] = []
            for await value in broadcaster.stream() { values.append(value) }
            return values
        }
        try await waitUntil { broadcaster.listenerCount == 1 }
        broadcaster.send(1)
        broadcaster.send(2)
        broadcaster.finish()
        #expect(try await value(of: consumer) == [1, 2])
    }

    @Test func cancellingAStreamRemovesItsListener() async throws {
        let broadcaster = FinishingBroadcaster<Int>()
        let consumer = Task { for await _ in broadcaster.stream() {} }
        try await waitUntil { broadcaster.listenerCount == 1 }
        consumer.cancel()
        try await value(of: consumer)
        try await waitUntil { broadcaster.listenerCount == 0 }
    }

    @Test func aThrowingStreamThrowsAFailureAndRemovesItsListener() async throws {
        let broadcaster = FinishingBroadcaster<Result<Int, any Error>>()
        let consumer = Task { for try await _ in broadcaster.throwingStream() {} }
        try await waitUntil { broadcaster.listenerCount == 1 }
        broadcaster.send(.success(1))
        broadcaster.send(.failure(FakeError("broken")))
        await #expect(throws: FakeError("broken")) { try await value(of: consumer) }
        try await waitUntil { broadcaster.listenerCount == 0 }
    }
}

@Suite("Small product helpers: file names, JSON limits, URL segments, emulator origins")
struct ProductHelperTests {
    @Test func appFileNamesStayOneComponent() {
        #expect(AppFileName.make(appName: "my-app_1", suffix: ".x.json") == "my-app_1.x.json")
        for name in ["../etc", "a/b", "..", "", String(repeating: "é", count: 300)] {
            let file = AppFileName.make(appName: name, suffix: ".x.json")
            #expect(!file.contains("/"))
            #expect(file.contains("+"))
            #expect(file.hasSuffix(".x.json"))
            #expect(file.utf8.count <= 70)
        }
        #expect(AppFileName.make(appName: "a/b", suffix: "") != AppFileName.make(appName: "a/c", suffix: ""))
    }

    @Test func boundedJSONRefusesLargeDeepAndNonObjects() {
        #expect(throws: BoundedJSON.Failure.tooLarge(11)) { try BoundedJSON.object(from: Data(#"{"a":"bcd"}"#.utf8), maximumSize: 10) }
        let deep = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect(throws: BoundedJSON.Failure.tooDeep) { try BoundedJSON.object(from: deep) }
        #expect(throws: BoundedJSON.Failure.notAnObject) { try BoundedJSON.object(from: Data("[1]".utf8)) }
        #expect(throws: BoundedJSON.Failure.notAnObject) { try BoundedJSON.object(from: Data("{".utf8)) }
        #expect(BoundedJSON.nestingIsBounded(Data(#"{"a":"[[[[["}"#.utf8), maximumDepth: 1))
        #expect((try? BoundedJSON.object(from: Data(#"{"a":1}"#.utf8)))?["a"] as? Int == 1)
    }

    @Test func pathSegmentsAreFullyEncoded() {
        #expect(URLPathSegment.encode("a/b?c#d e") == "a%2Fb%3Fc%23d%20e")
        #expect(URLPathSegment.encode("..") == "%2E%2E")
        #expect(URLPathSegment.encode(".") == "%2E")
        #expect(URLPathSegment.encode("ok-1._~") == "ok-1._~")
    }

    @Test func emulatorOriginsAreBuiltFromPlainHostsOnly() throws {
        #expect(try EmulatorOrigin.make(host: "127.0.0.1", port: 8080).absoluteString == "http://127.0.0.1:8080")
        #expect(try EmulatorOrigin.make(host: "::1", port: 9).absoluteString == "http://[::1]:9")
        #expect(throws: EmulatorOrigin.Failure.invalidHost("evil.com/x")) { try EmulatorOrigin.make(host: "evil.com/x", port: 1) }
        #expect(throws: EmulatorOrigin.Failure.invalidHost("a@b")) { try EmulatorOrigin.make(host: "a@b", port: 1) }
        #expect(throws: EmulatorOrigin.Failure.invalidPort(0)) { try EmulatorOrigin.make(host: "localhost", port: 0) }
    }
}
