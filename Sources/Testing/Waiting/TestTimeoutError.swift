// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A test helper's deadline passed before what it waited for happened.
///
/// Compare by case in tests:
/// ```swift
/// await #expect(throws: TestTimeoutError.valuesNotReceived(expected: 3, received: 2, timeout: .milliseconds(50))) {
///     try await collect(3, from: stream, timeout: .milliseconds(50))
/// }
/// ```
public enum TestTimeoutError: Error, Equatable, Hashable, CustomStringConvertible {
    /// ``collect(_:from:timeout:)`` or ``first(of:timeout:)`` received only `received` of the
    /// `expected` values within `timeout`.
    case valuesNotReceived(expected: Int, received: Int, timeout: Duration)
    /// ``waitUntil(timeout:_:)``'s condition was still false after `timeout`.
    case conditionNotMet(timeout: Duration)
    /// ``SpyListenerRegistration/waitForRemoval(timeout:)``: `remove()` was not called within `timeout`.
    case listenerNotRemoved(timeout: Duration)
    /// ``result(of:timeout:)`` or ``value(of:timeout:)-(Task<Success,Never>,_)``: the task had not finished within `timeout`
    /// (it was cancelled then).
    case taskNotFinished(timeout: Duration)
    /// ``Gate/wait(timeout:)``: the gate was not opened within `timeout`.
    case gateNotOpened(timeout: Duration)

    /// What was missing, and after how long.
    public var description: String {
        switch self {
        case .valuesNotReceived(let expected, let received, let timeout):
            return "Timed out after \(timeout): received \(received) of \(expected) expected values."
        case .conditionNotMet(let timeout):
            return "Timed out after \(timeout): the condition never became true."
        case .listenerNotRemoved(let timeout):
            return "Timed out after \(timeout): the listener registration was not removed."
        case .taskNotFinished(let timeout):
            return "Timed out after \(timeout): the task did not finish, so it was cancelled."
        case .gateNotOpened(let timeout):
            return "Timed out after \(timeout): the gate was not opened."
        }
    }
}
