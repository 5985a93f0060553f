// swift-tools-version: 6.1
import PackageDescription

// Dependency direction (see README, "Architecture"):
//   Geometry <- Motion <- Layout          (no pixels; layouts animate with Motion's curves)
//   CKernels <- Raster <- Compositor      (pixels; Raster also uses Geometry)
//   CISA <- CKernels, CPNG, Raster        (the instruction-set ceiling: which vector paths run)
//   Raster, CPNG, CJPEG <- Codecs         (image files: PNG, APNG, JPEG, GIF, atomic writes)
//   Raster <- Comparison                  (how two images differ: golden, compare, FrameGenTesting)
//   Raster <- Text <- Compositor          (FreeType, fontconfig, HarfBuzz, FriBidi: glyph masks)
//   Compositor, Layout <- LayerCompositing (a view tree's LayerSnapshot as compositor layers)
//   Geometry, Layout, Raster <- FrameGenCoreGraphics <- FrameGenQuartzCore <- FrameGenUIKit
//   <- FrameGenUIKitDynamics, FrameGenCompositionalLayout; FrameGenUIKit <- FrameGenUIKitHost
//   (Apple's API over Layout; UIImage decodes files with Codecs)
//   FrameGenUIKit, LayerCompositing <- FrameGenUIKitRendering (UIGraphicsImageRenderer: views
//   into pixels) <- FrameGenSnapshotTesting (swift-snapshot-testing's image strategies)
//   FrameGenScene <- FrameGenRender <- FrameGenTools glue scenes, layouts, the timeline, the
//   compositor, codecs and comparison (scene and timeline; rendering; command tools), and
//   FrameGenKit re-exports the three;
//   FrameGenCommands is the whole command line as a library; framegen is one call to it;
//   FrameGenCommandLine adds a program's own UIKit layouts to it.
// No `platforms:` list: only Linux is built and tested (the C libraries come from Debian
// packages, scripts/install-deps), and an Apple minimum version would claim otherwise.

// The UIKit surface's modules, bottom to top.
let uikitSurface = [
    "FrameGenCoreGraphics", "FrameGenCoreImage", "FrameGenQuartzCore", "FrameGenUIKit",
    "FrameGenUIKitDynamics",
    "FrameGenCompositionalLayout", "FrameGenUIKitHost", "FrameGenUIKitRendering",
]

var products: [Product] = [
    .executable(name: "framegen", targets: ["framegen"]),
    // The command line as a library: a package's own executable with its layouts registered.
    .library(name: "FrameGenCommandLine", targets: ["FrameGenCommandLine"]),
    // The same without the UIKit surface, for a package whose layouts are CollectionViewLayout
    // values only: `FrameGenCommands.main(descriptors:)` builds in half the time.
    .library(name: "FrameGenCommands", targets: ["FrameGenCommands"]),
    .library(name: "FrameGenKit", targets: ["FrameGenKit"]),
    // The layouts and the CollectionViewLayout protocol, to write one's own (no pixels).
    .library(name: "FrameGenLayouts", targets: ["Layout", "Geometry", "Motion"]),
    // One-line golden-image assertions for XCTest and Swift Testing.
    .library(name: "FrameGenTesting", targets: ["FrameGenTesting"]),
    // Not for users: the fuzz targets, a product only because fuzz/ is a package of its own
    // and SwiftPM lets another package depend on products alone.
    .library(name: "FrameGenFuzzing", targets: ["FrameGenFuzzing"]),
    // UIKit's, QuartzCore's and Core Graphics' API for layouts and cells (docs/uikit.md): every
    // module of the UIKit surface, which the UIKit product re-exports as one.
    .library(name: "FrameGenUIKit", targets: uikitSurface),
    // An app's UIKit files compiled unchanged: the build-time port (docs/uikit.md, "Bring your app").
    .plugin(name: "FrameGenPort", targets: ["FrameGenPort"]),
    // The port's tool, installed beside framegen for `uikit init` (`make install`).
    .executable(name: "framegen-port", targets: ["framegen-port"]),
    // Not for users: the port's values, for its tests' package (Tests/Port), which asks the tool.
    .library(name: "SourcePortValues", targets: ["SourcePortValues"]),
]

