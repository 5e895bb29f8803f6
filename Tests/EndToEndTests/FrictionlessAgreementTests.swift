// `scripts/frictionless-agreement.py` generates files with a column of every checked Table
// Schema type and planted errors of each kind, runs Frictionless (the reference implementation)
// and the built binary on each, and compares the failed cells with their Frictionless error type
// (unitpipe's codes mapped as docs/validate.md lists them). Skipped, with the reason, where
// frictionless is not installed (`pip install frictionless`).

import Foundation
import Testing

@Suite("Frictionless agreement")
struct FrictionlessAgreementTests {
    static let hasFrictionless: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import frictionless"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()

    @Test("the same failed cells as Frictionless on generated files of every field type",
          .enabled(if: hasFrictionless, "frictionless is not installed (pip install frictionless, or scripts/install-deps --spark)"))
    func sameVerdicts() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", UnitPipeRunner.packageRoot.appendingPathComponent("scripts/frictionless-agreement.py").path,
                             "--seed", "20261203", "--files", "3", "--rows", "400"]
        process.environment = ProcessInfo.processInfo.environment.merging(["UNITPIPE_BIN": UnitPipeRunner.binary.path]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.hasPrefix("frictionless-agreement: seed 20261203: 3 files, "), "\(text)")
    }
}
