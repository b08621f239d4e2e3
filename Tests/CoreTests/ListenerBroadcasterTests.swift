// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@Suite(.timeLimit(.minutes(3)))
struct ListenerBroadcasterTests {
    @Test func deliversEachValueToEveryListenerInRegistrationOrder() {
        let broadcaster = ListenerBroadcaster<Int>()
        let log = StreamTestLog<String>()
        for name in ["a", "b", "c"] {
            broadcaster.addListener { log.append("\(name)\($0)") }
        }
        broadcaster.send(1)
        broadcaster.send(2)
        #expect(log.values == ["a1", "b1", "c1", "a2", "b2", "c2"])
    }

    @Test func removedListenerIsNotCalled() {
        let broadcaster = ListenerBroadcaster<Int>()
        let log = StreamTestLog<String>()
        let a = broadcaster.addListener { log.append("a\($0)") }
        broadcaster.addListener { log.append("b\($0)") }
        broadcaster.send(1)
        a.remove()
        broadcaster.send(2)
        #expect(log.values == ["a1", "b1", "b2"])
    }

    @Test func removeIsIdempotent() {
        let broadcaster = ListenerBroadcaster<Int>()
        let log = StreamTestLog<String>()
        let a = broadcaster.addListener { log.append("a\($0)") }
        broadcaster.addListener { log.append("b\($0)") }
        a.remove()
        a.remove()
        #expect(broadcaster.listenerCount == 1)
        broadcaster.send(1)
        #expect(log.values == ["b1"])
    }

    @Test func listenerCanRemoveItselfFromInsideTheCallback() {
        let broadcaster = ListenerBroadcaster<Int>()
        let log = StreamTestLog<Int>()
        let registration = Locked<(any ListenerRegistration)?>(nil)
        let added = broadcaster.addListener { value in
            log.append(value)
            registration.withLock { $0 }?.remove()
        }
        registration.withLock { $0 = added }
        broadcaster.send(1)
        broadcaster.send(2)
        #expect(log.values == [1])
        #expect(broadcaster.listenerCount == 0)
    }

    @Test func listenerRemovedByAnEarlierListenerOfTheSameSendIsNotCalled() {
        let broadcaster = ListenerBroadcaster<Int>()
        let log = StreamTestLog<String>()
        let victim = Locked<(any ListenerRegistration)?>(nil)
        broadcaster.addListener { value in
            log.append("a\(value)")
            victim.withLock { $0 }?.remove()
        }
        let b = broadcaster.addListener { log.append("b\($0)") }
        victim.withLock { $0 = b }
        broadcaster.send(1)
        #expect(log.values == ["a1"])
    }

    @Test func listenerAddedDuringSendIsFirstCalledByTheNextSend() {
        let broadcaster = ListenerBroadcaster<Int>()
        let log = StreamTestLog<String>()
        let calls = StreamTestCounter()
        broadcaster.addListener { value in
            log.append("a\(value)")
            if calls.increment() == 1 {
                broadcaster.addListener { log.append("late\($0)") }
            }
        }
        broadcaster.send(1)
        #expect(log.values == ["a1"])
        broadcaster.send(2)
        #expect(log.values == ["a1", "a2", "late2"])
    }

    @Test func listenerCanSendAgainFromInsideTheCallback() {
        let broadcaster = ListenerBroadcaster<Int>()
        let log = StreamTestLog<Int>()
        broadcaster.addListener { value in
            log.append(value)
            if value < 3 { broadcaster.send(value + 1) }
        }
        broadcaster.send(1)
        #expect(log.values == [1, 2, 3])
    }

    @Test func listenerCountFollowsAddAndRemove() {
        let broadcaster = ListenerBroadcaster<Int>()
        #expect(broadcaster.listenerCount == 0)
        let a = broadcaster.addListener { _ in }
        let b = broadcaster.addListener { _ in }
        #expect(broadcaster.listenerCount == 2)
        a.remove()
        #expect(broadcaster.listenerCount == 1)
        b.remove()
        #expect(broadcaster.listenerCount == 0)
    }

