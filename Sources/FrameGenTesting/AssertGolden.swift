import Foundation
internal import FrameGenCodecs
internal import FrameGenComparison
import FrameGenLayout
internal import FrameGenRaster
import FrameGenRender
import FrameGenScene
import FrameGenTools

#if canImport(Testing)
    import Testing
#endif
#if canImport(XCTest)
    import XCTest
#endif

/// The tolerance of `framegen compare` and `framegen golden`: pixelmatch's YIQ threshold (0.1),
/// anti-aliasing not counted, and how many pixels may differ (none).
public typealias GoldenTolerance = ImageComparison.Tolerance

/// When references are written, as swift-snapshot-testing's record modes; set per assertion or
/// for a whole run with the environment variable `FRAMEGEN_RECORD`.
public enum GoldenRecordMode: String, Sendable, CaseIterable {
    /// Write every reference (and remove extra ones); the assertion fails so that you look.
    case all
    /// Write references that do not exist yet (failing, so that you look); compare the others.
    /// The default.
    case missing
    /// Rewrite the references that fail; compare the others.
    case failed
    /// Write nothing: missing references fail (the setting for CI).
    case never

    /// `FRAMEGEN_RECORD`: all, missing, failed or never (`1`/`true` mean all); unset: missing.
    public static var environment: GoldenRecordMode {
        GoldenRecordMode(environmentValue: ProcessInfo.processInfo.environment["FRAMEGEN_RECORD"])
    }

    /// A value of `FRAMEGEN_RECORD`; anything unknown is the default, `missing`.
    public init(environmentValue value: String?) {
        let value = value?.lowercased() ?? ""
        if value == "1" || value == "true" || value == "yes" {
            self = .all
        } else {
            self = GoldenRecordMode(rawValue: value) ?? .missing
        }
    }
}

/// Where failing assertions put expected, actual, diff and side-by-side images:
/// `FRAMEGEN_ARTIFACTS`, or `.golden-artifacts` in the current folder (the package root under
/// `swift test`).
public var goldenArtifactsFolder: String {
    ProcessInfo.processInfo.environment["FRAMEGEN_ARTIFACTS"] ?? ".golden-artifacts"
}

