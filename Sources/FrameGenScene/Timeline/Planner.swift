import FrameGenGeometry
import FrameGenLayout
import FrameGenMotion

/// Runs the timeline's actions once, in time order, delivering the scroll-view events to the
/// layouts and recording each action as a Step (docs/design/motion.md §3-§6).
struct Planner {
    let data: SceneData
    var states: [ViewState]
    var steps: [Step] = []
    var time = 0.0
    var nextIdentity: Int
    /// `KEY.PATH: message` of each action that did nothing or less than asked.
    var warnings: [String] = []
    /// A program's animated scroll under way at the end of the last step
    /// (`addFollowingPrograms`).
    var programScroll: ProgramScroll?

    init(data: SceneData) {
        self.data = data
        var identity: [IndexPath: Int] = data.imageIndexOfItem
        nextIdentity = (identity.values.max() ?? -1) + 1
        states = data.scene.views.enumerated().map { v, view in
            ViewState(
                layout: view.makeLayout(), parameters: view.layoutParameters, dataSource: data.dataSource,
                frame: view.frame, window: data.window.size, offset: data.pixelGrid.round(view.contentOffset),
                inset: view.contentInset,
                identity: identity)
        }
        identity = [:]
        // The first layout pass at the scene's start stays in each layout's history, so every
        // later instant replays it first: a UIKit layout may change its collection view once,
        // at its first pass (an infinite carousel moves the offset to the middle of its
        // content), and a fresh copy must not do that again at a later offset.
        for v in states.indices {
            states[v].layout.prepare(cvState(v, states[v], at: 0))
        }
        settle(after: nil)
    }

    var scene: Scene { data.scene }

    func cvState(_ v: Int, _ s: ViewState, at t: Double) -> CollectionViewState {
        data.state(
            view: v, bounds: s.bounds, window: s.window, time: t, dataSource: s.dataSource, inset: s.inset,
            peers: peers(except: v, at: t), orthogonalOffsets: s.orthogonalOffsets)
    }

    /// The other views as a layout sees them through `collectionView.peers`.
    func peers(except v: Int, at t: Double) -> [String: PeerViewState] {
        var out: [String: PeerViewState] = [:]
        for w in states.indices where w != v {
            out[scene.views[w].name] = states[w].peerState(view: w, data: data, time: t)
        }
        return out
    }

    /// After an action: every view takes the content inset its layout asks for, and the offsets
    /// layouts request (PublishedStateKey), except the view `moved`.
    mutating func settle(after moved: Int?) {
        guard
            states.count > 1
                || states.first.map({ prepared(0, $0, at: time).publishedState.isEmpty }) == false
        else { return }
        for v in states.indices {
            if case .numbers(let i)? = prepared(v, states[v], at: time).publishedState[
                PublishedStateKey.requestedContentInset], i.count == 4
            {
                states[v].inset = EdgeInsets(top: i[0], left: i[1], bottom: i[2], right: i[3])
            }
        }
        // Requests are read just before the boundary, where an animation a layout drives (the
        // thumbnails' focus) has reached its end value, so what was last shown stays.
        // The view the action moved takes only what a program asked as the motion ended (a
        // banner's scrollViewDidEndDecelerating moving back to its middle copy, a timer that
        // waited for the drag): one asked during the motion, the motion overruled, as on iOS.
        // An animated request scrolls from here (from the action's end, for one asked during
        // an action that moved no view), into the next step (`programScroll`).
        let before = max(0, time - 1e-6)
        for v in states.indices {
            let published = prepared(v, states[v], at: before).publishedState
            for w in states.indices {
                let name = scene.views[w].name
                guard let p = PublishedStateKey.requestedContentOffset(name, in: [published]) else {
                    continue
                }
                let target = data.pixelGrid.round(p)
                var fresh = false
                if case .number(let asked)? = published[PublishedStateKey.requestedContentOffsetTime(name)] {
                    fresh = asked >= time - 1e-9
                }
                guard w != moved || fresh, target != states[w].offset else { continue }
                if published[PublishedStateKey.requestedContentOffsetAnimated(name)] == .bool(true) {
                    programScroll = ProgramScroll(view: w, from: states[w].offset, to: target, start: time)
                } else if programScroll?.view == w {
                    programScroll = nil
                }
                states[w].offset = target
            }
        }
    }

    /// The layout of `s` prepared for its bounds at time t.
    func prepared(_ v: Int, _ s: ViewState, at t: Double) -> any CollectionViewLayout {
        var layout = s.layout
        layout.prepare(cvState(v, s, at: t))
        return layout
    }

    func range(_ v: Int, _ s: ViewState, at t: Double) -> OffsetRange {
        OffsetRange(
            contentSize: prepared(v, s, at: t).collectionViewContentSize, size: s.size,
            inset: s.inset)
    }

    mutating func add(_ v: Int, duration: Double, before: [ViewState], _ motion: StepMotion) {
        // A program's scroll under way (`programScroll`) reaches here only through a wait: `run`
        // stops it before any other action.
        if duration > 0 {
            switch motion {
            case .still, .layoutDriven:
                addFollowingPrograms(v, duration: duration, before: before, motion)
            default:
                steps.append(Step(start: time, duration: duration, view: v, before: before, motion: motion))
            }
        }
        time += duration
    }

    /// The most instants a second of a step looks at for offsets the programs set on their own
    /// (four a screen refresh: a timer that fires more often is followed that far).
    static let programProbesPerSecond = 4 * screenRefresh

