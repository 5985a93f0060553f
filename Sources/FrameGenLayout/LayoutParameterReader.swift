import FrameGenGeometry

/// Typed access to a scene's layout parameters, with their defaults (docs/scene.md "layout") and range
/// checks. Every accessor throws a `LayoutParameterError` that names the parameter and what it wants.
struct LayoutParameterReader {
    let values: [String: CustomValue]

    init(_ values: [String: CustomValue]) { self.values = values }

    private func fail(_ name: String, _ found: CustomValue, _ expected: String)
        -> LayoutParameterError
    {
        LayoutParameterError(parameter: name, found: found.description, expected: expected)
    }

    func number(_ name: String, default d: Double, minimum: Double? = nil, maximum: Double? = nil)
        throws(LayoutParameterError) -> Double
    {
        guard let v = values[name] else { return d }
        let expected: String
        switch (minimum, maximum) {
        case (let lo?, let hi?):
            expected =
                "a number from \(CustomValue.format(lo)) to \(CustomValue.format(hi))"
        case (let lo?, nil): expected = "a number >= \(CustomValue.format(lo))"
        case (nil, let hi?): expected = "a number <= \(CustomValue.format(hi))"
        case (nil, nil): expected = "a number"
        }
        guard case .number(let x) = v, x.isFinite,
            minimum.map({ x >= $0 }) ?? true, maximum.map({ x <= $0 }) ?? true
        else { throw fail(name, v, expected) }
        return x
    }

    func integer(_ name: String, default d: Int, minimum: Int, maximum: Int = 1_000_000)
        throws(LayoutParameterError) -> Int
    {
        guard let v = values[name] else { return d }
        guard case .number(let x) = v, x.isFinite, x == x.rounded(), x >= Double(minimum),
            x <= Double(maximum)
        else { throw fail(name, v, "a whole number from \(minimum) to \(maximum)") }
        return Int(x)
    }

    func bool(_ name: String, default d: Bool) throws(LayoutParameterError) -> Bool {
        guard let v = values[name] else { return d }
        guard case .bool(let b) = v else { throw fail(name, v, "true or false") }
        return b
    }

    func choice(_ name: String, default d: String, from options: [String]) throws(LayoutParameterError)
        -> String
    {
        guard let v = values[name] else { return d }
        guard case .string(let s) = v, options.contains(s) else {
            throw fail(name, v, "one of " + options.joined(separator: ", "))
        }
        return s
    }

    private func numbers(_ name: String, count: Int, expected: String, nonNegative: Bool)
        throws(LayoutParameterError) -> [Double]?
    {
        guard let v = values[name] else { return nil }
        guard case .numbers(let xs) = v, xs.count == count,
            xs.allSatisfy({ $0.isFinite && (!nonNegative || $0 >= 0) })
        else { throw fail(name, v, expected) }
        return xs
    }

    /// [width, height], both >= 0.
    func size(_ name: String, default d: Size) throws(LayoutParameterError) -> Size {
        guard
            let xs = try numbers(
                name, count: 2, expected: "two non-negative numbers [width, height]", nonNegative: true)
        else { return d }
        return Size(width: xs[0], height: xs[1])
    }

    /// [top, left, bottom, right], any finite numbers (UIKit allows negative insets).
    func insets(_ name: String, default d: EdgeInsets) throws(LayoutParameterError) -> EdgeInsets {
        guard
            let xs = try numbers(
                name, count: 4, expected: "four numbers [top, left, bottom, right]", nonNegative: false)
        else { return d }
        return EdgeInsets(top: xs[0], left: xs[1], bottom: xs[2], right: xs[3])
    }

    /// [x, y]; nil when absent.
    func point(_ name: String) throws(LayoutParameterError) -> Point? {
        guard
            let xs = try numbers(name, count: 2, expected: "two numbers [x, y]", nonNegative: false)
        else { return nil }
        return Point(x: xs[0], y: xs[1])
    }

    /// [a, b] as a Size whose parts may be negative, each within ±limit; nil when absent.
    func signedSize(_ name: String, limit: Double) throws(LayoutParameterError) -> Size? {
        guard let p = try point(name) else { return nil }
        guard Swift.abs(p.x) <= limit, Swift.abs(p.y) <= limit else {
            throw LayoutParameterError(
                parameter: name, found: values[name]!.description,
                expected: "two numbers [width, height] within ±\(CustomValue.format(limit))")
        }
        return Size(width: p.x, height: p.y)
    }
}

extension CustomValue {
    static func size(_ s: Size) -> CustomValue { .numbers([s.width, s.height]) }
    static func insets(_ i: EdgeInsets) -> CustomValue {
        .numbers([i.top, i.left, i.bottom, i.right])
    }
}
