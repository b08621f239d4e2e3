// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
#if canImport(Combine)
    import Combine
#elseif canImport(OpenCombine)
    import OpenCombine
#endif

#if canImport(Combine) || canImport(OpenCombine)
    import FlintFunctions

    // Cloud Functions' futures (FirebaseCombineSwift's `HTTPSCallable+Combine.swift`) and the streaming call's
    // publisher.

    extension FunctionsError: CombineFailure {
        static func wrapping(_ error: any Error) -> FunctionsError {
            error as? FunctionsError ?? FunctionsError(.internal, message: "\(error)")
        }
    }

    extension HTTPSCallable {
        /// ``HTTPSCallable/call(_:)`` as a `Future`, started at once: the function's result, or its
        /// ``FunctionsError``.
        ///
        /// ```swift
        /// functions.httpsCallable("addMessage").call(["text": "hi"])
        ///     .sink(receiveCompletion: { print($0) }, receiveValue: { print($0.data) })
        ///     .store(in: &cancellables)
        /// ```
        @_disfavoredOverload @discardableResult
        public func call(_ data: CallableValue = .null) -> Future<HTTPSCallableResult, FunctionsError> {
            .started { try await self.call(data) }
        }

        /// The streaming call (``HTTPSCallable/stream(_:)``) as a publisher: each message, then the result, in
        /// order; it finishes after the result and fails with the call's ``FunctionsError``. Each subscription
        /// makes its own call at its first demand; cancelling it cancels the call.
        public func streamPublisher(_ data: CallableValue = .null) -> AnyPublisher<JSONStreamResponse, FunctionsError> {
            .streaming { self.stream(data) }
        }
    }
#endif
