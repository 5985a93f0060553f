import FrameGenGeometry
import FrameGenLayout
import FrameGenMotion

/// The longest single action; a typo of a few zeros should not render for hours.
private let maxActionDuration = 600.0

extension TimelineAction {
    /// Every action's name and the keys of its parameter mapping (`wait` takes a number); any
    /// of them may also hold `view`. The parser and the schema test both read this table.
    static let parameterKeys: [(action: String, keys: [String])] = [
        ("wait", []),
        ("scroll", ["to", "duration", "curve"]),
        ("drag", ["by", "duration", "curve", "at"]),
        ("fling", ["velocity", "rate"]),
        ("rotate", ["to", "duration", "curve"]),
        ("delete", ["items", "duration", "curve"]),
        ("insert", ["items", "duration", "curve"]),
        ("move", ["from", "to", "duration", "curve"]),
        ("tap", ["item", "at", "duration", "count", "hold"]),
        ("pinch", ["scale", "center", "duration", "curve"]),
        ("set", ["layout", "duration", "curve"]),
    ]
}

extension TimingCurve {
    /// The preset names `TimingCurve(name:)` knows, for suggestions and the schema.
    static let sceneNames = ["linear", "easeIn", "easeOut", "easeInEaseOut", "default"]
    static let sceneKeys = ["cubic", "spring"]
    static let springKeys = ["damping", "velocity", "mass", "stiffness"]
}

/// One timeline entry: a mapping with one action key (and optionally `view`), or `wait: N`.
func parseAction(_ node: DocumentNode) throws(FrameGenError) -> TimelineAction {
    let actions = TimelineAction.parameterKeys.map(\.action)
    let m = try node.map("an action such as {scroll: {...}}")
    try m.check(allowed: actions + ["view"])
    let present = m.keys.filter { $0 != "view" }
    guard present.count == 1, let name = present.first, let body = m[name] else {
        throw node.problem(
            "expected exactly one action (\(actions.joined(separator: ", "))), found \(present.count)")
    }
    var view = try m["view"]?.string()
    func action(_ kind: TimelineAction.Kind) -> TimelineAction {
        TimelineAction(kind, view: view, keyPath: node.path)
    }
    if name == "wait" {
        return action(.wait(duration: try body.number(in: 0...maxActionDuration)))
    }
    let whole = try body.map("a mapping of the action's parameters")
    // `view:` may also sit inside the action (`drag: {by: ..., view: strip}`).
    if let v = whole["view"] {
        if view != nil { throw v.problem("the view is given twice") }
        view = try v.string()
    }
    let b = whole.without("view")
    try b.check(allowed: TimelineAction.parameterKeys.first { $0.action == name }?.keys ?? [])
    func duration(_ fallback: Double) throws(FrameGenError) -> Double {
        try b["duration"]?.number(in: 0...maxActionDuration) ?? fallback
    }
    func curve(_ fallback: TimingCurve, duration: Double) throws(FrameGenError) -> TimingCurve {
        guard let c = b["curve"] else { return fallback }
        return try parseCurve(c, duration: duration)
    }
    func items(_ key: String) throws(FrameGenError) -> [IndexPath] {
        let list = try b.required(key).list()
        if list.isEmpty { throw b[key]!.error("at least one [section, item]") }
        var out: [IndexPath] = []
        for n in list { out.append(try indexPath(n)) }
        return out
    }
    switch name {
    case "scroll":
        let d = try duration(AnimatedScroll.duration)
        return action(
            .scroll(
                to: try b.required("to").point(within: NumberLimits.position), duration: d,
                curve: try curve(AnimatedScroll.curve, duration: d)))
    case "drag":
        let d = try duration(0.3)
        if d <= 0 { throw b["duration"]!.error("a duration greater than 0") }
        return action(
            .drag(
                by: try b.required("by").point(within: NumberLimits.position), duration: d,
                curve: try curve(.linear, duration: d),
                at: try b["at"].map { p throws(FrameGenError) in try p.point(within: NumberLimits.position) })
        )
    case "fling":
        let v = try b.required("velocity").point(within: NumberLimits.position)
        if abs(v.x) > 100_000 || abs(v.y) > 100_000 {
            throw b["velocity"]!.error("velocities within 100000 pt/s")
        }
        let rate = try b["rate"].map { n throws(FrameGenError) in try parseRate(n) }
        return action(.fling(velocity: v, rate: rate))
    case "rotate":
        let to = try b.required("to")
        let target: TimelineAction.RotationTarget
        switch to.value {
        case .string("landscape"): target = .landscape
        case .string("portrait"): target = .portrait
        case .list: target = .size(try to.size(within: NumberLimits.position))
        default: throw to.error("landscape, portrait or [width, height]")
        }
        let d = try duration(0.4)
        return action(.rotate(to: target, duration: d, curve: try curve(.easeInEaseOut, duration: d)))
    case "delete", "insert":
        let list = try items("items")
        let d = try duration(0.3)
        let c = try curve(.easeInEaseOut, duration: d)
        return action(
            name == "delete"
                ? .delete(items: list, duration: d, curve: c) : .insert(items: list, duration: d, curve: c))
    case "move":
        let d = try duration(0.3)
        return action(
            .move(
                from: try indexPath(b.required("from")), to: try indexPath(b.required("to")), duration: d,
                curve: try curve(.easeInEaseOut, duration: d)))
    case "tap":
        let target: TimelineAction.TapTarget
        if let i = b["item"] {
            if b["at"] != nil { throw i.problem("give either `item` or `at`, not both") }
            target = .item(try indexPath(i))
        } else if let p = b["at"] {
            target = .point(try p.point(within: NumberLimits.position))
        } else {
            throw body.problem("missing key \"item\" (or \"at\")")
        }
        let count = try b["count"]?.number(in: 1...3) ?? 1
        guard count == count.rounded() else { throw b["count"]!.problem("a whole number of taps, 1 to 3") }
        return action(
            .tap(
                target, duration: try b["duration"]?.number(in: 0...maxActionDuration), count: Int(count),
                hold: try b["hold"]?.number(in: 0...maxActionDuration) ?? 0))
    case "pinch":
        let d = try duration(0.6)
        return action(
            .pinch(
                scale: try b.required("scale").number(in: 0.01...100),
                center: try b["center"]?.point(within: NumberLimits.position),
                duration: d,
                curve: try curve(.easeInEaseOut, duration: d)))
    default:  // set
        let lm = try b.required("layout").map("a mapping of layout parameters")
        var values: [String: CustomValue] = [:]
        for key in lm.keys { values[key] = try layoutParameterValue(lm[key]!) }
        if values.isEmpty { throw lm.node.error("at least one layout parameter") }
        let d = try duration(0.3)
        return action(.set(layout: values, duration: d, curve: try curve(.easeInEaseOut, duration: d)))
    }
}

