import Foundation
import FrameGenCodecs
import FrameGenGeometry
import FrameGenLayout
import FrameGenRaster
import TestTiers
import Testing

@testable import FrameGenRender
@testable import FrameGenScene

/// Issue 24: finite numbers too large or too small for the arithmetic that places pixels
/// (1e300, subnormals, values past Int's range) trapped in the renderer. Every numeric key of a
/// scene and of an attribute file is set, one at a time, to each extreme value; reading and
/// drawing must then either succeed or throw a FrameGenError (exit 2 in the CLI). A trap
/// would end the test process, so reaching the end is the test.
@Suite struct ExtremeNumbersTests {
    static let extremes: [Double] = [
        1e300, -1e300, 1e-300, -1e-300, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 9.3e18, -9.3e18, 0,
        -0.0, 1e7, -1e7,
    ]

    /// A 4 x 4 PNG: generated photos would be painted again for every case (each case has its
    /// own composer), which is most of the time otherwise.
    static let imagePath: String = {
        let path = NSTemporaryDirectory() + "framegen-extreme-\(getpid()).png"
        var rgba: [UInt8] = []
        for i in 0..<16 { rgba += [UInt8(i * 16), 128, UInt8(255 - i * 16), 255] }
        let bytes = try! PNG.encode(StraightImage(width: 4, height: 4, rgba: rgba)!)
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }()

    /// A scene with as many numeric keys as one small frame can show: canvas, view, layout
    /// parameters, cell and header styles (corners, border, shadows, inset, font) and a timeline.
    static let scene = """
        canvas: {width: 60, height: 90, scale: 1}
        fps: 10
        seed: 3
        view: {frame: [0, 0, 60, 90], contentInset: [2, 2, 2, 2], contentOffset: [0, 4], decelerationRate: 0.99}
        content: {items: 3, titles: [A], images: [IMAGE]}
        layout:
          type: flow
          itemSize: [20, 20]
          minimumLineSpacing: 4
          minimumInteritemSpacing: 4
          sectionInset: [2, 2, 2, 2]
          headerReferenceSize: [0, 12]
        cell:
          cornerRadius: 0
          border: {width: 1}
          shadow: {color: "#000000", opacity: 1, radius: 3, offset: [-1, 2]}
          imageInset: 1
        supplementary:
          header:
            font: {size: 9}
            textShadow: {opacity: 1, radius: 1, offset: [1, 1]}
        timeline:
          - scroll: {to: [0, 10], duration: 0.1}
          - fling: {velocity: [0, -50]}
          - wait: 0.1
        """

    /// An attribute file whose elements use every numeric key of the format: a shadowed cell
    /// under a 3D transform with perspective (m34), an affine-transformed one with an image
    /// offset and mask, and a label.
    static let attributes = """
        {"format": "framegen.attributes/1",
         "canvas": {"width": 60, "height": 90, "scale": 1, "background": "#202020"},
         "fps": 30,
         "frames": [{
           "index": 0, "time": 0, "bounds": [0, 0, 60, 90],
           "sublayerTransform": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, -0.002, 0, 0, 0, 1],
           "elements": [
             {"category": "cell", "indexPath": [0, 0], "center": [20, 20], "size": [24, 24],
              "transform3D": [0.9, 0.1, 0, 0, -0.1, 0.9, 0, 0, 0, 0, 1, -0.001, 2, 3, 0, 1],
              "alpha": 1, "zIndex": 1, "image": "IMAGE",
              "style": {"cornerRadius": 0, "border": {"width": 1},
                        "shadow": {"opacity": 1, "radius": 3, "offset": [1, 2]}, "imageInset": 1}},
             {"category": "cell", "indexPath": [0, 1], "center": [40, 50], "size": [20, 20],
              "transform": [1, 0.2, 0, 1, 1, 1], "alpha": 0.8, "image": "IMAGE",
              "style": {"cornerRadius": 4, "shadow": {"opacity": 0.5, "radius": 2, "offset": [0, 3]}},
              "custom": {"imageOffset": [2, 1], "maskRect": [0, 0, 18, 18]}},
             {"category": "supplementary", "kind": "header", "indexPath": [0, 0], "center": [30, 80],
              "size": [60, 14], "text": "Ab",
              "style": {"font": {"size": 9}, "textShadow": {"opacity": 1, "radius": 1, "offset": [1, 1]}}}
           ]}]}
        """

