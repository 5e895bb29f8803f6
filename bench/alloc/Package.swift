// swift-tools-version:6.0
import PackageDescription

// Counts what the libraries' exact conversion entry points allocate: `scripts`-free, run by
// bench/alloc-count.sh under valgrind (release build, the libraries only, as an app links them).
let package = Package(
    name: "AllocCount",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "unitpipe", path: "../..")],
    targets: [
        .executableTarget(
            name: "AllocCount",
            dependencies: [
                .product(name: "UnitPipeNumbers", package: "unitpipe"),
                .product(name: "UnitPipeUnits", package: "unitpipe"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
