import FrameGenGeometry
import FrameGenLayout
import FrameGenMotion

/// A scene's timeline, planned once (docs/decisions.md "Timeline"): the start, length and motion of every
/// action and every view's state at each action boundary, all immutable. `frame(at:)` then evaluates
/// any instant from the plan alone, so a frame is a pure function of (scene, t), whichever
/// frames were evaluated before and on whichever thread.
public struct Timeline: Sendable {
    public let data: SceneData
    let steps: [Step]
    let final: [ViewState]
    /// Seconds from the first action's start to the last one's end.
    public let duration: Double
    /// The scene's and the actions' silent no-ops, one line each (`FILE: KEY.PATH: message`).
    public let warnings: [String]

    public var scene: Scene { data.scene }

    /// docs/layouts-and-motion.md "Frames and time": ceil(total x fps) + 1 frames, so the last one shows the
    /// end of the timeline (the tolerance keeps 2.0 s x 30 fps at 61, not 62, despite rounding in the sum of
    /// times).
    public var frameCount: Int { Int((duration * scene.fps - 1e-9).rounded(.up)) + 1 }

    /// docs/layouts-and-motion.md "Frames and time": frame i is at min(i / fps, total).
    public func time(ofFrame index: Int) -> Double { min(Double(index) / scene.fps, duration) }

    public init(_ scene: Scene) throws(FrameGenError) {
        data = try SceneData(scene)
        var planner = Planner(data: data)
        for action in scene.timeline {
            try planner.run(action)
        }
        steps = planner.steps
        final = planner.states
        // A layout's own animation still running when the last action ends (the strip's
        // re-expansion after a drag) belongs to the scene: the last frame shows it at rest.
        duration = max(planner.time, planner.states.compactMap(\.layout.animationEndTime).max() ?? 0)
        warnings = (scene.warnings + planner.warnings).map { "\(scene.file): \($0)" }
        // The limit attribute files have too: a sequence longer than that is a typo, and its
        // frame list alone would take memory.
        guard duration * scene.fps < Double(Timeline.maximumFrames) else {
            throw .badInput(
                scene.file,
                "timeline: \(formatNumber(duration)) s at \(formatNumber(scene.fps)) fps is more than \(Timeline.maximumFrames) frames"
            )
        }
    }

    /// The most frames a scene may have (about 9 hours at 30 fps).
    public static let maximumFrames = 1_000_000

    /// The attributes of frame `index` (at `time(ofFrame:)`).
    public func frame(_ index: Int) -> AttributeFrame {
        frame(at: time(ofFrame: index), index: index)
    }

    public func frame(at t: Double, index: Int = 0) -> AttributeFrame {
        // The step running at t; after the last one, everything rests in the final states.
        var step: Step?
        if let i = steps.lastIndex(where: { $0.start <= t }), t < steps[i].start + steps[i].duration {
            step = steps[i]
        }
        let states = step?.before ?? final
        var views: [AttributeView] = []
        var peers: [String: PeerViewState] = [:]
        let local = step.map { t - $0.start } ?? 0
        func peersOf(_ v: Int) -> [String: PeerViewState] {
            var out = peers
            out[scene.views[v].name] = nil
            for w in states.indices where w > v && out[scene.views[w].name] == nil {
                out[scene.views[w].name] = states[w].peerState(view: w, data: data, time: t)
            }
            return out
        }
        for v in states.indices {
            let (view, peer) = evaluate(
                v, states[v], step: step?.drives(v) == true ? step : nil, local: local, time: t,
                peers: peersOf(v))
            views.append(view)
            peers[scene.views[v].name] = peer
        }
        // PublishedStateKey: a view goes where another view's layout asks, unless the current
        // action moves it; one pass suffices.
        if states.count > 1 {
            // The view a scroll, drag or fling moves follows the finger, not requests, and views
            // in a transition (a rotation turns them all) animate to where the plan put them.
            var moving: Set<Int> = []
            switch step?.motion {
            case .scroll, .drag, .fling, .zoom: moving = [step!.view]
            case .transitions(let transitions): moving = Set(transitions.keys)
            default: break
            }
            for v in states.indices where !moving.contains(v) {
                let request = PublishedStateKey.requestedContentOffset(
                    scene.views[v].name,
                    in: states.indices.compactMap { peers[scene.views[$0].name]?.published }
                ).map(data.pixelGrid.round)
                guard let request, request != views[v].bounds.origin else { continue }
                var moved = states[v]
                moved.offset = request
                let (view, peer) = evaluate(v, moved, step: nil, local: local, time: t, peers: peersOf(v))
                views[v] = view
                peers[scene.views[v].name] = peer
            }
        }
        return AttributeFrame(index: index, time: t, views: views)
    }

