// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
import FlintCore
import FlintTesting

#if canImport(Combine)
    import Combine
#elseif canImport(OpenCombine)
    import OpenCombine
#endif

/// A subscription's events, recorded for a test: the values in order, then the completion.
///
/// `sink` subscribes with an unlimited demand; ``cancel()`` cancels the subscription. Every wait is bounded
/// (FlintTesting's `waitUntil`).
final class Recorder<Output: Sendable, Failure: Error & Sendable>: @unchecked Sendable {
    private let state = Locked<(values: [Output], completion: Subscribers.Completion<Failure>?)>(([], nil))
    /// Read and written under `state`'s lock only through `cancel()` and `init`.
    private var cancellable: AnyCancellable?

    init<Upstream: Publisher>(_ publisher: Upstream) where Upstream.Output == Output, Upstream.Failure == Failure {
        let state = self.state
        cancellable = publisher.sink(
            receiveCompletion: { completion in state.withLock { $0.completion = completion } },
            receiveValue: { value in state.withLock { $0.values.append(value) } })
    }

    /// The values received so far, in order.
    var values: [Output] { state.withLock { $0.values } }

    /// The completion, once received.
    var completion: Subscribers.Completion<Failure>? { state.withLock { $0.completion } }

    /// Cancels the subscription.
    func cancel() {
        cancellable?.cancel()
    }

    /// Waits until `count` values have arrived and returns them all.
    @discardableResult
    func waitForValues(_ count: Int) async throws -> [Output] {
        try await waitUntil { self.values.count >= count }
        return values
    }

    /// Waits for the completion.
    func waitForCompletion() async throws -> Subscribers.Completion<Failure> {
        try await waitUntil { self.completion != nil }
        return completion!
    }

    /// Waits for a failure and returns its error (nil when the publisher finished instead).
    func waitForFailure() async throws -> Failure? {
        if case .failure(let error) = try await waitForCompletion() { return error }
        return nil
    }
}

/// Whether a completion is `.finished`.
func isFinished<Failure>(_ completion: Subscribers.Completion<Failure>?) -> Bool {
    if case .finished = completion { return true }
    return false
}

/// The outcome of `future`, awaited through a subscription.
func outcome<Output: Sendable, Failure: Error & Sendable>(of future: Future<Output, Failure>) async throws -> Result<
    Output, Failure
> {
    let recorder = Recorder(future)
    switch try await recorder.waitForCompletion() {
    case .failure(let error): return .failure(error)
    case .finished:
        guard let value = recorder.values.first else {
            preconditionFailure("The future finished without a value.")
        }
        return .success(value)
    }
}

extension Result {
    /// The error of a failure, nil for a success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
