/// A function registered with a ``LocalFunctionsBackend``: receives the call's data (Int64 wrappers already
/// decoded) and the caller's context, returns the result or throws.
///
/// Throw a ``FunctionsError`` to answer with that code, message and details (like `HttpsError` in Cloud
/// Functions); any other error answers `INTERNAL` with no detail, as a real server does.
public typealias CallableHandler = @Sendable (_ data: CallableValue, _ context: CallableContext) async throws -> CallableValue
