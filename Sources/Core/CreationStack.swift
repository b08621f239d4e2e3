// Copyright 2026 the Flint authors. Licensed under the Apache License, Version 2.0 (see LICENSE).
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The components whose factories are running on the current thread, innermost last.
///
/// A request for a component that is already on this thread's stack can never complete (its factory is
/// waiting for itself), so it is reported as ``ComponentError/dependencyCycle(_:)`` instead of
/// deadlocking or recursing until the stack overflows. The object's identity also names the thread in the
/// cross-thread wait graph (``WaitGraph``).
@usableFromInline
final class CreationStack {
    /// The slots, innermost last, in a buffer this thread alone touches (`ComponentSlot` is a plain pointer, so
    /// pushing and popping is a store and a count: no array uniqueness checks). A slot is alive while its factory
    /// runs, its storage being in use by the caller. The runtime's exclusivity checks are pure overhead here.
    @exclusivity(unchecked) private var slots: UnsafeMutablePointer<ComponentSlot>
    @exclusivity(unchecked) private var count = 0
    @exclusivity(unchecked) private var capacity = 8

    /// The stack's address: the thread's identity in slot words (see ``SlotWord``) and the wait graph.
    @usableFromInline var address: UInt { UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()) }

    init() {
        slots = .allocate(capacity: capacity)
    }

    deinit {
        slots.deallocate()
    }

    /// The current thread's stack.
    @usableFromInline
    static var current: CreationStack {
        if let pointer = pthread_getspecific(creationStackKey) {
            return Unmanaged<CreationStack>.fromOpaque(pointer).takeUnretainedValue()
        }
        let stack = CreationStack()
        pthread_setspecific(creationStackKey, Unmanaged.passRetained(stack).toOpaque())
        return stack
    }

    /// Marks `slot`'s factory as running on this thread.
    @usableFromInline func push(_ slot: ComponentSlot) {
        if count == capacity { grow() }
        (slots + count).initialize(to: slot)
        count &+= 1
    }

    /// Doubles the buffer (a chain of nested creations deeper than any so far on this thread).
    private func grow() {
        let larger = UnsafeMutablePointer<ComponentSlot>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: slots, count: count)
        slots.deallocate()
        slots = larger
        capacity *= 2
    }

    /// Marks the innermost factory as finished.
    @usableFromInline func pop() {
        precondition(count > 0, "creation stack underflow")
        count &-= 1
    }

    /// If `slot` is already being created on this thread, the cycle from it to the innermost creation.
    @usableFromInline
    func cycle(reentering slot: ComponentSlot) -> [String]? {
        var index = count
        while index > 0 {
            index &-= 1
            if slots[index].isSame(as: slot) {
                return (index..<count).map { slots[$0].name }
            }
        }
        return nil
    }
}

private let creationStackKey: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
        pthread_key_create(&key) { Unmanaged<CreationStack>.fromOpaque($0).release() }
    #else
        pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<CreationStack>.fromOpaque(pointer).release() }
        }
    #endif
    return key
}()
