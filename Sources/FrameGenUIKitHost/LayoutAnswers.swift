import Foundation
import FrameGenCoreGraphics
import FrameGenGeometry
import FrameGenLayout
import FrameGenUIKit

import struct Foundation.IndexPath  // over Layout's (FrameGenUIKit/Exports.swift)

/// What a user's layout returns, bounded and checked as UIKit checks it before anything is
/// drawn (docs/uikit.md "Bad input"): an answer UIKit ignores with a log is dropped with one
/// warning; an answer UIKit raises an exception for ends the render with UIKit's message
/// (`LayoutWarnings.raise`). These run on every query of every frame, so they allocate nothing
/// per attribute and, once the first query sized their scratch space, nothing per query beyond
/// the array of the answer.
extension Live.State {
    /// The most attributes framegen takes from one answer of `layoutAttributesForElements(in:)`.
    /// A screen shows hundreds; a layout that returns every element it has whatever the rect
    /// still fits 100,000. Past it the layout is not drawn as iOS would draw it, slowly, so the
    /// render stops and says why rather than draw a part.
    package static let attributesPerQueryLimit = 100_000

    /// The largest content width or height taken: the scene's own limit on offsets and
    /// positions (`NumberLimits.position`), which a hundred thousand items of 10,000 points fit.
    package static let contentSizeLimit: CGFloat = 1e9

    /// The `zIndex` range kept: that of attribute files (`framegen attributes` writes what the
    /// layout returned, and reads it back), far beyond any layout's ordering.
    package static let zIndexLimit = 1_000_000_000

    /// The layout's answer for `rect`, checked: `transform` of each attributes object UIKit
    /// would use, in the layout's order. Not drawn, with one warning each: a cell whose index
    /// path the data does not have (UIKit's log since iOS 13: "Attributes will be ignored"), a
    /// supplementary view of a section the data does not have, a second object for the same
    /// element (the first is drawn). UIKit's exceptions: more than `attributesPerQueryLimit`
    /// objects (framegen's), a supplementary view returned twice with different attributes.
    package func checkedElements<T>(in rect: CGRect, _ transform: (UICollectionViewLayoutAttributes) -> T)
        -> [T]
    {
        var out: [T] = []
        forEachElement(in: rect, reserve: { out.reserveCapacity($0) }) { out.append(transform($0)) }
        return out
    }

    /// `checkedElements(in:_:)` without the array: `reserve` gets the count the answer has at
    /// most.
    package func forEachElement(
        in rect: CGRect, reserve: (Int) -> Void = { _ in }, _ body: (UICollectionViewLayoutAttributes) -> Void
    ) {
        let answer = layout.layoutAttributesForElements(in: rect) ?? []
        var count = answer.count
        if count > Self.attributesPerQueryLimit {
            raise(
                "the layout returned \(count) layout attributes from one call of layoutAttributesForElements(in:), more than framegen's limit of \(Self.attributesPerQueryLimit); return the elements in the rect",
                during: Self.elementsCall(rect))
            count = Self.attributesPerQueryLimit
        }
        reserve(count)
        let sections = host.data.sections
        // Out of the object for the loop, so that its accesses per element need no run-time
        // exclusivity check (every access to a class's stored property has one).
        var seen = SeenElements()
        swap(&seen, &answered)
        defer { swap(&seen, &answered) }
        seen.start(sections)
        for i in 0..<count {
            let object = answer[i]
            let path = object.value.indexPath
            switch object.value.representedElementCategory {
            case .cell:
                guard path.section >= 0, path.section < sections.count, path.item >= 0,
                    path.item < sections[path.section].items.count
                else {
                    ignore(
                        object, "but are not valid for the data source counts. Attributes will be ignored.")
                    continue
                }
                guard seen.insertCell(path) else {
                    ignore(
                        object,
                        "but another object of the same answer has its index path; framegen draws the first.")
                    continue
                }
            case .supplementaryView, .decorationView:
                if object.value.representedElementCategory == .supplementaryView,
                    path.section < 0 || path.section >= sections.count
                {
                    ignore(
                        object, "but are not valid for the data source counts. Attributes will be ignored.")
                    continue
                }
                if let first = seen.insert(object, at: i, of: answer) {
                    let earlier = answer[first]
                    if object.value.representedElementCategory == .supplementaryView,
                        earlier.value.center != object.value.center || earlier.value.size != object.value.size
                    {
                        // What UIKit says of two answers for one element that differ.
                        raise(
                            "layout attributes for supplementary item at index path (\(UIKitException.describe(object.indexPath))) changed from \(describe(earlier)) to \(describe(object)) without invalidating the layout",
                            during: Self.elementsCall(rect))
                    }
                    ignore(
                        object,
                        "but another object of the same answer is for the same element; framegen draws the first."
                    )
                    continue
                }
            }
            body(object)
        }
    }

    /// The layout's content size, bounded: a width or height that is NaN or negative scrolls
    /// as 0 does on iOS (the scroll view's range stops at its bounds) and is taken as 0; one past
    /// `contentSizeLimit`, infinity included, is taken as the limit. One warning each.
    package var contentSize: CGSize {
        let size = layout.collectionViewContentSize
        func bounded(_ x: CGFloat) -> CGFloat {
            x.isNaN ? 0 : Swift.min(Swift.max(x, 0), Self.contentSizeLimit)
        }
        let out = CGSize(width: bounded(size.width), height: bounded(size.height))
        if out != size {
            warnings.warn(
                "\(title) (\(type(of: layout))): collectionViewContentSize is (\(size.width), \(size.height)); framegen takes (\(out.width), \(out.height)): a width or height is at least 0 and at most \(Self.contentSizeLimit)"
            )
        }
        return out
    }