    /// A step in which the timeline moves no view (a wait, a layout-driven tap or update), split
    /// at the instants a program's code that runs on its own (a timer, work sent for later, a
    /// completion: `nextScheduledEvent`) asks for another content offset (`publishedState`):
    /// from each, that view scrolls there as UIKit's animated `setContentOffset` does
    /// (`AnimatedScroll`), or jumps there for a set that is not animated; a later request for
    /// the same view starts from where its running scroll has come, as UIKit's does. Each frame
    /// is then prepared at its own offset, as in any other motion. An animated scroll that
    /// reaches its end tells the delegate (`scrollViewDidEndScrollingAnimation`, where a banner
    /// keeps its page or jumps back to its middle copy), and what the delegate asks there is
    /// taken at that instant. One still running at the step's end goes on into the next step
    /// when the timeline moves no view there either (`programScroll`), and is cut short by one
    /// that moves a view. The views keep the offsets asked for after the step.
    private mutating func addFollowingPrograms(
        _ v: Int, duration d: Double, before: [ViewState], _ motion: StepMotion
    ) {
        let start = time
        let end = start + d
        var scrolling = programScroll
        programScroll = nil
        let programs = before.indices.filter { before[$0].layout.nextScheduledEvent != nil }
        guard !programs.isEmpty || scrolling != nil else {
            steps.append(Step(start: start, duration: d, view: v, before: before, motion: motion))
            return
        }
        var current = before
        /// What layout `w` asks of the views at `t`, and when its code next runs.
        func asked(_ w: Int, at t: Double) -> (
            requests: [Int: (offset: Point, animated: Bool)], next: Double?
        ) {
            let layout = prepared(w, current[w], at: t)
            let published = layout.publishedState
            var requests: [Int: (offset: Point, animated: Bool)] = [:]
            for u in current.indices {
                let name = scene.views[u].name
                guard let p = PublishedStateKey.requestedContentOffset(name, in: [published]) else {
                    continue
                }
                requests[u] = (
                    data.pixelGrid.round(p),
                    published[PublishedStateKey.requestedContentOffsetAnimated(name)] == .bool(true)
                )
            }
            return (requests, layout.nextScheduledEvent)
        }
        // What each layout asked just before the step (the requests the action before took, or
        // left), found when first needed.
        var last: [Int: [Int: Point]] = [:]
        func lastAsked(_ w: Int) -> [Int: Point] {
            if let known = last[w] { return known }
            let known = asked(w, at: max(0, start - 1e-6)).requests.mapValues(\.offset)
            last[w] = known
            return known
        }
        var next: Double?
        for w in programs {
            let (requests, n) = asked(w, at: max(0, start - 1e-6))
            last[w] = requests.mapValues(\.offset)
            if let n { next = min(next ?? n, n) }
        }
        // The part of the step under way: from `segment.start`, with `segment.before`.
        var segment = (start: start, before: current, view: v, motion: motion)
        if let s = scrolling { segment.view = s.view }
        func close(at t: Double) {
            if t > segment.start {
                var motion = segment.motion
                if let s = scrolling {
                    motion = .scroll(
                        from: s.from, to: s.to, curve: AnimatedScroll.curve, length: AnimatedScroll.duration,
                        elapsed: segment.start - s.start)
                }
                steps.append(
                    Step(
                        start: segment.start, duration: t - segment.start, view: segment.view,
                        before: segment.before, motion: motion))
            }
        }
        /// Takes what the layouts `askers` ask at `t` that differs from what they asked before.
        func take(at t: Double, from askers: [Int]) {
            var changes: [(view: Int, offset: Point, animated: Bool)] = []
            for w in askers {
                let before = lastAsked(w)
                let (requests, n) = asked(w, at: t)
                for (u, r) in requests.sorted(by: { $0.key < $1.key }) where before[u] != r.offset {
                    changes.append((u, r.offset, r.animated))
                }
                last[w] = requests.mapValues(\.offset)
                if let n, n > t { next = min(next ?? n, n) }
            }
            for change in changes where change.offset != current[change.view].offset {
                close(at: t)
                // A running scroll of the same view stops where it is now, and the new one
                // starts there; one of another view ends at its offset (a step moves one view).
                if let s = scrolling {
                    if s.view == change.view {
                        current[s.view].offset = data.pixelGrid.round(s.offset(at: t))
                    }
                    scrolling = nil
                }
                if change.animated {
                    scrolling = ProgramScroll(
                        view: change.view, from: current[change.view].offset, to: change.offset, start: t)
                    current[change.view].offset = change.offset
                    segment = (t, current, change.view, .still)
                } else {
                    current[change.view].offset = change.offset
                    segment = (t, current, v, motion)
                }
            }
        }
        var told: Set<Int> = []
        var probes = 0
        let limit = Int(d * Planner.programProbesPerSecond) + 16
        while probes < limit {
            let scrollEnd = scrolling.map { $0.start + AnimatedScroll.duration }
            if let e = scrollEnd, e <= end, e <= next ?? .infinity, let s = scrolling {
                // The scroll has reached its end: the view rests there, and the delegate hears it.
                close(at: e)
                scrolling = nil
                current[s.view].layout.collectionViewDidEndScrollingAnimation(
                    cvState(s.view, current[s.view], at: e))
                told.insert(s.view)
                segment = (e, current, v, motion)
                take(at: e, from: Array(current.indices))
            } else if let t = next, t < end {
                probes += 1
                next = nil
                take(at: t, from: programs)
            } else {
                break
            }
        }
        close(at: end)
        // A scroll still running goes on into the next step if that moves no view; the view
        // is where it was asked.
        programScroll = scrolling
        for u in current.indices where current[u].offset != before[u].offset || told.contains(u) {
            states[u].offset = current[u].offset
            if told.contains(u) { states[u].layout = current[u].layout }
        }
    }

    static func isWait(_ action: TimelineAction) -> Bool {
        if case .wait = action.kind { return true }
        return false
    }

    /// A program's animated scroll of view `view` from `from` to `to`, begun at `start`.
    struct ProgramScroll {
        var view: Int
        var from: Point
        var to: Point
        var start: Double

        /// Where it has come at `t`.
        func offset(at t: Double) -> Point {
            let p = AnimatedScroll.curve.progress(min(1, max(0, (t - start) / AnimatedScroll.duration)))
            return Point(x: from.x + (to.x - from.x) * p, y: from.y + (to.y - from.y) * p)
        }
    }

