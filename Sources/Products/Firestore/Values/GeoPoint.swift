// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A geographical point: latitude and longitude in degrees (Firebase's `GeoPoint`).
///
/// Geopoints order by latitude, then longitude.
public struct GeoPoint: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Degrees north of the equator, -90...90.
    public let latitude: Double
    /// Degrees east of Greenwich, -180...180.
    public let longitude: Double

    /// A point; latitude and longitude must be in range (see ``isValid``), which writes check.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Whether latitude is in -90...90 and longitude in -180...180.
    public var isValid: Bool {
        (-90.0...90.0).contains(latitude) && (-180.0...180.0).contains(longitude)
    }

    /// By latitude, then longitude.
    public static func < (lhs: GeoPoint, rhs: GeoPoint) -> Bool {
        (lhs.latitude, lhs.longitude) < (rhs.latitude, rhs.longitude)
    }

    /// `GeoPoint(latitude, longitude)`.
    public var description: String {
        "GeoPoint(\(latitude), \(longitude))"
    }
}