    /// `zIndex` within `zIndexLimit` (the drawing order among elements inside it is kept).
    package func boundedZIndex(_ value: inout LayoutAttributes) {
        guard value.zIndex < -Self.zIndexLimit || value.zIndex > Self.zIndexLimit else { return }
        warnings.warn(
            "\(title) (\(type(of: layout))): zIndex \(value.zIndex) of \(value.representedElementCategory) \(value.indexPath) is beyond ±\(Self.zIndexLimit), the range of attribute files; framegen takes the nearest end"
        )
        value.zIndex = Swift.min(Swift.max(value.zIndex, -Self.zIndexLimit), Self.zIndexLimit)
    }

    /// The call as an exception names it (only when one is raised: no string per query).
    private static func elementsCall(_ rect: CGRect) -> String {
        "layoutAttributesForElements(in: (\(rect.minX), \(rect.minY), \(rect.width), \(rect.height)))"
    }

    /// One warning per element the answer cannot have, in UIKit's words.
    private func ignore(_ object: UICollectionViewLayoutAttributes, _ reason: String) {
        warnings.warn(
            "\(title), in layoutAttributesForElements(in:): Layout attributes \(describe(object)) were received from the layout <\(type(of: layout))> \(reason)"
        )
    }

    /// UIKit's exception, naming the layout and the call as a crash report does.
    private func raise(_ reason: String, during call: String) {
        let s = host.instant
        warnings.raise(
            reason,
            during:
                "\(title) (\(type(of: layout))), in \(call) at t = \(s.time) s, content offset (\(s.bounds.minX + 0), \(s.bounds.minY + 0))"
        )
    }

    /// An attributes object as UIKit's messages print one.
    private func describe(_ object: UICollectionViewLayoutAttributes) -> String {
        let kind = object.representedElementKind.map { "; element kind: (\($0))" } ?? ""
        let f = object.frame
        return
            "<\(type(of: object))> index path: (\(UIKitException.describe(object.indexPath)))\(kind); frame = (\(f.minX) \(f.minY); \(f.width) \(f.height))"
    }
}

/// The elements one answer has had so far, for `forEachElement(in:reserve:_:)`: a bit per item
/// of the data for cells, the positions of the other elements. Kept between queries (cleared,
/// not freed), so a query allocates nothing once the first has sized it.
struct SeenElements {
    /// The bit of each section's first item.
    private var firstBit: [Int] = []
    private var bits: [UInt64] = []
    /// Where the answer has its supplementary and decoration views; a few (headers, footers), so
    /// found by comparing, until `indexedFrom` of them, when a dictionary takes over.
    private var others: [Int] = []
    private var index: [OtherKey: Int] = [:]
    private static let indexedFrom = 32

    private struct OtherKey: Hashable {
        var section: Int
        var item: Int
        var isDecoration: Bool
        var kind: String?

        init(_ a: UICollectionViewLayoutAttributes) {
            (section, item) = (a.value.indexPath.section, a.value.indexPath.item)
            isDecoration = a.value.representedElementCategory == .decorationView
            kind = a.value.representedElementKind
        }
    }

    mutating func start(_ sections: [CollectionViewDataSource.Section]) {
        firstBit.removeAll(keepingCapacity: true)
        var n = 0
        for s in sections {
            firstBit.append(n)
            n += s.items.count
        }
        let words = (n + 63) / 64
        if bits.count < words {
            bits = [UInt64](repeating: 0, count: words)
        } else {
            for w in 0..<words { bits[w] = 0 }
        }
        if !others.isEmpty { others.removeAll(keepingCapacity: true) }
        if !index.isEmpty { index.removeAll(keepingCapacity: true) }
    }

    /// Marks the item (which exists); false when the answer had it already.
    mutating func insertCell(_ path: FrameGenLayout.IndexPath) -> Bool {
        let bit = firstBit[path.section] + path.item
        let mask: UInt64 = 1 << UInt64(bit & 63)
        guard bits[bit >> 6] & mask == 0 else { return false }
        bits[bit >> 6] |= mask
        return true
    }

    /// Where `answer` had the supplementary or decoration view at `position` first; nil (and
    /// noted) when it had not.
    mutating func insert(
        _ object: UICollectionViewLayoutAttributes, at position: Int,
        of answer: [UICollectionViewLayoutAttributes]
    ) -> Int? {
        if others.count < Self.indexedFrom {
            let v = object.value
            for p in others {
                let u = answer[p].value
                if u.indexPath == v.indexPath, u.representedElementCategory == v.representedElementCategory,
                    u.representedElementKind == v.representedElementKind
                {
                    return p
                }
            }
            others.append(position)
            if others.count == Self.indexedFrom {
                for p in others { index[OtherKey(answer[p])] = p }
            }
            return nil
        }
        let key = OtherKey(object)
        if let first = index[key] { return first }
        index[key] = position
        others.append(position)
        return nil
    }
}
