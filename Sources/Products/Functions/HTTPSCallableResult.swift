/// The result of a callable function (Firebase's `HTTPSCallableResult`).
public struct HTTPSCallableResult: Sendable, Hashable {
    /// The value the function returned, Int64 wrappers decoded.
    public let data: CallableValue

    /// A result holding `data`.
    public init(data: CallableValue) {
        self.data = data
    }
}