    mutating func run(_ action: TimelineAction) throws(FrameGenError) {
        // A program's animated scroll goes on through a wait; any other action stops it where
        // it has come (a touch stops UIKit's animated scroll there).
        if let s = programScroll, !Planner.isWait(action) {
            // One that has not moved a pixel yet (the action comes at the instant the program
            // asked) leaves the view where the program set it, as the program's objects have it.
            let at = data.pixelGrid.round(s.offset(at: time))
            states[s.view].offset = at == s.from ? s.to : at
            programScroll = nil
        }
        try perform(action)
        let v = scene.viewIndex(for: action)
        shareData(from: v)
        // The view a scroll, drag or fling moved rests where its physics left it.
        switch action.kind {
        case .scroll, .drag, .fling: settle(after: v)
        default: settle(after: nil)
        }
    }

    /// The views of a scene show one data source: after a batch update of one view, the others
    /// take its data (without animation) and keep their offset within range.
    mutating func shareData(from v: Int) {
        for w in states.indices where w != v && states[w].dataSource != states[v].dataSource {
            states[w].dataSource = states[v].dataSource
            states[w].identity = states[v].identity
            let layout = prepared(w, states[w], at: time)
            states[w].offset = data.pixelGrid.round(
                OffsetRange(
                    contentSize: layout.collectionViewContentSize, size: states[w].size,
                    inset: states[w].inset
                ).clamp(states[w].offset))
        }
    }

    mutating func perform(_ action: TimelineAction) throws(FrameGenError) {
        let v = scene.viewIndex(for: action)
        let t = time
        switch action.kind {
        case .wait(let d):
            add(v, duration: d, before: states, .still)
        case .scroll(let to, let d, let curve):
            let clamped = range(v, states[v], at: t).clamp(to)
            if clamped != to {
                warnings.append(
                    "\(action.keyPath).scroll.to: \(numbersText(to)) is outside the offsets the content allows; it scrolls to \(numbersText(clamped))"
                )
            }
            let target = data.pixelGrid.round(clamped)
            let before = states
            add(v, duration: d, before: before, .scroll(from: states[v].offset, to: target, curve: curve))
            states[v].offset = target
            // setContentOffset(_:animated: true) tells the delegate when it ends.
            if d > 0 {
                states[v].layout.collectionViewDidEndScrollingAnimation(cvState(v, states[v], at: time))
            }
        case .drag(let by, let d, let curve, let at):
            let centre = Point(x: states[v].size.width / 2, y: states[v].size.height / 2)
            if offer(v, .drag(by: by), at: at ?? centre, duration: d, curve: curve) { return }
            if let at, let section = orthogonalScrollView(v, at: at, by: by) {
                dragSection(v, section, by: by, duration: d, curve: curve)
            } else {
                if !drag(v, by: by, duration: d, curve: curve) {
                    warnings.append(
                        "\(action.keyPath).drag: the content fits the view, so nothing moves, as on iOS; alwaysBounceVertical: true (or alwaysBounceHorizontal) on the view lets it rubber-band"
                    )
                }
            }
        case .fling(let velocity, let rate):
            let centre = Point(x: states[v].size.width / 2, y: states[v].size.height / 2)
            if offer(v, .fling(velocity: velocity), at: centre, duration: 0, curve: .linear) { return }
            let axes = scrollableAxes(v, states[v], at: t)
            // Along an axis that cannot move, the release has nothing to carry.
            let velocity = Point(x: axes.x ? velocity.x : 0, y: axes.y ? velocity.y : 0)
            guard velocity != .zero else { return }
            // A fling is a flick: UIKit has no release without a touch that moved the content, so
            // the finger travels at the release velocity for one screen refresh before it lifts
            // (docs/scene.md, `fling`). A layout that compares the offset at the release with the
            // one it kept (a banner's page in targetContentOffset) sees the view move, as on iOS.
            let flick = 1.0 / 60
            drag(
                v, by: Point(x: -velocity.x * flick, y: -velocity.y * flick), duration: flick, curve: .linear,
                rate: rate)
        case .rotate(let target, let d, let curve):
            if let name = action.view, scene.views.count > 1 {
                warnings.append(
                    "\(action.keyPath).view: a rotation turns the window with every view in it; naming \(name) changes nothing"
                )
            }
            rotate(to: target, duration: d, curve: curve)
        case .delete(let items, let d, let curve):
            try update(v, items.map(UpdateItem.delete), action: action, duration: d, curve: curve)
        case .insert(let items, let d, let curve):
            try update(v, items.map(UpdateItem.insert), action: action, duration: d, curve: curve)
        case .move(let from, let to, let d, let curve):
            try update(v, [UpdateItem.move(from: from, to: to)], action: action, duration: d, curve: curve)
        case .tap(let target, let d, let count, let hold):
            try tap(v, target, duration: d, count: count, hold: hold, action: action)
        case .pinch(let scale, let center, let d, let curve):
            let c = center ?? Point(x: states[v].size.width / 2, y: states[v].size.height / 2)
            if offer(v, .pinch(scale: scale), at: c, duration: d, curve: curve) { return }
            if FlowZoom.applies(to: states[v].layout) {
                try zoom(v, scale: scale, center: c, duration: d, curve: curve, action: action)
                return
            }
            guard let pinchScale = states[v].layout as? PinchLayout else {
                throw FrameGenError.badInput(
                    scene.file,
                    "\(action.keyPath).pinch: the \(scene.views[v].layoutType) layout has no pinch, and no pinch gesture recogniser of its views took it; use the flow, photos or pinch layout"
                )
            }
            var to = states[v].parameters
            if pinchScale.pinchScale * scale > PinchLayout.maximumPinchScale {
                warnings.append(
                    "\(action.keyPath).pinch.scale: pinchScale would be \(CustomValue.number(pinchScale.pinchScale * scale)); it stops at \(CustomValue.number(PinchLayout.maximumPinchScale))"
                )
            }
            to["pinchScale"] = .number(
                min(max(pinchScale.pinchScale * scale, 0), PinchLayout.maximumPinchScale))
            to["pinchCenter"] = .numbers([c.x + states[v].offset.x, c.y + states[v].offset.y])
            // The first pinch starts from the layout's defaults (scale 1), not from its target.
            var from = withDefaults(v, states[v].parameters)
            if from["pinchCenter"] == nil { from["pinchCenter"] = to["pinchCenter"] }
            add(v, duration: d, before: states, .parameters(from: from, to: to, curve: curve))
            try setParameters(v, to, action: action)
        case .set(let values, let d, let curve):
            let old = states[v]
            var params = old.parameters
            for (k, value) in values { params[k] = value }
            try setParameters(v, params, action: action)
            var new = states[v]
            new.offset = data.pixelGrid.round(range(v, new, at: t).clamp(new.offset))
            states[v] = old
            transition(v, from: old, to: new, updates: [], duration: d, curve: curve)
        }
    }