var targets: [Target] = [
    // The instruction-set ceiling (FRAMEGEN_ISA, `bench --isa`): the one place CPNG's and
    // CKernels' run-time choices of a vector path ask, so that one machine can time every path.
    .target(name: "CISA"),
    .target(
        name: "CPNG",
        dependencies: ["CISA"],
        linkerSettings: [
            .linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("deflate"),
        ]
    ),
    // libjpeg-turbo behind a setjmp shim, as CPNG is for libpng.
    .target(name: "CJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
    .systemLibrary(
        name: "CFreeType",
        pkgConfig: "freetype2",
        providers: [.apt(["libfreetype-dev"])]
    ),
    .systemLibrary(
        name: "CFontconfig",
        pkgConfig: "fontconfig",
        providers: [.apt(["libfontconfig-dev"])]
    ),
    .systemLibrary(
        name: "CHarfBuzz",
        pkgConfig: "harfbuzz",
        providers: [.apt(["libharfbuzz-dev"])]
    ),
    .systemLibrary(
        name: "CFriBidi",
        pkgConfig: "fribidi",
        providers: [.apt(["libfribidi-dev"])]
    ),
    .target(name: "Geometry"),
    // Pixel loops in AVX2, chosen at run time; the Swift loops are the portable fallback.
    .target(name: "CKernels", dependencies: ["CISA"]),
    .target(name: "Raster", dependencies: ["CISA", "CKernels", "Geometry"]),
    // Image files apart from pixel work: PNG, APNG, JPEG and GIF, their limits, atomic writes.
    .target(name: "Codecs", dependencies: ["Raster", "Geometry", "CPNG", "CJPEG"]),
    // How two images differ (pixelmatch, SSIM, diff images): one module for `golden`,
    // `compare` and FrameGenTesting.
    .target(name: "Comparison", dependencies: ["Raster", "Geometry", "Text"]),
    .target(name: "Layout", dependencies: ["Geometry", "Motion"]),
    .target(name: "Motion", dependencies: ["Geometry"]),
    .target(
        name: "Text",
        dependencies: ["Raster", "Geometry", "CFreeType", "CFontconfig", "CHarfBuzz", "CFriBidi"]),
    .target(name: "Compositor", dependencies: ["Raster", "Geometry", "Text"]),
    // A view tree (Layout's LayerSnapshot) as compositor layers: shared by the scene renderer's
    // cells and the UIKit surface's own drawing (UIGraphicsImageRenderer), so neither imports
    // the other.
    .target(name: "LayerCompositing", dependencies: ["Compositor", "Layout", "Raster", "Geometry", "Text"]),
    // FrameGenKit by job, each module over the ones before it (FrameGenScene <- FrameGenRender
    // <- FrameGenTools). Scenes and their timeline: documents (YAML, JSON), scene and attribute
    // files, the planner, the items' content as files and aspect ratios; no pixels drawn.
    .target(
        name: "FrameGenScene",
        dependencies: [
            "Geometry", "Raster", "Codecs", "Layout", "Motion", "Text", "Compositor",
            .product(name: "Yams", package: "Yams"),
        ]
    ),
    // The render pipeline and its outputs: frames, manifests, video, contact sheets, the showcase,
    // generated photos and textures, in-memory rendering.
    .target(
        name: "FrameGenRender",
        dependencies: [
            "FrameGenScene", "Geometry", "Raster", "Codecs", "Comparison", "Layout", "Text", "Compositor",
            "LayerCompositing",
        ],
        // The showcase's scenes, examples/showcase/*.yaml (ShowcaseScenes links there), compiled
        // in so that an installed binary needs no files beside it.
        resources: [.embedInCode("ShowcaseScenes")]
    ),
    // The command tools: golden, bench, compare, image and attributes.
    .target(
        name: "FrameGenTools",
        dependencies: [
            "FrameGenScene", "FrameGenRender", "Geometry", "Raster", "Codecs", "Comparison", "Layout",
        ]
    ),
    // The three above re-exported, for users and the example packages (`import FrameGenKit`).
    .target(name: "FrameGenKit", dependencies: ["FrameGenScene", "FrameGenRender", "FrameGenTools"]),
    // Apple's API in the order of Apple's frameworks (README, "Architecture"): Core Graphics <-
    // QuartzCore <- UIKit's views and collection view <- Dynamics, compositional layouts <- the
    // host that runs a UIKit layout in a scene. Each re-exports the one below it, as Apple's do.
    // What a program's own code is being asked now (CrashReport): noted by the UIKit surface
    // around each call into it, read by the command line's crash handler and watchdog.
    .target(name: "UserCode"),
    .target(name: "FrameGenCoreGraphics", dependencies: ["Geometry", "Layout", "Raster"]),
    .target(name: "FrameGenCoreImage", dependencies: ["FrameGenCoreGraphics"]),
    .target(
        name: "FrameGenQuartzCore", dependencies: ["FrameGenCoreGraphics", "Geometry", "Layout", "Motion"]),
    // UIImage(contentsOfFile:) and UIImage(data:) decode with Codecs (Raster's image type).
    .target(
        name: "FrameGenUIKit",
        dependencies: [
            "FrameGenQuartzCore", "FrameGenCoreGraphics", "FrameGenCoreImage", "Geometry", "Layout", "Motion",
            "Codecs", "Raster", "Text", "UserCode",
        ]),
    .target(
        name: "FrameGenUIKitDynamics",
        dependencies: ["FrameGenUIKit", "FrameGenQuartzCore", "FrameGenCoreGraphics", "Raster"]),
    .target(
        name: "FrameGenCompositionalLayout",
        dependencies: [
            "FrameGenUIKit", "FrameGenUIKitDynamics", "FrameGenQuartzCore", "FrameGenCoreGraphics",
            "Geometry",
            "Layout",
        ]),
    .target(
        name: "FrameGenUIKitHost",
        dependencies: [
            "FrameGenUIKit", "FrameGenQuartzCore", "FrameGenCoreGraphics", "Geometry", "Layout", "UserCode",
        ]),
    // Views and layers into pixels, as apps ask UIKit for them: UIGraphicsImageRenderer,
    // CALayer.render(in:), UIView.drawHierarchy. Above FrameGenUIKit (which gives view trees as
    // values, never pixels) and LayerCompositing (which draws those values), the one module of
    // the UIKit surface that draws.
    .target(
        name: "FrameGenUIKitRendering",
        dependencies: [
            "FrameGenUIKit", "FrameGenQuartzCore", "FrameGenCoreGraphics", "LayerCompositing", "Compositor",
            "Geometry", "Layout", "Raster", "Text",
        ]),
    // The command line without the UIKit surface, which the stock `framegen` is: it builds in
    // half the time (README, "Start-up"). A program's own UIKit layouts come in through
    // FrameGenCommandLine, above it.
    .target(
        name: "FrameGenCommands",
        dependencies: [
            "FrameGenScene", "FrameGenRender", "FrameGenTools", "Codecs", "Layout", "SourcePortValues",
            "UserCode", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]
    ),
    .target(
        name: "FrameGenCommandLine",
        dependencies: ["FrameGenCommands", "FrameGenScene", "FrameGenUIKit", "FrameGenUIKitHost", "Layout"]
    ),
    .executableTarget(name: "framegen", dependencies: ["FrameGenCommands"]),
    // The port Swift on Linux forces on an app's UIKit files (`@objc`, optional members,
    // `#selector`, submodule imports), made on copies at build time by the FrameGenPort plugin
    // (docs/uikit.md, "Bring your app"); SwiftSyntax reads the files. SwiftSyntax takes minutes
    // to compile, so only the framegen-port tool links it: the command line (`uikit init`) asks
    // the tool (SourcePortValues' PortTool), and no target of this package uses the plugin (a
    // package compiles the tools of the plugins its targets use in every build): the port's
    // tests are the package Tests/Port (README, "Start-up").
    .target(name: "SourcePortValues"),
    .target(
        name: "SourcePort",
        dependencies: [
            "SourcePortValues",
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
    .executableTarget(name: "framegen-port", dependencies: ["SourcePort"]),
    .plugin(name: "FrameGenPort", capability: .buildTool(), dependencies: ["framegen-port"]),
    .target(
        name: "FrameGenTesting",
        dependencies: [
            "FrameGenScene", "FrameGenRender", "FrameGenTools", "Layout", "Raster", "Codecs", "Comparison",
        ]),
    // What each fuzz target feeds its input to, shared by fuzz/ and FuzzCorpusTests; out of
    // FrameGenKit so that the shipped library carries no fuzzing code.
    .target(
        name: "FrameGenFuzzing",
        dependencies: [
            "FrameGenScene", "FrameGenRender", "Codecs", "Compositor", "Geometry", "Layout", "Raster",
            "FrameGenUIKit", "FrameGenUIKitHost",
        ]),
    // The fast and heavy tiers of the test suite (README, "Tests"), shared by every test target.
    .target(name: "TestTiers", path: "Tests/TestTiers"),
    .testTarget(name: "GeometryTests", dependencies: ["Geometry", "TestTiers"]),
    // Codecs only for writing images to look at (RASTER_TEST_IMAGES).
    .testTarget(name: "RasterTests", dependencies: ["Raster", "Geometry", "Codecs", "TestTiers"]),
    .testTarget(
        name: "CodecsTests", dependencies: ["Codecs", "Raster", "Geometry", "CPNG", "TestTiers"],
        resources: [.copy("Fixtures")]),
    .testTarget(name: "ComparisonTests", dependencies: ["Comparison", "Raster", "Geometry", "Text"]),
    .testTarget(name: "LayoutTests", dependencies: ["Layout", "TestTiers"]),
    // The README's module map against every import in Sources/ (it reads files; it links nothing).
    .testTarget(name: "ArchitectureTests"),
    .testTarget(
        name: "FrameGenUIKitTests",
        dependencies: uikitSurface.map { .target(name: $0) } + [
            "FrameGenKit", "Layout", "Geometry", "TestTiers", "UserCode",
        ]),
    .testTarget(name: "MotionTests", dependencies: ["Motion", "TestTiers"]),
    .testTarget(name: "CompositorTests", dependencies: ["Compositor", "Raster", "TestTiers"]),
    .testTarget(name: "TextTests", dependencies: ["Text", "Raster", "Geometry", "TestTiers"]),
    .testTarget(
        name: "FrameGenKitTests",
        dependencies: [
            "FrameGenKit", "FrameGenScene", "FrameGenRender", "FrameGenTools", "FrameGenFuzzing", "Codecs",
            "Comparison", "TestTiers",
        ],
        resources: [.copy("Fixtures")]
    ),
    .testTarget(
        name: "FrameGenTestingTests",
        dependencies: [
            "FrameGenTesting", "FrameGenKit", "Layout", "Geometry", "Raster", "Codecs", "TestTiers",
        ]),
    // The example package's own test file (docs/library.md), built and run here too.
    .testTarget(
        name: "ExampleLibraryTests",
        dependencies: ["FrameGenTesting", "FrameGenKit", "Layout", "Geometry"],
        path: "examples/library/Tests/GalleryTests",
        exclude: ["__Golden__", "scenes"]
    ),
]

// Modules named as Apple's, so that a layout file with `import UIKit` compiles unchanged. Each
// re-exports FrameGenUIKit. Linux only: on Apple platforms they would shadow the real frameworks.
#if os(Linux)
    // What each re-exports, as Apple's module does: QuartzCore brings Core Graphics, UIKit
    // brings QuartzCore; `import QuartzCore` alone brings no UIKit.
    let appleModules: [(name: String, exports: [String])] = [
        ("CoreGraphics", ["FrameGenCoreGraphics"]),
        ("QuartzCore", ["FrameGenQuartzCore", "CoreGraphics"]),
        ("CoreImage", ["FrameGenCoreImage", "CoreGraphics"]),
        (
            "UIKit",
            [
                "FrameGenUIKit", "FrameGenUIKitDynamics", "FrameGenCompositionalLayout", "FrameGenUIKitHost",
                "FrameGenUIKitRendering", "QuartzCore", "CoreImage",
            ]
        ),
    ]
    for (name, exports) in appleModules {
        // Swift Testing's cross-import overlays for UIKit, CoreGraphics and CoreImage must exist for a test
        // file importing both to compile (Sources/AppleNames/_Testing_UIKit).
        let overlay = ["UIKit", "CoreGraphics", "CoreImage"].contains(name) ? ["_Testing_" + name] : []
        products.append(.library(name: name, targets: [name]))
        targets.append(
            .target(
                name: name, dependencies: (exports + overlay).map { .target(name: $0) },
                path: "Sources/AppleNames/\(name)"))
        for o in overlay { targets.append(.target(name: o, path: "Sources/AppleNames/\(o)")) }
    }
    // swift-snapshot-testing's image strategies (`assertSnapshot(of: view, as: .image)`), which
    // it compiles only for Apple platforms, drawn with framegen's UIKit (docs/snapshot-testing.md).
    products.append(.library(name: "FrameGenSnapshotTesting", targets: ["FrameGenSnapshotTesting"]))
    targets.append(
        .target(
            name: "FrameGenSnapshotTesting",
            dependencies: [
                "FrameGenUIKit", "FrameGenUIKitRendering", "FrameGenQuartzCore", "FrameGenCoreGraphics",
                "Codecs",
                "Comparison", "Raster", .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]))
    targets.append(
        .testTarget(
            name: "FrameGenSnapshotTestingTests",
            dependencies: ["FrameGenSnapshotTesting", "UIKit", "TestTiers"]))
    // The UIKit example package (docs/uikit.md), built and tested here too.
    targets += [
        .target(
            name: "GalleryLayouts", dependencies: ["UIKit", "Layout"],
            path: "examples/uikit/Sources/GalleryLayouts"),
        .executableTarget(
            name: "uikit-gallery", dependencies: ["FrameGenCommandLine", "GalleryLayouts"],
            path: "examples/uikit/Sources/gallery"),
        .testTarget(
            name: "ExampleUIKitTests",
            dependencies: [
                "GalleryLayouts", "UIKit", "QuartzCore", "CoreGraphics", "FrameGenKit", "FrameGenTesting",
                "Layout",
                "TestTiers",
            ],
            path: "examples/uikit/Tests/GalleryLayoutsTests", exclude: ["__Golden__"]),
        // The example's swift-snapshot-testing suite against its references (__Snapshots__).
        .testTarget(
            name: "ExampleUIKitSnapshotTests",
            dependencies: [
                "GalleryLayouts", "UIKit", "FrameGenSnapshotTesting",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            path: "examples/uikit/Tests/GallerySnapshotTests", exclude: ["__Snapshots__"]),
        // A program with a layout that traps, for FrameGenUIKitTests' crash report test.
        .executableTarget(
            name: "uikit-crash-fixture", dependencies: ["FrameGenCommandLine", "UIKit"],
            path: "Tests/UIKitCrashFixture"),
    ]
#endif

let package = Package(
    name: "framegen",
    products: products,
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"605.0.0"),
    ],
    targets: targets,
    swiftLanguageModes: [.v6]
)

// A release test build (make test-all, CI) compiles the tests' own code without optimisation:
// the code under test stays optimised as users get it, and optimising the tests' 35,000 lines
// cost 140 s of the 673 s the build took on 2 cores, for about 20 s of the heavy tier's run
// (README, "Start-up"). Test targets are in no product, so this keeps framegen usable as a
// versioned dependency.
for target in package.targets where target.type == .test {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [.unsafeFlags(["-Onone"], .when(configuration: .release))]
}
