import Foundation
import FrameGenCoreGraphics
import FrameGenQuartzCore
import FrameGenSnapshotTesting
import FrameGenUIKit
import FrameGenUIKitRendering
import XCTest

/// iOSSnapshotTestCase's (formerly FBSnapshotTestCase's) test case, as its Swift API declares it,
/// drawing with framegen's UIKit: a suite written for it on iOS compiles and runs unchanged
/// against the references its simulator recorded
/// (docs/snapshot-testing.md "iOSSnapshotTestCase (FBSnapshotTestCase)").
///
/// What the library does on iOS, framegen does: a view is laid out and its layer rendered
/// (`render(in:)`) at the main screen's scale, or its hierarchy drawn in a window with
/// `usesDrawViewHierarchyInRect`; the image is compared with
/// `REFERENCE_DIR<suffix>/<Module>.<Class>/<test>[_<identifier>]@<scale>x.png`, byte for byte or
/// within `perPixelTolerance` (a share of 256 per channel) and `overallTolerance` (the share of
/// pixels that may differ); a missing reference fails (`recordMode` records it).
///
/// Where iOS needs the scheme's `FB_REFERENCE_IMAGE_DIR`, which no Linux run has, framegen finds
/// the folder itself (`getReferenceImageDirectory(withDefault:)`), and a module prefix that
/// differs on Linux still finds the class's folder (`referenceFolder(in:)`).
open class FBSnapshotTestCase: XCTestCase {
    /// When true, the verifications record their references instead of comparing (and fail, so
    /// that a run that recorded is never taken for one that passed).
    open var recordMode = false

    /// The folder holding `ReferenceImages` when neither the environment nor the call names one.
    open var bundleResourcePath: String?

    /// What a reference's file name carries beside the test's name (`.screenScale` by default).
    open var fileNameOptions: FBSnapshotTestCaseFileNameIncludeOption = .screenScale

    /// FBSnapshotTestCase 2 to 5: names carry the device's model, OS and screen size.
    open var isDeviceAgnostic = false
    open var agnosticOptions: FBSnapshotTestCaseAgnosticOption = .none

    /// The folder of the class's references under the references' folder; by default
    /// `NSStringFromClass` of the test class (`Module.Class`).
    open var folderName: String? {
        get { explicitFolderName ?? String(reflecting: type(of: self)) }
        set { explicitFolderName = newValue }
    }
    private var explicitFolderName: String?

    /// Draws views with `drawHierarchy(in:afterScreenUpdates:)` in a window instead of
    /// rendering their layer.
    open var usesDrawViewHierarchyInRect = false

    /// The test file of the verification under way (`#filePath`): where framegen looks for the
    /// references when nothing else names their folder.
    private var verifyingFile: String?

    // MARK: Verifying

    /// Compares `view` with its reference (or records it, in record mode); a failure is the
    /// test's, at `file` and `line`.
    public func FBSnapshotVerifyView(
        _ view: UIView, identifier: String? = nil,
        suffixes: NSOrderedSet = FBSnapshotTestCaseDefaultSuffixes(),
        perPixelTolerance: CGFloat = 0, overallTolerance: CGFloat = 0, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        verify(
            .view(view), identifier: identifier, suffixes: suffixes, perPixelTolerance: perPixelTolerance,
            overallTolerance: overallTolerance, file: file, line: line)
    }

    /// FBSnapshotTestCase 2's form, `tolerance` the share of pixels that may differ.
    public func FBSnapshotVerifyView(
        _ view: UIView, identifier: String = "", suffixes: NSOrderedSet = FBSnapshotTestCaseDefaultSuffixes(),
        tolerance: CGFloat, file: StaticString = #filePath, line: UInt = #line
    ) {
        verify(
            .view(view), identifier: identifier, suffixes: suffixes, perPixelTolerance: 0,
            overallTolerance: tolerance, file: file, line: line)
    }

    /// The controller's view at the main screen's bounds, after its appearance calls, as the
    /// library's Swift support does.
    public func FBSnapshotVerifyViewController(
        _ viewController: UIViewController, identifier: String? = nil,
        suffixes: NSOrderedSet = FBSnapshotTestCaseDefaultSuffixes(), perPixelTolerance: CGFloat = 0,
        overallTolerance: CGFloat = 0, file: StaticString = #filePath, line: UInt = #line
    ) {
        viewController.view.bounds = UIScreen.main.bounds
        viewController.viewWillAppear(false)
        viewController.viewDidAppear(false)
        FBSnapshotVerifyView(
            viewController.view, identifier: identifier, suffixes: suffixes,
            perPixelTolerance: perPixelTolerance,
            overallTolerance: overallTolerance, file: file, line: line)
    }

