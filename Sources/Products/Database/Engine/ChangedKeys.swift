// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Which children of a location a change may have touched.
enum ChangedKeys: Sendable {
    /// The location itself (or an ancestor) was written: any child may differ.
    case all
    /// Only writes below these direct children.
    case keys(Set<String>)
}
