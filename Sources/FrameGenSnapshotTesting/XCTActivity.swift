import Foundation
import FrameGenUIKit
import Synchronization
import XCTest

// XCTest's activities and attachments, which corelibs-xctest lacks: a suite's helpers that group
// their steps (`XCTContext.runActivity(named:)`) and attach what they saw (`add(XCTAttachment(
// image:))`) compile and run as on iOS, where Xcode keeps the attachments in the test's report.
// Here the report is a folder: `$FRAMEGEN_ARTIFACTS` (default `.golden-artifacts`)
// `/attachments/<Class>/<test>/<name>.<extension>`, beside framegen's own failure images
// (docs/snapshot-testing.md "Attachments"), written when the XCTest test ends: as Xcode keeps
// them, an attachment whose `lifetime` is `.keepAlways` always, one left `.deleteOnSuccess` (the
// default) only when the test failed.

/// A named step of a test, to which attachments are added; a test case is one too.
public protocol XCTActivity: AnyObject {
    var name: String { get }
    func add(_ attachment: XCTAttachment)
}

open class XCTContext: NSObject {
    /// Runs `block` as a step named `name` of the running test and returns what it returns.
    public class func runActivity<Result>(named name: String, block: (any XCTActivity) throws -> Result)
        rethrows -> Result
    {
        try block(NamedActivity(name: name))
    }
}

/// An activity's attachments belong to the test running it.
private final class NamedActivity: XCTActivity {
    let name: String
    init(name: String) { self.name = name }
    func add(_ attachment: XCTAttachment) { AttachmentStore.add(attachment) }
}

extension XCTestCase: XCTActivity {
    public func add(_ attachment: XCTAttachment) { AttachmentStore.add(attachment) }
}

open class XCTAttachment: NSObject, @unchecked Sendable {
    public enum Lifetime: Int, Sendable {
        case keepAlways = 0
        case deleteOnSuccess = 1
    }

    open var name: String?
    open var lifetime: Lifetime = .deleteOnSuccess
    open var userInfo: [AnyHashable: Any]?
    public let uniformTypeIdentifier: String
    let payload: Data?

    public init(
        uniformTypeIdentifier identifier: String, name: String?, payload: Data?, userInfo: [AnyHashable: Any]?
    ) {
        uniformTypeIdentifier = identifier
        self.name = name
        self.payload = payload
        self.userInfo = userInfo
    }

    public convenience init(data payload: Data) {
        self.init(uniformTypeIdentifier: "public.data", name: nil, payload: payload, userInfo: nil)
    }

    public convenience init(data payload: Data, uniformTypeIdentifier identifier: String) {
        self.init(uniformTypeIdentifier: identifier, name: nil, payload: payload, userInfo: nil)
    }

    public convenience init(string: String) {
        self.init(
            uniformTypeIdentifier: "public.plain-text", name: nil, payload: Data(string.utf8), userInfo: nil)
    }

    /// The image as a PNG, as Xcode keeps one.
    public convenience init(image: UIImage) {
        self.init(uniformTypeIdentifier: "public.png", name: nil, payload: image.pngData(), userInfo: nil)
    }

    public convenience init(image: UIImage, quality: ImageQuality) {
        self.init(image: image)
    }

    public convenience init(contentsOfFile url: URL) {
        let type = Self.types.first { $0.value == url.pathExtension.lowercased() }?.key ?? "public.data"
        self.init(
            uniformTypeIdentifier: type, name: url.lastPathComponent, payload: try? Data(contentsOf: url),
            userInfo: nil)
    }

    public enum ImageQuality: Int, Sendable {
        case original = 0
        case medium = 1
        case low = 2
    }

    /// File extensions of the types attachments usually have.
    static let types: [String: String] = [
        "public.png": "png", "public.jpeg": "jpg", "public.plain-text": "txt",
        "public.utf8-plain-text": "txt",
        "public.json": "json", "public.html": "html", "com.compuserve.gif": "gif",
    ]

    var fileExtension: String { Self.types[uniformTypeIdentifier] ?? "data" }
}

/// The attachments of the running XCTest test, written when it ends as their lifetimes say.
enum AttachmentStore {
    private struct State: @unchecked Sendable {
        var observing = false
        var pending: [XCTAttachment] = []
        var written = 0
    }
    private static let state = Mutex(State())

    static func add(_ attachment: XCTAttachment) {
        state.withLock { state in
            // The test ends after this: its observer hears it, whether or not it heard it start.
            if !state.observing {
                state.observing = true
                XCTestObservationCenter.shared.addTestObserver(Observer())
            }
            state.pending.append(attachment)
        }
    }

    static func finished(_ test: String, failed: Bool) {
        let pending = state.withLock { state -> [XCTAttachment] in
            defer { state.pending = [] }
            return state.pending
        }
        for attachment in pending where failed || attachment.lifetime == .keepAlways {
            write(attachment, for: test)
        }
    }

    /// `<Class>/<test>/<name>.<extension>`, a count standing for a missing name or a repeated one.
    private static func write(_ attachment: XCTAttachment, for test: String) {
        guard let payload = attachment.payload else { return }
        let root =
            (ProcessInfo.processInfo.environment["FRAMEGEN_ARTIFACTS"] ?? ".golden-artifacts")
            + "/attachments"
        let folder = root + "/" + test.split(separator: ".").map(safe).joined(separator: "/")
        let n = state.withLock {
            $0.written += 1
            return $0.written
        }
        let stem = attachment.name.map(safe).flatMap { $0.isEmpty ? nil : $0 } ?? "attachment-\(n)"
        var path = folder + "/" + stem + "." + attachment.fileExtension
        if FileManager.default.fileExists(atPath: path) {
            path = folder + "/\(stem)-\(n)." + attachment.fileExtension
        }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try? payload.write(to: URL(fileURLWithPath: path))
    }

    private static func safe(_ part: some StringProtocol) -> String {
        String(part.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
    }

    private final class Observer: NSObject, XCTestObservation {
        func testCaseDidFinish(_ testCase: XCTestCase) {
            AttachmentStore.finished(testCase.name, failed: !(testCase.testRun?.hasSucceeded ?? true))
        }
    }
}
