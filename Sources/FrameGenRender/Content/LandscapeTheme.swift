/// The looks generated photos are drawn in: a sky, a light, and terrain layers from far to near.
struct LandscapeTheme: Sendable {
    enum Terrain: Sendable {
        case hills
        case mountains
        case dunes
        case sea
    }

    var skyTop: RGB
    var skyHorizon: RGB
    /// The sun's (or moon's) disc and the tint of its glow and of cloud edges.
    var light: RGB
    var glow: Float
    var cloud: RGB
    /// Far to near.
    var layers: [RGB]
    var terrain: Terrain
    var stars = false
    /// Mountains with snow on their upper slopes.
    var snow = false
    /// Sea themes: water at the horizon and at the bottom, and the beach.
    var waterFar = RGB.black
    var waterNear = RGB.black
    var sand = RGB.black

    static let all: [LandscapeTheme] = [
        // Summer day over green hills.
        LandscapeTheme(
            skyTop: RGB(hex: 0x2F6FC4), skyHorizon: RGB(hex: 0xB9DDF5), light: RGB(hex: 0xFFF8E0),
            glow: 0.55, cloud: RGB(hex: 0xFFFFFF),
            layers: [RGB(hex: 0x86A9A4), RGB(hex: 0x5E9A55), RGB(hex: 0x3F7D35), RGB(hex: 0x2C5E25)],
            terrain: .hills),
        // Golden hour, ochre fields.
        LandscapeTheme(
            skyTop: RGB(hex: 0x4C78B0), skyHorizon: RGB(hex: 0xFFD9A0), light: RGB(hex: 0xFFF1C8),
            glow: 0.8, cloud: RGB(hex: 0xFFE6C2),
            layers: [RGB(hex: 0xB99A6A), RGB(hex: 0x9C8140), RGB(hex: 0x766128), RGB(hex: 0x4E3F18)],
            terrain: .hills),
        // Sunset behind purple ridges.
        LandscapeTheme(
            skyTop: RGB(hex: 0x27346E), skyHorizon: RGB(hex: 0xFF8A5C), light: RGB(hex: 0xFFE0A0),
            glow: 1.0, cloud: RGB(hex: 0xF7A08A),
            layers: [RGB(hex: 0x8A5A7E), RGB(hex: 0x5C3B63), RGB(hex: 0x3A2545), RGB(hex: 0x21142A)],
            terrain: .mountains),
        // Blue hour with stars and a moon.
        LandscapeTheme(
            skyTop: RGB(hex: 0x0C1433), skyHorizon: RGB(hex: 0x5B6FA8), light: RGB(hex: 0xF4F1E4),
            glow: 0.35, cloud: RGB(hex: 0x6E7BA6),
            layers: [RGB(hex: 0x34456E), RGB(hex: 0x243252), RGB(hex: 0x18223A), RGB(hex: 0x0E1526)],
            terrain: .mountains, stars: true),
        // Misty morning, layered grey-blue hills.
        LandscapeTheme(
            skyTop: RGB(hex: 0xAFC3D2), skyHorizon: RGB(hex: 0xF1ECE2), light: RGB(hex: 0xFFFDF5),
            glow: 0.5, cloud: RGB(hex: 0xFFFFFF),
            layers: [RGB(hex: 0xA7B8C4), RGB(hex: 0x8199AA), RGB(hex: 0x5D7789), RGB(hex: 0x3D5567)],
            terrain: .hills),
        // Snowy peaks under a clear sky.
        LandscapeTheme(
            skyTop: RGB(hex: 0x3C7CC9), skyHorizon: RGB(hex: 0xD7EAF8), light: RGB(hex: 0xFFFFFF),
            glow: 0.45, cloud: RGB(hex: 0xFFFFFF),
            layers: [RGB(hex: 0xB4C6DA), RGB(hex: 0x8197B3), RGB(hex: 0x5A6F86), RGB(hex: 0x3E5A52)],
            terrain: .mountains, snow: true),
        // Desert dunes.
        LandscapeTheme(
            skyTop: RGB(hex: 0x3E8FD0), skyHorizon: RGB(hex: 0xF4E3C8), light: RGB(hex: 0xFFFBEA),
            glow: 0.6, cloud: RGB(hex: 0xFFF7EE),
            layers: [RGB(hex: 0xE6C08D), RGB(hex: 0xD9A461), RGB(hex: 0xC4863F), RGB(hex: 0xA86A2C)],
            terrain: .dunes),
        // Tropical beach.
        LandscapeTheme(
            skyTop: RGB(hex: 0x1E9BE0), skyHorizon: RGB(hex: 0xC4ECFA), light: RGB(hex: 0xFFFDF0),
            glow: 0.5, cloud: RGB(hex: 0xFFFFFF),
            layers: [RGB(hex: 0x6E9C8C)],
            terrain: .sea, waterFar: RGB(hex: 0x1C7FA6), waterNear: RGB(hex: 0x3CC2C4),
            sand: RGB(hex: 0xF0DDB4)),
        // Evening sea.
        LandscapeTheme(
            skyTop: RGB(hex: 0x35407A), skyHorizon: RGB(hex: 0xFFB27A), light: RGB(hex: 0xFFE7B0),
            glow: 0.95, cloud: RGB(hex: 0xF4A58E),
            layers: [RGB(hex: 0x5A4466)],
            terrain: .sea, waterFar: RGB(hex: 0x6A5C86), waterNear: RGB(hex: 0x23294E),
            sand: RGB(hex: 0xB28A74)),
    ]
}