func indexPath(_ node: DocumentNode) throws(FrameGenError) -> IndexPath {
    let v = try node.numbers(2, "[section, item]")
    guard v[0] >= 0, v[1] >= 0, v[0] == v[0].rounded(), v[1] == v[1].rounded(), v[0] < 1e6, v[1] < 1e6 else {
        throw node.error("[section, item] of whole numbers 0 or more")
    }
    return IndexPath(item: Int(v[1]), section: Int(v[0]))
}

/// `linear`, `easeIn`, `easeOut`, `easeInEaseOut`, `default`, `{cubic: [x1, y1, x2, y2]}`,
/// `{spring: {damping, velocity}}` (UIKit, over the action's duration) or
/// `{spring: {mass, stiffness, damping, velocity}}` (CASpringAnimation).
func parseCurve(_ node: DocumentNode, duration: Double) throws(FrameGenError) -> TimingCurve {
    let expected =
        "linear, easeIn, easeOut, easeInEaseOut, default, {cubic: [x1, y1, x2, y2]} or {spring: {...}}"
    if case .string(let s) = node.value {
        guard let c = TimingCurve(name: s) else {
            let names = TimingCurve.sceneNames
            // UIKit spells it UIView.AnimationOptions.curveEaseInOut; edit distance alone would
            // offer easeOut.
            let uiKit = ["easeinout": "easeInEaseOut", "curveeaseinout": "easeInEaseOut", "ease": "default"]
            if let close = uiKit[s.lowercased()] ?? closestName(to: s, in: names) {
                throw node.error("a curve (did you mean \"\(close)\"?)")
            }
            throw node.error(expected)
        }
        return c
    }
    let m = try node.map(expected)
    try m.check(allowed: TimingCurve.sceneKeys)
    if let c = m["cubic"] {
        let v = try c.numbers(4, "[x1, y1, x2, y2]")
        guard (0...1).contains(v[0]), (0...1).contains(v[2]) else {
            throw c.error("x1 and x2 between 0 and 1")
        }
        return .cubic(CubicBezier(v[0], v[1], v[2], v[3]))
    }
    guard let s = m["spring"] else { throw node.error(expected) }
    let sm = try s.map("{damping, velocity} or {mass, stiffness, damping, velocity}")
    try sm.check(allowed: TimingCurve.springKeys)
    let velocity = try sm["velocity"]?.number(in: -1000...1000) ?? 0
    if sm["mass"] != nil || sm["stiffness"] != nil {
        guard
            let spring = SpringCurve(
                mass: try sm["mass"]?.positive() ?? 1, stiffness: try sm["stiffness"]?.positive() ?? 100,
                damping: try sm["damping"]?.nonNegative() ?? 10, initialVelocity: velocity,
                duration: duration > 0 ? duration : nil)
        else { throw s.error("a spring with positive mass and stiffness") }
        return .spring(spring)
    }
    let damping = try sm["damping"]?.number(in: 0.01...1) ?? 0.7
    guard
        let spring = SpringCurve(
            duration: max(duration, 0.01), dampingRatio: damping, initialVelocity: velocity)
    else {
        throw s.error("a damping ratio between 0.01 and 1")
    }
    return .spring(spring)
}
