// swift-tools-version: 6.1
// The port's tests, a package of their own beside framegen's (README, "Tests"): the port parses
// Swift with SwiftSyntax, which takes minutes to compile, and a package whose own targets use a
// build tool plugin compiles that plugin's tool in every build, `--product framegen` included.
// Here, and only here, SwiftSyntax is compiled, once: as the FrameGenPort plugin's tool, which
// PortedAppTests builds through, and which SourcePortTests and UIKitInitTests ask (PortTool).
// `make test-port` builds it as scripts/build-tests does: `swift test` alone would compile
// SwiftSyntax a second time, for framegen-port built as an executable of the target.
import PackageDescription

let package = Package(
    name: "PortTests",
    dependencies: [.package(name: "framegen", path: "../..")],
    targets: [
        // The port's rewrites, asked of the tool (framegen-port-tool, beside the test bundle).
        .testTarget(
            name: "SourcePortTests",
            dependencies: [.product(name: "FrameGenSourcePortValues", package: "framegen")],
            path: "SourcePortTests"),
        // Files written for iOS (PortedApp: `@objc` optional members, `#selector`, submodule
        // imports), compiled through the FrameGenPort plugin and run by the tests.
        .testTarget(
            name: "PortedAppTests",
            dependencies: [
                .product(name: "UIKit", package: "framegen"),
                .product(name: "FrameGenLayouts", package: "framegen"),
                // FrameGenUIKit's SPI, by which the tests read pixels and run the scene's clock.
                .product(name: "FrameGenUIKit", package: "framegen"),
                .product(name: "FrameGenCombine", package: "framegen"),
            ],
            path: "PortedAppTests", exclude: ["app-sources.txt"], swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: [.plugin(name: "FrameGenPort", package: "framegen")]),
        // `framegen uikit init` on PortedApp, through the framegen program built beside the tests.
        .testTarget(name: "UIKitInitTests", path: "UIKitInitTests"),
    ],
    swiftLanguageModes: [.v6]
)
