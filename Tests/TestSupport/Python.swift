import Foundation

/// Runs `python3 arguments…` (the interpreter found on `PATH`) and waits for it; returns its exit status.
///
/// For the oracle scripts under `scripts/`, which write their results to a file named in
/// `arguments`.
package func runPython(_ arguments: [String]) throws -> Int32 {
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = ["python3"] + arguments
    try python.run()
    python.waitUntilExit()
    return python.terminationStatus
}