    /// Every path to a number in `value`, and the value with the number at one path replaced.
    enum Step: Equatable, CustomStringConvertible {
        case key(String)
        case index(Int)
        var description: String {
            switch self {
            case .key(let k): ".\(k)"
            case .index(let i): "[\(i)]"
            }
        }
    }

    static func numberPaths(_ value: DocumentValue, _ prefix: [Step] = []) -> [[Step]] {
        switch value {
        case .number: return [prefix]
        case .list(let items): return items.indices.flatMap { numberPaths(items[$0], prefix + [.index($0)]) }
        case .map(let pairs): return pairs.flatMap { numberPaths($0.value, prefix + [.key($0.key)]) }
        default: return []
        }
    }

    static func replacing(_ value: DocumentValue, at path: ArraySlice<Step>, with x: Double) -> DocumentValue
    {
        guard let step = path.first else { return .number(x) }
        switch (value, step) {
        case (.list(var items), .index(let i)):
            items[i] = replacing(items[i], at: path.dropFirst(), with: x)
            return .list(items)
        case (.map(let pairs), .key(let k)):
            return .map(
                pairs.map { $0.key == k ? ($0.key, replacing($0.value, at: path.dropFirst(), with: x)) : $0 })
        default: return value
        }
    }

    /// How each case ended, for the summary: drawn, or refused with a message.
    struct Outcome {
        var drawn = 0
        var refused = 0
    }

    /// Reads the scene and draws its first and last frames.
    static func sceneCase(_ value: DocumentValue) -> Bool {
        do {
            let scene = try Scene(
                document: DocumentNode(value: value, path: "", file: "extreme.yaml"), folder: "/nonexistent")
            let renderer = try SceneRenderer(scene: scene)
            for frame in Set([0, renderer.frameCount - 1]) { _ = try renderer.render(frame: frame) }
            return true
        } catch {
            expect(!error.description.isEmpty)
            return false
        }
    }

    /// Reads the attribute file and draws its frame.
    static func attributesCase(_ value: DocumentValue) -> Bool {
        do {
            let file = try AttributeFile(
                document: DocumentNode(value: value, path: "", file: "extreme.json"), folder: "/nonexistent")
            _ = try render(attributes: file, frame: 0)
            return true
        } catch {
            expect(!error.description.isEmpty)
            return false
        }
    }

    @Test func everySceneNumberAtEveryExtreme() throws {
        try Self.everyNumberAtEveryExtreme(Self.scene, file: "extreme.yaml", atLeast: 30, Self.sceneCase)
    }

    @Test func everyAttributeNumberAtEveryExtreme() throws {
        // Perspective: m34 of the element and of the view, huge and tiny both signs.
        let perspective: [Double] = [1e300, -1e300, 1e-300, -1e-300, 1e9, -1e9]
        try Self.everyNumberAtEveryExtreme(
            Self.attributes, file: "extreme.json", atLeast: 60,
            more: { path in path.last == .index(11) ? perspective : [] }, Self.attributesCase)
    }