    mutating func setParameters(_ v: Int, _ params: [String: CustomValue], action: TimelineAction)
        throws(FrameGenError)
    {
        let descriptor = scene.views[v].layout
        let type = descriptor.type
        for key in params.keys where !descriptor.parameters.contains(where: { $0.name == key }) {
            var message = "\(action.keyPath): the \(type) layout has no parameter \"\(key)\""
            if let close = closestName(to: key, in: descriptor.parameters.map(\.name)) {
                message += " (did you mean \"\(close)\"?)"
            }
            throw .badInput(scene.file, message)
        }
        do {
            var layout = try descriptor.make(params)
            layout.adoptState(of: states[v].layout)
            states[v].layout = layout
        } catch {
            throw .badInput(
                scene.file,
                "\(action.keyPath).\(error.parameter): found \(error.found), expected \(error.expected)")
        }
        states[v].parameters = params
    }

    /// Parameters with every unset one at its layout's default, so that an animation of a
    /// parameter the scene never set starts from the value the layout was using.
    func withDefaults(_ v: Int, _ p: [String: CustomValue]) -> [String: CustomValue] {
        var out = p
        for parameter in scene.views[v].layout.parameters {
            if out[parameter.name] == nil, let d = parameter.defaultValue { out[parameter.name] = d }
        }
        return out
    }

    /// Pinch-to-zoom on a flow grid (FlowZoom).
    mutating func zoom(
        _ v: Int, scale: Double, center c: Point, duration d: Double, curve: TimingCurve,
        action: TimelineAction
    ) throws(FrameGenError) {
        let t = time
        let s = states[v]
        let descriptor = scene.views[v].layout
        let layout = prepared(v, s, at: t)
        let flow = (layout as? FlowLayout) ?? (layout as? PhotosLayout)?.flow ?? FlowLayout()
        let vertical = flow.scrollDirection == .vertical
        let insets = flow.sectionInset
        let line =
            vertical
            ? s.size.width - s.inset.left - s.inset.right - insets.left - insets.right
            : s.size.height - s.inset.top - s.inset.bottom - insets.top - insets.bottom
        let zoomed = FlowZoom.zoomedSize(
            current: FlowZoom.itemSize(s.parameters, of: descriptor), scale: scale,
            base: FlowZoom.itemSize(scene.views[v].layoutParameters, of: descriptor), line: line,
            vertical: vertical)
        var to = s.parameters
        to["itemSize"] = .numbers([zoomed.size.width, zoomed.size.height])
        if zoomed.clamped {
            warnings.append(
                "\(action.keyPath).pinch.scale: the zoom is clamped (0.25x to 4x the scene's itemSize, at most the line); itemSize becomes \(numbersText(Point(x: zoomed.size.width, y: zoomed.size.height)))"
            )
        }
        // The item under the fingers: the one hit, else the nearest.
        let content = Point(x: c.x + s.offset.x, y: c.y + s.offset.y)
        let cells = layout.layoutAttributesForElements(in: s.bounds).filter {
            $0.representedElementCategory == .cell
        }
        func distance(_ a: LayoutAttributes) -> Double {
            let f = a.frame
            let dx = max(f.minX - content.x, 0, content.x - f.maxX)
            let dy = max(f.minY - content.y, 0, content.y - f.maxY)
            return dx * dx + dy * dy
        }
        let anchor = cells.min(by: { distance($0) < distance($1) })
        var fraction = Point(x: 0.5, y: 0.5)
        if let f = anchor?.frame, f.width > 0, f.height > 0 {
            fraction = Point(
                x: min(max((content.x - f.minX) / f.width, 0), 1),
                y: min(max((content.y - f.minY) / f.height, 0), 1))
        }
        let motion = FlowZoom(
            from: withDefaults(v, s.parameters), to: to, curve: curve, anchor: anchor?.indexPath,
            fraction: fraction, center: c)
        add(v, duration: d, before: states, .zoom(motion))
        try setParameters(v, to, action: action)
        states[v].offset = data.pixelGrid.round(
            motion.state(s, progress: 1, view: v, data: data, time: time).offset)
    }

    // MARK: Scrolling

    /// Returns false when nothing could move (the content fits the view along every axis).
    @discardableResult
    mutating func drag(
        _ v: Int, by: Point, duration d: Double, curve: TimingCurve,
        rate deceleration: DecelerationRate? = nil
    ) -> Bool {
        let t = time
        var s = states[v]
        let (scrollsX, scrollsY) = scrollableAxes(v, s, at: t)
        guard scrollsX || scrollsY else {
            // UIScrollView's pan does not begin where nothing can move: no delegate call, no
            // motion, the finger's time passes.
            add(v, duration: d, before: states, .still)
            return false
        }
        s.layout.collectionViewWillBeginDragging(cvState(v, s, at: t))
        let r = range(v, s, at: t)
        let dragX =
            scrollsX
            ? ScrollDrag(
                startOffset: s.offset.x, minOffset: r.minX, maxOffset: r.maxX, dimension: s.size.width) : nil
        let dragY =
            scrollsY
            ? ScrollDrag(
                startOffset: s.offset.y, minOffset: r.minY, maxOffset: r.maxY, dimension: s.size.height) : nil
        // The finger's velocity at the end; the content moves the other way.
        let rate = curve.slope(at: 1, over: d)
        let velocity = Point(x: scrollsX ? -by.x * rate : 0, y: scrollsY ? -by.y * rate : 0)
        var released = s
        released.layout.replayScrollSteps(from: t, to: t + d) { u in
            var at = s
            at.offset = data.pixelGrid.round(
                DragMotion.offset(
                    x: dragX, y: dragY, by: by, progress: curve.progress((u - t) / d), from: s.offset))
            return cvState(v, at, at: u)
        }
        released.offset = DragMotion.offset(x: dragX, y: dragY, by: by, progress: 1, from: s.offset)
        let releaseTime = t + d
        let release = releaseMotion(v, &released, velocity: velocity, rate: deceleration, at: releaseTime)
        released.layout.collectionViewDidEndDragging(
            cvState(v, released, at: releaseTime), willDecelerate: velocity != .zero)
        var before = states
        before[v] = s
        add(
            v, duration: d + release.duration, before: before,
            .drag(
                DragMotion(
                    x: dragX, y: dragY, by: by, dragDuration: d, curve: curve, released: released,
                    release: release)))
        released.layout.replayScrollSteps(from: releaseTime, to: time) { [released] u in
            var at = released
            at.offset = data.pixelGrid.round(release.offset(at: u - releaseTime))
            return cvState(v, at, at: u)
        }
        released.offset = data.pixelGrid.round(release.restOffset)
        released.layout.collectionViewDidEndDecelerating(cvState(v, released, at: time))
        states[v] = released
        return true
    }

