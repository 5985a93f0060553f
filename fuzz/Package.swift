// swift-tools-version: 6.0
// libFuzzer drivers for framegen's untrusted inputs (`scripts/fuzz TARGET SECONDS` builds and runs
// them). A package of its own so that the main package's build and tests never link libFuzzer.
import Foundation
import PackageDescription

// A path dependency's identity is its folder's name, which depends on where the clone lives.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
    name: "framegen-fuzz",
    dependencies: [.package(path: root.path)],
    targets: [
        .executableTarget(
            name: "framegen-fuzz",
            dependencies: [
                .product(name: "FrameGenFuzzing", package: root.lastPathComponent.lowercased()),
                // main.swift's `import FrameGenKit` (FileHandleOutput).
                .product(name: "FrameGenKit", package: root.lastPathComponent.lowercased()),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