    private func evaluate(
        _ v: Int, _ s: ViewState, step: Step?, local: Double, time: Double, peers: [String: PeerViewState]
    ) -> (AttributeView, PeerViewState) {
        var state = s
        switch step?.motion {
        case .scroll(let from, let to, let curve, let length, let elapsed):
            let p = curve.progress((elapsed + local) / (length ?? step!.duration))
            state.offset = Point(x: from.x + (to.x - from.x) * p, y: from.y + (to.y - from.y) * p)
        case .drag(let drag):
            if local < drag.dragDuration {
                state.offset = drag.offset(at: local, from: state.offset)
                state.layout.replayScrollSteps(from: step!.start, to: time) { t in
                    data.state(
                        view: v,
                        bounds: Rect(
                            origin: data.pixelGrid.round(drag.offset(at: t - step!.start, from: s.offset)),
                            size: s.size),
                        window: s.window, time: t, dataSource: s.dataSource, peers: peers,
                        orthogonalOffsets: s.orthogonalOffsets)
                }
            } else {
                state = drag.released
                state.offset = drag.release.offset(at: local - drag.dragDuration)
                let released = step!.start + drag.dragDuration
                state.layout.replayScrollSteps(from: released, to: time) { [state] t in
                    data.state(
                        view: v,
                        bounds: Rect(
                            origin: data.pixelGrid.round(drag.release.offset(at: t - released)),
                            size: state.size),
                        window: state.window, time: t, dataSource: state.dataSource, peers: peers,
                        orthogonalOffsets: state.orthogonalOffsets)
                }
            }
        case .sectionDrag(let drag):
            state.orthogonalOffsets[drag.section] = data.pixelGrid.round(drag.offset(at: local))
        case .fling(let release):
            state.offset = release.offset(at: local)
            state.layout.replayScrollSteps(from: step!.start, to: time) { t in
                data.state(
                    view: v,
                    bounds: Rect(
                        origin: data.pixelGrid.round(release.offset(at: t - step!.start)), size: s.size),
                    window: s.window, time: t, dataSource: s.dataSource, peers: peers,
                    orthogonalOffsets: s.orthogonalOffsets)
            }
        case .transitions(let transitions):
            let tr = transitions[v]!
            let p = tr.curve.progress(local / step!.duration)
            let b = tr.fromBounds.interpolated(to: tr.toBounds, progress: p)
            let frame = tr.fromFrame.interpolated(to: tr.toFrame, progress: p)
            var elements: [LayoutAttributes] = []
            var images: [Int?] = []
            for key in tr.order {
                elements.append(tr.from[key]!.interpolated(to: tr.to[key]!, progress: p))
                if case .cell(let id) = key { images.append(id) } else { images.append(nil) }
            }
            // The layout after the change, laid out at this instant, draws its cells, as UIKit
            // animates them.
            var layout = tr.after?.layout ?? state.layout
            if layout.drawsOwnViews {
                layout.prepare(
                    data.state(
                        view: v, bounds: b, window: tr.window, time: time,
                        dataSource: tr.after?.dataSource ?? state.dataSource, peers: peers,
                        orthogonalOffsets: state.orthogonalOffsets))
            }
            let views = layout.display(elements, items: images)
            elements = layout.presented(elements)
            var drawn = data.elements(view: v, elements, imageIndex: { images[$0] })
            if let views {
                for (i, content) in views.enumerated() where i < drawn.count { drawn[i].content = content }
            }
            let view = AttributeView(
                name: scene.views.count > 1 ? scene.views[v].name : nil,
                frame: data.attributeFrame(ofView: v, frame),
                bounds: b, sublayerTransform: tr.sublayerTransform, drawingOrder: tr.drawingOrder,
                elements: drawn, background: layout.backgroundSnapshot)
            return (
                view,
                PeerViewState(name: scene.views[v].name, bounds: b, contentInset: scene.views[v].contentInset)
            )
        case .parameters(let from, let to, let curve):
            let p = curve.progress(local / step!.duration)
            state.parameters = interpolateParameters(from, to, p)
            if var layout = try? scene.views[v].layout.make(state.parameters) {
                layout.adoptState(of: state.layout)
                state.layout = layout
            }
        case .zoom(let zoom):
            state = zoom.state(
                state, progress: zoom.curve.progress(local / step!.duration), view: v, data: data, time: time)
        case .still, .layoutDriven, nil:
            break
        }
        // UIScrollView rounds every offset it is given, so what a scroll, drag, fling or zoom
        // shows sits on the pixel grid (the plan's resting offsets already do).
        state.offset = data.pixelGrid.round(state.offset)
        var layout = state.layout
        let cv = data.state(
            view: v, bounds: state.bounds, window: state.window, time: time, dataSource: state.dataSource,
            peers: peers, orthogonalOffsets: state.orthogonalOffsets)
        layout.prepare(cv)
        var attributes = data.visibleElements(view: v, layout, frame: state.frame, bounds: state.bounds)
        let identity = state.identity
        let items = attributes.map { $0.representedElementCategory == .cell ? identity[$0.indexPath] : nil }
        let views = layout.display(attributes, items: items)
        attributes = layout.presented(attributes)
        var elements = data.elements(view: v, attributes, imageIndex: { identity[attributes[$0].indexPath] })
        if let views {
            for (i, content) in views.enumerated() where i < elements.count { elements[i].content = content }
        }
        let view = AttributeView(
            name: scene.views.count > 1 ? scene.views[v].name : nil,
            frame: data.attributeFrame(ofView: v, state.frame),
            bounds: state.bounds, sublayerTransform: layout.sublayerTransform,
            drawingOrder: layout.drawingOrder, elements: elements, background: layout.backgroundSnapshot)
        let peer = PeerViewState(
            name: scene.views[v].name, bounds: state.bounds, contentSize: layout.collectionViewContentSize,
            contentInset: cv.contentInset, published: layout.publishedState)
        return (view, peer)
    }
}

