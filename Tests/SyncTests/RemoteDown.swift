/// The error the tests inject into mock remotes.
struct RemoteDown: Error, Equatable {}
