import Foundation
import FrameGenSourcePortValues
import Testing

/// Every file ported by the `framegen-port` tool that this test build made for the FrameGenPort
/// plugin (PortedAppTests uses it), beside the test bundle: the tests link no SwiftSyntax, so
/// that a test build compiles it once, for the tool (README, "Start-up"). A tool that cannot be
/// found or fails is a recorded issue, and each copy is then empty.
func portedByTheTool(_ files: [SourcePort.File], testedModule: String? = nil) -> [SourcePort.Ported] {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    do {
        guard let tool = PortTool.find(in: [bundle.path, bundle.deletingLastPathComponent().path]) else {
            throw PortTool.Failure(description: "no \(PortTool.names) beside \(bundle.path)")
        }
        return try tool.port(files, testedModule: testedModule)
    } catch {
        Issue.record("the port tool: \(error)")
        return files.map { SourcePort.Ported(path: $0.path, text: "", changes: []) }
    }
}

/// The build-time port of an app's files: each rewrite Swift on Linux forces, and the lines kept
/// where they were so that the compiler's messages name the app's own lines.
@Suite struct SourcePortTests {
    func port(_ text: String, _ others: [String] = []) -> SourcePort.Ported {
        let files =
            [SourcePort.File(path: "/app/Layout.swift", text: text)]
            + others.enumerated().map {
                SourcePort.File(path: "/app/Other\($0.offset).swift", text: $0.element)
            }
        return portedByTheTool(files)[0]
    }

    /// The ported text between the `#sourceLocation` lines: the app's file, edited.
    func body(_ ported: SourcePort.Ported) -> String {
        let lines = ported.text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.firstIndex(where: { $0.hasPrefix("#sourceLocation(file:") }),
            let end = lines.lastIndex(where: { $0 == "#sourceLocation()" }), first < end
        else {
            Issue.record("no #sourceLocation lines in the ported text")
            return ""
        }
        return lines[(first + 1)..<end].joined(separator: "\n")
    }

