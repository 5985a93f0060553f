// swift-tools-version: 6.1
import Foundation
import PackageDescription

// SwiftSyntax, which the port reads an app's files with: the toolchain's own copy (its
// lib/swift/host: module interfaces and shared libraries, which the compiler's macros use) when
// this package is the root or a local (path) package, so that no build compiles the swift-syntax
// package (minutes on 2 cores, and one compiler job of 2.3 GB); the package where framegen is a
// versioned dependency, whose targets SwiftPM refuses unsafe flags, or where
// FRAMEGEN_SWIFT_SYNTAX=package. The toolchain is the one evaluating this manifest: the folder
// of the PackageDescription library this process loaded (README, "Start-up").
let toolchainSyntax: String? = {
    guard ProcessInfo.processInfo.environment["FRAMEGEN_SWIFT_SYNTAX"] != "package",
        !Context.packageDirectory.contains("/checkouts/"),
        let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8),
        let library = maps.split(separator: "\n").first(where: { $0.hasSuffix("/libPackageDescription.so") }),
        let path = library.split(separator: " ").last, let lib = path.range(of: "/lib/swift/pm/")
    else { return nil }
    let host = String(path[..<lib.lowerBound]) + "/lib/swift/host"
    let needed = [
        "SwiftSyntax.swiftmodule", "SwiftParser.swiftmodule", "libSwiftSyntax.so", "libSwiftParser.so",
    ]
    return needed.allSatisfy { FileManager.default.fileExists(atPath: host + "/" + $0) } ? host : nil
}()

// Dependency direction (see README, "Architecture"). Every module is named FrameGen... (a C
// one CFrameGen...) or as Apple's, so that none clashes with a module of a user's package:
//   FrameGenGeometry <- FrameGenMotion <- FrameGenLayout
//       (no pixels; layouts animate with FrameGenMotion's curves)
//   CFrameGenKernels <- FrameGenRaster <- FrameGenCompositor
//       (pixels; FrameGenRaster also uses FrameGenGeometry)
//   CFrameGenISA <- CFrameGenKernels, CFrameGenPNG, FrameGenRaster
//       (the instruction-set ceiling: which vector paths run)
//   FrameGenRaster, CFrameGenPNG, CFrameGenJPEG <- FrameGenCodecs
//       (image files: PNG, APNG, JPEG, GIF, atomic writes)
//   FrameGenRaster <- FrameGenComparison
//       (how two images differ: golden, compare, FrameGenTesting)
//   FrameGenRaster <- FrameGenText <- FrameGenCompositor
//       (FreeType, fontconfig, HarfBuzz, FriBidi: glyph masks)
//   FrameGenCompositor, FrameGenLayout <- FrameGenLayerCompositing
//       (a view tree's LayerSnapshot as compositor layers)
//   FrameGenGeometry, FrameGenLayout, FrameGenRaster <- FrameGenCoreGraphics <- FrameGenQuartzCore
//   <- FrameGenUIKit <- FrameGenUIKitDynamics, FrameGenCompositionalLayout; FrameGenUIKit
//   <- FrameGenUIKitHost (Apple's API over FrameGenLayout; UIImage decodes files with FrameGenCodecs)
//   FrameGenUIKit, FrameGenLayerCompositing <- FrameGenUIKitRendering (UIGraphicsImageRenderer: views
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
    "FrameGenCoreGraphics", "FrameGenCoreImage", "FrameGenCoreText", "FrameGenQuartzCore", "FrameGenUIKit",
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
    .library(name: "FrameGenLayouts", targets: ["FrameGenLayout", "FrameGenGeometry", "FrameGenMotion"]),
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
    .library(name: "FrameGenSourcePortValues", targets: ["FrameGenSourcePortValues"]),
]