    public func FBSnapshotVerifyLayer(
        _ layer: CALayer, identifier: String? = nil,
        suffixes: NSOrderedSet = FBSnapshotTestCaseDefaultSuffixes(),
        perPixelTolerance: CGFloat = 0, overallTolerance: CGFloat = 0, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        verify(
            .layer(layer), identifier: identifier, suffixes: suffixes, perPixelTolerance: perPixelTolerance,
            overallTolerance: overallTolerance, file: file, line: line)
    }

    /// The Swift support's loop: each suffix's folder in turn until one compares (or records).
    private func verify(
        _ subject: FBSnapshotSubject, identifier: String?, suffixes: NSOrderedSet, perPixelTolerance: CGFloat,
        overallTolerance: CGFloat, file: StaticString, line: UInt
    ) {
        verifyingFile = "\(file)"
        defer { verifyingFile = nil }
        let directory = getReferenceImageDirectory(withDefault: nil)
        let diffDirectory = getImageDiffDirectory(withDefault: nil)
        for case let suffix as String in suffixes {
            var failure: Error?
            do {
                try compare(
                    subject, referenceImagesDirectory: directory + suffix, imageDiffDirectory: diffDirectory,
                    identifier: identifier, perPixelTolerance: perPixelTolerance,
                    overallTolerance: overallTolerance)
            } catch {
                failure = error
            }
            if recordMode {
                XCTFail(
                    "Test ran in record mode. Reference image is now saved. Disable record mode to perform an actual snapshot comparison!",
                    file: file, line: line)
            }
            if failure == nil || recordMode { break }
            XCTFail(
                "Snapshot comparison failed: \(FBSnapshotError.describe(failure))", file: file, line: line)
        }
    }

    /// The library's entry point for its Objective-C macros: nil when the view or layer matches
    /// its reference in one of the suffixes' folders (or was recorded), else why not.
    public func snapshotVerifyViewOrLayer(
        _ viewOrLayer: Any?, identifier: String?, suffixes: NSOrderedSet, perPixelTolerance: CGFloat = 0,
        overallTolerance: CGFloat, defaultReferenceDirectory: String?, defaultImageDiffDirectory: String?
    ) -> String? {
        guard let viewOrLayer else { return "Object to be snapshotted must not be nil" }
        let subject: FBSnapshotSubject
        if let view = viewOrLayer as? UIView {
            subject = .view(view)
        } else if let layer = viewOrLayer as? CALayer {
            subject = .layer(layer)
        } else {
            return "Only UIView and CALayer classes can be snapshotted"
        }
        guard suffixes.count > 0 else { return "Suffixes set cannot be empty \(suffixes)" }
        let directory = getReferenceImageDirectory(withDefault: defaultReferenceDirectory)
        let diffDirectory = getImageDiffDirectory(withDefault: defaultImageDiffDirectory)
        if recordMode {
            let first = suffixes.firstObject as? String ?? ""
            try? compare(
                subject, referenceImagesDirectory: directory + first, imageDiffDirectory: diffDirectory,
                identifier: identifier, perPixelTolerance: perPixelTolerance,
                overallTolerance: overallTolerance)
            return
                "Test ran in record mode. Reference image is now saved. Disable record mode to perform an actual snapshot comparison!"
        }
        var errors: [Error] = []
        for case let suffix as String in suffixes {
            do {
                try compare(
                    subject, referenceImagesDirectory: directory + suffix, imageDiffDirectory: diffDirectory,
                    identifier: identifier, perPixelTolerance: perPixelTolerance,
                    overallTolerance: overallTolerance)
                return nil
            } catch {
                errors.append(error)
            }
        }
        return "Snapshot comparison failed: \(FBSnapshotError.describe(errors.first))"
    }

    public func compareSnapshot(
        of view: UIView, referenceImagesDirectory: String, imageDiffDirectory: String, identifier: String?,
        perPixelTolerance: CGFloat = 0, overallTolerance: CGFloat
    ) throws {
        try compare(
            .view(view), referenceImagesDirectory: referenceImagesDirectory,
            imageDiffDirectory: imageDiffDirectory,
            identifier: identifier, perPixelTolerance: perPixelTolerance, overallTolerance: overallTolerance)
    }

    public func compareSnapshot(
        of layer: CALayer, referenceImagesDirectory: String, imageDiffDirectory: String, identifier: String?,
        perPixelTolerance: CGFloat = 0, overallTolerance: CGFloat
    ) throws {
        try compare(
            .layer(layer), referenceImagesDirectory: referenceImagesDirectory,
            imageDiffDirectory: imageDiffDirectory, identifier: identifier,
            perPixelTolerance: perPixelTolerance,
            overallTolerance: overallTolerance)
    }

