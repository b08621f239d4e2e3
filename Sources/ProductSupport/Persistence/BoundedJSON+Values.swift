// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// The nesting of values callers hand over (`setValue`, `setDefaults`, callable data, sync updates), measured
/// before anything recurses over them: converting, encoding or bridging a value recurses once per level, so a
/// value nested deep enough (or a dictionary that contains itself) would otherwise exhaust the stack.
///
/// Depth counts containers: a leaf (or `nil`) is 0 deep, `[1]` and `["a": 1]` are 1 deep, `[[1]]` 2 deep, an
/// empty array or dictionary 1 deep. The walk is iterative (an explicit stack), and stops at the first
/// container deeper than the limit, so a value that contains itself is refused, not followed for ever.
extension BoundedJSON {
    /// Whether `root` nests at most `maximumDepth` containers deep, `children` giving the children of a
    /// container and nil for a leaf (an empty container is `[]`, and counts as a level). For a product's own
    /// value enums (`CallableValue`, `SyncValue`, …).
    public static func nestingIsBounded<Value>(
        _ root: Value, maximumDepth: Int, children: (Value) -> [Value]?
    ) -> Bool {
        var pending: [(value: Value, depth: Int)] = [(root, 0)]
        while let (value, depth) = pending.popLast() {
            guard let inner = children(value) else { continue }
            guard depth < maximumDepth else { return false }
            for child in inner { pending.append((child, depth + 1)) }
        }
        return true
    }

    /// Whether the Foundation value `value` nests at most `maximumDepth` arrays and dictionaries deep: Swift's
    /// `[String: Any]`, `[AnyHashable: Any]` and `[Any]` (with or without optional elements), `NSDictionary`
    /// and `NSArray` (mutable or not, and containing themselves); anything else is a leaf.
    ///
    /// Nothing is bridged on the way: on Linux, casting an `NSDictionary` or `NSArray` to a Swift collection,
    /// or a Swift collection to a Foundation class (`value is NSNull` does), converts it whole, recursively.
    public static func nestingIsBounded(ofValue value: Any?, maximumDepth: Int) -> Bool {
        nestingIsBounded(value as Any, maximumDepth: maximumDepth, children: foundationChildren)
    }

    /// The elements or values of a Foundation container, nil for a leaf, read without bridging.
    private static func foundationChildren(_ value: Any) -> [Any]? {
        var value = value
        while let optional = value as? any OptionalValue {
            guard let wrapped = optional.wrappedValue else { return nil }
            value = wrapped
        }
        if type(of: value) is AnyObject.Type {
            // Checked before any Swift collection cast, which would bridge the object whole.
            if let dictionary = value as? NSDictionary { return dictionary.allValues }
            if let array = value as? NSArray {
                #if canImport(Darwin)
                    return array.map { $0 }
                #else
                    // swift-corelibs-foundation's element accessors bridge nested collections to Swift ones, but
                    // its mirror reflects the stored objects as they are.
                    return Mirror(reflecting: array).children.map(\.value)
                #endif
            }
            return nil
        }
        if let dictionary = value as? [String: Any] { return Array(dictionary.values) }
        if let dictionary = value as? [AnyHashable: Any] { return Array(dictionary.values) }
        if let array = value as? [Any] { return array }
        return nil
    }
}

/// An `Optional` seen through `Any` (the elements of `[String: Any?]`), unwrapped without a cast.
private protocol OptionalValue {
    /// The wrapped value, nil for `.none`.
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrappedValue: Any? { map { $0 } }
}
