// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import Dependencies

/// swift-dependencies key for ``BenchService``: a class instance as the live value (cached by the library
/// after the first read, like a singleton).
private enum BenchServiceKey: DependencyKey {
    static let liveValue: any BenchService = BenchServiceImpl()
}

/// swift-dependencies key for ``OtherService`` (the second thread's service).
private enum OtherServiceKey: DependencyKey {
    static let liveValue: any OtherService = OtherServiceImpl()
}

extension DependencyValues {
    /// The benchmark's cached service, read with `@Dependency(\.benchService)`.
    var benchService: any BenchService {
        get { self[BenchServiceKey.self] }
        set { self[BenchServiceKey.self] = newValue }
    }

    /// The second thread's cached service, read with `@Dependency(\.otherService)`.
    var otherService: any OtherService {
        get { self[OtherServiceKey.self] }
        set { self[OtherServiceKey.self] = newValue }
    }
}