    /// Every number of `text` (a scene or an attribute file) in turn set to every extreme, and to
    /// `more(path)`, run by `draws`: the base file draws, and the cases both draw and are refused
    /// (each refusal with a message, checked by `draws`).
    static func everyNumberAtEveryExtreme(
        _ text: String, file: String, atLeast count: Int, more: ([Step]) -> [Double] = { _ in [] },
        _ draws: (DocumentValue) -> Bool
    ) throws {
        let base = try parseDocument(text.replacing("IMAGE", with: imagePath), file: file).value
        let paths = numberPaths(base)
        expect(paths.count >= count)
        var outcome = Outcome()
        // The files that draw warn about what they clamp or leave out (a scroll past the content,
        // an element past the drawn extent): hundreds of lines, counted here, not logged.
        let warnings = WarningCount()
        RenderWarnings.$sink.withValue({ _ in warnings.add() }) {
            expect(draws(base), "the base file must draw")
            for path in paths {
                for x in extremes + more(path) {
                    if draws(replacing(base, at: path[...], with: x)) {
                        outcome.drawn += 1
                    } else {
                        outcome.refused += 1
                    }
                }
            }
        }
        expect(outcome.drawn > 0 && outcome.refused > 0)
        expect(warnings.count > 0, "extremes that draw are drawn with warnings")
    }

    /// The reproducer: a shadow offset of -1e300 is refused with its key path.
    @Test func reproducerIsRefusedWithItsKeyPath() throws {
        let text = """
            canvas: {width: 200, height: 300, scale: 1}
            content: {items: 6}
            cell: {shadow: {color: "#000000", opacity: 1, radius: 3, offset: [-1e300, 0]}}
            layout: {type: flow, itemSize: [60, 60]}
            """
        let document = try parseDocument(text, file: "repro.yaml")
        #expect {
            _ = try Scene(document: document, folder: ".")
        } throws: { error in
            "\(error)".contains("cell.shadow.offset[0]")
        }
    }

    /// The trap itself, below the parser: styles built in code reach the compositor
    /// with any offset, and RectShadow's box used to clamp one side of it only.
    @Test(arguments: [-1e300, 1e300, 9.3e18, -9.3e18, .leastNonzeroMagnitude, .nan, .infinity])
    func shadowOffsetsPastTheLimitsDrawWithoutATrap(_ x: Double) throws {
        var style = ElementStyle()
        style.background = .white
        style.shadow = ElementStyle.Shadow(color: .black, opacity: 1, radius: 3, offset: Point(x: x, y: -x))
        let cell = LayoutAttributes.cell(
            IndexPath(item: 0, section: 0), frame: Rect(x: 10, y: 10, width: 20, height: 20))
        let frame = AttributeFrame(
            index: 0, time: 0,
            views: [
                AttributeView(
                    bounds: Rect(x: 0, y: 0, width: 40, height: 40),
                    elements: [AttributeElement(attributes: cell, style: style)])
            ])
        let image = try render(
            attributes: frame, canvas: Canvas(width: 40, height: 40, scale: 1, background: .color(.black)))
        // The cell itself is drawn whatever its shadow does.
        expect(image[20, 20] == .white)
    }

    /// Elements whose extent passes NumberLimits.drawnExtent are skipped, the rest still drawn.
    @Test func farElementsAreSkippedNotDrawnOrTrapped() throws {
        var a = LayoutAttributes.cell(
            IndexPath(item: 0, section: 0), frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let bounds = Rect(x: 0, y: 0, width: 96, height: 96)
        expect(FrameComposer.withinDrawnExtent(a, bounds: bounds))
        a.transform3D.m41 = 1e300
        expect(!FrameComposer.withinDrawnExtent(a, bounds: bounds))
        a.transform3D.m41 = 0
        a.size = Size(width: 1e300, height: 1)
        expect(!FrameComposer.withinDrawnExtent(a, bounds: bounds))
        a.size = Size(width: 10, height: 10)
        a.transform3D.m11 = 1e7
        expect(!FrameComposer.withinDrawnExtent(a, bounds: bounds))
    }
}

/// The warnings a render wrote to `RenderWarnings.sink`, from whichever thread wrote them.
private final class WarningCount: @unchecked Sendable {
    private let lock = NSLock()
    private var lines = 0
    func add() { lock.withLock { lines += 1 } }
    var count: Int { lock.withLock { lines } }
}
