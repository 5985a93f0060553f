import Foundation
@_exported import FrameGenSourcePortValues
import SwiftParser
import SwiftSyntax

/// The port that Swift on Linux forces on a UIKit app's files, made on copies at build time so
/// that the app's own files stay byte for byte as they are (docs/uikit.md, "Bring your app").
///
/// Swift on Linux has no Objective-C runtime: it refuses `@objc`, `@objc optional` members,
/// `@IBOutlet`, `weak` in a protocol and `#selector`, and Apple's Clang submodules
/// (`import UIKit.UICollectionView`) do not exist. Each rewrite keeps the file's lines where they
/// were (an edit replaces text within a line, or removes it and leaves the space), so that a
/// compiler message about a ported copy names the original file and line (`#sourceLocation`).
/// What must be added (the defaults of optional members) goes after the file's last line.
///
/// The port sees all of a target's files at once: an optional member declared in one file is
/// called with `?(` and implemented in others.
/// FrameGenSourcePortValues has its values (`SourcePort.File`, `Ported`, `Change`).
extension SourcePort {
    /// Every file ported, in the order given. `mergedModules`: the app's modules whose files
    /// are compiled into this same target (`AppSources.mergedModules`), whose imports go.
    /// `testedModule`: the app's library, which a test file that does not import it imports
    /// `@testable` (`AppSources.testedModule`).
    public static func port(_ files: [File], mergedModules: Set<String> = [], testedModule: String? = nil)
        -> [Ported]
    {
        let parsed = files.map { Parser.parse(source: $0.text) }
        // A file that needs a framework Linux lacks is left out, said at build time.
        let missing = parsed.map { missingFrameworks(in: $0) }
        let kept = files.indices.filter { missing[$0].isEmpty }
        var survey = Survey()
        survey.mergedModules = mergedModules
        survey.testedModule = testedModule
        for i in kept { survey.walk(parsed[i], path: files[i].path) }
        let rewriters = kept.map { Rewriter(file: files[$0], tree: parsed[$0], survey: survey) }
        let moves = rewriters.flatMap(\.moves)
        var ported = rewriters.map { $0.port(receiving: moves) }.makeIterator()
        return files.indices.map { i in
            missing[i].isEmpty ? ported.next()! : leftOut(files[i], needing: missing[i])
        }
    }

    /// Apple's frameworks whose API framegen provides in a module of another name, which the
    /// port imports instead: Combine's is OpenCombine's (docs/uikit.md "Combine"), in a module
    /// not named Combine because OpenCombine declares Apple's names only where no module of that
    /// name can be imported. Unified logging (`os`, its `os.log` submodule, `OSLog`) is
    /// FrameGenOSLog (docs/uikit.md "Logging"), Core Location and MapKit are FrameGenCoreLocation
    /// and FrameGenMapKit ("Maps and locations"): modules framegen's UIKit target builds without
    /// exporting them, so that they reach only the files that import them (an app's own `Logger`
    /// or `MKMapView` shim does not clash).
    public static let renamedFrameworks: [String: String] = [
        "Combine": "FrameGenCombine", "os": "FrameGenOSLog", "OSLog": "FrameGenOSLog",
        "CoreLocation": "FrameGenCoreLocation", "MapKit": "FrameGenMapKit",
    ]

    /// What Core Foundation and Darwin give a Swift file on iOS through `import Foundation`, and
    /// Foundation on Linux does not export: a file that names one imports framegen's
    /// FrameGenCoreFoundation, which declares them (docs/uikit.md "Core Foundation and Darwin calls").
    public static let coreFoundationNames: Set<String> = [
        "CFAbsoluteTime", "CFAbsoluteTimeGetCurrent", "CFRunLoopMode", "CFRunLoopRunInMode", "CFRunLoopRunResult",
        "mach_absolute_time", "mach_timebase_info", "mach_timebase_info_data_t", "kern_return_t", "KERN_SUCCESS",
    ]

    /// Apple's frameworks that neither Linux nor framegen has. A file importing one (outside
    /// `#if canImport(...)`, which is false here) cannot compile, so the port leaves it out
    /// instead: its types are then missing where other files use them, which the build names.
    /// `uikit init`'s scan names the files that import one.
    static let unavailableFrameworks: Set<String> = [
        "SwiftUI", "CoreData", "AVFoundation", "AVKit", "Photos", "PhotosUI", "WebKit",
        "SafariServices", "ARKit", "RealityKit", "SceneKit", "SpriteKit", "Metal", "MetalKit",
        "CoreServices", "MobileCoreServices", "UniformTypeIdentifiers", "UserNotifications",
        "StoreKit", "AuthenticationServices", "LocalAuthentication", "CoreMotion", "HealthKit", "Contacts",
        "ContactsUI", "MessageUI", "EventKit", "EventKitUI", "GameKit", "CloudKit", "Vision", "VisionKit",
        "CoreML", "NaturalLanguage", "Network", "Accelerate", "CoreHaptics", "AudioToolbox", "MediaPlayer",
        "CoreBluetooth", "CoreTelephony", "SystemConfiguration", "WidgetKit", "ActivityKit", "AppIntents",
        "Intents", "IntentsUI", "PencilKit", "QuickLook", "LinkPresentation", "BackgroundTasks",
        "CoreSpotlight", "AdSupport", "AppTrackingTransparency", "Speech", "PassKit", "CoreNFC", "CallKit",
        "ReplayKit", "GLKit", "OpenGLES", "CoreVideo", "CoreMedia", "ImageIO", "CryptoKit", "Security",
        "AppKit", "Cocoa", "WatchKit", "TVUIKit",
    ]

    /// The unavailable frameworks `tree` imports at its top level.
    static func missingFrameworks(in tree: SourceFileSyntax) -> [String] {
        tree.statements.compactMap { statement in
            guard let module = statement.item.as(ImportDeclSyntax.self)?.path.first?.name.text,
                unavailableFrameworks.contains(module)
            else { return nil }
            return module
        }
    }

    /// A left-out file's copy: nothing compiled, and a warning naming the file and why.
    static func leftOut(_ file: File, needing frameworks: [String]) -> Ported {
        let what = frameworks.joined(separator: ", ")
        let note =
            "\((file.path as NSString).lastPathComponent) is left out: it imports \(what), which Linux and framegen do not have"
        return Ported(
            path: file.path,
            text:
                "#sourceLocation(file: \(literal(file.path)), line: 1)\n#warning(\(literal(note)))\n#sourceLocation()\n",
            changes: [
                Change(line: 1, what: "left out: imports \(what), which Linux and framegen do not have")
            ])
    }
}
