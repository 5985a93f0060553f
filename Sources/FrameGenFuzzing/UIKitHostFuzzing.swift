import FrameGenLayout
import FrameGenRender
import FrameGenScene
import FrameGenUIKit
import FrameGenUIKitHost

import struct Foundation.IndexPath  // UIKit's, over Layout's (FrameGenUIKit/Exports.swift)

/// The UIKit host under a user's layout that misbehaves in every way that does not trap: the
/// first bytes write a scene (item count, a timeline of scrolls, flings, drags, taps, inserts,
/// deletes, moves and rotations), the rest are the answers of the layout and of its cells. The
/// layout answers hostile numbers (NaN, infinities, 1e300, Int.max zIndex), index paths that do
/// not exist, nil where UIKit expects attributes, invalidates itself inside `prepare()` and
/// update callbacks, moves its own content offset and changes its mind at every call; each
/// cell builds a view tree of layers with corners, borders, shadows, gradients and transforms
/// from the same bytes. The scene's first, middle and last frames are drawn at 48 x 48. It must
/// return normally: framegen's own code never traps, whatever a layout answers.
extension FuzzTargets {
    /// Any bytes as a catalog's SVG: read as filled shapes and, where they are, drawn at 48 x 48
    /// (`SVGShapes`). The XML reader, the path grammar, arcs and transforms must return normally
    /// whatever the numbers (the document librsvg would draw instead is not fuzzed here: it is not
    /// framegen's code).
    @Sendable public static func svg(_ bytes: [UInt8]) {
        guard let document = SVGShapes.parse(bytes) else { return }
        _ = SVGShapes.draw(document, width: 48, height: 48)
    }

    @Sendable public static func uikitHost(_ bytes: [UInt8]) {
        var input = FuzzInput(bytes)
        let yaml = sceneText(&input)
        let answers = input.rest()
        let layouts = [
            UIKitLayout.descriptor(
                type: "fuzz", cells: ["fuzz-cell": { FuzzCell(frame: $0, answers: answers) }],
                supplementaryKinds: ["header"],
                // UIKit's exceptions (a section or item that does not exist, a header twice)
                // end a render with status 2; collected here, the host goes on without the
                // refused answer, which is what the fuzzer explores.
                warnings: LayoutWarnings({ _ in }, exceptions: { _ in })
            ) { _ in FuzzLayout(answers: answers) }
        ]
        guard let document = try? parseDocument(yaml, file: "fuzz.yaml"),
            let scene = try? Scene(document: document, folder: "/nonexistent-fuzz-folder", layouts: layouts),
            let renderer = try? SceneRenderer(scene: scene)
        else { return }
        let n = renderer.frameCount
        for frame in Set([0, n / 2, n - 1]) where frame >= 0 { _ = try? renderer.render(frame: frame) }
    }

    /// A small scene whose timeline the bytes choose: at most six actions, each short, each one
    /// the scene's parser takes (items that exist), so that the layout's answers are what is
    /// fuzzed.
    static func sceneText(_ input: inout FuzzInput) -> String {
        let items = Int(input.byte() % 16)
        var count = items
        var actions: [String] = []
        for _ in 0..<Int(input.byte() % 7) {
            let a = Int(input.byte() % 64) - 32
            let b = Int(input.byte() % 64) - 32
            let pick = Int(input.byte())
            let duration = Double(input.byte() % 4 + 1) / 10
            switch input.byte() % 10 {
            case 0: actions.append("{scroll: {to: [\(a * 4), \(b * 8)], duration: \(duration)}}")
            case 1: actions.append("{fling: {velocity: [\(a * 100), \(b * 150)]}}")
            case 2: actions.append("{drag: {by: [\(a * 3), \(b * 5)], duration: \(duration)}}")
            case 3 where count > 0: actions.append("{tap: {item: [0, \(pick % count)]}}")
            case 4:
                actions.append("{insert: {items: [[0, \(pick % (count + 1))]], duration: \(duration)}}")
                count += 1
            case 5 where count > 0:
                actions.append("{delete: {items: [[0, \(pick % count)]], duration: \(duration)}}")
                count -= 1
            case 6 where count > 1:
                actions.append(
                    "{move: {from: [0, \(pick % count)], to: [0, \((pick / 16) % count)], duration: \(duration)}}"
                )
            case 7:
                actions.append("{rotate: {to: \(a < 0 ? "landscape" : "portrait"), duration: \(duration)}}")
            case 8: actions.append("{tap: {at: [\(a + 32), \(b + 32)]}}")
            default: actions.append("{wait: \(duration)}")
            }
        }
        return """
            canvas: {width: 48, height: 48, scale: 1}
            fps: 10
            content: {items: \(items)}
            layout: {type: fuzz, cell: fuzz-cell}
            timeline: [\(actions.joined(separator: ", "))]
            """
    }
}

