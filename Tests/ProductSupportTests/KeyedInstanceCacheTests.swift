// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintProductSupport
import FlintTesting
import Testing

@Suite(.timeLimit(.minutes(3)))
struct KeyedInstanceCacheTests {
    @Test func returnsTheCachedInstanceForAKey() throws {
        let cache = KeyedInstanceCache<String, StreamTestObject>()
        let creations = StreamTestCounter()
        let create: (String) -> StreamTestObject = { key in
            creations.increment()
            return StreamTestObject(key)
        }
        let first = try cache.instance(for: "a", create: create)
        let second = try cache.instance(for: "a", create: create)
        #expect(first === second)
        #expect(first.label == "a")
        #expect(creations.value == 1)
        #expect(cache.count == 1)
    }

    @Test func differentKeysGetDifferentInstances() throws {
        let cache = KeyedInstanceCache<String, StreamTestObject>()
        let a = try cache.instance(for: "a") { StreamTestObject($0) }
        let b = try cache.instance(for: "b") { StreamTestObject($0) }
        #expect(a !== b)
        #expect(cache.count == 2)
    }

    @Test func instancesListsWhatWasCreated() throws {
        let cache = KeyedInstanceCache<String, StreamTestObject>()
        #expect(cache.instances.isEmpty)
        let a = try cache.instance(for: "a") { StreamTestObject($0) }
        let b = try cache.instance(for: "b") { StreamTestObject($0) }
        #expect(Set(cache.instances.map(\.label)) == ["a", "b"])
        #expect(cache.instances.contains { $0 === a } && cache.instances.contains { $0 === b })
        cache.removeAll()
        #expect(cache.instances.isEmpty)
    }

    @Test func cachedInstanceNeverCreates() throws {
        let cache = KeyedInstanceCache<String, StreamTestObject>()
        #expect(cache.cachedInstance(for: "a") == nil)
        let a = try cache.instance(for: "a") { StreamTestObject($0) }
        #expect(cache.cachedInstance(for: "a") === a)
        #expect(cache.cachedInstance(for: "b") == nil)
        #expect(cache.count == 1)
    }

    @Test func removingAnInstanceMakesTheNextRequestCreateAnother() throws {
        let cache = KeyedInstanceCache<String, StreamTestObject>()
        let first = try cache.instance(for: "a") { StreamTestObject($0) }
        let other = try cache.instance(for: "b") { StreamTestObject($0) }
        #expect(cache.remove(first, for: "a"))
        #expect(cache.cachedInstance(for: "a") == nil)
        #expect(cache.cachedInstance(for: "b") === other)
        let second = try cache.instance(for: "a") { StreamTestObject($0) }
        #expect(second !== first)
        #expect(cache.count == 2)
    }

    @Test func removingAnInstanceThatIsNoLongerCachedLeavesItsSuccessor() throws {
        let cache = KeyedInstanceCache<String, StreamTestObject>()
        let first = try cache.instance(for: "a") { StreamTestObject($0) }
        #expect(cache.remove(first, for: "a"))
        let second = try cache.instance(for: "a") { StreamTestObject($0) }
        #expect(!cache.remove(first, for: "a"))
        #expect(!cache.remove(second, for: "b"))
        #expect(cache.cachedInstance(for: "a") === second)
    }

    @Test func createsOncePerKeyWithSixteenThreadsRacing() async throws {
        let cache = KeyedInstanceCache<String, StreamTestObject>()
        let creations = StreamTestCounter()
        let arrivals = StreamTestCounter()
        let allArrived = StreamTestSignal()
        let start = StreamTestSignal()
        let results = StreamTestLog<ObjectIdentifier>()
        let threadCount = 16
        var finished: [StreamTestSignal] = []
        for _ in 0..<threadCount {
            finished.append(
                startStreamTestThread {
                    guard start.waitBlocking() else { return }
                    if arrivals.increment() == threadCount { allArrived.fire() }
                    let object = try? cache.instance(for: "shared") { key in
                        creations.increment()
                        // Hold the creation open until every thread has asked, so the others contend.
                        _ = allArrived.waitBlocking()
                        return StreamTestObject(key)
                    }
                    if let object { results.append(ObjectIdentifier(object)) }
                })
        }
        start.fire()
        for done in finished {
            #expect(await done.wait())
        }
        #expect(creations.value == 1)
        #expect(results.values.count == threadCount)
        #expect(Set(results.values).count == 1)
        #expect(cache.count == 1)
    }

