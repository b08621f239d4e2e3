// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting
import Testing

@Suite struct StreamTestSignalTests {
    @Test func firesOnceAndLetsLaterWaitsThroughAtOnce() async {
        let signal = StreamTestSignal()
        #expect(!signal.isFired)
        signal.fire()
        signal.fire()  // later calls do nothing
        #expect(signal.isFired)
        #expect(await signal.wait(timeout: .zero))
        #expect(signal.waitBlocking(timeout: 0))
    }

    @Test func aTaskWaitingIsWokenByFire() async throws {
        let signal = StreamTestSignal()
        let waiter = Task { await signal.wait() }
        signal.fire()
        #expect(try await value(of: waiter))
    }

    @Test func aWaitThatIsNeverFiredReturnsFalseAtItsDeadline() async {
        let signal = StreamTestSignal()
        #expect(await signal.wait(timeout: .milliseconds(20)) == false)
        #expect(!signal.isFired)
    }

    @Test func aCancelledWaitReturnsFalse() async throws {
        let signal = StreamTestSignal()
        let waiter = Task { await signal.wait() }
        waiter.cancel()
        #expect(try await value(of: waiter) == false)
    }

    @Test func aThreadBlockedOnTheSignalIsReleasedByFire() async {
        let release = StreamTestSignal()
        let entered = StreamTestSignal()
        let released = Locked<Bool?>(nil)
        let done = startStreamTestThread {
            entered.fire()
            let fired = release.waitBlocking(timeout: 120)
            released.withLock { $0 = fired }
        }
        #expect(await entered.wait())
        #expect(!done.isFired)  // the thread is still blocked
        release.fire()
        #expect(await done.wait())
        #expect(released.withLock { $0 } == true)
    }

    @Test func aBlockingWaitThatIsNeverFiredReturnsFalseAtItsTimeout() async {
        let signal = StreamTestSignal()
        let result = Locked<Bool?>(nil)
        let done = startStreamTestThread {
            let fired = signal.waitBlocking(timeout: 0.02)
            result.withLock { $0 = fired }
        }
        #expect(await done.wait())
        #expect(result.withLock { $0 } == false)
    }

    @Test func theThreadsSignalFiresOnlyOnceItsBodyHasReturned() async {
        let ran = Locked(false)
        let done = startStreamTestThread { ran.withLock { $0 = true } }
        #expect(await done.wait())
        #expect(ran.withLock { $0 })
    }
}
