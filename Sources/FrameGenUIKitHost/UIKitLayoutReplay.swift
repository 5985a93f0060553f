import Foundation
import FrameGenUIKit
import Synchronization

/// One event of a `UIKitLayout`'s history. Histories that begin alike share their nodes (an
/// event equal to one already recorded after the same node is that node), so whether objects
/// have seen the beginning of a history is a walk up the history comparing identities.
final class HistoryNode: @unchecked Sendable {
    /// nil at the root (no event yet).
    package let event: UIKitLayout.Event?
    /// Read by any holder of a later node; cleared only in `deinit` of the last holder.
    private var parentNode: HistoryNode?
    package let depth: Int
    private let lock = NSLock()
    private var children: [Child] = []
    private struct Child { weak var node: HistoryNode? }

    package var parent: HistoryNode? { parentNode }

    package init() {
        event = nil
        parentNode = nil
        depth = 0
    }

    private init(_ event: UIKitLayout.Event, after parent: HistoryNode) {
        self.event = event
        parentNode = parent
        depth = parent.depth + 1
    }

    deinit {
        // A long history is a long chain: free it in a loop, not one nested deinit per event.
        // A node is found again through its parent's children (`appending`), under the
        // parent's lock: only under that lock is "no one else holds it" still true after.
        var next = parentNode.take()
        while var node = next {
            next = nil
            guard let parent = node.parentNode else { break }
            parent.lock.lock()
            let alone = isKnownUniquelyReferenced(&node)
            if alone { next = node.parentNode.take() }
            parent.lock.unlock()
            if !alone { break }
        }
    }

    /// The history with `event` after this one.
    func appending(_ event: UIKitLayout.Event) -> HistoryNode {
        lock.lock()
        defer { lock.unlock() }
        if let same = children.lazy.compactMap(\.node).first(where: { $0.event == event }) { return same }
        children.removeAll { $0.node == nil }
        let node = HistoryNode(event, after: self)
        children.append(Child(node: node))
        return node
    }

    /// The nodes after `ancestor` down to this one, oldest first; nil when the history does not
    /// begin with `ancestor`'s.
    package func path(after ancestor: HistoryNode) -> [HistoryNode]? {
        guard ancestor.depth <= depth else { return nil }
        var out: [HistoryNode] = []
        out.reserveCapacity(depth - ancestor.depth)
        var node = self
        while node.depth > ancestor.depth, let parent = node.parentNode {
            out.append(node)
            node = parent
        }
        guard node === ancestor else { return nil }
        out.reverse()
        return out
    }
}

/// What makes a `UIKitLayout`'s objects, shared by its copies; and the objects that finished an
/// instant, kept for a later instant whose history begins with theirs (docs/uikit.md "The
/// contract"). Objects that have seen a history are in the same state as fresh ones that
/// replayed it, so continuing them draws the same bytes, in linear time over a scene drawn in
/// order, where fresh objects replay from the start at every instant.
final class Replays: @unchecked Sendable {
    package let root = HistoryNode()
    package let name: String
    package let factory: UIKitLayout.Factory
    let makeView: UIKitLayout.CollectionViewFactory?
    package let parameters: FlowParameters?
    package let cells: UIKitLayout.Cells
    let warnings: LayoutWarnings

    private let lock = NSLock()
    private var kept: [Live.State] = []
    /// Two per thread that draws frames: the objects of the last frames drawn stay available
    /// to the next ones, whichever thread drew them.
    package static let limit = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)

    /// False: every instant starts from fresh objects, as before objects were kept (for tests
    /// that compare the two).
    package static let reuse = Atomic<Bool>(true)

    package init(
        name: String, factory: @escaping UIKitLayout.Factory,
        makeView: UIKitLayout.CollectionViewFactory? = nil, parameters: FlowParameters?,
        cells: UIKitLayout.Cells, warnings: LayoutWarnings
    ) {
        self.name = name
        self.factory = factory
        self.makeView = makeView
        self.parameters = parameters
        self.cells = cells
        self.warnings = warnings
    }

    func makeState(warnings: LayoutWarnings? = nil) -> Live.State {
        Live.State(
            name: name, factory: factory, makeView: makeView, parameters: parameters, cells: cells,
            warnings: warnings ?? self.warnings,
            root: root)
    }

    /// Objects no one uses any more, of a layout with a `UIDynamicAnimator` or a collection
    /// view subclass of the program's: those replay every screen refresh of a scroll (and a
    /// simulation), and are worth keeping. Other layouts' objects are
    /// cheap to replay, and are asked things between events (a delegate for a drag's target,
    /// a layout for an item's final attributes) that may change them where fresh ones replay
    /// events only.
    func keep(_ state: Live.State) {
        guard Self.reuse.load(ordering: .relaxed), state.followsEveryRefresh else { return }
        lock.lock()
        kept.append(state)
        let dropped = kept.count > Self.limit ? kept.removeFirst() : nil
        lock.unlock()
        // Outside the lock: the objects' deinit runs the program's code.
        _ = dropped
    }

    /// Kept objects that can continue to `tip`, and the nodes they must still apply: those whose
    /// history is the longest beginning of `tip`'s, or that continue one (`Live.State.continues`).
    package func take(for tip: HistoryNode) -> (Live.State, [HistoryNode])? {
        guard Self.reuse.load(ordering: .relaxed) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard !kept.isEmpty else { return nil }
        var at: [ObjectIdentifier: Int] = [:]
        var after: [ObjectIdentifier: [Int]] = [:]
        for (i, s) in kept.enumerated() {
            at[ObjectIdentifier(s.seen)] = i
            if s.refreshedThrough != nil, let parent = s.seen.parent {
                after[ObjectIdentifier(parent), default: []].append(i)
            }
        }
        var below: [HistoryNode] = []
        var node: HistoryNode? = tip
        while let x = node {
            if let i = at[ObjectIdentifier(x)] {
                return (kept.remove(at: i), below.reversed())
            }
            if let parent = x.parent, case .prepare(let s)? = x.event,
                let i = after[ObjectIdentifier(parent)]?.last(where: { kept[$0].continues(to: s) })
            {
                below.append(x)
                return (kept.remove(at: i), below.reversed())
            }
            below.append(x)
            node = x.parent
        }
        return nil
    }
}