    @Test func createsOncePerKeyWithManyKeysAndTasksRacing() async throws {
        let cache = KeyedInstanceCache<Int, StreamTestObject>()
        let creations = StreamTestCounter()
        let results = await withTaskGroup(of: (Int, ObjectIdentifier?).self) { group in
            for index in 0..<64 {
                group.addTask {
                    let key = index % 4
                    let object = try? cache.instance(for: key) { key in
                        creations.increment()
                        return StreamTestObject("\(key)")
                    }
                    return (key, object.map(ObjectIdentifier.init))
                }
            }
            var results: [Int: Set<ObjectIdentifier?>] = [:]
            for await (key, id) in group { results[key, default: []].insert(id) }
            return results
        }
        #expect(creations.value == 4)
        #expect(results.count == 4)
        #expect(results.values.allSatisfy { $0.count == 1 && !$0.contains(nil) })
    }

    @Test func aSlowCreationDoesNotBlockOtherKeys() async throws {
        let cache = KeyedInstanceCache<String, StreamTestObject>()
        let aStarted = StreamTestSignal()
        let releaseA = StreamTestSignal()
        let aDone = startStreamTestThread {
            _ = try? cache.instance(for: "a") { key in
                aStarted.fire()
                _ = releaseA.waitBlocking()
                return StreamTestObject(key)
            }
        }
        #expect(await aStarted.wait())
        let b = StreamTestLog<StreamTestObject>()
        let bDone = startStreamTestThread {
            if let object = try? cache.instance(for: "b", create: { StreamTestObject($0) }) { b.append(object) }
        }
        let bFinishedWhileAWasBeingCreated = await bDone.wait()
        let aStillInProgress = cache.cachedInstance(for: "a") == nil && !aDone.isFired
        releaseA.fire()
        #expect(bFinishedWhileAWasBeingCreated)
        #expect(aStillInProgress)
        #expect(b.values.first?.label == "b")
        #expect(await aDone.wait())
        #expect(cache.count == 2)
    }

    @Test func aSecondCallerForTheSameKeyGetsTheFirstCallersInstance() async throws {
        let cache = KeyedInstanceCache<String, StreamTestObject>()
        let creations = StreamTestCounter()
        let aStarted = StreamTestSignal()
        let releaseA = StreamTestSignal()
        let results = StreamTestLog<ObjectIdentifier>()
        let create: @Sendable (String) -> StreamTestObject = { key in
            creations.increment()
            aStarted.fire()
            _ = releaseA.waitBlocking()
            return StreamTestObject(key)
        }
        let firstDone = startStreamTestThread {
            if let object = try? cache.instance(for: "a", create: create) { results.append(ObjectIdentifier(object)) }
        }
        #expect(await aStarted.wait())
        let secondCalling = StreamTestSignal()
        let secondDone = startStreamTestThread {
            secondCalling.fire()
            if let object = try? cache.instance(for: "a", create: create) { results.append(ObjectIdentifier(object)) }
        }
        #expect(await secondCalling.wait())
        releaseA.fire()
        #expect(await firstDone.wait())
        #expect(await secondDone.wait())
        #expect(creations.value == 1)
        #expect(results.values.count == 2)
        #expect(Set(results.values).count == 1)
    }