    /// The section that scrolls on its own under the finger at `point` (the view's coordinates),
    /// when the drag goes mostly along that section's axis, as UIKit's directional lock gives a
    /// drag to the inner scroll view; nil: the drag scrolls the view.
    func orthogonalScrollView(_ v: Int, at point: Point, by: Point) -> OrthogonalScrollView? {
        let s = states[v]
        let content = Point(x: point.x + s.offset.x, y: point.y + s.offset.y)
        guard let section = prepared(v, s, at: time).orthogonalScrollView(at: content) else { return nil }
        let along = section.horizontal ? abs(by.x) : abs(by.y)
        let across = section.horizontal ? abs(by.y) : abs(by.x)
        return along > across ? section : nil
    }

    /// A drag of a section that scrolls on its own: its offset follows the finger along its axis
    /// (rubber-banding past its ends), then the release rests where the section's behaviour says.
    mutating func dragSection(
        _ v: Int, _ section: OrthogonalScrollView, by: Point, duration d: Double, curve: TimingCurve
    ) {
        let start = states[v].orthogonalOffsets[section.section] ?? 0
        let drag = ScrollDrag(
            startOffset: start, minOffset: section.minOffset, maxOffset: section.maxOffset,
            dimension: section.length)
        let finger = section.horizontal ? by.x : by.y
        let velocity = -finger * curve.slope(at: 1, over: d)
        let end = drag.offset(forTranslation: -finger)
        let rate = section.decelerationRate
        let natural = Deceleration(startOffset: end, velocity: velocity, rate: rate).restOffset
        let target: ScrollMotion.Target =
            section.pageSize.map { .paging(pageSize: $0) }
            ?? section.target(natural: natural, offset: end, velocity: velocity).map { .offset($0) }
            ?? .natural
        let release = ScrollMotion(
            offset: end, velocity: velocity, minOffset: section.minOffset, maxOffset: section.maxOffset,
            decelerationRate: rate, target: target, screenScale: scene.canvas.scale)
        add(
            v, duration: d + release.duration, before: states,
            .sectionDrag(
                SectionDrag(
                    section: section.section, drag: drag, by: finger, dragDuration: d, curve: curve,
                    release: release)))
        states[v].orthogonalOffsets[section.section] = data.pixelGrid.round(release.restOffset)
    }

    /// The motion after a release at `s.offset` with `velocity`: paging, the layout's snapping
    /// target, or the natural deceleration (Motion's ScrollMotion per axis). The rate is a
    /// fling's own, else the one the layout asks for, else the view's; paging likewise. The
    /// target is asked of the layout that goes on (`collectionViewWillEndDragging`), as UIKit
    /// asks it once at the release, before `scrollViewDidEndDragging`.
    func releaseMotion(
        _ v: Int, _ s: inout ViewState, velocity: Point, rate: DecelerationRate?, at t: Double
    ) -> ReleaseMotion {
        let layout = prepared(v, s, at: t)
        let settings = ScrollSettings(scene.views[v], asked: layout.publishedState)
        let rate = rate ?? settings.decelerationRate
        let r = OffsetRange(
            contentSize: layout.collectionViewContentSize, size: s.size, inset: s.inset)
        let natural = Point(
            x: Deceleration(startOffset: s.offset.x, velocity: velocity.x, rate: rate).restOffset,
            y: Deceleration(startOffset: s.offset.y, velocity: velocity.y, rate: rate).restOffset)
        let snapped = s.layout.collectionViewWillEndDragging(
            cvState(v, s, at: t), proposedContentOffset: natural, velocity: velocity)
        func target(_ naturalValue: Double, _ snappedValue: Double, page: Double) -> ScrollMotion.Target {
            if settings.isPagingEnabled { return .paging(pageSize: page) }
            return snappedValue == naturalValue ? .natural : .offset(snappedValue)
        }
        return ReleaseMotion(
            x: ScrollMotion(
                offset: s.offset.x, velocity: velocity.x, minOffset: r.minX, maxOffset: r.maxX,
                decelerationRate: rate,
                target: target(natural.x, snapped.x, page: s.size.width), screenScale: scene.canvas.scale),
            y: ScrollMotion(
                offset: s.offset.y, velocity: velocity.y, minOffset: r.minY, maxOffset: r.maxY,
                decelerationRate: rate,
                target: target(natural.y, snapped.y, page: s.size.height), screenScale: scene.canvas.scale))
    }

    /// The axes a drag or fling moves the view along: those whose content is longer than the
    /// view (within its insets), and those it always bounces along (`alwaysBounceVertical`,
    /// `alwaysBounceHorizontal`, the scene's or the program's; a table view's vertical one).
    func scrollableAxes(_ v: Int, _ s: ViewState, at t: Double) -> (x: Bool, y: Bool) {
        let r = range(v, s, at: t)
        let settings = ScrollSettings(scene.views[v], asked: prepared(v, s, at: t).publishedState)
        return (
            r.maxX > r.minX || settings.alwaysBounceHorizontal,
            r.maxY > r.minY || settings.alwaysBounceVertical
        )
    }

