#if canImport(Glibc)
import Glibc
#endif

/// `malloc`-backed buffers of plain values (integers, flags) that grow with `realloc`.
///
/// A large buffer then grows by moving its pages rather than by a copy during which old and new
/// both exist, so one 60 MiB field costs about its size in each buffer, not one and a half.
/// Buffers from here are freed with `PlainBuffer.free`, never `deallocate()`.
enum PlainBuffer {
    /// Room for `capacity` values (`malloc`); traps when memory is exhausted, as `allocate` does.
    static func allocate<T>(_ type: T.Type, capacity: Int) -> UnsafeMutablePointer<T> {
        guard let raw = malloc(max(1, capacity) * MemoryLayout<T>.stride) else { fatalError("out of memory") }
        return raw.bindMemory(to: T.self, capacity: capacity)
    }

    /// The buffer resized to `capacity` values, its contents kept (`realloc`).
    static func reallocate<T>(_ pointer: UnsafeMutablePointer<T>, capacity: Int) -> UnsafeMutablePointer<T> {
        guard let raw = realloc(pointer, max(1, capacity) * MemoryLayout<T>.stride) else { fatalError("out of memory") }
        return raw.bindMemory(to: T.self, capacity: capacity)
    }

    /// Frees a buffer from `allocate` or `reallocate` (`free`).
    static func free<T>(_ pointer: UnsafeMutablePointer<T>) {
        Glibc.free(pointer)
    }
}