    @Test func aFailedCreationCachesNothingAndRethrows() throws {
        let cache = KeyedInstanceCache<String, StreamTestObject>()
        #expect(throws: StreamTestError.boom) {
            try cache.instance(for: "a") { _ in throw StreamTestError.boom }
        }
        #expect(cache.count == 0)
        #expect(cache.cachedInstance(for: "a") == nil)
        let a = try cache.instance(for: "a") { StreamTestObject($0) }
        #expect(cache.cachedInstance(for: "a") === a)
    }

    @Test func aWaitingCallerRetriesWhenTheFirstCreationFails() async throws {
        let cache = KeyedInstanceCache<String, StreamTestObject>()
        let failingStarted = StreamTestSignal()
        let releaseFailure = StreamTestSignal()
        let firstError = StreamTestLog<StreamTestError>()
        let firstDone = startStreamTestThread {
            do {
                _ = try cache.instance(for: "a") { _ in
                    failingStarted.fire()
                    _ = releaseFailure.waitBlocking()
                    throw StreamTestError.boom
                }
            } catch let error as StreamTestError {
                firstError.append(error)
            } catch {}
        }
        #expect(await failingStarted.wait())
        let secondCreations = StreamTestCounter()
        let second = StreamTestLog<StreamTestObject>()
        let secondCalling = StreamTestSignal()
        let secondDone = startStreamTestThread {
            secondCalling.fire()
            let object = try? cache.instance(for: "a") { key in
                secondCreations.increment()
                return StreamTestObject(key)
            }
            if let object { second.append(object) }
        }
        #expect(await secondCalling.wait())
        releaseFailure.fire()
        #expect(await firstDone.wait())
        #expect(await secondDone.wait())
        #expect(firstError.values == [.boom])
        #expect(secondCreations.value == 1)
        #expect(second.values.count == 1)
        #expect(cache.cachedInstance(for: "a") === second.values.first)
    }

    @Test func reentrantCreationOfTheSameKeyThrowsInsteadOfDeadlocking() throws {
        let cache = KeyedInstanceCache<String, StreamTestObject>()
        let inner = StreamTestLog<KeyedInstanceCacheError>()
        let outer = try cache.instance(for: "a") { key in
            do {
                _ = try cache.instance(for: key) { StreamTestObject($0) }
            } catch let error as KeyedInstanceCacheError {
                inner.append(error)
            } catch {}
            return StreamTestObject(key)
        }
        #expect(inner.values == [.reentrantCreation(key: "a")])
        #expect(cache.cachedInstance(for: "a") === outer)
        #expect(cache.count == 1)
    }

    @Test func creationMayResolveOtherKeysReentrantly() throws {
        let cache = KeyedInstanceCache<String, StreamTestObject>()
        let a = try cache.instance(for: "a") { key in
            _ = try cache.instance(for: "b") { StreamTestObject($0) }
            return StreamTestObject(key)
        }
        #expect(cache.cachedInstance(for: "a") === a)
        #expect(cache.cachedInstance(for: "b")?.label == "b")
        #expect(cache.count == 2)
    }

    @Test func removeAllReturnsTheValuesAndEmptiesTheCache() throws {
        let cache = KeyedInstanceCache<String, StreamTestObject>()
        let created = try ["a", "b", "c"].map { key in try cache.instance(for: key) { StreamTestObject($0) } }
        let removed = cache.removeAll()
        #expect(Set(removed.map(ObjectIdentifier.init)) == Set(created.map(ObjectIdentifier.init)))
        #expect(cache.count == 0)
        #expect(cache.cachedInstance(for: "a") == nil)
        let fresh = try cache.instance(for: "a") { StreamTestObject($0) }
        #expect(fresh !== created[0])
    }

    @Test func removeAllDuringACreationDoesNotCacheItsInstance() async throws {
        let cache = KeyedInstanceCache<String, StreamTestObject>()
        let started = StreamTestSignal()
        let release = StreamTestSignal()
        let result = StreamTestLog<StreamTestObject>()
        let done = startStreamTestThread {
            let object = try? cache.instance(for: "a") { key in
                started.fire()
                _ = release.waitBlocking()
                return StreamTestObject(key)
            }
            if let object { result.append(object) }
        }
        #expect(await started.wait())
        #expect(cache.removeAll().isEmpty)
        release.fire()
        #expect(await done.wait())
        #expect(result.values.count == 1)  // the creator still gets its instance
        #expect(cache.count == 0)
        #expect(cache.cachedInstance(for: "a") == nil)
    }
}
