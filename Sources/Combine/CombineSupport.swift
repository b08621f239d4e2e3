// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Which Combine implementation this build of FlintCombine's publishers and futures uses.
public enum CombineSupport {
    /// `"Combine"` on Apple platforms, `"OpenCombine"` when built against OpenCombine (the `CombineTests`
    /// package on Linux), nil where neither is available: then FlintCombine declares nothing else.
    public static var implementation: String? {
        #if canImport(Combine)
            "Combine"
        #elseif canImport(OpenCombine)
            "OpenCombine"
        #else
            nil
        #endif
    }
}
