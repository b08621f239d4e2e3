// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
/// The error the tests inject into mock remotes.
struct RemoteDown: Error, Equatable {}
