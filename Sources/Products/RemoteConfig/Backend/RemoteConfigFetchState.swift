// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The state of a fetch answer (the REST API's `state`).
public enum RemoteConfigFetchState: String, Sendable, Hashable {
    /// A template was evaluated: the entries are the new config (`UPDATE`).
    case update = "UPDATE"
    /// The template is the version the client has (`NO_CHANGE`).
    case noChange = "NO_CHANGE"
    /// The project has no template (`NO_TEMPLATE`): the config is empty.
    case noTemplate = "NO_TEMPLATE"
    /// The project has a template, but it evaluates to no entries for this client, e.g. every key uses its in-app
    /// default (`EMPTY_CONFIG`): the config is empty.
    case emptyConfig = "EMPTY_CONFIG"
}
