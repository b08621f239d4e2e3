// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Hummingbird

/// The header fields of Firebase Storage's protocol that HTTP does not name.
enum StorageHeaders {
    typealias Name = HTTPFields.Element.Name

    static let uploadStatus = Name("X-Goog-Upload-Status")!
    static let uploadURL = Name("X-Goog-Upload-URL")!
    static let uploadChunkGranularity = Name("X-Goog-Upload-Chunk-Granularity")!
    static let uploadSizeReceived = Name("X-Goog-Upload-Size-Received")!
    static let uploadID = Name("X-GUploader-UploadID")!
    static let generation = Name("X-Goog-Generation")!
    static let metageneration = Name("X-Goog-Metageneration")!
}
