// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The components one library registered for an app (or the app's overrides), as the container reads them.
///
/// A container keeps its groups for its lifetime: its slots refer to their components by position instead of
/// copying factories, dependency lists and extra types out of them, so configuring touches each component
/// once and retains nothing per component.
struct ComponentGroup: Sendable {
    /// The registering library's name (``ContainerBuilder/overridesLibraryName`` for overrides).
    let libraryName: String
    /// The components, in registration order.
    let components: [Component]
    /// Whether these are the app's overrides, which replace library components of the same types.
    let isOverride: Bool
}
