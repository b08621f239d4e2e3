// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// Whether parsing keeps server values (`{".sv": …}`) as placeholders instead of resolving them: set while a
/// write's wire form is made for a backend that resolves them itself (``HTTPDatabaseBackend``).
enum WireServerValues {
    /// True while parsing for the wire: a server value becomes the node `{".sv": …}`.
    @TaskLocal static var keep = false
}