    @Test func objectiveCAttributesGoAndTheLinesStay() {
        let text = """
            @objcMembers class Cell: UIView {
                @IBOutlet weak var title: UILabel!
                @objc(tapTitle:) func tap(_ sender: Any) {}
                @IBAction func reset() {}
                @IBInspectable var radius: CGFloat = 4
            }
            """
        let ported = port(text)
        let out = body(ported)
        #expect(!out.contains("@objc") && !out.contains("@IBOutlet") && !out.contains("@IBAction"))
        #expect(out.contains("@IBInspectable var radius"))
        #expect(out.contains("weak var title: UILabel!"))
        // The overrides a storyboard connects the class through go before its brace, named by
        // the brace's line (InterfaceBuilderPortTests).
        #expect(appLines(of: ported).map(\.line).max() == 6)
        #expect(ported.changes.map(\.line) == [1, 2, 3, 4, 6, 6])
        #expect(
            ported.text.hasPrefix("import UIKit\n#sourceLocation(file: \"/app/Layout.swift\", line: 1)\n"))
    }

    /// Every Xcode app marks its delegate as the entry point; here its files are a library (the
    /// package's executable is framegen's), so the attribute goes; another type's @main stays.
    @Test func theAppDelegateIsNotTheEntryPoint() {
        let out = body(
            port(
                """
                @UIApplicationMain
                class AppDelegate: UIResponder, UIApplicationDelegate {}
                @main final class SceneApp: UIResponder, UIApplicationDelegate {}
                @main struct Tool { static func main() {} }
                """))
        #expect(!out.contains("@UIApplicationMain"))
        #expect(out.contains("class AppDelegate: UIResponder, UIApplicationDelegate {}"))
        #expect(out.contains(" final class SceneApp"))
        #expect(!out.contains("@main final class"))
        #expect(out.contains("@main struct Tool"))
    }

    /// A file importing a framework neither Linux nor framegen has (a SwiftUI preview, a map
    /// view) is left out with a warning naming it, and the others are ported as usual; an
    /// import under `#if canImport(...)` (false here) keeps its file.
    @Test func filesNeedingAFrameworkLinuxLacksAreLeftOut() {
        let files = [
            SourcePort.File(
                path: "/app/Preview.swift", text: "import SwiftUI\nimport UIKit\nstruct P: View {}\n"),
            SourcePort.File(
                path: "/app/Cell.swift",
                text: "import UIKit\n#if canImport(SwiftUI)\nimport SwiftUI\n#endif\n@objc protocol P {}\n"),
        ]
        let ported = portedByTheTool(files)
        #expect(
            ported[0].text.contains(
                "#warning(\"Preview.swift is left out: it imports SwiftUI, which Linux and framegen do not have\")"
            ))
        #expect(!ported[0].text.contains("struct P"))
        #expect(ported[1].text.contains("protocol P: AnyObject {}"))
        #expect(ported[1].text.contains("import SwiftUI"))
    }

    /// An Xcode test target that compiles the app's files itself uses the app's types with no
    /// import; the snapshot tests' target sees them through the app's library, so a test file
    /// that does not import it gets `@testable import` of it, before the app's first line; one
    /// that does is left as it is.
    @Test func testFilesThatDoNotImportTheAppImportItsLibrary() {
        let ported = portedByTheTool(
            [
                SourcePort.File(
                    path: "/app/Tests/CircleTests.swift",
                    text: "import XCTest\nfinal class CircleTests: XCTestCase {}\n"),
                SourcePort.File(
                    path: "/app/Tests/RingTests.swift",
                    text: "import XCTest\n@testable import YourScore\nfinal class RingTests: XCTestCase {}\n"),
            ], testedModule: "YourScore")
        #expect(ported[0].text.hasPrefix("@testable import YourScore\nimport UIKit\n#sourceLocation("))
        #expect(!ported[1].text.contains("@testable import YourScore\nimport UIKit"))
        #expect(ported[1].text.components(separatedBy: "@testable import YourScore").count == 2)
    }

    /// A file importing Combine is kept and imports framegen's Combine (OpenCombine) instead,
    /// with `canImport(Combine)` and names qualified by the module (`Combine.AnyCancellable`,
    /// `Combine.Just(1)`) following it; a member named `Combine` of something else stays.
    @Test func combineIsFrameGensCombine() {
        let ported = port(
            """
            import Combine
            import UIKit
            #if canImport(Combine)
            import class Combine.AnyCancellable
            #endif
            final class Model: ObservableObject {
                @Published var count = 0
                var bag = Set<Combine.AnyCancellable>()
                let one = Combine.Just(1)
                let label = Style.Combine
            }
            """)
        let text = body(ported)
        #expect(!ported.text.contains("#warning"))
        #expect(text.hasPrefix("import FrameGenCombine\nimport UIKit\n#if canImport(FrameGenCombine)\n"))
        #expect(text.contains("import class FrameGenCombine.AnyCancellable"))
        #expect(text.contains("var bag = Set<FrameGenCombine.AnyCancellable>()"))
        #expect(text.contains("let one = FrameGenCombine.Just(1)"))
        #expect(text.contains("let label = Style.Combine"))
    }

    /// Apple's unified logging, imported as `os`, its `os.log` submodule or `OSLog`, is framegen's
    /// FrameGenOSLog (docs/uikit.md "Logging"), and MapKit and Core Location are FrameGenMapKit
    /// and FrameGenCoreLocation ("Maps and locations"): the file is kept, and `Logger` compiles.
    @Test func unifiedLoggingIsFrameGensOSLog() {
        let ported = port(
            """
            import os.log
            import OSLog
            import func os.os_log
            import MapKit
            import CoreLocation
            final class Model {
                let log = Logger(subsystem: "app", category: "model")
            }
            """)
        let text = body(ported)
        #expect(!ported.text.contains("#warning"))
        #expect(
            text.hasPrefix(
                "import FrameGenOSLog\nimport FrameGenOSLog\nimport func FrameGenOSLog.os_log\nimport FrameGenMapKit\nimport FrameGenCoreLocation\n"
            ))
    }

    /// Core Foundation's and Darwin's calls that Foundation gives a file on iOS and not on Linux
    /// (a test helper's Mach clock and run loop turn, `CFAbsoluteTimeGetCurrent`) make the file
    /// import FrameGenCoreFoundation, on its first import's line (docs/uikit.md "Core Foundation
    /// and Darwin calls"); a file that names none of them is left as it was.
    @Test func coreFoundationCallsImportFrameGensModule() {
        let ported = port(
            """
            import XCTest
            import Foundation
            func milliseconds() -> UInt64 {
                var info = mach_timebase_info(numer: 0, denom: 0)
                mach_timebase_info(&info)
                CFRunLoopRunInMode(CFRunLoopMode.defaultMode, 0.1, false)
                return mach_absolute_time() * UInt64(info.numer) / UInt64(info.denom) / 1_000_000
            }
            """)
        let text = body(ported)
        #expect(
            text.hasPrefix(
                "import XCTest; import FrameGenCoreFoundation\nimport Foundation\nfunc milliseconds()"))
        #expect(
            ported.changes.contains { $0.line == 1 && $0.what.hasPrefix("import FrameGenCoreFoundation") })
        let plain = body(port("import Foundation\nlet start = Date()\n"))
        #expect(!plain.contains("FrameGenCoreFoundation"))
    }

    /// An @objc protocol is class-bound in Swift, so a delegate property of its type may be
    /// weak (Charts' `weak var delegate: AnimatorDelegate?`): without the attribute the port
    /// makes the protocol say `AnyObject` itself; a protocol already class-bound is left alone.
    @Test func objectiveCProtocolsStayClassBound() {
        let text = """
            @objc(ChartAnimatorDelegate) public protocol AnimatorDelegate {
                func animatorUpdated(_ animator: Animator)
            }
            @objc protocol Source: Named { var count: Int { get } }
            @objc protocol Bound: NSObjectProtocol {}
            protocol Plain {}
            final class Animator { weak var delegate: AnimatorDelegate? }
            """
        let out = body(port(text))
        #expect(out.contains("public protocol AnimatorDelegate: AnyObject {"))
        #expect(out.contains("protocol Source: Named, AnyObject {"))
        #expect(out.contains("protocol Bound: NSObjectProtocol {}"))
        #expect(out.contains("protocol Plain {}"))
        #expect(out.split(separator: "\n", omittingEmptySubsequences: false).count == 7)
    }

    /// A test method isolated to the main actor cannot be called by Linux's XCTest: the port
    /// makes its isolation `@preconcurrency` (the type XCTest casts to, the main actor inside),
    /// in a file that imports XCTest or a class that descends from XCTestCase through the
    /// suite's own base class (in another file, as thumbprint-ios's `SnapshotTestCase`), and
    /// leaves helpers, methods with arguments and other classes as they are.
    @Test func mainActorTestMethodsArePreconcurrency() {
        let text = """
            import XCTest
            final class ArrayTests: XCTestCase {
                @MainActor
                func testActivate() {}
                @MainActor func testRequire() throws {}
                @MainActor func helper() {}
                @MainActor func testWith(_ value: Int) {}
                @preconcurrency @MainActor func testKept() {}
            }
            """
        let ported = port(text)
        let out = body(ported)
        #expect(out.contains("@preconcurrency @MainActor\n    func testActivate() {}"))
        #expect(out.contains("@preconcurrency @MainActor func testRequire() throws {}"))
        #expect(
            out.contains("    @MainActor func helper() {}")
                && out.contains("    @MainActor func testWith(_ value: Int) {}"))
        #expect(out.components(separatedBy: "@preconcurrency").count == 4)
        #expect(out.split(separator: "\n", omittingEmptySubsequences: false).count == 9)
        #expect(ported.changes.map(\.line) == [3, 5])
        let app = port(
            text.replacingOccurrences(of: "import XCTest", with: "import UIKit").replacingOccurrences(
                of: "ArrayTests: XCTestCase", with: "ArrayModel: NSObject"))
        #expect(body(app).components(separatedBy: "@preconcurrency").count == 2)
        let derived = port(
            "import UIKit\nfinal class BannerTest: SnapshotTestCase {\n    @MainActor func testInfo() {}\n}\n",
            ["import XCTest\nclass SnapshotTestCase: XCTestCase {}\n"])
        #expect(body(derived).contains("    @preconcurrency @MainActor func testInfo() {}"))
    }

    /// Apple's XCTest names a test `-[Class method]`, Linux's `Class.method`: in a class that
    /// descends from XCTestCase (through the suite's base class too), a read of the test's `name`
    /// (`name`, `self.name`) gives Apple's form; another value's `name`, a local `name`, a key
    /// path, a static member, a class with a `name` of its own and other classes keep theirs.
    @Test func testNamesReadInApplesForm() {
        let text = """
            import UIKit
            final class BannerTest: SnapshotTestCase {
                var reference: String { name.replacingOccurrences(of: "[]", with: "") }
                func label() -> String { self.name + view.name }
                func local(name: String) -> String { name }
                func shadowed() -> String { let name = "x"; return name + self.name }
                var path: KeyPath<BannerTest, String> { \\.name }
                static func kind() -> String { name }
            }
            final class Own: XCTestCase {
                var name2: String { name }
                override var name: String { "own" }
            }
            final class Model: NSObject {
                var title: String { name }
            }
            """
        let ported = port(text, ["import XCTest\nclass SnapshotTestCase: XCTestCase {}\n"])
        let lines = body(ported).split(separator: "\n", omittingEmptySubsequences: false)
        let apple = SourcePort.applesTestName
        #expect(lines.count == 16)
        #expect(
            lines[2] == "    var reference: String { \(apple).replacingOccurrences(of: \"[]\", with: \"\") }")
        #expect(lines[3] == "    func label() -> String { \(apple) + view.name }")
        #expect(lines[4] == "    func local(name: String) -> String { name }")
        #expect(lines[5] == "    func shadowed() -> String { let name = \"x\"; return name + \(apple) }")
        #expect(lines[6].hasSuffix("{ \\.name }") && lines[7].hasSuffix("{ name }"))
        #expect(
            lines[10] == "    var name2: String { name }" && lines[14] == "    var title: String { name }")
        #expect(ported.changes.filter { $0.what.hasPrefix("name read") }.map(\.line) == [3, 4, 6])
    }

    /// Each reusable view class UIKit makes by its class gets the override framegen makes it
    /// through, calling the initialiser UIKit calls; one without that initialiser gets none.
    @Test func reusableViewsGetTheirMakeByClassOverride() {
        let text = """
            class PostCell: UICollectionViewCell {
                override init(frame: CGRect) { super.init(frame: frame) }
                required init?(coder: NSCoder) { fatalError() }
            }
            class QuoteCell: PostCell {}
            class CustomCell: PostCell {
                init(model: Int) { super.init(frame: .zero) }
                required init?(coder: NSCoder) { fatalError() }
            }
            public class Header: UICollectionReusableView {}
            final class Row: UITableViewCell {
                override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
                    super.init(style: style, reuseIdentifier: reuseIdentifier)
                }
                required init?(coder: NSCoder) { fatalError() }
            }
            class Footer: UITableViewHeaderFooterView {}
            class Plain: UIView {}
            """
        let ported = port(text)
        let out = ported.text
        #expect(
            out.contains(
                "override class func makeByClass(frame: CGRect) -> UICollectionReusableView? { PostCell(frame: frame) }"
            ))
        #expect(out.contains("{ QuoteCell(frame: frame) }"))
        #expect(!out.contains("CustomCell(frame:"))
        #expect(
            out.contains(
                "public override class func makeByClass(frame: CGRect) -> UICollectionReusableView? { Header(frame: frame) }"
            ))
        #expect(out.contains("-> UITableViewCell? { Row(style: style, reuseIdentifier: reuseIdentifier) }"))
        #expect(out.contains("-> UITableViewHeaderFooterView? { Footer(reuseIdentifier: reuseIdentifier) }"))
        #expect(!out.contains("Plain("))
        // The compiler still names the app's lines after each insertion.
        #expect(out.contains("#sourceLocation(file: \"/app/Layout.swift\", line: 4)"))
        #expect(ported.changes.filter { $0.what.hasPrefix("makeByClass") }.map(\.line) == [4, 5, 10, 16, 17])
    }

    /// A layer class a view may name as its `layerClass` gets the override framegen makes it
    /// by (`init()`, as Core Animation makes a view's layer); one without `init()` gets none.
    @Test func layerClassesGetTheirMakeByClassOverride() {
        let text = """
            class RingLayer: CAShapeLayer {
                var progress: CGFloat = 0
            }
            class DialLayer: CALayer {
                override init() { super.init() }
                override init(layer: Any) { super.init(layer: layer) }
                required init?(coder: NSCoder) { fatalError() }
            }
            class ChartLayer: CALayer {
                init(values: [Double]) { super.init() }
                required init?(coder: NSCoder) { fatalError() }
            }
            """
        let out = port(text).text
        #expect(out.contains("override class func makeByClass() -> CALayer? { RingLayer() }"))
        // A layer's @NSManaged property is stored by framegen's wrapper; another class's is left.
        let managed = port(
            """
            class GaugeLayer: RingLayer {
                @NSManaged var value: CGFloat
            }
            class RingLayer: CAShapeLayer {}
            class Record: NSObject {
                @NSManaged var name: String
            }
            """
        ).text
        #expect(managed.contains("@LayerDynamicProperty(key: \"value\") var value: CGFloat"))
        #expect(managed.contains("@NSManaged var name: String"))
        let dynamic = port(
            """
            class DialLayer: CALayer {
                @objc dynamic var angle: CGFloat = 0
                public dynamic var tint = 1.0
            }
            """
        ).text
        #expect(dynamic.contains("@LayerDynamicProperty(key: \"angle\") var angle: CGFloat = 0"))
        #expect(dynamic.contains("@LayerDynamicProperty(key: \"tint\") public var tint = 1.0"))
        #expect(out.contains("override class func makeByClass() -> CALayer? { DialLayer() }"))
        #expect(!out.contains("ChartLayer()"))
    }

    @Test func optionalMembersBecomeRequirementsWithDefaults() {
        let text = """
            @objc public protocol WheelDelegate: AnyObject {
                @objc optional func wheel(_ wheel: Wheel, angleAt index: Int) -> CGFloat
                @objc optional func wheelDidSpin(_ wheel: Wheel)
                @objc optional func wheel(_ wheel: Wheel, titleAt index: Int) -> String?
                @objc optional var spokes: Int { get }
                weak var owner: Wheel? { get set }
                func required(_ wheel: Wheel) -> [Int]
            }
            """
        let out = port(text)
        let edited = body(out)
        #expect(edited.contains("func wheel(_ wheel: Wheel, angleAt index: Int) -> CGFloat?"))
        #expect(edited.contains("func wheel(_ wheel: Wheel, titleAt index: Int) -> String?\n"))
        #expect(edited.contains("var spokes: Int? { get }"))
        #expect(edited.contains(" var owner: Wheel? { get set }") && !edited.contains("weak"))
        #expect(edited.contains("func required(_ wheel: Wheel) -> [Int]\n"))
        #expect(!edited.contains("optional"))
        let defaults = out.text.components(separatedBy: "#sourceLocation()\n")[1]
        #expect(defaults.contains("extension WheelDelegate {"))
        #expect(
            defaults.contains("public func wheel(_ wheel: Wheel, angleAt index: Int) -> CGFloat? { nil }"))
        #expect(defaults.contains("public func wheelDidSpin(_ wheel: Wheel) {}"))
        #expect(defaults.contains("public func wheel(_ wheel: Wheel, titleAt index: Int) -> String? { nil }"))
        #expect(defaults.contains("public var spokes: Int? { nil }"))
        #expect(!defaults.contains("required"))
    }

    @Test func conformersReturnOptionalsToWitnessTheRequirement() {
        let delegate = """
            @objc protocol WheelDelegate: AnyObject {
                @objc optional func wheel(_ wheel: Wheel, angleAt index: Int) -> CGFloat
                @objc optional var spokes: Int { get }
            }
            """
        let controller = """
            class Controller: UIViewController {}
            extension Controller: WheelDelegate {
                func wheel(_ wheel: Wheel, angleAt index: Int) -> CGFloat { 12 }
                var spokes: Int { 5 }
                func wheel(_ wheel: Wheel, sizeAt index: Int) -> CGFloat { 3 }
            }
            class Unrelated {
                func wheel(_ wheel: Wheel, angleAt index: Int) -> CGFloat { 1 }
            }
            """
        let out = body(port(controller, [delegate]))
        #expect(out.contains("func wheel(_ wheel: Wheel, angleAt index: Int) -> CGFloat? { 12 }"))
        #expect(out.contains("var spokes: Int? { 5 }"))
        #expect(out.contains("func wheel(_ wheel: Wheel, sizeAt index: Int) -> CGFloat { 3 }"))
        #expect(
            out.contains(
                "class Unrelated {\n    func wheel(_ wheel: Wheel, angleAt index: Int) -> CGFloat { 1 }"))
    }

    @Test func optionalCallsLoseTheirSecondQuestionMark() {
        let text = """
            let n = dataSource?.numberOfSections?(in: cv) ?? 1
            let size = delegate?.collectionView?(cv, layout: self, sizeForItemAt: path)
            let angle = wheelDelegate?.wheel?(self, angleAt: 0) ?? 0
            handler?(3)
            self.completion?(true)
            sheetDelegate?.presentationControllerWillDismiss?(self)
            searchDelegate?.searchBarCancelButtonClicked?(bar)
            """
        let protocolFile = "@objc protocol D { @objc optional func wheel(_ w: W, angleAt i: Int) -> CGFloat }"
        let out = body(port(text, [protocolFile]))
        #expect(out.contains("dataSource?.numberOfSections(in: cv)"))
        #expect(out.contains("delegate?.collectionView(cv, layout:"))
        #expect(out.contains("wheelDelegate?.wheel(self, angleAt: 0)"))
        #expect(out.contains("handler?(3)") && out.contains("self.completion?(true)"))
        #expect(out.contains("sheetDelegate?.presentationControllerWillDismiss(self)"))
        #expect(out.contains("searchDelegate?.searchBarCancelButtonClicked(bar)"))
    }

    /// `f!(` forces an optional member: UIKit's lose the `!` (their defaults have the member's
    /// type); an app's member that now returns an optional is unwrapped after the call; a
    /// forced closure call is left alone.
    @Test func forcedOptionalCallsCallTheDefault() {
        let text = """
            let size = delegate.collectionView!(cv, layout: self, sizeForItemAt: path)
            let angle = wheelDelegate!.wheel!(self, angleAt: 0)
            wheelDelegate!.spin!()
            handler!(3)
            """
        let protocolFile = """
            @objc protocol D {
                @objc optional func wheel(_ w: W, angleAt i: Int) -> CGFloat
                @objc optional func spin()
            }
            """
        let ported = port(text, [protocolFile])
        let out = body(ported)
        #expect(out.contains("delegate.collectionView(cv, layout: self, sizeForItemAt: path)\n"))
        #expect(out.contains("wheelDelegate!.wheel(self, angleAt: 0)!"))
        #expect(out.contains("wheelDelegate!.spin()\n"))
        #expect(out.contains("handler!(3)"))
        #expect(ported.changes.filter { $0.line == 2 }.count == 2)
    }

    @Test func importsAndConditions() {
        let text = """
            import UIKit.UICollectionView
            import class UIKit.UIView
            import Foundation
            #if canImport(UIKit.UICollectionViewFlowLayout)
            let a = 1
            #endif
            #if os(iOS) || os(tvOS)
            let b = 2
            #elseif os(macOS)
            let c = 3
            #endif
            """
        let out = body(port(text))
        #expect(out.hasPrefix("import UIKit\nimport UIKit\nimport Foundation\n#if canImport(UIKit)\n"))
        #expect(out.contains("#if os(Linux) || os(tvOS)") && out.contains("#elseif os(macOS)"))
    }

    @Test func strongDelegatesOfTheCollectionView() {
        let text = """
            class Infinite: UICollectionView {
                override open weak var delegate: UICollectionViewDelegate? { didSet {} }
                weak var owner: AnyObject?
            }
            """
        let out = body(port(text))
        #expect(out.contains("override open  var delegate"))
        #expect(out.contains("weak var owner"))
    }

    @Test func selectorsBecomeSelectorsThatCallTheMethod() {
        let text = """
            class Cell: UICollectionViewCell {
                func setUp() {
                    button.addTarget(self, action: #selector(tapped(_:)), for: .touchUpInside)
                    link = CADisplayLink(target: self, selector: #selector(step))
                    other.addTarget(model, action: #selector(Model.reload(with:)), for: .valueChanged)
                    let name = #selector(getter: Cell.frame)
                }
            }
            """
        let ported = port(text)
        let out = body(ported)
        #expect(out.contains("action: Selector(\"tapped:\", Self.tapped(_:)), for: .touchUpInside)"))
        #expect(out.contains("selector: Selector(\"step\", Self.step))"))
        #expect(out.contains("action: Selector(\"reloadWith:\", Model.reload(with:)), for:"))
        #expect(out.contains("#selector(getter: Cell.frame)"))
    }

    /// In a stored property's initial value (a lazy control's closure) `Self` may not be named:
    /// the selector names the type; in a method of the same type it stays `Self`.
    @Test func aSelectorInAStoredPropertysInitialValueNamesTheType() {
        let text = """
            class Ring: UIView {
                lazy var button: UIButton = {
                    let b = UIButton()
                    b.addTarget(self, action: #selector(reset), for: .touchUpInside)
                    return b
                }()
                var computed: Selector { #selector(reset) }
                func setUp() { tap.addTarget(self, action: #selector(reset)) }
            }
            """
        let out = body(port(text))
        #expect(out.contains("action: Selector(\"reset\", Ring.reset), for: .touchUpInside)"))
        #expect(out.contains("var computed: Selector { Selector(\"reset\", Self.reset) }"))
        #expect(out.contains("tap.addTarget(self, action: Selector(\"reset\", Self.reset))"))
    }

    /// `performSelector(onMainThread:with:waitUntilDone:)`, called on an optional or plain target
    /// (Shuffle's testable recognisers call it on a weak `AnyObject?`), becomes framegen's function
    /// with the target first; a method of the app's of another name or labels is left alone.
    @Test func performSelectorOnTheMainThreadTakesTheTargetFirst() {
        let text = """
            func pan() {
                testTarget?.performSelector(onMainThread: action, with: self, waitUntilDone: true)
                self.owner.performSelector(onMainThread: #selector(step), with: nil, waitUntilDone: false)
                perform(action: expandedAction)
                makeTarget().performSelector(onMainThread: action, with: nil, waitUntilDone: true)
            }
            """
        let out = body(port(text)).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            out[1].contains(
                "scenePerformSelector(testTarget, onMainThread: action, with: self, waitUntilDone: true)"))
        #expect(
            out[2].contains(
                "scenePerformSelector(self.owner, onMainThread: #selector(step), with: nil, waitUntilDone: false)"
            ))
        #expect(out[3].contains("perform(action: expandedAction)"))
        #expect(out[4].contains("makeTarget().performSelector(onMainThread: action"))
    }

    /// Timers and the main and global queues' `async` go to the scene's clock; a deadline not
    /// counted from now, another queue and another run loop's `add` stay as they are.
    @Test func timersAndTheMainQueueGoToTheScenesClock() {
        let text = """
            func start() {
                timer = Timer.scheduledTimer(withTimeInterval: 3, repeats: true) { _ in self.next() }
                let t = Timer(timeInterval: 1, target: self, selector: #selector(tick), userInfo: nil, repeats: false)
                RunLoop.main.add(t, forMode: .common)
                let u = Timer.init(timeInterval: 2, repeats: false) { _ in }
                RunLoop.current.add(u, forMode: .default)
                DispatchQueue.main.async { self.reload() }
                DispatchQueue.main
                    .asyncAfter(deadline: DispatchTime.now() + 0.5) { self.reload() }
                DispatchQueue.global(qos: .background).async { load() }
                DispatchQueue.main.asyncAfter(deadline: when) { self.reload() }
                queue.async { work() }
                runLoop.add(t, forMode: .common)
                let d = Timer(fire: date, interval: 1, repeats: true) { _ in }
            }
            """
        let ported = port(text)
        let out = body(ported).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(out.count == text.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(out[1].contains("timer = Timer.sceneScheduledTimer(withTimeInterval: 3, repeats: true)"))
        #expect(out[2].contains("let t = Timer.sceneTimer(timeInterval: 1, target: self, selector:"))
        #expect(out[3].contains("RunLoop.main.sceneAdd(t, forMode: .common)"))
        #expect(out[4].contains("let u = Timer.sceneTimer(timeInterval: 2, repeats: false)"))
        #expect(out[5].contains("RunLoop.current.sceneAdd(u, forMode: .default)"))
        #expect(out[6].contains("DispatchQueue.sceneMain.async { self.reload() }"))
        #expect(out[7].hasSuffix("DispatchQueue.sceneMain"))
        #expect(out[8].contains(".asyncAfter(deadline: SceneTime.now() + 0.5)"))
        #expect(out[9].contains("DispatchQueue.sceneGlobal(qos: .background).async { load() }"))
        #expect(out[10].contains("DispatchQueue.main.asyncAfter(deadline: when)"))
        #expect(out[11].contains("queue.async { work() }"))
        #expect(out[12].contains("runLoop.add(t, forMode: .common)"))
        #expect(out[13].contains("Timer(fire: date, interval: 1, repeats: true)"))
        #expect(ported.changes.map(\.line).filter { $0 >= 2 && $0 <= 10 }.count >= 9)
    }

    @Test func absInAnExtensionOfCGFloatCallsTheStandardLibrarys() {
        let text = """
            extension CGFloat {
                func distance(to other: CGFloat) -> CGFloat { abs(other - self) / Swift.abs(self) }
            }
            func gap(_ a: CGFloat) -> CGFloat { abs(a) }
            """
        let ported = port(text)
        let out = body(ported).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(out[1].contains("{ Swift.abs(other - self) / Swift.abs(self) }"))
        #expect(out[3] == "func gap(_ a: CGFloat) -> CGFloat { abs(a) }")
        #expect(ported.changes.map(\.line) == [2])
    }

    @Test func aFileWithoutChangesIsOnlyFramed() {
        let text = "import UIKit\n\nfinal class Plain {}\n"
        let ported = port(text)
        #expect(ported.changes.isEmpty)
        #expect(body(ported) == "import UIKit\n\nfinal class Plain {}")
    }

    @Test func stringsAndCommentsAreNotCode() {
        let text = """
            // @objc optional func f()
            let s = "delegate?.collectionView?(x) #selector(f) @objc"
            /* @IBOutlet */
            """
        let ported = port(text)
        #expect(ported.changes.isEmpty)
        #expect(body(ported) == text)
    }
}