extension FuzzInput {
    /// The bytes not read yet.
    func rest() -> [UInt8] {
        var copy = self
        var out: [UInt8] = []
        while !copy.isEmpty { out.append(copy.byte()) }
        return out
    }

    /// A CGFloat from `number()`: one time in eight an extreme.
    mutating func cgFloat() -> CGFloat { CGFloat(number()) }

    /// An index path, one time in four one that does not exist (a second section, an item past
    /// the end, a negative item).
    mutating func indexPath() -> IndexPath {
        let b = byte()
        switch b % 16 {
        case 0: return IndexPath(item: 0, section: 1)
        case 1: return IndexPath(item: -1, section: 0)
        case 2: return IndexPath(item: 1000, section: 0)
        case 3: return IndexPath(item: Int(b), section: Int(b % 3))
        default: return IndexPath(item: Int(b % 16), section: 0)
        }
    }
}

/// A layout whose every answer comes from the fuzzer's bytes. Each instance reads its own copy
/// from the start, so the answers depend only on the input and on the order of UIKit's calls.
final class FuzzLayout: UICollectionViewLayout {
    private var input: FuzzInput

    init(answers: [UInt8]) {
        input = FuzzInput(answers)
        super.init()
    }

    required init?(coder: NSCoder) { nil }

    private func attributes(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes {
        let a: UICollectionViewLayoutAttributes
        switch input.byte() % 8 {
        case 0: a = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: "header", with: indexPath)
        case 1: a = UICollectionViewLayoutAttributes(forDecorationViewOfKind: "shelf", with: indexPath)
        default: a = UICollectionViewLayoutAttributes(forCellWith: indexPath)
        }
        a.frame = CGRect(
            x: input.cgFloat(), y: input.cgFloat(), width: input.cgFloat(), height: input.cgFloat())
        let flags = input.byte()
        if flags & 1 != 0 { a.alpha = input.cgFloat() }
        if flags & 2 != 0 {
            let extremes = [Int.min, Int.max, -1, 0, 1, Int(Int32.max), Int(Int32.min)]
            a.zIndex = extremes[Int(input.byte()) % extremes.count]
        }
        if flags & 4 != 0 {
            var t = CATransform3DMakeRotation(
                input.cgFloat(), input.cgFloat(), input.cgFloat(), input.cgFloat())
            t.m34 = input.cgFloat()
            t.m44 = flags & 32 != 0 ? input.cgFloat() : 1
            a.transform3D = t
        }
        if flags & 8 != 0 {
            a.transform = CGAffineTransform(
                a: input.cgFloat(), b: input.cgFloat(), c: input.cgFloat(), d: input.cgFloat(),
                tx: input.cgFloat(), ty: input.cgFloat())
        }
        if flags & 16 != 0 { a.center = CGPoint(x: input.cgFloat(), y: input.cgFloat()) }
        a.isHidden = flags & 64 != 0 && flags & 128 != 0
        return a
    }

