// swift-tools-version: 6.0
// A package that checks its collection view layouts against reviewed golden frames, on Linux,
// with framegen's testing library (docs/library.md).
import PackageDescription

let package = Package(
    name: "Gallery",
    platforms: [.macOS(.v13)],
    dependencies: [
        // In your own package: .package(url: "https://github.com/OWNER/framegen", from: "1.0.0")
        .package(name: "framegen", path: "../..")
    ],
    targets: [
        .testTarget(
            name: "GalleryTests",
            dependencies: [
                .product(name: "FrameGenTesting", package: "framegen"),
                .product(name: "FrameGenKit", package: "framegen"),
                .product(name: "FrameGenLayouts", package: "framegen"),
            ],
            // Scenes and reviewed references are read beside the test file, not bundled.
            exclude: ["__Golden__", "scenes"]
        )
    ],
    swiftLanguageModes: [.v6]
)