    /// Whether the test's reference exists in `referenceImagesDirectory`.
    public func referenceImageRecorded(inDirectory referenceImagesDirectory: String, identifier: String?)
        throws
        -> Bool
    {
        _ = try existingReference(in: referenceImagesDirectory, names: fileNames(identifier: identifier))
        return true
    }

    // MARK: Folders

    /// The references' folder without its suffix: `FB_REFERENCE_IMAGE_DIR`, else `dir`, else
    /// `bundleResourcePath/ReferenceImages`. On iOS the last default is the test bundle's, where
    /// nothing is unless the project copies the references in; so here, when neither names one,
    /// it is the nearest folder above the test file (at most one folder down from it) holding a
    /// `ReferenceImages<suffix>` folder with this class's folder in it, as the scheme's
    /// `$(SOURCE_ROOT)/...Tests/ReferenceImages` names it on iOS.
    open func getReferenceImageDirectory(withDefault dir: String?) -> String {
        if let fromEnvironment = ProcessInfo.processInfo.environment["FB_REFERENCE_IMAGE_DIR"] {
            return fromEnvironment
        }
        if let dir, !dir.isEmpty { return dir }
        if let bundleResourcePath { return bundleResourcePath + "/ReferenceImages" }
        if let file = verifyingFile, let found = FBReferenceFolders.find(from: file, folder: folderName ?? "")
        {
            return found
        }
        return (Bundle.main.resourcePath ?? FileManager.default.currentDirectoryPath) + "/ReferenceImages"
    }

    /// Where failed comparisons' images go: `IMAGE_DIFF_DIR`, else `dir`, else the temporary folder.
    open func getImageDiffDirectory(withDefault dir: String?) -> String {
        if let fromEnvironment = ProcessInfo.processInfo.environment["IMAGE_DIFF_DIR"] {
            return fromEnvironment
        }
        if let dir, !dir.isEmpty { return dir }
        return NSTemporaryDirectory()
    }

    // MARK: The comparison

    private func compare(
        _ subject: FBSnapshotSubject, referenceImagesDirectory: String, imageDiffDirectory: String,
        identifier: String?, perPixelTolerance: CGFloat, overallTolerance: CGFloat
    ) throws {
        ReferenceRelease.follow()
        let names = fileNames(identifier: identifier)
        if recordMode {
            let image = subject.image(hierarchy: usesDrawViewHierarchyInRect)
            let path = recordedPath(in: referenceImagesDirectory, names: names)
            guard let data = image.pngData() else { throw FBSnapshotError.pngCreationFailed(path: path) }
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
            print("Reference image save at: \(path)")
            return
        }
        // Read anew each time (not through UIImage(contentsOfFile:), which keeps what it decoded):
        // a reference recorded earlier in the process is read as it is now.
        let path = try existingReference(in: referenceImagesDirectory, names: names)
        guard let data = FileManager.default.contents(atPath: path), let reference = UIImage(data: data)
        else {
            throw FBSnapshotError.unknown(path: path)
        }
        let image = subject.image(hierarchy: usesDrawViewHierarchyInRect)
        let verdict = FBImageComparison.compare(
            reference: reference, image: image, perPixelTolerance: perPixelTolerance,
            overallTolerance: overallTolerance)
        guard let verdict else { return }
        let failed = imageDiffDirectory + "/" + (folderName ?? "")
        let written = FBImageComparison.saveFailure(
            reference: data, image: image, in: failed, name: names.primary)
        throw FBSnapshotError.different(verdict, path: path, written: written)
    }

    /// The reference's file name: the test's name, `_identifier`, what the options add, `.png`;
    /// and the name's stem before the device's parts, for a reference recorded on another
    /// simulator (`referencePath`).
    private func fileNames(identifier: String?) -> FBReferenceNames {
        var stem = testMethodName
        if let identifier, !identifier.isEmpty { stem += "_" + identifier }
        var options = fileNameOptions
        if isDeviceAgnostic {
            options = [.device, .OS, .screenSize, .screenScale]
        } else if !agnosticOptions.isEmpty, !agnosticOptions.contains(.none) {
            options = FBSnapshotTestCaseFileNameIncludeOption(rawValue: agnosticOptions.rawValue).union(
                .screenScale)
        }
        let name =
            options.contains(.none) ? stem : FBFileNameIncludeNormalizedFileNameFromOption(stem, options)
        let devicePart = options.contains(.device) || options.contains(.OS) || options.contains(.screenSize)
        return FBReferenceNames(
            primary: name + ".png",
            stem: options.contains(.none) ? stem : FBSnapshotFileNames.normalized(stem),
            scaleSuffix: options.contains(.screenScale) && !options.contains(.none)
                ? "@\(Int(UIScreen.main.scale.rounded()))x.png" : ".png",
            deviceParts: devicePart)
    }

