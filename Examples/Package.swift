// swift-tools-version:6.0
import PackageDescription

// An app developer's package: it depends on unitpipe by path and uses only its two libraries.
let package = Package(
    name: "UnitPipeExamples",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(name: "unitpipe", path: "..")],
    targets: [
        .executableTarget(
            name: "SeedApps",
            dependencies: [
                .product(name: "UnitPipeNumbers", package: "unitpipe"),
                .product(name: "UnitPipeUnits", package: "unitpipe"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
