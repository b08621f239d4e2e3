// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// A point in time with nanosecond precision, independent of any time zone (Firebase's `Timestamp`).
///
/// Stored as whole seconds since the Unix epoch plus a non-negative fraction of a second in nanoseconds.
/// Timestamps order chronologically and are Firestore's timestamp values (``FirestoreValue/timestamp(_:)``).
public struct Timestamp: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Whole seconds since 1970-01-01T00:00:00Z (negative before it).
    public let seconds: Int64
    /// The fraction of a second, in nanoseconds: 0...999,999,999.
    public let nanoseconds: Int32

    /// The earliest second Firestore stores: 0001-01-01T00:00:00Z.
    public static let minSeconds: Int64 = -62_135_596_800
    /// The latest second Firestore stores: 9999-12-31T23:59:59Z (with up to 999,999,999 nanoseconds).
    public static let maxSeconds: Int64 = 253_402_300_799

    /// A timestamp from seconds and nanoseconds; `nanoseconds` is normalized into 0..<1e9 by moving
    /// whole seconds into `seconds`.
    ///
    /// Never traps. The result may lie outside the range Firestore stores (0001-01-01T00:00:00Z through
    /// 9999-12-31T23:59:59.999999999Z, ``isValid``): writing or querying with it then throws
    /// ``RPCStatusCode/invalidArgument``. (Seconds within a few of `Int64.max`/`Int64.min`, where
    /// normalizing would overflow, keep the nanoseconds as given, which is just as invalid.)
    /// ``init(validatingSeconds:nanoseconds:)`` throws at once instead.
    public init(seconds: Int64, nanoseconds: Int32) {
        var nanos = Int64(nanoseconds)
        let (carried, overflow) = seconds.addingReportingOverflow(
            nanos / 1_000_000_000 - (nanos % 1_000_000_000 < 0 ? 1 : 0))
        guard !overflow else {
            self.seconds = seconds
            self.nanoseconds = nanoseconds
            return
        }
        nanos %= 1_000_000_000
        if nanos < 0 { nanos += 1_000_000_000 }
        self.seconds = carried
        self.nanoseconds = Int32(nanos)
    }

    /// A timestamp from seconds and nanoseconds (normalized as by ``init(seconds:nanoseconds:)``), in the
    /// range Firestore stores.
    /// - Throws: ``RPCStatusCode/invalidArgument`` outside 0001-01-01T00:00:00Z ...
    ///   9999-12-31T23:59:59.999999999Z (where the SDK's initializer asserts).
    public init(validatingSeconds seconds: Int64, nanoseconds: Int32) throws(FirestoreError) {
        self.init(seconds: seconds, nanoseconds: nanoseconds)
        if let error = validationError { throw error }
    }

    /// The timestamp of `date` (microsecond precision, as `Date` offers).
    /// - Throws: ``RPCStatusCode/invalidArgument`` for a date that is not finite (NaN, infinite) or
    ///   lies outside 0001-01-01T00:00:00Z ... 9999-12-31T23:59:59.999999999Z. The SDK asserts there; a
    ///   `Date` from arithmetic (`Date(timeIntervalSince1970: 1e300)`) is easy to make, so Flint throws.
    public init(date: Date) throws(FirestoreError) {
        guard let timestamp = Timestamp(exactly: date), timestamp.isValid else {
            throw FirestoreError(
                .invalidArgument,
                "Invalid date \(date.timeIntervalSince1970) s since 1970: "
                    + Timestamp.rangeDescription)
        }
        self = timestamp
    }

    /// The timestamp of `date`, or nil when its seconds do not fit in an `Int64` (or it is not finite).
    /// The result may still be outside Firestore's range.
    init?(exactly date: Date) {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite else { return nil }
        let wholeSeconds = interval.rounded(.down)
        // 2^63 is exactly representable; anything at or beyond it does not fit.
        guard wholeSeconds >= -9_223_372_036_854_775_808.0, wholeSeconds < 9_223_372_036_854_775_808.0 else {
            return nil
        }
        let nanos = ((interval - wholeSeconds) * 1_000_000).rounded() * 1000
        self.init(seconds: Int64(wholeSeconds), nanoseconds: Int32(nanos))
    }

    /// Stores `seconds` and `nanoseconds` as they are.
    private init(storing seconds: Int64, nanoseconds: Int32) {
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// What a non-throwing conversion (`Date.firestoreValue`) makes of a `Date` that has no timestamp (not
    /// finite, or beyond ±2^63 seconds): an invalid timestamp that writes and queries reject with
    /// ``RPCStatusCode/invalidArgument`` — never a trap, never a clamped valid time.
    static let unrepresentable = Timestamp(storing: .min, nanoseconds: -1)

    /// `date` as a timestamp for non-throwing conversions: ``unrepresentable`` when it has none.
    static func converting(_ date: Date) -> Timestamp {
        Timestamp(exactly: date) ?? unrepresentable
    }

    /// The current time.
    public init() {
        // Today's date is always representable; fall back to the epoch rather than trap if the clock is absurd.
        self = Timestamp(exactly: Date()) ?? Timestamp(seconds: 0, nanoseconds: 0)
    }

    /// Whether Firestore can store this timestamp: 0001-01-01T00:00:00Z ... 9999-12-31T23:59:59.999999999Z,
    /// with nanoseconds in 0...999,999,999.
    public var isValid: Bool { validationError == nil }

    /// Why Firestore cannot store this timestamp, or nil.
    var validationError: FirestoreError? {
        if self == Timestamp.unrepresentable {
            return FirestoreError(
                .invalidArgument,
                "Invalid date: not finite or too far from 1970 for a "
                    + "timestamp; " + Timestamp.rangeDescription)
        }
        guard (0..<1_000_000_000).contains(nanoseconds) else {
            return FirestoreError(.invalidArgument, "Invalid \(self): nanoseconds must be in 0...999999999.")
        }
        guard (Timestamp.minSeconds...Timestamp.maxSeconds).contains(seconds) else {
            return FirestoreError(.invalidArgument, "Invalid \(self): " + Timestamp.rangeDescription)
        }
        return nil
    }

    private static let rangeDescription =
        "timestamps must be within 0001-01-01T00:00:00Z and "
        + "9999-12-31T23:59:59.999999999Z."

    /// The timestamp with its nanoseconds rounded down to whole microseconds: the precision the backend
    /// stores. The SDK's `UserDataReader` truncates on write, so local views, queries and the backend agree
    /// (`Timestamp(seconds: 1, nanoseconds: 123_456_789)` is stored and read as `…123_456_000`).
    var truncatedToMicroseconds: Timestamp {
        let remainder = nanoseconds % 1000
        return remainder == 0 ? self : Timestamp(storing: seconds, nanoseconds: nanoseconds - remainder)
    }

    /// The same point in time as a `Date`.
    public func dateValue() -> Date {
        Date(timeIntervalSince1970: TimeInterval(seconds) + TimeInterval(nanoseconds) / 1_000_000_000)
    }

    /// Chronological order.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
    }

    /// `Timestamp(seconds=…, nanoseconds=…)`, as Firebase prints it.
    public var description: String {
        "Timestamp(seconds=\(seconds), nanoseconds=\(nanoseconds))"
    }
}
