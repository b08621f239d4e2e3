// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// A fetch answer: its state, the evaluated entries and the template version.
public struct RemoteConfigFetchResponse: Sendable, Hashable {
    /// What the answer means.
    public var state: RemoteConfigFetchState
    /// The parameter values for this client (empty unless ``state`` is ``RemoteConfigFetchState/update``).
    public var entries: [String: String]
    /// The template version evaluated (0 without a template).
    public var templateVersion: Int

    /// An answer with every field.
    public init(state: RemoteConfigFetchState, entries: [String: String] = [:], templateVersion: Int) {
        self.state = state
        self.entries = entries
        self.templateVersion = templateVersion
    }
}