/// Renders a scene's reference frames and compares them with the references recorded beside
/// the test, in `__Golden__/<TestFile>/<testName>.frame_0003.png`; one line in a test, as
/// swift-snapshot-testing's `assertSnapshot`. Works in XCTest and Swift Testing.
///
/// - Parameters:
///   - scene: a scene file (YAML or JSON), relative to the test file's folder unless absolute.
///   - frames: the frames to check; default: the scene's `golden:` set, or every frame.
///   - name: tells several assertions of one test apart.
///   - tolerance: default: the scene's `golden:` tolerance keys over the defaults.
///   - record: default: `GoldenRecordMode.environment`.
///   - layouts: your own layout types, which the scene may name besides the built-in ones
///     (`UIKitLayout.descriptor(type:factory:)` for a UIKit layout, or
///     `UIKitLayout.descriptors(layouts:cells:collectionViews:)` for the registrations a
///     program gives `FrameGenCommandLine.main`, docs/uikit.md).
public func assertGolden(
    scene: String, frames: [Int]? = nil, named name: String? = nil, tolerance: GoldenTolerance? = nil,
    record: GoldenRecordMode? = nil, layouts: [LayoutDescriptor] = [], fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    testName: String = #function, line: UInt = #line, column: UInt = #column
) {
    let location = GoldenLocation(filePath: "\(filePath)", testName: testName, name: name)
    let path = scene.hasPrefix("/") ? scene : location.testFolder + "/" + scene
    let failure = verifyGolden(
        scene: path, frames: frames, location: location, tolerance: tolerance, record: record ?? .environment,
        artifacts: goldenArtifactsFolder, layouts: layouts)
    if let failure {
        reportGoldenFailure(failure, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

/// An image rendered in memory (`render(layout:in:)`, `render(attributes:canvas:)`, ...)
/// against `__Golden__/<TestFile>/<testName>.png`.
public func assertGolden(
    of image: StraightImage, named name: String? = nil, tolerance: GoldenTolerance = GoldenTolerance(),
    record: GoldenRecordMode? = nil, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    testName: String = #function, line: UInt = #line, column: UInt = #column
) {
    let location = GoldenLocation(filePath: "\(filePath)", testName: testName, name: name)
    let failure = verifyGolden(
        images: [(location.prefix, image)], location: location, tolerance: tolerance,
        record: record ?? .environment, artifacts: goldenArtifactsFolder)
    if let failure {
        reportGoldenFailure(failure, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

/// Where an assertion's references live.
public struct GoldenLocation: Sendable {
    /// The folder of the test file.
    public var testFolder: String
    /// `<testFolder>/__Golden__/<TestFile>`.
    public var referenceFolder: String
    /// `<TestFile>`: the artifacts' subfolder.
    public var testFile: String
    /// `<testName>` or `<testName>.<name>`: every reference file of the assertion starts so.
    public var prefix: String

    public init(filePath: String, testName: String, name: String? = nil) {
        let slash = filePath.lastIndex(of: "/")
        testFolder = slash.map { String(filePath[..<$0]) } ?? "."
        var file = slash.map { String(filePath[filePath.index(after: $0)...]) } ?? filePath
        if file.hasSuffix(".swift") { file.removeLast(6) }
        testFile = file
        referenceFolder = testFolder + "/__Golden__/" + file
        // "testAlbum()" and Swift Testing's "albumPulls()" both name the file by the bare name.
        // A name is part of a file name: no folders, no dots (they separate the frame).
        func safe(_ text: Substring) -> String {
            String(text.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" ? $0 : "_" })
        }
        let bare = safe(testName.prefix { $0 != "(" })
        prefix = name.map { bare + "." + safe($0[...]) } ?? bare
    }

    public init(referenceFolder: String, prefix: String) {
        testFolder = referenceFolder
        self.referenceFolder = referenceFolder
        testFile = String(referenceFolder.split(separator: "/").last ?? "golden")
        self.prefix = prefix
    }
}

/// `assertGolden(scene:)` without the test framework: nil when every frame matches, otherwise
/// the failure message (also when it recorded references).
public func verifyGolden(
    scene path: String, frames: [Int]? = nil, location: GoldenLocation, tolerance: GoldenTolerance? = nil,
    record: GoldenRecordMode, artifacts: String, layouts: [LayoutDescriptor] = []
) -> String? {
    let images: [(String, StraightImage)]
    let resolved: GoldenTolerance
    if let clash = LayoutRegistry.firstClash(layouts) {
        return "golden: the layout type \"\(clash)\" is a built-in one or given twice; give it another name"
    }
    do {
        let golden = try GoldenTool.load(path, layouts: LayoutRegistry.builtIn + layouts)
        let renderer = try SceneRenderer(source: golden.source)
        images = try (frames ?? golden.frames).map { f throws(FrameGenError) in
            let stem = golden.referenceName(f)
            return (
                location.prefix + "." + (stem.hasSuffix(".png") ? String(stem.dropLast(4)) : stem),
                try renderer.render(frame: f)
            )
        }
        resolved = tolerance ?? golden.tolerance.applied(to: GoldenTolerance())
    } catch {
        return "golden: \(error.description)"
    }
    return verifyGolden(
        images: images, location: location, tolerance: resolved, record: record, artifacts: artifacts)
}

/// Compares named images (file stems) with the references in `location.referenceFolder`.
public func verifyGolden(
    images: [(String, StraightImage)], location: GoldenLocation, tolerance: GoldenTolerance,
    record: GoldenRecordMode,
    artifacts: String
) -> String? {
    let fm = FileManager.default
    let folder = location.referenceFolder
    let artifactFolder = artifacts + "/" + location.testFile
    var problems: [String] = []
    var recorded: [String] = []
    var differed = false
    func reference(_ stem: String) -> String { folder + "/" + stem + ".png" }
    func write(_ image: StraightImage, _ path: String) -> String? {
        do {
            try fm.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try PNG.write(image, to: path)
            return nil
        } catch {
            return "\(path): cannot write (\(error))"
        }
    }
    // Missing references are recorded (mode `missing`) only when every existing one matches:
    // frames a longer timeline adds to a scene whose other frames now differ are renders of the
    // changed code, not references, so they are reported, not written.
    var missingStems: [(String, StraightImage)] = []
    for (stem, actual) in images {
        let path = reference(stem)
        if record == .all {
            if let error = write(actual, path) { problems.append(error) } else { recorded.append(path) }
            continue
        }
        if !fm.fileExists(atPath: path) && record != .never {
            missingStems.append((stem, actual))
            continue
        }
        let check: GoldenFrameCheck
        do {
            check = try GoldenFrameCheck(
                reference: path, actual: actual, tolerance: tolerance, artifacts: artifactFolder, stem: stem,
                writesArtifacts: record != .failed)
        } catch {
            problems.append(error.description)
            continue
        }
        switch check.outcome {
        case .match:
            continue
        case .missing:
            problems.append(
                "\(path): missing reference (record mode never); the render is in \(artifactFolder)/\(stem)-actual.png; record it with FRAMEGEN_RECORD=missing"
            )
        case .unreadable:
            problems.append(
                "\(path): unreadable reference (\(check.reason)); re-record it with FRAMEGEN_RECORD=failed")
        case .differs where record == .failed:
            if let error = write(actual, path) { problems.append(error) } else { recorded.append(path) }
        case .differs:
            problems.append(
                "\(path): the new render differs: \(check.comparison!.summary); see \(artifactFolder)/\(stem)-side-by-side.png"
            )
            differed = true
        }
    }
    for (stem, actual) in missingStems {
        let path = reference(stem)
        if problems.isEmpty {
            if let error = write(actual, path) { problems.append(error) } else { recorded.append(path) }
        } else {
            problems.append(
                "\(path): missing reference, not recorded while other references fail; fix those, or re-record with FRAMEGEN_RECORD=failed"
            )
        }
    }
    // Frames of a scene assertion that are no longer checked (an image assertion has one file).
    let isScene = images.contains { $0.0 != location.prefix }
    let wanted = Set(images.map { $0.0 + ".png" })
    let names = (try? fm.contentsOfDirectory(atPath: folder)) ?? []
    for name in names.sorted() where name.hasPrefix(location.prefix + ".") && !wanted.contains(name) {
        let rest = name.dropFirst(location.prefix.count + 1)
        guard isScene, rest.hasSuffix(".png"), !rest.dropLast(4).contains(".") else { continue }
        if record == .all {
            try? fm.removeItem(atPath: folder + "/" + name)
        } else {
            problems.append(
                "\(folder)/\(name): extra reference; remove it, or re-record with FRAMEGEN_RECORD=all")
        }
    }
    if problems.isEmpty && recorded.isEmpty { return nil }
    var message = ""
    if !recorded.isEmpty {
        message +=
            "golden: recorded \(recorded.count) reference\(recorded.count == 1 ? "" : "s") (record mode \(record.rawValue)); "
            + "look at \(recorded.count == 1 ? "it" : "them") and run the test again:\n"
            + recorded.map { "  " + $0 }.joined(separator: "\n")
    }
    if !problems.isEmpty {
        if !message.isEmpty { message += "\n" }
        message +=
            "golden: \(problems.count) of \(images.count) reference\(images.count == 1 ? "" : "s") failed:\n"
            + problems.map { "  " + $0 }.joined(separator: "\n")
        if differed {
            message +=
                "\nIf the change is intended, run with FRAMEGEN_RECORD=failed and look at the new references."
        }
    }
    return message
}

/// Records the failure with the test framework that runs the test.
func reportGoldenFailure(
    _ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
) {
    #if canImport(Testing)
        if Test.current != nil {
            Issue.record(
                Comment(rawValue: message),
                sourceLocation: SourceLocation(
                    fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
            return
        }
    #endif
    #if canImport(XCTest)
        XCTFail(message, file: filePath, line: line)
    #else
        print(message)
    #endif
}
