// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "unitpipe",
    products: [
        .executable(name: "unitpipe", targets: ["UnitPipeTool"]),
        .library(name: "UnitPipe", targets: ["UnitPipe"]),
    ],
    targets: [
        // libcsv from Debian's libcsv-dev; only Reading/CSVReader+LibCSV.swift imports it.
        .systemLibrary(
            name: "CLibCSV",
            path: "Sources/CLibCSV",
            providers: [.apt(["libcsv-dev"])]
        ),
        // Our own few lines of C: signal handlers that only record the signal, and the reader's
        // 16-byte classifier (SSE2 bit masks, which Swift's SIMD types cannot produce).
        .target(name: "CSystemShims"),
        // The stages: reading, numbers, units, conversion, writing, pipeline.
        .target(name: "UnitPipe", dependencies: ["CLibCSV", "CSystemShims"]),
        // Argument parsing, commands, messages and exit codes; the entry point takes [String].
        .target(name: "UnitPipeCLI", dependencies: ["UnitPipe"]),
        .executableTarget(name: "UnitPipeTool", dependencies: ["UnitPipeCLI"]),
        .testTarget(name: "UnitPipeTests", dependencies: ["UnitPipe"]),
        .testTarget(name: "EndToEndTests", dependencies: ["UnitPipeCLI", "UnitPipeTool"]),
    ],
    swiftLanguageModes: [.v6]
)