    @Test func removeAllRemovesEveryListener() {
        let broadcaster = ListenerBroadcaster<Int>()
        let log = StreamTestLog<String>()
        let a = broadcaster.addListener { log.append("a\($0)") }
        broadcaster.addListener { log.append("b\($0)") }
        broadcaster.removeAll()
        #expect(broadcaster.listenerCount == 0)
        broadcaster.send(1)
        #expect(log.values.isEmpty)
        // The old registration is removed: removing it again leaves a newer listener alone.
        broadcaster.addListener { log.append("c\($0)") }
        a.remove()
        broadcaster.send(2)
        #expect(log.values == ["c2"])
    }

    @Test func removeAllDuringSendSkipsListenersNotYetCalled() {
        let broadcaster = ListenerBroadcaster<Int>()
        let log = StreamTestLog<String>()
        broadcaster.addListener { value in
            log.append("a\(value)")
            broadcaster.removeAll()
        }
        broadcaster.addListener { log.append("b\($0)") }
        broadcaster.send(1)
        #expect(log.values == ["a1"])
    }

    @Test func removeReleasesTheListenerClosure() {
        let broadcaster = ListenerBroadcaster<Int>()
        var captured: StreamTestObject? = StreamTestObject()
        weak let weakCaptured = captured
        let registration = broadcaster.addListener { [captured] _ in _ = captured }
        captured = nil
        #expect(weakCaptured != nil)
        registration.remove()
        #expect(weakCaptured == nil)
    }

    @Test func registrationDoesNotKeepTheBroadcasterAlive() {
        var broadcaster: ListenerBroadcaster<Int>? = ListenerBroadcaster()
        weak let weakBroadcaster = broadcaster
        let registration = broadcaster?.addListener { _ in }
        broadcaster = nil
        #expect(weakBroadcaster == nil)
        registration?.remove()  // harmless after the broadcaster is gone
    }

    @Test func droppingTheBroadcasterReleasesItsListeners() {
        var broadcaster: ListenerBroadcaster<Int>? = ListenerBroadcaster()
        var captured: StreamTestObject? = StreamTestObject()
        weak let weakCaptured = captured
        let registration = broadcaster?.addListener { [captured] _ in _ = captured }
        captured = nil
        #expect(weakCaptured != nil)
        broadcaster = nil
        #expect(weakCaptured == nil)
        registration?.remove()
    }

    @Test func concurrentAddRemoveAndSendEndWithNoListeners() async {
        let broadcaster = ListenerBroadcaster<Int>()
        let calls = StreamTestCounter()
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for round in 0..<200 {
                        let registration = broadcaster.addListener { _ in calls.increment() }
                        broadcaster.send(worker * 1_000 + round)
                        registration.remove()
                    }
                }
            }
            for _ in 0..<2 {
                group.addTask {
                    for value in 0..<500 { broadcaster.send(value) }
                }
            }
        }
        #expect(broadcaster.listenerCount == 0)
        // Each worker's own send reaches at least its own listener.
        #expect(calls.value >= 8 * 200)
    }

    @Test func closureRegistrationRunsItsClosureExactlyOnce() async {
        let runs = StreamTestCounter()
        let registration = ClosureListenerRegistration { runs.increment() }
        #expect(!registration.isRemoved)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<16 {
                group.addTask { registration.remove() }
            }
        }
        #expect(runs.value == 1)
        #expect(registration.isRemoved)
    }

    @Test func closureRegistrationReleasesItsClosureAfterRemoval() {
        var captured: StreamTestObject? = StreamTestObject()
        weak let weakCaptured = captured
        let registration = ClosureListenerRegistration { [captured] in _ = captured }
        captured = nil
        #expect(weakCaptured != nil)
        registration.remove()
        #expect(weakCaptured == nil)
    }

    @Test func closureRegistrationCanBeRemovedFromInsideItsClosure() {
        let runs = StreamTestCounter()
        let slot = Locked<ClosureListenerRegistration?>(nil)
        let registration = ClosureListenerRegistration {
            runs.increment()
            slot.withLock { $0 }?.remove()
        }
        slot.withLock { $0 = registration }
        registration.remove()
        #expect(runs.value == 1)
        slot.withLock { $0 = nil }
    }
}
