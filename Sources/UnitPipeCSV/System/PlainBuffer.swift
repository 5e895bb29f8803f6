#if canImport(Glibc)
import Glibc
#endif
import CSystemShims

/// `malloc`-backed buffers of plain values (integers, flags) that grow with `realloc`.
///
/// A large buffer then grows by moving its pages rather than by a copy during which old and new
/// both exist, so one 60 MiB field costs about its size in each buffer, not one and a half.
/// Buffers from here are freed with `PlainBuffer.free`, never `deallocate()`.
package enum PlainBuffer {
    /// `true` once every block of 8 MiB or more gets a mapping of its own, for the whole process
    /// (evaluated once; glibc's `mallopt(M_MMAP_THRESHOLD)`, in `CSystemShims`).
    ///
    /// Such a buffer then grows by moving pages and goes back to the system when freed. By default
    /// glibc raises its threshold (up to 32 MiB) each time a mapped block is freed; a field's buffer
    /// that then grows in a worker thread's heap is grown by copies whose old blocks stay resident,
    /// raising the peak. (A smaller threshold costs page faults instead: a chunk's few MiB of
    /// failures would be mapped afresh for every chunk.)
    package static let mapsLargeBlocks: Bool = unitpipe_map_large_blocks(8 << 20) == 1

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
