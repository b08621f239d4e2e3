// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
#if canImport(Combine)
    import Combine
#elseif canImport(OpenCombine)
    import OpenCombine
#endif

#if canImport(Combine) || canImport(OpenCombine)
    import FlintCore

    // The two shapes of FirebaseCombineSwift's decisions (seed 001), once for every product file:
    // `AnyPublisher.streaming` (an event stream: a `PassthroughSubject` fed by the product's AsyncSequence stream)
    // and `Future.started` (a one-shot call, started at once).

    /// A product error type a publisher or future fails with: anything else the product's call throws is
    /// wrapped into it (the products throw only their own errors, so the wrapping is a safety net).
    protocol CombineFailure: Error {
        /// `error` itself when it is of this type, else an "unknown" error of this type describing it.
        static func wrapping(_ error: any Error) -> Self
    }

    /// A subject shared between the subscription's hooks and the task that feeds it. Both Combine's and
    /// OpenCombine's `PassthroughSubject` are thread-safe (they lock their state); the type only says so.
    final class SubjectFeed<Output, Failure: Error>: @unchecked Sendable {
        let subject = PassthroughSubject<Output, Failure>()

        func send(_ value: Output) { subject.send(value) }

        func finish(_ completion: Subscribers.Completion<Failure>) { subject.send(completion: completion) }
    }

    /// The task that feeds one subscription's subject: started by the first demand, cancelled by the
    /// subscription's cancellation, whichever comes first (a cancellation before the start means no start).
    final class FeedTask: Sendable {
        private enum State {
            case idle
            case starting
            case running(Task<Void, Never>)
            case cancelled
        }

        private let state = Locked(State.idle)

        /// Runs `start` (which registers the product's listener and returns the task reading it) unless the
        /// task was already started or cancelled. `start` runs without the lock held.
        func startOnce(_ start: () -> Task<Void, Never>) {
            let claimed = state.withLock { state -> Bool in
                guard case .idle = state else { return false }
                state = .starting
                return true
            }
            guard claimed else { return }
            let task = start()
            let cancelledMeanwhile = state.withLock { state -> Bool in
                guard case .starting = state else { return true }
                state = .running(task)
                return false
            }
            if cancelledMeanwhile { task.cancel() }
        }

        /// Cancels the task (its stream's termination removes the product's listener), now or as soon as it
        /// has started.
        func cancel() {
            let task = state.withLock { state -> Task<Void, Never>? in
                defer { state = .cancelled }
                if case .running(let task) = state { return task }
                return nil
            }
            task?.cancel()
        }
    }

    extension AnyPublisher where Output: Sendable {
        /// An event-stream publisher (`…Publisher()`): each subscription gets a `PassthroughSubject` of its own,
        /// fed from a new `makeStream()` — the product's AsyncSequence stream, whose making registers the
        /// product's listener — made at the subscription's first demand.
        ///
        /// - The stream's values are sent in order; its end completes the publisher: `.finished` when it
        ///   finishes (the app was deleted), `completion(error)` when it throws.
        /// - Cancelling the subscription cancels the task that reads the stream, whose termination removes the
        ///   listener; nothing is delivered after the cancellation.
        static func streaming<Stream: AsyncSequence & Sendable>(
            _ makeStream: @escaping @Sendable () -> Stream,
            completion: @escaping @Sendable (any Error) -> Subscribers.Completion<Failure>
        ) -> AnyPublisher where Stream.Element == Output {
            fed { feed in
                let stream = makeStream()
                return Task {
                    do {
                        for try await value in stream {
                            feed.send(value)
                        }
                        feed.finish(.finished)
                    } catch {
                        feed.finish(completion(error))
                    }
                }
            }
        }

        /// A publisher whose subscriptions each get a `PassthroughSubject` of their own, fed by the task `start`
        /// returns. `start` runs at the subscription's first demand; cancelling the subscription cancels the task
        /// (or, when it comes first, keeps `start` from running).
        ///
        /// The subject sits behind an unbounded `buffer`, which asks the subject for every value as soon as it is
        /// subscribed: values sent before the subscriber's own demand (a listener's first call, made while it is
        /// registered) are kept for it, not dropped, and a subscriber with a bounded demand gets no more than it
        /// asked for.
        static func fed(by start: @escaping (SubjectFeed<Output, Failure>) -> Task<Void, Never>) -> AnyPublisher {
            Deferred {
                let feed = SubjectFeed<Output, Failure>()
                let task = FeedTask()
                return feed.subject
                    .buffer(size: .max, prefetch: .byRequest, whenFull: .dropNewest)
                    .handleEvents(
                        receiveCancel: { task.cancel() },
                        receiveRequest: { _ in task.startOnce { start(feed) } })
            }
            .eraseToAnyPublisher()
        }
    }

    extension AnyPublisher where Output: Sendable, Failure == Never {
        /// A state publisher that loses nothing: each subscription registers a listener of the product's
        /// (`register`, called at its first demand with the function that sends to its subject) whose values are
        /// sent as they come, on the thread that changed the state; and it finishes when `lifetime()` — the
        /// product's matching AsyncSequence stream, which finishes when the app is deleted — finishes.
        ///
        /// (``streaming(_:completion:)`` alone would read the values from that stream, which keeps only the newest
        /// one while its reader is behind: a state changed twice in a row could reach the subscriber once.)
        /// Cancelling the subscription removes the listener and ends the stream's reader (whose termination
        /// removes the stream's own listener).
        static func listening<Lifetime: AsyncSequence & Sendable>(
            _ register: @escaping @Sendable (_ send: @escaping @Sendable (Output) -> Void) -> any ListenerRegistration,
            finishingWith lifetime: @escaping @Sendable () -> Lifetime
        ) -> AnyPublisher {
            fed { feed in
                let registration = register { feed.send($0) }
                let stream = lifetime()
                return Task {
                    do {
                        for try await _ in stream {}
                    } catch {}
                    registration.remove()
                    if !Task.isCancelled { feed.finish(.finished) }
                }
            }
        }
    }

    extension AnyPublisher where Output: Sendable, Failure: CombineFailure {
        /// ``streaming(_:completion:)`` whose stream's errors fail the publisher with the product's error type.
        static func streaming<Stream: AsyncSequence & Sendable>(
            _ makeStream: @escaping @Sendable () -> Stream
        ) -> AnyPublisher where Stream.Element == Output {
            streaming(makeStream) { .failure(Failure.wrapping($0)) }
        }
    }

    /// A future's promise, handed to the task that fulfills it. Both Combine's and OpenCombine's `Future`
    /// take their promise from any thread (they lock their state); the type only says so.
    struct PromiseBox<Output, Failure: Error>: @unchecked Sendable {
        let fulfill: (Result<Output, Failure>) -> Void
    }

    extension Future where Failure: CombineFailure {
        /// A one-shot call as a future: `operation` starts at once (in a new task, whether or not anyone
        /// subscribes) and its result, or its error as the product's error type, fulfills the future.
        static func started(_ operation: @escaping @Sendable () async throws -> Output) -> Future {
            Future { promise in
                let promise = PromiseBox(fulfill: promise)
                Task {
                    do {
                        promise.fulfill(.success(try await operation()))
                    } catch {
                        promise.fulfill(.failure(Failure.wrapping(error)))
                    }
                }
            }
        }

        /// A one-shot call with a completion callback as a future: `start` runs at once (the call starts
        /// whether or not anyone subscribes) and the first result it reports fulfills the future, an error as
        /// the product's error type. For calls whose arguments are not `Sendable` (the Realtime Database's
        /// `Any?` values), which an `async` operation could not carry into its task.
        static func completing(
            _ start: @escaping (_ complete: @escaping @Sendable (Result<Output, any Error>) -> Void) -> Void
        )
            -> Future
        {
            Future { promise in
                let promise = PromiseBox(fulfill: promise)
                start { result in promise.fulfill(result.mapError(Failure.wrapping)) }
            }
        }
    }
#endif
