// Generated content must be the same bytes on every machine (golden images in CI), and libm's
// exp, pow and log may differ in the last bit between C libraries. These use only IEEE
// operations that every platform rounds identically (+, -, *, /, sqrt).

/// About e^-x for x >= 0 (relative error under 0.05 % up to x = 16, and it keeps falling
/// toward 0 beyond): e^-x = (e^(-x/64))^64, with 1 / (e^(x/64)'s 5-term Taylor series) inside.
@inline(__always) func decay(_ x: Float) -> Float {
    let y = min(max(x, 0), 200) * (1 / 64)
    var v = 1 / (1 + y * (1 + y * (0.5 + y * (1 / 6 + y * (1 / 24)))))
    v *= v
    v *= v
    v *= v
    v *= v
    v *= v
    v *= v
    return v
}