    /// Offers a drag, pinch or fling to the layout's own views (a UIKit program's gesture
    /// recognisers) before the engine scrolls or zooms: true when they took it, and the layout
    /// then drives the frames for as long as it says (the gesture and what it set off). Either
    /// way the layout heard it: recognisers that run beside a scroll (simultaneous recognition)
    /// keep their part.
    mutating func offer(
        _ v: Int, _ kind: TouchGesture.Kind, at location: Point, duration d: Double, curve: TimingCurve
    ) -> Bool {
        let t = time
        var s = states[v]
        let gesture = TouchGesture(kind: kind, location: location, duration: d, curve: curve)
        let taken = s.layout.collectionViewDidReceive(gesture, cvState(v, s, at: t))
        states[v] = s
        guard let taken else { return false }
        add(v, duration: max(d, taken), before: states, .layoutDriven)
        return true
    }

    // MARK: Taps

    mutating func tap(
        _ v: Int, _ target: TimelineAction.TapTarget, duration: Double?, count: Int = 1, hold: Double = 0,
        action: TimelineAction
    ) throws(FrameGenError) {
        let t = time
        var s = states[v]
        let layout = prepared(v, s, at: t)
        let indexPath: IndexPath
        var touch: Point?
        switch target {
        case .item(let ip):
            guard s.dataSource.contains(ip) else {
                throw .badInput(scene.file, "\(action.keyPath).tap.item: there is no item \(ip)")
            }
            indexPath = ip
            // A finger touches what is on top: the item's centre when no cell covers it, else a
            // point of it that none covers. An item not drawn here (off screen, hidden) is
            // tapped as the scene names it.
            let visibility = data.visibility(
                view: v, frame: s.frame, bounds: s.bounds, sublayerTransform: layout.sublayerTransform)
            let drawn = visibility.elements(of: layout, minimumPad: data.minimumPad(view: v))
            if let i = drawn.firstIndex(where: {
                $0.representedElementCategory == .cell && $0.indexPath == ip
            }) {
                let a = drawn[i]
                let centre = visibility.drawnPoint(of: a, Point(x: a.size.width / 2, y: a.size.height / 2))
                if visibility.hits(a, at: centre) {
                    guard let p = visibility.topmostPoint(of: i, in: drawn, order: layout.drawingOrder) else {
                        warnings.append(
                            "\(action.keyPath).tap.item: item \(ip) is covered by other cells everywhere; the tap does nothing"
                        )
                        add(v, duration: duration ?? hold, before: states, .still)
                        return
                    }
                    if p != centre { touch = Point(x: p.x + s.offset.x, y: p.y + s.offset.y) }
                }
            }
        case .point(let p):
            let content = Point(x: p.x + s.offset.x, y: p.y + s.offset.y)
            // UIKit's hitTest: through each cell's transform, the topmost as drawn wins.
            let visibility = data.visibility(
                view: v, frame: s.frame, bounds: s.bounds, sublayerTransform: layout.sublayerTransform)
            let drawn = visibility.elements(of: layout, minimumPad: data.minimumPad(view: v))
            let order = layout.drawingOrder
            let hits = drawn.indices.filter {
                drawn[$0].representedElementCategory == .cell && visibility.hits(drawn[$0], at: p)
            }
            guard
                let top = hits.max(by: {
                    order.key(drawn[$0], position: $0) < order.key(drawn[$1], position: $1)
                }).map({ drawn[$0] })
            else {
                // A tap on nothing does nothing, as in UIKit.
                warnings.append(
                    "\(action.keyPath).tap.at: \(numbersText(p)) hits no cell; the tap does nothing")
                add(v, duration: duration ?? hold, before: states, .still)
                return
            }
            indexPath = top.indexPath
            touch = content
        }
        s.layout = layout
        var tapped = cvState(v, s, at: t)
        tapped.touchLocation = touch
        tapped.touchTapCount = count
        tapped.touchHold = hold
        if s.layout.collectionViewDidTapItem(at: indexPath, tapped) {
            // A held finger lifts before the action ends.
            let d = duration ?? max(hold, (s.layout.animationEndTime ?? t) - t)
            var before = states
            before[v] = s
            states[v] = s
            add(v, duration: d, before: before, .layoutDriven)
            return
        }
        // docs/design/motion.md §6: without tap behaviour, the item scrolls to the centre.
        guard let item = layout.layoutAttributesForItem(at: indexPath) else { return }
        let target = data.pixelGrid.round(
            range(v, s, at: t).clamp(
                Point(x: item.center.x - s.size.width / 2, y: item.center.y - s.size.height / 2)))
        let before = states
        add(
            v, duration: duration ?? AnimatedScroll.duration, before: before,
            .scroll(from: s.offset, to: target, curve: AnimatedScroll.curve))
        states[v].offset = target
        states[v].layout.collectionViewDidEndScrollingAnimation(cvState(v, states[v], at: time))
    }

    // MARK: Rotation

    /// docs/design/motion.md §5: the window turns, so every view does at once: each takes its
    /// frame in the turned window, its layout is invalidated for the new bounds and asked where
    /// the content offset should go (the Photos preview keeps its photo), the offsets views ask
    /// of each other are applied, and every element of every view animates to its new place.
    mutating func rotate(to target: TimelineAction.RotationTarget, duration d: Double, curve: TimingCurve) {
        let t = time
        let size = states[0].window
        let long = max(size.width, size.height)
        let short = min(size.width, size.height)
        let window: Size
        switch target {
        case .landscape: window = Size(width: long, height: short)
        case .portrait: window = Size(width: short, height: long)
        case .size(let s): window = s
        }
        let old = states
        var new = states
        for v in states.indices {
            new[v].frame = data.frame(ofView: v, windowSize: window)
            new[v].window = window
            var layout = prepared(v, old[v], at: t)
            _ = layout.shouldInvalidateLayout(forBoundsChange: new[v].bounds)
            layout.invalidateLayout()
            new[v].layout = layout
            layout.prepare(cvState(v, new[v], at: t))
            let proposed = layout.targetContentOffset(forProposedContentOffset: old[v].offset)
            new[v].offset = data.pixelGrid.round(
                OffsetRange(
                    contentSize: layout.collectionViewContentSize, size: new[v].size,
                    inset: new[v].inset
                ).clamp(proposed))
        }
        // The insets and offsets the views ask of each other in the new bounds (the strip
        // centres its focus in its new width and follows the preview's page), so that the
        // rotation ends where they stay rather than jumping after it.
        states = new
        settle(after: nil)
        new = states
        states = old
        var transitions: [Int: Transition] = [:]
        var after = states
        for v in states.indices {
            // UIKit changes the bounds inside the rotation's animation: a layout that draws its
            // own views animates them from there (docs/uikit.md "Animations").
            (transitions[v], after[v]) = makeTransition(
                v, from: old[v], to: new[v], updates: [], curve: curve,
                boundsAnimation: d > 0 ? .init(duration: d, curve: curve) : nil)
        }
        add(0, duration: d, before: states, .transitions(transitions))
        states = after
    }

