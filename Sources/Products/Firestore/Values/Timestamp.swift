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

    /// A timestamp from seconds and nanoseconds; `nanoseconds` is normalized into 0..<1e9 by moving
    /// whole seconds into `seconds`.
    public init(seconds: Int64, nanoseconds: Int32) {
        var seconds = seconds
        var nanos = Int64(nanoseconds)
        seconds += nanos / 1_000_000_000
        nanos %= 1_000_000_000
        if nanos < 0 {
            nanos += 1_000_000_000
            seconds -= 1
        }
        self.seconds = seconds
        self.nanoseconds = Int32(nanos)
    }

    /// The timestamp of `date` (microsecond precision, as `Date` offers).
    public init(date: Date) {
        let interval = date.timeIntervalSince1970
        let wholeSeconds = interval.rounded(.down)
        let nanos = ((interval - wholeSeconds) * 1_000_000).rounded() * 1000
        self.init(seconds: Int64(wholeSeconds), nanoseconds: Int32(nanos))
    }

    /// The current time.
    public init() {
        self.init(date: Date())
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
