// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import Foundation

/// Makes push IDs (`childByAutoId()`), as the SDK's `FNextPushId`: 20 characters of the alphabet
/// `-0-9A-Z_a-z` (in ASCII order, so IDs compare like their times): 8 for the time in milliseconds since
/// 1970, most significant first, then 12 random ones. Within one millisecond the random part of the previous
/// ID is incremented instead of drawn again, so the IDs one generator makes sort in creation order.
///
/// Should the 12 random characters all be at their maximum within one millisecond (one chance in 2^72 per
/// ID), the time part moves on by one millisecond, so order still holds. A clock that goes back is treated
/// like the same millisecond (the SDK would draw IDs that sort before earlier ones).
final class PushIDGenerator: Sendable {
    /// The 64 characters, in ascending ASCII order.
    static let alphabet = Array("-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz".utf8)

    private struct State {
        var lastTime: Int64 = -1
        var random: [UInt8] = Array(repeating: 0, count: 12)
    }

    private let state = Locked(State())
    private let now: @Sendable () -> Date
    private let randomDigit: @Sendable () -> UInt8

    /// A generator reading the time from `now` and drawing random digits (0 ..< 64) from `randomDigit`.
    init(
        now: @escaping @Sendable () -> Date = Date.init,
        randomDigit: @escaping @Sendable () -> UInt8 = { UInt8.random(in: 0..<64) }
    ) {
        self.now = now
        self.randomDigit = randomDigit
    }

    /// The next ID.
    func next() -> String {
        let time = Int64((now().timeIntervalSince1970 * 1000).rounded(.down))
        let (stamp, random) = state.withLock { state -> (Int64, [UInt8]) in
            if time > state.lastTime {
                state.lastTime = time
                state.random = (0..<12).map { _ in randomDigit() & 63 }
            } else if !Self.increment(&state.random) {
                // Same millisecond (or a clock that went back): keep the order by moving on from the last ID.
                state.lastTime += 1
                state.random = (0..<12).map { _ in randomDigit() & 63 }
            }
            return (state.lastTime, state.random)
        }
        var characters = [UInt8](repeating: 0, count: 20)
        var remaining = max(stamp, 0)
        for index in stride(from: 7, through: 0, by: -1) {
            characters[index] = Self.alphabet[Int(remaining % 64)]
            remaining /= 64
        }
        for (offset, digit) in random.enumerated() {
            characters[8 + offset] = Self.alphabet[Int(digit)]
        }
        return String(decoding: characters, as: UTF8.self)
    }

    /// Adds one to `digits` (base 64, most significant first); false when it overflowed (all were 63).
    private static func increment(_ digits: inout [UInt8]) -> Bool {
        var index = digits.count - 1
        while index >= 0 {
            if digits[index] < 63 {
                digits[index] += 1
                return true
            }
            digits[index] = 0
            index -= 1
        }
        return false
    }
}
