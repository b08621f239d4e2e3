// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

/// Firestore's total order of values and its strict equality.
extension Value: Equatable {
    /// Three-way comparison in Firestore's cross-type order: by type order first; integers and doubles
    /// are one numeric group compared by value (NaN first); strings by UTF-8 bytes; bytes unsigned
    /// lexicographically; references by database, then path segment by segment; geopoints by latitude,
    /// then longitude; arrays element-wise (shorter first); vectors by length, then element-wise; maps entry
    /// by entry in sorted key order (key, then value), then the shorter first.
    static func compare(_ lhs: Value, _ rhs: Value) -> Int {
        let leftOrder = lhs.typeOrder
        let rightOrder = rhs.typeOrder
        if leftOrder != rightOrder { return leftOrder < rightOrder ? -1 : 1 }
        switch (lhs, rhs) {
        case (.null, .null):
            return 0
        case (.bool(let left), .bool(let right)):
            return left == right ? 0 : (left ? 1 : -1)
        case (.integer(let left), .integer(let right)):
            return left == right ? 0 : (left < right ? -1 : 1)
        case (.double(let left), .double(let right)):
            return compareDoubles(left, right)
        case (.integer(let left), .double(let right)):
            return compareIntegerToDouble(left, right)
        case (.double(let left), .integer(let right)):
            return -compareIntegerToDouble(right, left)
        case (.timestamp(let left), .timestamp(let right)):
            return left == right ? 0 : (left < right ? -1 : 1)
        case (.serverTimestamp(let left, _), .serverTimestamp(let right, _)):
            return left == right ? 0 : (left < right ? -1 : 1)
        case (.string(let left), .string(let right)):
            return compareUTF8(left, right)
        case (.bytes(let left), .bytes(let right)):
            return compareBytes(left, right)
        case (.reference(let leftDatabase, let leftPath), .reference(let rightDatabase, let rightPath)):
            let databases = compareUTF8(leftDatabase, rightDatabase)
            return databases != 0 ? databases : ResourcePath.compare(leftPath, rightPath)
        case (.geoPoint(let left), .geoPoint(let right)):
            let latitudes = compareDoubles(left.latitude, right.latitude)
            return latitudes != 0 ? latitudes : compareDoubles(left.longitude, right.longitude)
        case (.array(let left), .array(let right)):
            for (leftElement, rightElement) in zip(left, right) {
                let result = compare(leftElement, rightElement)
                if result != 0 { return result }
            }
            return left.count == right.count ? 0 : (left.count < right.count ? -1 : 1)
        case (.map, .map) where lhs.typeOrder == 10:  // vectors: the shorter first, then element by element
            let (left, right) = (lhs.vectorElements!, rhs.vectorElements!)
            if left.count != right.count { return left.count < right.count ? -1 : 1 }
            return compare(.array(left), .array(right))
        case (.map(let left), .map(let right)):
            let leftKeys = left.keys.sorted { compareUTF8($0, $1) < 0 }
            let rightKeys = right.keys.sorted { compareUTF8($0, $1) < 0 }
            for (leftKey, rightKey) in zip(leftKeys, rightKeys) {
                let keys = compareUTF8(leftKey, rightKey)
                if keys != 0 { return keys }
                let values = compare(left[leftKey]!, right[rightKey]!)
                if values != 0 { return values }
            }
            return leftKeys.count == rightKeys.count ? 0 : (leftKeys.count < rightKeys.count ? -1 : 1)
        default:
            return 0
        }
    }

    /// Strict equality: same type and value. An integer never equals a double (`1 != 1.0`), NaN equals
    /// NaN, and doubles are compared bit for bit (so `0.0 != -0.0`), as Firestore's `in`, `array-contains`,
    /// `arrayUnion` and `arrayRemove` compare.
    static func == (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let left), .bool(let right)): return left == right
        case (.integer(let left), .integer(let right)): return left == right
        case (.double(let left), .double(let right)):
            return left.bitPattern == right.bitPattern || (left.isNaN && right.isNaN)
        case (.timestamp(let left), .timestamp(let right)): return left == right
        case (.serverTimestamp(let left, let leftPrevious), .serverTimestamp(let right, let rightPrevious)):
            return left == right && leftPrevious == rightPrevious
        case (.string(let left), .string(let right)): return equalUTF8(left, right)
        case (.bytes(let left), .bytes(let right)): return left == right
        case (.reference(let leftDatabase, let leftPath), .reference(let rightDatabase, let rightPath)):
            return equalUTF8(leftDatabase, rightDatabase) && leftPath == rightPath
        case (.geoPoint(let left), .geoPoint(let right)):
            return left.latitude.bitPattern == right.latitude.bitPattern
                && left.longitude.bitPattern == right.longitude.bitPattern
        case (.array(let left), .array(let right)): return left == right
        case (.map(let left), .map(let right)): return left == right
        default: return false
        }
    }

    /// Doubles with NaN before every number.
    private static func compareDoubles(_ left: Double, _ right: Double) -> Int {
        if left.isNaN { return right.isNaN ? 0 : -1 }
        if right.isNaN { return 1 }
        return left < right ? -1 : (left > right ? 1 : 0)
    }

    /// An integer against a double, exactly (no rounding of large integers).
    private static func compareIntegerToDouble(_ left: Int64, _ right: Double) -> Int {
        if right.isNaN { return 1 }
        if right < -9_223_372_036_854_775_808.0 { return 1 }
        if right >= 9_223_372_036_854_775_808.0 { return -1 }
        let truncated = Int64(right.rounded(.down))
        if left < truncated { return -1 }
        if left > truncated { return 1 }
        let fraction = right - right.rounded(.down)
        return fraction > 0 ? -1 : 0
    }

    /// Unsigned, lexicographic; a prefix first.
    private static func compareBytes(_ left: Data, _ right: Data) -> Int {
        for (leftByte, rightByte) in zip(left, right) where leftByte != rightByte {
            return leftByte < rightByte ? -1 : 1
        }
        return left.count == right.count ? 0 : (left.count < right.count ? -1 : 1)
    }
}