var targets: [Target] = [
    // The instruction-set ceiling (FRAMEGEN_ISA, `bench --isa`): the one place CFrameGenPNG's and
    // CFrameGenKernels' run-time choices of a vector path ask, so that one machine can time every path.
    .target(name: "CFrameGenISA"),
    .target(
        name: "CFrameGenPNG",
        dependencies: ["CFrameGenISA"],
        linkerSettings: [
            .linkedLibrary("png16"), .linkedLibrary("z"), .linkedLibrary("deflate"),
        ]
    ),
    // libjpeg-turbo behind a setjmp shim, as CFrameGenPNG is for libpng.
    .target(name: "CFrameGenJPEG", linkerSettings: [.linkedLibrary("jpeg")]),
    .systemLibrary(
        name: "CFrameGenFreeType",
        pkgConfig: "freetype2",
        providers: [.apt(["libfreetype-dev"])]
    ),
    .systemLibrary(
        name: "CFrameGenFontconfig",
        pkgConfig: "fontconfig",
        providers: [.apt(["libfontconfig-dev"])]
    ),
    .systemLibrary(
        name: "CFrameGenHarfBuzz",
        pkgConfig: "harfbuzz",
        providers: [.apt(["libharfbuzz-dev"])]
    ),
    .systemLibrary(
        name: "CFrameGenFriBidi",
        pkgConfig: "fribidi",
        providers: [.apt(["libfribidi-dev"])]
    ),
    // librsvg and poppler (and the cairo surfaces they draw into): an asset catalog's SVG and
    // PDF images, loaded by dlopen when one is drawn, so that no build needs their headers or
    // pkg-config flags and no program links them (docs/decisions.md, "Vector images").
    .target(name: "CFrameGenVector", linkerSettings: [.linkedLibrary("dl")]),
    .target(name: "FrameGenGeometry"),
    // Pixel loops in AVX2, chosen at run time; the Swift loops are the portable fallback.
    .target(name: "CFrameGenKernels", dependencies: ["CFrameGenISA"]),
    .target(name: "FrameGenRaster", dependencies: ["CFrameGenISA", "CFrameGenKernels", "FrameGenGeometry"]),
    // Image files apart from pixel work: PNG, APNG, JPEG and GIF, their limits, atomic writes.
    .target(
        name: "FrameGenCodecs",
        dependencies: ["FrameGenRaster", "FrameGenGeometry", "CFrameGenPNG", "CFrameGenJPEG"]),
    // How two images differ (pixelmatch, SSIM, diff images): one module for `golden`,
    // `compare` and FrameGenTesting.
    .target(
        name: "FrameGenComparison", dependencies: ["FrameGenRaster", "FrameGenGeometry", "FrameGenText"]),
    .target(name: "FrameGenLayout", dependencies: ["FrameGenGeometry", "FrameGenMotion"]),
    .target(name: "FrameGenMotion", dependencies: ["FrameGenGeometry"]),
    .target(
        name: "FrameGenText",
        dependencies: [
            "FrameGenRaster", "FrameGenGeometry", "CFrameGenFreeType", "CFrameGenFontconfig",
            "CFrameGenHarfBuzz", "CFrameGenFriBidi",
        ]),
    .target(
        name: "FrameGenCompositor", dependencies: ["FrameGenRaster", "FrameGenGeometry", "FrameGenText"]),
    // A view tree (FrameGenLayout's LayerSnapshot) as compositor layers: shared by the scene renderer's
    // cells and the UIKit surface's own drawing (UIGraphicsImageRenderer), so neither imports
    // the other.
    .target(
        name: "FrameGenLayerCompositing",
        dependencies: [
            "FrameGenCompositor", "FrameGenLayout", "FrameGenRaster", "FrameGenGeometry", "FrameGenText",
        ]),
    // FrameGenKit by job, each module over the ones before it (FrameGenScene <- FrameGenRender
    // <- FrameGenTools). Scenes and their timeline: documents (YAML, JSON), scene and attribute
    // files, the planner, the items' content as files and aspect ratios; no pixels drawn.
    .target(
        name: "FrameGenScene",
        dependencies: [
            "FrameGenGeometry", "FrameGenRaster", "FrameGenCodecs", "FrameGenLayout", "FrameGenMotion",
            "FrameGenText", "FrameGenCompositor",
            .product(name: "Yams", package: "Yams"),
        ]
    ),
    // The render pipeline and its outputs: frames, manifests, video, contact sheets, the showcase,
    // generated photos and textures, in-memory rendering.
    .target(
        name: "FrameGenRender",
        dependencies: [
            "FrameGenScene", "FrameGenGeometry", "FrameGenRaster", "FrameGenCodecs", "FrameGenComparison",
            "FrameGenLayout", "FrameGenText", "FrameGenCompositor",
            "FrameGenLayerCompositing",
        ],
        // The showcase's scenes, examples/showcase/*.yaml (ShowcaseScenes links there), compiled
        // in so that an installed binary needs no files beside it.
        resources: [.embedInCode("ShowcaseScenes")]
    ),
    // The command tools: golden, bench, compare, image and attributes.
    .target(
        name: "FrameGenTools",
        dependencies: [
            "FrameGenScene", "FrameGenRender", "FrameGenGeometry", "FrameGenRaster", "FrameGenCodecs",
            "FrameGenComparison", "FrameGenLayout",
        ]
    ),
    // The three above re-exported, for users and the example packages (`import FrameGenKit`).
    .target(name: "FrameGenKit", dependencies: ["FrameGenScene", "FrameGenRender", "FrameGenTools"]),
    // Apple's API in the order of Apple's frameworks (README, "Architecture"): Core Graphics <-
    // QuartzCore <- UIKit's views and collection view <- Dynamics, compositional layouts <- the
    // host that runs a UIKit layout in a scene. Each re-exports the one below it, as Apple's do.
    // What a program's own code is being asked now (CrashReport): noted by the UIKit surface
    // around each call into it, read by the command line's crash handler and watchdog.
    .target(name: "FrameGenUserCode"),
    .target(
        name: "FrameGenCoreGraphics", dependencies: ["FrameGenGeometry", "FrameGenLayout", "FrameGenRaster"]),
    .target(name: "FrameGenCoreImage", dependencies: ["FrameGenCoreGraphics"]),
    // Core Text's font manager: the fonts an app registers, read from their tables here and
    // handed to FrameGenText to draw from their own files.
    .target(name: "FrameGenCoreText", dependencies: ["FrameGenCoreGraphics", "FrameGenText"]),
    .target(
        name: "FrameGenQuartzCore",
        dependencies: ["FrameGenCoreGraphics", "FrameGenGeometry", "FrameGenLayout", "FrameGenMotion"]),
    // UIImage(contentsOfFile:) and UIImage(data:) decode with FrameGenCodecs (FrameGenRaster's image type).
    .target(
        name: "FrameGenUIKit",
        dependencies: [
            "FrameGenQuartzCore", "FrameGenCoreGraphics", "FrameGenCoreImage", "FrameGenCoreText",
            "FrameGenGeometry", "FrameGenLayout", "FrameGenMotion",
            "FrameGenCodecs", "FrameGenRaster", "FrameGenText", "FrameGenUserCode", "CFrameGenVector",
        ]),
    .target(
        name: "FrameGenUIKitDynamics",
        dependencies: ["FrameGenUIKit", "FrameGenQuartzCore", "FrameGenCoreGraphics", "FrameGenRaster"]),
    .target(
        name: "FrameGenCompositionalLayout",
        dependencies: [
            "FrameGenUIKit", "FrameGenUIKitDynamics", "FrameGenQuartzCore", "FrameGenCoreGraphics",
            "FrameGenGeometry",
            "FrameGenLayout",
        ]),
    .target(
        name: "FrameGenUIKitHost",
        dependencies: [
            "FrameGenUIKit", "FrameGenQuartzCore", "FrameGenCoreGraphics", "FrameGenGeometry",
            "FrameGenLayout", "FrameGenUserCode",
        ]),
    // Views and layers into pixels, as apps ask UIKit for them: UIGraphicsImageRenderer,
    // CALayer.render(in:), UIView.drawHierarchy. Above FrameGenUIKit (which gives view trees as
    // values, never pixels) and FrameGenLayerCompositing (which draws those values), the one module of
    // the UIKit surface that draws.
    .target(
        name: "FrameGenUIKitRendering",
        dependencies: [
            "FrameGenUIKit", "FrameGenQuartzCore", "FrameGenCoreGraphics", "FrameGenLayerCompositing",
            "FrameGenCompositor",
            "FrameGenGeometry", "FrameGenLayout", "FrameGenRaster", "FrameGenText",
        ]),
    // The command line without the UIKit surface, which the stock `framegen` is: it builds in
    // half the time (README, "Start-up"). A program's own UIKit layouts come in through
    // FrameGenCommandLine, above it.
    .target(
        name: "FrameGenCommands",
        dependencies: [
            "FrameGenScene", "FrameGenRender", "FrameGenTools", "FrameGenCodecs", "FrameGenLayout",
            "FrameGenSourcePortValues",
            "FrameGenUserCode", .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]
    ),
    .target(
        name: "FrameGenCommandLine",
        dependencies: [
            "FrameGenCommands", "FrameGenScene", "FrameGenUIKit", "FrameGenUIKitHost", "FrameGenLayout",
        ]
    ),
    .executableTarget(name: "framegen", dependencies: ["FrameGenCommands"]),
    // The port Swift on Linux forces on an app's UIKit files (`@objc`, optional members,
    // `#selector`, submodule imports), made on copies at build time by the FrameGenPort plugin
    // (docs/uikit.md, "Bring your app"); SwiftSyntax reads the files. SwiftSyntax takes minutes
    // to compile, so only the framegen-port tool links it: the command line (`uikit init`) asks
    // the tool (FrameGenSourcePortValues' PortTool), and no target of this package uses the plugin (a
    // package compiles the tools of the plugins its targets use in every build): the port's
    // tests are the package Tests/Port (README, "Start-up").
    .target(name: "FrameGenSourcePortValues"),
    toolchainSyntax.map { host in
        Target.target(
            name: "FrameGenSourcePort", dependencies: ["FrameGenSourcePortValues"],
            swiftSettings: [.unsafeFlags(["-I", host])],
            linkerSettings: [
                .unsafeFlags(["-L", host, "-Xlinker", "-rpath", "-Xlinker", host]),
                .linkedLibrary("SwiftSyntax"), .linkedLibrary("SwiftParser"),
            ])
    }
        ?? .target(
            name: "FrameGenSourcePort",
            dependencies: [
                "FrameGenSourcePortValues",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]),
    // Its modules import SwiftSyntax's: the tool finds the toolchain's the same way.
    .executableTarget(
        name: "framegen-port", dependencies: ["FrameGenSourcePort"],
        swiftSettings: toolchainSyntax.map { [.unsafeFlags(["-I", $0])] }),
    .plugin(name: "FrameGenPort", capability: .buildTool(), dependencies: ["framegen-port"]),
    .target(
        name: "FrameGenTesting",
        dependencies: [
            "FrameGenScene", "FrameGenRender", "FrameGenTools", "FrameGenLayout", "FrameGenRaster",
            "FrameGenCodecs", "FrameGenComparison",
        ]),
    // What each fuzz target feeds its input to, shared by fuzz/ and FuzzCorpusTests; out of
    // FrameGenKit so that the shipped library carries no fuzzing code.
    .target(
        name: "FrameGenFuzzing",
        dependencies: [
            "FrameGenScene", "FrameGenRender", "FrameGenCodecs", "FrameGenCompositor", "FrameGenGeometry",
            "FrameGenLayout", "FrameGenRaster",
            "FrameGenUIKit", "FrameGenUIKitHost",
        ]),
    // The fast and heavy tiers of the test suite (README, "Tests"), shared by every test target.
    .target(name: "TestTiers", path: "Tests/TestTiers"),
    .testTarget(name: "GeometryTests", dependencies: ["FrameGenGeometry", "TestTiers"]),
    // FrameGenCodecs only for writing images to look at (RASTER_TEST_IMAGES).
    .testTarget(
        name: "RasterTests",
        dependencies: ["FrameGenRaster", "FrameGenGeometry", "FrameGenCodecs", "TestTiers"]),
    .testTarget(
        name: "CodecsTests",
        dependencies: [
            "FrameGenCodecs", "FrameGenRaster", "FrameGenGeometry", "CFrameGenPNG", "CFrameGenJPEG",
            "TestTiers",
        ],
        resources: [.copy("Fixtures")]),
    .testTarget(
        name: "ComparisonTests",
        dependencies: [
            "FrameGenComparison", "FrameGenRaster", "FrameGenGeometry", "FrameGenText", "TestTiers",
        ]),
    .testTarget(name: "LayoutTests", dependencies: ["FrameGenLayout", "TestTiers"]),
    // The README's module map against every import in Sources/ (it reads files; it links only TestTiers).
    .testTarget(name: "ArchitectureTests", dependencies: ["TestTiers"]),
    .testTarget(
        name: "FrameGenUIKitTests",
        dependencies: uikitSurface.map { .target(name: $0) } + [
            "FrameGenKit", "FrameGenLayout", "FrameGenGeometry", "TestTiers", "FrameGenUserCode",
        ]),
    .testTarget(name: "MotionTests", dependencies: ["FrameGenMotion", "TestTiers"]),
    .testTarget(
        name: "CompositorTests", dependencies: ["FrameGenCompositor", "FrameGenRaster", "TestTiers"]),
    .testTarget(
        name: "TextTests", dependencies: ["FrameGenText", "FrameGenRaster", "FrameGenGeometry", "TestTiers"]),
    .testTarget(
        name: "FrameGenKitTests",
        dependencies: [
            "FrameGenKit", "FrameGenScene", "FrameGenRender", "FrameGenTools", "FrameGenFuzzing",
            "FrameGenCodecs",
            "FrameGenComparison", "TestTiers",
        ],
        resources: [.copy("Fixtures")]
    ),
    .testTarget(
        name: "FrameGenTestingTests",
        dependencies: [
            "FrameGenTesting", "FrameGenKit", "FrameGenLayout", "FrameGenGeometry", "FrameGenRaster",
            "FrameGenCodecs", "TestTiers",
        ]),
    // The example package's own test file (docs/library.md), built and run here too.
    .testTarget(
        name: "ExampleLibraryTests",
        dependencies: ["FrameGenTesting", "FrameGenKit", "FrameGenLayout", "FrameGenGeometry"],
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
        ("CoreText", ["FrameGenCoreText", "CoreGraphics"]),
        (
            "UIKit",
            [
                "FrameGenUIKit", "FrameGenUIKitDynamics", "FrameGenCompositionalLayout", "FrameGenUIKitHost",
                "FrameGenUIKitRendering", "QuartzCore", "CoreImage", "CoreText",
                // Not exported (an app's own `Logger` would clash): built for the files whose
                // `import os`, `import CoreLocation` and `import MapKit` the port makes import these
                // (docs/uikit.md "Logging", "Maps and locations"), and for the files whose Core
                // Foundation and Darwin calls it gives FrameGenCoreFoundation ("Core Foundation and
                // Darwin calls").
                "FrameGenOSLog", "FrameGenCoreLocation", "FrameGenMapKit", "FrameGenCoreFoundation",
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
    // Some of FrameGenUIKitTests' files test what `import UIKit` brings (a layer subclass, the
    // version trait), so the target needs the module built first: without it a fresh build
    // compiled them before UIKit existed when the scheduler chose that order.
    for target in targets where target.name == "FrameGenUIKitTests" {
        target.dependencies.append(.target(name: "UIKit"))
    }
    // Apple's unified logging (`import os`, `import OSLog`) for an app's files: Logger and
    // os_log, writing nowhere or to standard error (docs/uikit.md "Logging").
    targets.append(.target(name: "FrameGenOSLog"))
    // What Core Foundation and Darwin give an app's files through Foundation on iOS and Foundation
    // on Linux does not export (CFAbsoluteTimeGetCurrent, CFRunLoopRunInMode, the Mach clock);
    // the port imports it where a file uses them (docs/uikit.md "Core Foundation and Darwin calls").
    targets.append(.target(name: "CFrameGenDarwin"))
    targets.append(.target(name: "FrameGenCoreFoundation", dependencies: ["CFrameGenDarwin"]))
    // Core Location's values and MapKit's map view without a map, for an app's files that import
    // them (docs/uikit.md "Maps and locations"); built by the UIKit target, not exported by it.
    targets.append(.target(name: "FrameGenCoreLocation"))
    targets.append(.target(name: "FrameGenMapKit", dependencies: ["FrameGenCoreLocation", "FrameGenUIKit"]))
    // Combine, for an app's files that import it (view models with @Published, `sink`,
    // `receive(on: DispatchQueue.main)`): OpenCombine, which declares Combine's API under Apple's
    // names on Linux. The port makes `import Combine` import this module (docs/uikit.md "Combine"):
    // a module named Combine would make OpenCombine's own `#if !canImport(Combine)` false when it
    // is rebuilt beside one, and drop DispatchQueue's conformance to Scheduler with it.
    products.append(.library(name: "FrameGenCombine", targets: ["FrameGenCombine"]))
    targets.append(
        .target(
            name: "FrameGenCombine",
            dependencies: [
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "OpenCombineDispatch", package: "OpenCombine"),
                .product(name: "OpenCombineFoundation", package: "OpenCombine"),
            ]))
    // swift-snapshot-testing's image strategies (`assertSnapshot(of: view, as: .image)`), which
    // it compiles only for Apple platforms, drawn with framegen's UIKit (docs/snapshot-testing.md).
    products.append(.library(name: "FrameGenSnapshotTesting", targets: ["FrameGenSnapshotTesting"]))
    targets.append(
        .target(
            name: "FrameGenSnapshotTesting",
            dependencies: [
                "FrameGenUIKit", "FrameGenUIKitRendering", "FrameGenQuartzCore", "FrameGenCoreGraphics",
                "FrameGenCodecs",
                "FrameGenComparison", "FrameGenRaster",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ]))
    // iOSSnapshotTestCase's (FBSnapshotTestCase's) test case, for suites written for it
    // (docs/snapshot-testing.md "iOSSnapshotTestCase (FBSnapshotTestCase)"): both of its module names.
    products.append(
        .library(name: "iOSSnapshotTestCase", targets: ["iOSSnapshotTestCase", "FBSnapshotTestCase"]))
    targets += [
        .target(
            name: "iOSSnapshotTestCase",
            dependencies: [
                "FrameGenSnapshotTesting", "FrameGenUIKit", "FrameGenUIKitRendering", "FrameGenQuartzCore",
                "FrameGenCoreGraphics",
            ]),
        .target(name: "FBSnapshotTestCase", dependencies: ["iOSSnapshotTestCase"]),
    ]
    targets.append(
        .testTarget(
            name: "FrameGenSnapshotTestingTests",
            dependencies: ["FrameGenSnapshotTesting", "UIKit", "TestTiers", "FBSnapshotTestCase"]))
    // The UIKit example package (docs/uikit.md), built and tested here too.
    targets += [
        .target(
            name: "GalleryLayouts", dependencies: ["UIKit", "FrameGenLayout"],
            path: "examples/uikit/Sources/GalleryLayouts"),
        .executableTarget(
            name: "uikit-gallery", dependencies: ["FrameGenCommandLine", "GalleryLayouts"],
            path: "examples/uikit/Sources/gallery"),
        .testTarget(
            name: "ExampleUIKitTests",
            dependencies: [
                "GalleryLayouts", "UIKit", "QuartzCore", "CoreGraphics", "FrameGenKit", "FrameGenTesting",
                "FrameGenLayout",
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
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
    ]
        + (toolchainSyntax == nil
            ? [.package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"605.0.0")] : []),
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