    // MARK: Batch updates

    mutating func update(
        _ v: Int, _ items: [UpdateItem], action: TimelineAction, duration d: Double, curve: TimingCurve
    )
        throws(FrameGenError)
    {
        let t = time
        let old = states[v]
        var new = old
        // The data change, with identities following their items.
        var sections = old.dataSource.sections.map {
            $0.items.enumerated().map {
                (old.identity[IndexPath(item: $0.offset, section: 0)] ?? 0, $0.element)
            }
        }
        for (s, section) in old.dataSource.sections.enumerated() {
            sections[s] = section.items.indices.map { i in
                (old.identity[IndexPath(item: i, section: s)] ?? 0, section.items[i])
            }
        }
        let deletes = items.compactMap(\.indexPathBeforeUpdate).filter { _ in true }
        for item in items {
            if let b = item.indexPathBeforeUpdate, !old.dataSource.contains(b) {
                throw .badInput(
                    scene.file, "\(action.keyPath): there is no item \(b) to \(item.updateAction)")
            }
        }
        // UIKit's order: deletes (highest first), then inserts (lowest first); a move is both.
        var moved: [IndexPath: (Int, CollectionViewDataSource.Item)] = [:]
        for b in deletes.sorted(by: >) {
            let removed = sections[b.section].remove(at: b.item)
            moved[b] = removed
        }
        var identityCounter = nextIdentity
        for item in items.sorted(by: {
            ($0.indexPathAfterUpdate ?? IndexPath(item: 0, section: 0))
                < ($1.indexPathAfterUpdate ?? IndexPath(item: 0, section: 0))
        }) {
            guard let a = item.indexPathAfterUpdate else { continue }
            guard a.section < sections.count, a.item <= sections[a.section].count else {
                throw .badInput(
                    scene.file,
                    "\(action.keyPath): cannot \(item.updateAction) at \(a), past the end of its section")
            }
            if let b = item.indexPathBeforeUpdate, let entry = moved[b] {
                sections[a.section].insert(entry, at: a.item)
            } else {
                sections[a.section].insert(
                    (identityCounter, try SceneData.item(scene, imageIndex: identityCounter)), at: a.item)
                identityCounter += 1
            }
        }
        nextIdentity = identityCounter
        new.dataSource = CollectionViewDataSource(
            sections: sections.enumerated().map { s, entries in
                CollectionViewDataSource.Section(
                    items: entries.map(\.1), title: old.dataSource.sections[s].title)
            }, photos: old.dataSource.photos)
        new.identity = [:]
        for (s, entries) in sections.enumerated() {
            for (i, entry) in entries.enumerated() { new.identity[IndexPath(item: i, section: s)] = entry.0 }
        }
        // A layout may animate the update itself, still showing the old data (the thumbnails'
        // two-phase delete); the data changes at its end.
        var driving = prepared(v, old, at: t)
        if let own = driving.collectionViewWillPerformBatchUpdates(items, cvState(v, old, at: t)) {
            var before = states
            before[v].layout = driving
            add(v, duration: own, before: before, .layoutDriven)
            new.layout = driving
            new.layout.prepare(cvState(v, new, at: time))
            new.layout.prepare(forCollectionViewUpdates: items)
            new.layout.finalizeCollectionViewUpdates()
            new.offset = data.pixelGrid.round(range(v, new, at: time).clamp(new.offset))
            states[v] = new
            // The original then calls deleteItems on both collections: the strip without
            // animation, the other views (the preview) with their layout's update animation, one
            // after the other.
            for w in states.indices where w != v {
                var other = states[w]
                other.dataSource = new.dataSource
                other.identity = new.identity
                var layout = other.layout
                layout.prepare(cvState(w, other, at: time))
                other.layout = layout
                other.offset = data.pixelGrid.round(
                    OffsetRange(
                        contentSize: layout.collectionViewContentSize, size: other.size, inset: other.inset
                    ).clamp(other.offset))
                // The action's duration and curve (default 0.3 s easeInEaseOut), which the
                // strip's own two-phase animation does not use.
                transition(w, from: states[w], to: other, updates: items, duration: d, curve: curve)
            }
            return
        }
        new.layout = driving
        new.layout.prepare(cvState(v, new, at: t))
        new.offset = data.pixelGrid.round(
            OffsetRange(
                contentSize: new.layout.collectionViewContentSize, size: new.size,
                inset: new.inset
            ).clamp(new.offset))
        transition(v, from: old, to: new, updates: items, duration: d, curve: curve)
    }

    /// Animates every element from `old` to `new` (docs/design/motion.md §4, §5): survivors (cells,
    /// supplementary and decoration views alike) from their old to their new attributes,
    /// appearing ones from the layout's initial attributes, disappearing ones to its final
    /// attributes (defaults: fades).
    mutating func transition(
        _ v: Int, from old: ViewState, to new: ViewState, updates: [UpdateItem], duration d: Double,
        curve: TimingCurve
    ) {
        let (tr, after) = makeTransition(v, from: old, to: new, updates: updates, curve: curve)
        if !updates.isEmpty, after.layout.movesItsOwnUpdates {
            // The data changed at once; the layout's own motion (its springs) plays from there.
            var before = states
            before[v] = after
            add(v, duration: d, before: before, .still)
        } else {
            add(v, duration: d, before: states, .transitions([v: tr]))
        }
        states[v] = after
    }