extension SourcePortTests {
    /// Swift on Linux refuses an override in an extension (every member of an `NSObject` is
    /// dynamic on iOS): the port moves it into the class's body, from another file too, ported,
    /// with the extension's access and its own file and line for the compiler.
    @Test func overridesInExtensionsMoveIntoTheirClass() {
        let layoutFile = """
            open class Blueprint: UICollectionViewFlowLayout {
                var x = 1
            }
            """
        let extensionFile = """
            import UIKit

            public extension Blueprint {
                override func layoutAttributesForSupplementaryView(
                    ofKind kind: String, at indexPath: IndexPath
                ) -> UICollectionViewLayoutAttributes? {
                    delegate?.collectionView?(collectionView!, layout: self, sizeForItemAt: indexPath)
                    return nil
                }
                func helper() {}
            }
            extension Unknown { override func prepare() {} }
            public extension UICollectionViewCell {
                override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
                    delegate?.collectionView?(collectionView!, layout: self, sizeForItemAt: indexPath)
                    return super.hitTest(point, with: event)
                }
                var isShown: Bool { !isHidden }
            }
            """
        let files = [
            SourcePort.File(path: "/app/Blueprint.swift", text: layoutFile),
            SourcePort.File(path: "/app/Blueprint+iOS.swift", text: extensionFile),
        ]
        let ported = portedByTheTool(files)
        let classBody = body(ported[0])
        #expect(
            classBody.contains(
                "    var x = 1\n\n#sourceLocation(file: \"/app/Blueprint+iOS.swift\", line: 4)\n"))
        #expect(classBody.contains("public override func layoutAttributesForSupplementaryView("))
        #expect(classBody.contains("delegate?.collectionView(collectionView!"))
        #expect(classBody.hasSuffix("#sourceLocation(file: \"/app/Blueprint.swift\", line: 3)\n}"))
        let extensionBody = body(ported[1])
        #expect(!extensionBody.contains("layoutAttributesForSupplementaryView"))
        #expect(extensionBody.contains("func helper() {}"))
        #expect(extensionBody.contains("extension Unknown { override func prepare() {} }"))
        // An override in an extension of UIKit's class goes, its lines kept; the rest stays.
        #expect(!extensionBody.contains("hitTest"))
        #expect(extensionBody.contains("public extension UICollectionViewCell {"))
        #expect(extensionBody.contains("var isShown: Bool { !isHidden }"))
        #expect(
            ported[1].changes.contains {
                $0.what.hasPrefix("hitTest(_:with:) dropped from an extension of UICollectionViewCell")
            })
        // The extension keeps its lines: the members' became empty ones.
        #expect(extensionBody.split(separator: "\n", omittingEmptySubsequences: false).count == 19)
    }
}

