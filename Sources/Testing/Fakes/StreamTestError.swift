// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The error the stream and cache tests send through failing listeners and throw from failing factories.
///
/// Package access: a fixture of the package's own stream and cache tests (CoreTests, ProductSupportTests), not
/// part of FlintTesting's public API.
package enum StreamTestError: Error, Equatable {
    /// The one failure.
    case boom
}
