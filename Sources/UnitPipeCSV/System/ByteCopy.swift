/// Copies `count` bytes from `source` to `destination` (the ranges must not overlap).
///
/// Fields are short (a few bytes each), where a call to `memmove` costs more than the copy:
/// up to 16 bytes are copied with two overlapping unaligned loads and stores, longer runs
/// with `memmove`.
@inlinable @inline(__always)
package func copyBytes(_ destination: UnsafeMutablePointer<UInt8>, _ source: UnsafePointer<UInt8>, _ count: Int) {
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(destination)
    switch count {
    case 8...16:
        let head = from.loadUnaligned(as: UInt64.self)
        let tail = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        to.storeBytes(of: head, as: UInt64.self)
        to.storeBytes(of: tail, toByteOffset: count - 8, as: UInt64.self)
    case 4..<8:
        let head = from.loadUnaligned(as: UInt32.self)
        let tail = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        to.storeBytes(of: head, as: UInt32.self)
        to.storeBytes(of: tail, toByteOffset: count - 4, as: UInt32.self)
    case 1..<4:
        destination[0] = source[0]
        destination[count >> 1] = source[count >> 1]
        destination[count - 1] = source[count - 1]
    case 0:
        break
    default:
        destination.update(from: source, count: count)
    }
}