    /// The test's method name: XCTest on Linux names a test `Class.method`, Apple's `-[Class method]`.
    private var testMethodName: String {
        var text = name
        if text.hasPrefix("-["), text.hasSuffix("]") {
            text = String(text.dropFirst(2).dropLast())
            return String(text.split(separator: " ").last ?? Substring(text))
        }
        if text.hasSuffix("()") { text = String(text.dropLast(2)) }
        return String(text.split(separator: ".").last ?? Substring(text))
    }

    /// The class's folder under `directory`: `folderName`, or, when that folder does not exist
    /// and the name is the default, the one `*.Class` names: Xcode's test target and this
    /// package's may name the module differently.
    private func referenceFolder(in directory: String) -> String {
        let own = directory + "/" + (folderName ?? "")
        guard explicitFolderName == nil, !FileManager.default.fileExists(atPath: own) else { return own }
        return FBReferenceFolders.classFolder(in: directory, className: "\(type(of: self))") ?? own
    }

    /// Where record mode writes the reference: the class's folder (`folderName`) and the name the
    /// options make.
    private func recordedPath(in directory: String, names: FBReferenceNames) -> String {
        directory + "/" + (folderName ?? "") + "/" + names.primary
    }

    /// The existing reference's path, or the library's "needs record" error naming where it was
    /// looked for and the test's references at other scales.
    private func existingReference(in directory: String, names: FBReferenceNames) throws -> String {
        guard let path = referencePath(in: directory, names: names) else {
            throw FBSnapshotError.needsRecord(
                path: recordedPath(in: directory, names: names),
                elsewhere: otherScales(in: directory, names: names))
        }
        return path
    }

    /// The existing reference file: the name the options make, else (for names carrying the
    /// device, which name the simulator that recorded) the one file starting with the test's
    /// stem and ending with the scale's suffix.
    private func referencePath(in directory: String, names: FBReferenceNames) -> String? {
        let folder = referenceFolder(in: directory)
        let primary = folder + "/" + names.primary
        if FileManager.default.fileExists(atPath: primary) { return primary }
        guard names.deviceParts, let entries = try? FileManager.default.contentsOfDirectory(atPath: folder)
        else {
            return nil
        }
        let matching = entries.filter { $0.hasPrefix(names.stem + "_") && $0.hasSuffix(names.scaleSuffix) }
        return matching.count == 1 ? folder + "/" + matching[0] : nil
    }

    /// The test's reference at other scales than the main screen's, for the failure's message.
    private func otherScales(in directory: String, names: FBReferenceNames) -> [String] {
        let folder = referenceFolder(in: directory)
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return entries.filter { $0.hasPrefix(names.stem) && $0.hasSuffix(".png") && $0 != names.primary }
            .sorted()
    }
}

/// A reference's file name and what `referencePath` needs to find one recorded elsewhere.
struct FBReferenceNames {
    var primary: String
    var stem: String
    var scaleSuffix: String
    var deviceParts: Bool
}

/// What a verification draws.
enum FBSnapshotSubject {
    case view(UIView)
    case layer(CALayer)

    /// The image iOSSnapshotTestCase takes (`UIImage+Snapshot`): a layer (or a view's, after
    /// `layoutIfNeeded`) rendered in its bounds at the main screen's scale, not opaque; or, for
    /// `usesDrawViewHierarchyInRect`, the view's hierarchy drawn in its window (the key window
    /// when it has none, the view added to it for the drawing).
    func image(hierarchy: Bool) -> UIImage {
        switch self {
        case .view(let view) where hierarchy:
            var added: UIWindow?
            if view.window == nil, !(view is UIWindow) {
                let window = UIWindow(frame: UIScreen.main.bounds)
                window.addSubview(view)
                added = window
            }
            defer { if added != nil { view.removeFromSuperview() } }
            view.layoutIfNeeded()
            return SnapshotText.noted(
                UIGraphicsImageRenderer(size: view.bounds.size).image { _ in
                    view.drawHierarchy(in: view.bounds, afterScreenUpdates: true)
                })
        case .view(let view):
            view.layoutIfNeeded()
            return Self.layer(view.layer)
        case .layer(let layer):
            return Self.layer(layer)
        }
    }

    private static func layer(_ layer: CALayer) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.opaque = false
        return SnapshotText.noted(
            UIGraphicsImageRenderer(bounds: layer.bounds, format: format).image { context in
                layer.layoutIfNeeded()
                layer.render(in: context.cgContext)
            })
    }
}
