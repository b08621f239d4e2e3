// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The kinds of events a ``DatabaseQuery`` observer receives (Firebase's `DataEventType`, same raw values).
public enum DataEventType: Int, Sendable, Hashable, CaseIterable {
    /// A child appeared (in the query's window).
    case childAdded = 0
    /// A child disappeared (from the query's window).
    case childRemoved = 1
    /// A child's value changed.
    case childChanged = 2
    /// A child's sort position changed (its priority, value or ordering child).
    case childMoved = 3
    /// The location's (or the query window's) value: once at first, then after every change.
    case value = 4
}

/// The handle ``DatabaseQuery/observe(_:with:withCancel:)`` returns, for
/// ``DatabaseQuery/removeObserver(withHandle:)``. 0 is never a live observer.
public typealias DatabaseHandle = UInt
