// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation
import Testing

@testable import FlintDatabase

@Suite("Push IDs: 8 time characters and 12 random ones, in creation order")
struct PushIDTests {
    private static let alphabet = Set("-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz")

    @Test func theTimePartEncodesMillisecondsMostSignificantFirst() {
        // 1,700,000,000,000 ms in base 64, most significant digit first.
        let generator = PushIDGenerator(now: { Date(timeIntervalSince1970: 1_700_000_000) }, randomDigit: { 0 })
        let id = generator.next()
        #expect(id.count == 20)
        #expect(id.prefix(8) == "-NjEtLV-")
        #expect(id.suffix(12) == "------------")
        #expect(id.allSatisfy(Self.alphabet.contains))
    }

    @Test func withinOneMillisecondTheRandomPartIncrements() {
        let generator = PushIDGenerator(now: { Date(timeIntervalSince1970: 1_700_000_000) }, randomDigit: { 63 })
        let first = generator.next()
        let second = generator.next()
        #expect(first.suffix(12) == "zzzzzzzzzzzz")
        // All twelve at their maximum: the time part moves on a millisecond and the random part is drawn again.
        #expect(second.prefix(8) == "-NjEtLV0")
        #expect(first < second)
    }

    @Test func idsSortInCreationOrderWithinAndAcrossMilliseconds() {
        let clock = Locked(1_700_000_000.0)
        let random = Locked<UInt64>(42)
        let generator = PushIDGenerator(
            now: { Date(timeIntervalSince1970: clock.withLock { $0 }) },
            randomDigit: {
                random.withLock { state in
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    return UInt8(truncatingIfNeeded: state >> 58)
                }
            })
        var ids: [String] = []
        for step in 0..<2_000 {
            if step % 100 == 0 { clock.withLock { $0 += 0.001 } }
            ids.append(generator.next())
        }
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == ids.count)
    }

    @Test func aClockGoingBackKeepsTheOrder() {
        let clock = Locked(1_700_000_001.0)
        let generator = PushIDGenerator(now: { Date(timeIntervalSince1970: clock.withLock { $0 }) }, randomDigit: { 5 })
        let before = generator.next()
        clock.withLock { $0 = 1_700_000_000 }
        let after = generator.next()
        #expect(before < after)
    }
}