extension SourcePortTests {
    /// An override that moves into its class in another file takes its calls with it: the file's
    /// top-level private helpers become the module's, so that the class's file may call them,
    /// unless another file declares the same name (SnapKit's Debugging.swift).
    @Test func privateHelpersOfAMovedOverrideBecomeTheModules() {
        let classFile = "open class Constraint: NSLayoutConstraint {}\n"
        let debugging = """
            extension Constraint {
                override var description: String { describe(self) + tag }
            }
            private func describe(_ object: AnyObject) -> String { String(describing: type(of: object).description()) }
            private func describe(_ value: Int) -> String { "\\(value)" }
            fileprivate let tag = "!"
            private func clash() {}
            private(set) var counter = 0
            """
        let other = "private func clash() {}\n"
        let ported = portedByTheTool([
            SourcePort.File(path: "/app/Constraint.swift", text: classFile),
            SourcePort.File(path: "/app/Debugging.swift", text: debugging),
            SourcePort.File(path: "/app/Other.swift", text: other),
        ])
        let helpers = body(ported[1])
        // Both overloads and the constant: their keyword blanked, their columns kept.
        #expect(helpers.contains("\n        func describe(_ object: AnyObject)"))
        #expect(helpers.contains("\n        func describe(_ value: Int)"))
        #expect(helpers.contains("\n            let tag = \"!\""))
        #expect(helpers.contains("private func clash() {}"), "another file declares clash()")
        #expect(helpers.contains("private(set) var counter"))
        // NSObject's class method `description()`, through AnyObject: the class's name.
        #expect(helpers.contains("String(describing: String(describing: type(of: object)))"))
        #expect(body(ported[0]).contains("override var description: String { describe(self) + tag }"))
        // An empty attributed string, as Apple's Foundation makes it with init().
        let strings = port(
            "let a = NSMutableAttributedString()\nlet b = NSAttributedString()\nlet c = NSAttributedString(string: \"x\")\n"
        )
        #expect(
            body(strings).contains(
                "let a = NSMutableAttributedString(string: \"\")\nlet b = NSAttributedString(string: \"\")\nlet c = NSAttributedString(string: \"x\")"
            ))
        // A file whose overrides stay (no move) keeps its private helpers.
        let staying = port("private func helper() {}\nfinal class A { func f() { helper() } }\n")
        #expect(body(staying).contains("private func helper() {}"))
    }
}