func interpolateParameters(
    _ a: [String: CustomValue], _ b: [String: CustomValue], _ p: Double
) -> [String: CustomValue] {
    var out = b
    for (key, to) in b {
        switch (a[key], to) {
        case (.number(let x)?, .number(let y)): out[key] = .number(x + (y - x) * p)
        case (.numbers(let x)?, .numbers(let y)) where x.count == y.count:
            out[key] = .numbers(zip(x, y).map { $0 + ($1 - $0) * p })
        default: out[key] = p < 1 ? (a[key] ?? to) : to
        }
    }
    return out
}

struct Step: Sendable {
    var start: Double
    var duration: Double
    var view: Int
    /// Every view at the step's start, with the step's starting events already delivered.
    var before: [ViewState]
    var motion: StepMotion

    /// Whether the step moves view `v`: its own view, or any view a transition animates.
    func drives(_ v: Int) -> Bool {
        if case .transitions(let transitions) = motion { return transitions[v] != nil }
        return v == view
    }
}

enum StepMotion: Sendable {
    /// Nothing moves but the layouts' own animations (wait, a layout-driven tap or update).
    case still
    case layoutDriven
    /// `length`: the scroll's own duration where the step ends before it does (a program's
    /// animated scroll that a later request stops); nil: the step's. `elapsed`: how far into
    /// the scroll the step begins (a program's scroll that goes on from the step before).
    case scroll(from: Point, to: Point, curve: TimingCurve, length: Double? = nil, elapsed: Double = 0)
    case drag(DragMotion)
    /// A drag over a section that scrolls on its own: that section moves, the view stays.
    case sectionDrag(SectionDrag)
    case fling(ReleaseMotion)
    /// Per view: a batch update or `set` animates one, a rotation every view of the window.
    case transitions([Int: Transition])
    /// Layout parameters driven continuously (pinch).
    case parameters(
        from: [String: CustomValue], to: [String: CustomValue], curve: TimingCurve)
    /// Pinch-to-zoom on a flow grid: item size and content offset together.
    case zoom(FlowZoom)
}

