// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Foundation

extension Database {
    /// The encoder ``DatabaseReference/setValue(from:encoder:)`` uses (Firebase's `Database.Encoder`): a
    /// `JSONEncoder`, whose defaults match the SDK's encoder — a `Date` as `.deferredToDate` (a number of
    /// seconds since 2001-01-01), `Data` as base64, keys unchanged. Set its `dateEncodingStrategy` to
    /// `.millisecondsSince1970` to store dates as ``ServerValue/timestamp()`` does.
    public typealias Encoder = JSONEncoder

    /// The decoder ``DataSnapshot/data(as:decoder:)`` uses (Firebase's `Database.Decoder`): a `JSONDecoder`;
    /// give it the date strategy the data was written with.
    public typealias Decoder = JSONDecoder
}