/// The list the port reads again at every run: files and folders (to any depth, Swift files
/// only, in a stable order), comments, each file once, and a missing entry named with its line.
@Test func appSourcesListsFilesAndFolders() throws {
    let root = NSTemporaryDirectory() + "framegen-app-sources-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: root) }
    let manager = FileManager.default
    try manager.createDirectory(atPath: root + "/app/Views/Cells", withIntermediateDirectories: true)
    for file in ["app/Layout.swift", "app/Views/B.swift", "app/Views/Cells/A.swift", "app/Views/notes.txt"] {
        try Data().write(to: URL(fileURLWithPath: root + "/" + file))
    }
    let list = """
        # the app's files
        app/Layout.swift
        app/Views   # a folder
        app/Layout.swift
        """
    let files = try AppSources.files(listed: list, list: "app-sources.txt", package: root)
    #expect(
        files == ["app/Layout.swift", "app/Views/B.swift", "app/Views/Cells/A.swift"].map { root + "/" + $0 })
    #expect(throws: AppSources.Problem.self) {
        try AppSources.files(listed: "app/Gone.swift", list: "app-sources.txt", package: root)
    }
    do {
        _ = try AppSources.files(listed: "\napp/Gone.swift", list: "app-sources.txt", package: root)
    } catch {
        #expect(error.description.hasPrefix("app-sources.txt:2: app/Gone.swift does not exist"))
    }
}