/// A finger dragging a section that scrolls on its own (OrthogonalScrollView) along its axis,
/// then lifting: the section's offset follows and rubber-bands, then decelerates, snaps or pages.
struct SectionDrag: Sendable {
    var section: Int
    var drag: ScrollDrag
    /// How far the finger moves along the section's axis.
    var by: Double
    var dragDuration: Double
    var curve: TimingCurve
    var release: ScrollMotion

    /// The section's offset `local` seconds into the step.
    func offset(at local: Double) -> Double {
        local < dragDuration
            ? drag.offset(forTranslation: -by * curve.progress(local / dragDuration))
            : release.offset(at: local - dragDuration)
    }
}

struct DragMotion: Sendable {
    /// nil for an axis the view does not scroll on.
    var x: ScrollDrag?
    var y: ScrollDrag?
    var by: Point
    var dragDuration: Double
    var curve: TimingCurve
    /// The view after the finger lifted (didEndDragging delivered).
    var released: ViewState
    var release: ReleaseMotion

    /// The offset `local` seconds into the drag (before the release), from `start`.
    func offset(at local: Double, from start: Point) -> Point {
        Self.offset(x: x, y: y, by: by, progress: curve.progress(local / dragDuration), from: start)
    }

    /// The offset when the finger has moved `progress` of `by`.
    static func offset(x: ScrollDrag?, y: ScrollDrag?, by: Point, progress f: Double, from start: Point)
        -> Point
    {
        Point(
            x: x.map { $0.offset(forTranslation: -by.x * f) } ?? start.x,
            y: y.map { $0.offset(forTranslation: -by.y * f) } ?? start.y)
    }
}

/// UIKit's animated `setContentOffset(_:animated:)` (and `scrollToItem(at:at:animated:)`): 0.3 s,
/// ease in and out. The scene's `scroll` action defaults to it, a tap's scroll to the item is it,
/// and so is the scroll to an offset a program sets animated while the timeline moves no view
/// (`Planner.addFollowingPrograms`).
enum AnimatedScroll {
    static let duration = 0.3
    static let curve = TimingCurve.easeInEaseOut
}

/// UIKit's scroll view moves at every screen refresh, 60 a second.
let screenRefresh = 60.0

extension CollectionViewLayout {
    /// For a layout that wants them (`wantsEveryScrollStep`), the bounds changes of the screen
    /// refreshes strictly between `start` and `end` (on the clock's grid of 1/60 s, so every
    /// instant replays the same ones), each prepared with the view's state `at` that instant.
    mutating func replayScrollSteps(
        from start: Double, to end: Double, _ state: (Double) -> CollectionViewState
    ) {
        guard wantsEveryScrollStep else { return }
        var k = (start * screenRefresh).rounded(.down) + 1
        while k / screenRefresh < end {
            prepare(state(k / screenRefresh))
            k += 1
        }
    }
}

/// The two axes of a scroll view after a release.
struct ReleaseMotion: Sendable {
    var x: ScrollMotion
    var y: ScrollMotion
    var duration: Double { max(x.duration, y.duration) }
    var restOffset: Point { Point(x: x.restOffset, y: y.restOffset) }
    func offset(at t: Double) -> Point { Point(x: x.offset(at: t), y: y.offset(at: t)) }
}

struct Transition: Sendable {
    var from: [ElementKey: LayoutAttributes]
    var to: [ElementKey: LayoutAttributes]
    /// Drawing order does not depend on it (zIndex does), but a fixed order keeps output stable.
    var order: [ElementKey]
    var fromBounds: Rect
    var toBounds: Rect
    var fromFrame: Rect
    var toFrame: Rect
    /// The window's size while it animates: the new one (ViewState.window).
    var window: Size
    var curve: TimingCurve
    var sublayerTransform: Transform3D?
    var drawingOrder: DrawingOrder
    /// The view after the change, whose layout draws the cells of a layout that draws its own
    /// views (UIKit's cells animate with the data after the update); nil for other layouts.
    var after: (layout: any CollectionViewLayout, dataSource: CollectionViewDataSource)? = nil
}
