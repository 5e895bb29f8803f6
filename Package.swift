// swift-tools-version:6.0
import PackageDescription

// Targets, with dependencies pointing one way (each line only uses the ones above it):
//   UnitPipeNumbers  locale number reader and shortest/fixed number writer (no libcsv)
//   UnitPipeUnits    unit catalog, exact conversion kernel, currencies (no libcsv; the scanned decimals and big integers of UnitPipeNumbers)
//   UnitPipeCSV      CSV reading (libcsv) and writing, files and signals
//   UnitPipe         the engine and its jobs (convert, sniff)
//   UnitPipeCLI      argument parsing, commands, messages and exit codes
//   UnitPipeTool     the `unitpipe` executable
let package = Package(
    name: "unitpipe",
    // Int128, Mutex and Atomic (the standard library and Synchronization) need these releases.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .executable(name: "unitpipe", targets: ["UnitPipeTool"]),
        .library(name: "UnitPipe", targets: ["UnitPipe"]),
        .library(name: "UnitPipeNumbers", targets: ["UnitPipeNumbers"]),
        .library(name: "UnitPipeUnits", targets: ["UnitPipeUnits"]),
    ],
    targets: [
        // libcsv from Debian's libcsv-dev; only Reading/CSVParser+LibCSV.swift imports it.
        .systemLibrary(
            name: "CLibCSV",
            path: "Sources/CLibCSV",
            providers: [.apt(["libcsv-dev"])]
        ),
        // zlib (zlib1g-dev): gzip input; libzstd (libzstd-dev): zstd input and output; only the
        // files of UnitPipeCSV/Compression import them.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CZstd", path: "Sources/CZstd", providers: [.apt(["libzstd-dev"])]),
        // libdeflate (libdeflate-dev): gzip output, a whole member per chunk; only
        // UnitPipeCSV/Compression/Deflate.swift imports it.
        .systemLibrary(name: "CLibDeflate", path: "Sources/CLibDeflate", providers: [.apt(["libdeflate-dev"])]),
        // Our own few lines of C: signal handlers that only record the signal, and the reader's
        // 16-byte classifier (SSE2 bit masks, which Swift's SIMD types cannot produce).
        .target(name: "CSystemShims"),
        // Strict locale number parsing, locale detection and the number writers.
        .target(name: "UnitPipeNumbers"),
        // Units as data, exact rational factors, the conversion kernel and exchange rates.
        .target(name: "UnitPipeUnits", dependencies: ["UnitPipeNumbers"]),
        // The chunk reader, record parser (libcsv), CSV writer, output files, system calls,
        // compressed input (zlib, libzstd) and output (libdeflate, libzstd).
        .target(name: "UnitPipeCSV", dependencies: ["CLibCSV", "CSystemShims", "CZlib", "CZstd", "CLibDeflate"]),
        // The engine: input head, record engine, column stages, failures, the jobs.
        .target(name: "UnitPipe", dependencies: ["UnitPipeNumbers", "UnitPipeUnits", "UnitPipeCSV"]),
        // Argument parsing, commands, messages and exit codes; the entry point takes [String].
        .target(name: "UnitPipeCLI", dependencies: ["UnitPipe", "UnitPipeNumbers", "UnitPipeUnits", "UnitPipeCSV"]),
        .executableTarget(name: "UnitPipeTool", dependencies: ["UnitPipeCLI"]),
        // Shared test helpers (a seeded PRNG, the long-run switch).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "UnitPipeNumbersTests", dependencies: ["UnitPipeNumbers", "TestSupport"]),
        .testTarget(name: "UnitPipeUnitsTests", dependencies: ["UnitPipeUnits", "TestSupport"]),
        .testTarget(name: "UnitPipeCSVTests", dependencies: ["UnitPipeCSV", "TestSupport"]),
        .testTarget(name: "UnitPipeTests", dependencies: ["UnitPipe", "TestSupport"]),
        .testTarget(name: "UnitPipeCLITests", dependencies: ["UnitPipeCLI"]),
        .testTarget(name: "EndToEndTests", dependencies: ["UnitPipeCLI", "UnitPipeTool", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
