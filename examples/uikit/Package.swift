// swift-tools-version: 6.0
// A package of one's own UIKit layouts, rendered and golden-tested on Linux with framegen
// (docs/uikit.md): the layouts (import UIKit), a command line with them registered, and tests.
import PackageDescription

let package = Package(
    name: "Gallery",
    dependencies: [
        // In your own package: .package(url: "https://github.com/OWNER/framegen", from: "1.0.0")
        .package(name: "framegen", path: "../.."),
        // The snapshot suite's library, as on iOS; framegen's FrameGenSnapshotTesting gives it
        // its image strategies on Linux (docs/snapshot-testing.md).
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ],
    targets: [
        // Your layout files, unchanged from the iOS app.
        .target(
            name: "GalleryLayouts",
            dependencies: [
                .product(name: "UIKit", package: "framegen"),
                // Only for scene keys of one's own (Gallery.descriptors): LayoutDescriptor.
                .product(name: "FrameGenLayouts", package: "framegen"),
            ]),
        // `swift run gallery render scenes/coverflow.yaml`: framegen's commands with your layouts.
        .executableTarget(
            name: "gallery",
            dependencies: [
                "GalleryLayouts", .product(name: "FrameGenCommandLine", package: "framegen"),
            ]),
        .testTarget(
            name: "GalleryLayoutsTests",
            dependencies: [
                "GalleryLayouts",
                .product(name: "UIKit", package: "framegen"),
                // ImportsTests.swift imports them as an iOS file does.
                .product(name: "QuartzCore", package: "framegen"),
                .product(name: "CoreGraphics", package: "framegen"),
                .product(name: "FrameGenKit", package: "framegen"),
                .product(name: "FrameGenLayouts", package: "framegen"),
                .product(name: "FrameGenTesting", package: "framegen"),
            ],
            exclude: ["__Golden__"]),
        // A swift-snapshot-testing suite as an iOS project has it, with its references.
        .testTarget(
            name: "GallerySnapshotTests",
            dependencies: [
                "GalleryLayouts",
                .product(name: "UIKit", package: "framegen"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "FrameGenSnapshotTesting", package: "framegen"),
            ],
            exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)