    /// The animation of view `v` from `old` to `new`, and the view after it.
    func makeTransition(
        _ v: Int, from old: ViewState, to new: ViewState, updates: [UpdateItem], curve: TimingCurve,
        boundsAnimation: CollectionViewState.BoundsAnimation? = nil
    ) -> (Transition, ViewState) {
        let t = time
        let oldLayout = prepared(v, old, at: t)
        var newLayout = new.layout
        var state = cvState(v, new, at: t)
        state.boundsAnimation = boundsAnimation
        newLayout.prepare(state)
        if !updates.isEmpty { newLayout.prepare(forCollectionViewUpdates: updates) }
        func key(_ a: LayoutAttributes, _ identity: [IndexPath: Int]) -> ElementKey {
            a.representedElementCategory == .cell
                ? .cell(identity[a.indexPath] ?? -1)
                : .other(a.representedElementCategory, a.representedElementKind ?? "", a.indexPath)
        }
        var from: [ElementKey: LayoutAttributes] = [:]
        var to: [ElementKey: LayoutAttributes] = [:]
        var order: [ElementKey] = []
        let oldPaths = Dictionary(old.identity.map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let newPaths = Dictionary(new.identity.map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        for a in data.elementsNear(view: v, oldLayout, frame: old.frame, bounds: old.bounds) {
            let k = key(a, old.identity)
            if from[k] == nil { order.append(k) }
            from[k] = a
        }
        for a in data.elementsNear(view: v, newLayout, frame: new.frame, bounds: new.bounds) {
            let k = key(a, new.identity)
            if from[k] == nil && to[k] == nil { order.append(k) }
            to[k] = a
        }
        for k in order {
            if from[k] == nil, let b = to[k] {
                // Appearing: a survivor from outside the old rect, or an inserted element.
                if case .cell(let id) = k, let p = oldPaths[id],
                    let a = oldLayout.layoutAttributesForItem(at: p)
                {
                    from[k] = a
                } else if case .cell = k {
                    from[k] = newLayout.initialLayoutAttributesForAppearingItem(at: b.indexPath) ?? faded(b)
                } else {
                    from[k] =
                        counterpart(b, in: oldLayout)
                        ?? newLayout.initialLayoutAttributesForAppearingSupplementaryElement(
                            ofKind: b.representedElementKind ?? "", at: b.indexPath) ?? faded(b)
                }
            } else if to[k] == nil, let a = from[k] {
                if case .cell(let id) = k, let p = newPaths[id],
                    let b = newLayout.layoutAttributesForItem(at: p)
                {
                    to[k] = b
                } else if case .cell = k {
                    to[k] =
                        newLayout.finalLayoutAttributesForDisappearingItem(at: a.indexPath, current: a)
                        ?? faded(a)
                } else {
                    to[k] =
                        counterpart(a, in: newLayout)
                        ?? newLayout.finalLayoutAttributesForDisappearingSupplementaryElement(
                            ofKind: a.representedElementKind ?? "", at: a.indexPath, current: a) ?? faded(a)
                }
            }
        }
        var tr = Transition(
            from: from, to: to, order: order, fromBounds: old.bounds, toBounds: new.bounds,
            fromFrame: old.frame, toFrame: new.frame, window: new.window, curve: curve,
            sublayerTransform: newLayout.sublayerTransform, drawingOrder: newLayout.drawingOrder)
        var after = new
        if !updates.isEmpty { newLayout.finalizeCollectionViewUpdates() }
        after.layout = newLayout
        if newLayout.drawsOwnViews { tr.after = (newLayout, new.dataSource) }
        return (tr, after)
    }
}

/// A supplementary or decoration view as `layout` places it when it still exists there but
/// lies outside the rect asked: it moves to (or from) there, as a surviving cell does, rather
/// than fading in place while the cell it belongs to moves away (an album title under its
/// stack, a header over its section). nil for a cell, or a view that is gone or hidden.
private func counterpart(_ a: LayoutAttributes, in layout: any CollectionViewLayout) -> LayoutAttributes? {
    let kind = a.representedElementKind ?? ""
    let b: LayoutAttributes?
    switch a.representedElementCategory {
    case .cell: b = nil
    case .supplementaryView: b = layout.layoutAttributesForSupplementaryView(ofKind: kind, at: a.indexPath)
    case .decorationView: b = layout.layoutAttributesForDecorationView(ofKind: kind, at: a.indexPath)
    }
    guard let b, !b.isHidden else { return nil }
    return b
}

private func faded(_ a: LayoutAttributes) -> LayoutAttributes {
    var f = a
    f.alpha = 0
    return f
}

/// `[x, y]` as a scene would write it.
func numbersText(_ p: Point) -> String { CustomValue.numbers([p.x, p.y]).description }

/// A view's `decelerationRate` and `isPagingEnabled` for its releases: the scene's, unless its
/// layout asks for others (a UIKit program set them on its collection view).
struct ScrollSettings {
    var decelerationRate: DecelerationRate
    var isPagingEnabled: Bool
    var alwaysBounceVertical: Bool
    var alwaysBounceHorizontal: Bool

    init(_ view: SceneView, asked published: [String: CustomValue]) {
        decelerationRate = view.decelerationRate
        isPagingEnabled = view.pagingEnabled
        alwaysBounceVertical = view.alwaysBounceVertical
        alwaysBounceHorizontal = view.alwaysBounceHorizontal
        if case .bool(let b)? = published[PublishedStateKey.requestedAlwaysBounceVertical] {
            alwaysBounceVertical = b
        }
        if case .bool(let b)? = published[PublishedStateKey.requestedAlwaysBounceHorizontal] {
            alwaysBounceHorizontal = b
        }
        if case .number(let r)? = published[PublishedStateKey.requestedDecelerationRate],
            let rate = DecelerationRate(rawValue: r)
        {
            decelerationRate = rate
        }
        if case .bool(let paging)? = published[PublishedStateKey.requestedPagingEnabled] {
            isPagingEnabled = paging
        }
    }
}
