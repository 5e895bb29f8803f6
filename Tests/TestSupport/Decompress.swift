import Foundation

/// Why `decompressed(_:with:)` failed.
package struct DecompressFailure: Error, CustomStringConvertible {
    package let description: String
}

/// The bytes `tool -dc path` writes (the system's `gzip` or `zstd`, independent of unitpipe).
package func decompressed(_ path: String, with tool: String) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [tool, "-dc", path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw DecompressFailure(description: "\(tool) -dc \(path) failed") }
    return data
}