    override func prepare() {
        switch input.byte() % 12 {
        case 0: invalidateLayout()
        case 1: _ = collectionView?.numberOfItems(inSection: Int(input.byte() % 3))
        case 2: collectionView?.contentOffset = CGPoint(x: input.cgFloat(), y: input.cgFloat())
        case 3: _ = collectionView?.layoutAttributesForItem(at: input.indexPath())
        default: break
        }
    }

    override var collectionViewContentSize: CGSize {
        guard input.byte() % 4 == 0 else {
            return CGSize(
                width: 48, height: 48 * CGFloat(1 + (collectionView?.numberOfItems(inSection: 0) ?? 0)))
        }
        return CGSize(width: input.cgFloat(), height: input.cgFloat())
    }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        let count = Int(input.byte() % 20)
        if count == 19 { return nil }
        return (0..<count).map { _ in attributes(at: input.indexPath()) }
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        input.byte() % 5 == 0 ? nil : attributes(at: indexPath)
    }

    override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        input.byte() % 3 == 0 ? nil : attributes(at: indexPath)
    }

    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { input.byte() & 1 != 0 }

    override func targetContentOffset(
        forProposedContentOffset proposedContentOffset: CGPoint, withScrollingVelocity velocity: CGPoint
    ) -> CGPoint {
        input.byte() % 3 == 0 ? CGPoint(x: input.cgFloat(), y: input.cgFloat()) : proposedContentOffset
    }

    override func prepare(forCollectionViewUpdates updateItems: [UICollectionViewUpdateItem]) {
        if input.byte() % 4 == 0 { invalidateLayout() }
    }

    override func initialLayoutAttributesForAppearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        input.byte() % 3 == 0 ? nil : attributes(at: itemIndexPath)
    }

    override func finalLayoutAttributesForDisappearingItem(at itemIndexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        input.byte() % 3 == 0 ? nil : attributes(at: itemIndexPath)
    }
}

/// A cell whose view tree the bytes build at each `apply(_:)`: up to three subviews with
/// corners, borders, shadows, masks, transforms and a gradient layer, replacing the last tree.
final class FuzzCell: UICollectionViewCell {
    private var input: FuzzInput

    init(frame: CGRect, answers: [UInt8]) {
        input = FuzzInput(answers.reversed())
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) { nil }

    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        for view in contentView.subviews { view.removeFromSuperview() }
        for _ in 0..<Int(input.byte() % 4) {
            let view = UIView(
                frame: CGRect(
                    x: input.cgFloat(), y: input.cgFloat(), width: input.cgFloat(), height: input.cgFloat()))
            let flags = input.byte()
            view.backgroundColor = UIColor(
                red: input.cgFloat(), green: input.cgFloat(), blue: input.cgFloat(), alpha: input.cgFloat())
            if flags & 1 != 0 { view.layer.cornerRadius = input.cgFloat() }
            if flags & 2 != 0 {
                view.layer.borderWidth = input.cgFloat()
                view.layer.borderColor = UIColor.red.cgColor
            }
            if flags & 4 != 0 {
                view.layer.shadowOpacity = Float(input.number())
                view.layer.shadowRadius = input.cgFloat()
                view.layer.shadowOffset = CGSize(width: input.cgFloat(), height: input.cgFloat())
            }
            if flags & 8 != 0 { view.clipsToBounds = true }
            if flags & 16 != 0 {
                view.transform = CGAffineTransform(rotationAngle: input.cgFloat()).scaledBy(
                    x: input.cgFloat(), y: input.cgFloat())
            }
            if flags & 32 != 0 {
                let gradient = CAGradientLayer()
                gradient.frame = view.bounds
                gradient.colors = [UIColor.blue.cgColor, UIColor.green.cgColor]
                gradient.locations = [NSNumber(value: input.number()), NSNumber(value: input.number())]
                view.layer.addSublayer(gradient)
            }
            if flags & 64 != 0 { view.alpha = input.cgFloat() }
            contentView.addSubview(view)
        }
        if input.byte() % 8 == 0 { setNeedsLayout() }
    }
}
