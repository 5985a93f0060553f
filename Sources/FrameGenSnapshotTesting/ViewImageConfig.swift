import FrameGenCoreGraphics
import FrameGenUIKit

/// A device to draw a view controller on: its screen's size in points, its safe area and its
/// traits, as swift-snapshot-testing's presets give them (the same names, sizes, insets and
/// traits, so a suite's `.image(on: .iPhone13)` draws the size its references were recorded at).
/// The presets give no scale: references are drawn at the strategy's `traits.displayScale`, else
/// the main screen's (3 on Linux unless `UIScreen.withMain` says otherwise).
public struct ViewImageConfig: Sendable {
    public enum Orientation: Sendable {
        case landscape
        case portrait
    }

    public enum TabletOrientation: Sendable {
        public enum PortraitSplits: Sendable {
            case oneThird
            case twoThirds
            case full
        }

        public enum LandscapeSplits: Sendable {
            case oneThird
            case oneHalf
            case twoThirds
            case full
        }

        case landscape(splitView: LandscapeSplits)
        case portrait(splitView: PortraitSplits)
    }

    public var safeArea: UIEdgeInsets
    public var size: CGSize?
    public var traits: UITraitCollection

    public init(safeArea: UIEdgeInsets = .zero, size: CGSize? = nil, traits: UITraitCollection = .init()) {
        self.safeArea = safeArea
        self.size = size
        self.traits = traits
    }
}

// MARK: Phones

/// A phone's portrait size, its safe areas in each orientation and its traits.
private struct Phone: Sendable {
    var width: CGFloat
    var height: CGFloat
    var portrait: UIEdgeInsets
    var landscape: UIEdgeInsets
    var traits: @Sendable (ViewImageConfig.Orientation) -> UITraitCollection

    func config(_ orientation: ViewImageConfig.Orientation) -> ViewImageConfig {
        switch orientation {
        case .portrait:
            ViewImageConfig(
                safeArea: portrait, size: CGSize(width: width, height: height), traits: traits(orientation))
        case .landscape:
            ViewImageConfig(
                safeArea: landscape, size: CGSize(width: height, height: width), traits: traits(orientation))
        }
    }
}

private let statusBar = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
private let notchPortrait = UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
private let notchLandscape = UIEdgeInsets(top: 0, left: 44, bottom: 24, right: 44)
private let island12Portrait = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
private let island12Landscape = UIEdgeInsets(top: 0, left: 47, bottom: 21, right: 47)

/// The phones' screens, as swift-snapshot-testing describes them.
private enum Phones {
    static let iPhoneSe = Phone(
        width: 320, height: 568, portrait: statusBar, landscape: .zero, traits: UITraitCollection.iPhoneSe)
    static let iPhone8 = Phone(
        width: 375, height: 667, portrait: statusBar, landscape: .zero, traits: UITraitCollection.iPhone8)
    static let iPhone8Plus = Phone(
        width: 414, height: 736, portrait: statusBar, landscape: .zero, traits: UITraitCollection.iPhone8Plus)
    static let iPhoneX = Phone(
        width: 375, height: 812, portrait: notchPortrait, landscape: notchLandscape,
        traits: UITraitCollection.iPhoneX)
    static let iPhoneXsMax = Phone(
        width: 414, height: 896, portrait: notchPortrait, landscape: notchLandscape,
        traits: UITraitCollection.iPhoneXsMax)
    static let iPhoneXr = Phone(
        width: 414, height: 896, portrait: notchPortrait, landscape: notchLandscape,
        traits: UITraitCollection.iPhoneXr)
    static let iPhone12 = Phone(
        width: 390, height: 844, portrait: island12Portrait, landscape: island12Landscape,
        traits: UITraitCollection.iPhone12)
    static let iPhone12ProMax = Phone(
        width: 428, height: 926, portrait: island12Portrait, landscape: island12Landscape,
        traits: UITraitCollection.iPhone12ProMax)
    static let iPhone13 = Phone(
        width: 390, height: 844, portrait: island12Portrait, landscape: island12Landscape,
        traits: UITraitCollection.iPhone13)
    static let iPhone13Mini = Phone(
        width: 375, height: 812, portrait: UIEdgeInsets(top: 50, left: 0, bottom: 34, right: 0),
        landscape: UIEdgeInsets(top: 0, left: 50, bottom: 21, right: 50), traits: UITraitCollection.iPhone13)
    static let iPhone13ProMax = Phone(
        width: 428, height: 926, portrait: island12Portrait, landscape: island12Landscape,
        traits: UITraitCollection.iPhone13ProMax)
}

extension ViewImageConfig {
    public static let iPhoneSe = ViewImageConfig.iPhoneSe(.portrait)
    public static func iPhoneSe(_ orientation: Orientation) -> ViewImageConfig {
        Phones.iPhoneSe.config(orientation)
    }

    public static let iPhone8 = ViewImageConfig.iPhone8(.portrait)
    public static func iPhone8(_ orientation: Orientation) -> ViewImageConfig {
        Phones.iPhone8.config(orientation)
    }

    public static let iPhone8Plus = ViewImageConfig.iPhone8Plus(.portrait)
    public static func iPhone8Plus(_ orientation: Orientation) -> ViewImageConfig {
        Phones.iPhone8Plus.config(orientation)
    }

    public static let iPhoneX = ViewImageConfig.iPhoneX(.portrait)
    public static func iPhoneX(_ orientation: Orientation) -> ViewImageConfig {
        Phones.iPhoneX.config(orientation)
    }

    public static let iPhoneXsMax = ViewImageConfig.iPhoneXsMax(.portrait)
    public static func iPhoneXsMax(_ orientation: Orientation) -> ViewImageConfig {
        Phones.iPhoneXsMax.config(orientation)
    }

    public static let iPhoneXr = ViewImageConfig.iPhoneXr(.portrait)
    public static func iPhoneXr(_ orientation: Orientation) -> ViewImageConfig {
        Phones.iPhoneXr.config(orientation)
    }

    public static let iPhone12 = ViewImageConfig.iPhone12(.portrait)
    public static func iPhone12(_ orientation: Orientation) -> ViewImageConfig {
        Phones.iPhone12.config(orientation)
    }

    public static let iPhone12Pro = ViewImageConfig.iPhone12Pro(.portrait)
    public static func iPhone12Pro(_ orientation: Orientation) -> ViewImageConfig { .iPhone12(orientation) }

    public static let iPhone12ProMax = ViewImageConfig.iPhone12ProMax(.portrait)
    public static func iPhone12ProMax(_ orientation: Orientation) -> ViewImageConfig {
        Phones.iPhone12ProMax.config(orientation)
    }

    public static let iPhone13 = ViewImageConfig.iPhone13(.portrait)
    public static func iPhone13(_ orientation: Orientation) -> ViewImageConfig {
        Phones.iPhone13.config(orientation)
    }

    public static let iPhone13Mini = ViewImageConfig.iPhone13Mini(.portrait)
    public static func iPhone13Mini(_ orientation: Orientation) -> ViewImageConfig {
        Phones.iPhone13Mini.config(orientation)
    }

    public static let iPhone13Pro = ViewImageConfig.iPhone13Pro(.portrait)
    public static func iPhone13Pro(_ orientation: Orientation) -> ViewImageConfig { .iPhone13(orientation) }

    public static let iPhone13ProMax = ViewImageConfig.iPhone13ProMax(.portrait)
    public static func iPhone13ProMax(_ orientation: Orientation) -> ViewImageConfig {
        Phones.iPhone13ProMax.config(orientation)
    }
}

// MARK: Tablets

/// A tablet's widths for each split of the screen, the long and short sides, which splits are
/// compact, and its safe area (the same in every orientation).
private struct Tablet {
    var landscapeWidths: [CGFloat]  // one third, one half, two thirds, full
    var portraitWidths: [CGFloat]  // one third, two thirds, full
    var short: CGFloat
    var long: CGFloat
    /// How many of the landscape splits, from one third up, are compact (the rest regular).
    var compactLandscapeSplits = 2
    var safeArea = statusBar

    func config(_ orientation: ViewImageConfig.TabletOrientation) -> ViewImageConfig {
        let (width, height, compact): (CGFloat, CGFloat, Bool)
        switch orientation {
        case .landscape(let split):
            let i = [.oneThird, .oneHalf, .twoThirds, .full].firstIndex(of: split)!
            (width, height, compact) = (landscapeWidths[i], short, i < compactLandscapeSplits)
        case .portrait(let split):
            let i = [.oneThird, .twoThirds, .full].firstIndex(of: split)!
            (width, height, compact) = (portraitWidths[i], long, i < 2)
        }
        return ViewImageConfig(
            safeArea: safeArea, size: CGSize(width: width, height: height),
            traits: compact ? UITraitCollection.iPadMini_Compact_SplitView : UITraitCollection.iPadMini)
    }

    static func full(_ orientation: ViewImageConfig.Orientation) -> ViewImageConfig.TabletOrientation {
        orientation == .landscape ? .landscape(splitView: .full) : .portrait(splitView: .full)
    }
}

private let mini = Tablet(
    landscapeWidths: [320, 507, 694, 1024], portraitWidths: [320, 438, 768], short: 768, long: 1024)
private let pad10_2 = Tablet(
    landscapeWidths: [320, 535, 750, 1080], portraitWidths: [320, 480, 810], short: 810, long: 1080)
private let pro10_5 = Tablet(
    landscapeWidths: [320, 551, 782, 1112], portraitWidths: [320, 504, 834], short: 834, long: 1112)
private let pro11 = Tablet(
    landscapeWidths: [375, 592, 809, 1194], portraitWidths: [320, 504, 834], short: 834, long: 1194,
    safeArea: UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0))
private let pro12_9 = Tablet(
    landscapeWidths: [375, 678, 981, 1366], portraitWidths: [375, 639, 1024], short: 1024, long: 1366,
    compactLandscapeSplits: 1)

extension ViewImageConfig {
    public static let iPadMini = ViewImageConfig.iPadMini(.landscape)
    public static func iPadMini(_ orientation: Orientation) -> ViewImageConfig {
        mini.config(Tablet.full(orientation))
    }
    public static func iPadMini(_ orientation: TabletOrientation) -> ViewImageConfig {
        mini.config(orientation)
    }

    public static let iPad9_7 = iPadMini
    public static func iPad9_7(_ orientation: Orientation) -> ViewImageConfig { iPadMini(orientation) }
    public static func iPad9_7(_ orientation: TabletOrientation) -> ViewImageConfig { iPadMini(orientation) }

    public static let iPad10_2 = ViewImageConfig.iPad10_2(.landscape)
    public static func iPad10_2(_ orientation: Orientation) -> ViewImageConfig {
        pad10_2.config(Tablet.full(orientation))
    }
    public static func iPad10_2(_ orientation: TabletOrientation) -> ViewImageConfig {
        pad10_2.config(orientation)
    }

    public static let iPadPro10_5 = ViewImageConfig.iPadPro10_5(.landscape)
    public static func iPadPro10_5(_ orientation: Orientation) -> ViewImageConfig {
        pro10_5.config(Tablet.full(orientation))
    }
    public static func iPadPro10_5(_ orientation: TabletOrientation) -> ViewImageConfig {
        pro10_5.config(orientation)
    }

    public static let iPadPro11 = ViewImageConfig.iPadPro11(.landscape)
    public static func iPadPro11(_ orientation: Orientation) -> ViewImageConfig {
        pro11.config(Tablet.full(orientation))
    }
    public static func iPadPro11(_ orientation: TabletOrientation) -> ViewImageConfig {
        pro11.config(orientation)
    }

    public static let iPadPro12_9 = ViewImageConfig.iPadPro12_9(.landscape)
    public static func iPadPro12_9(_ orientation: Orientation) -> ViewImageConfig {
        pro12_9.config(Tablet.full(orientation))
    }
    public static func iPadPro12_9(_ orientation: TabletOrientation) -> ViewImageConfig {
        pro12_9.config(orientation)
    }
}

// MARK: Traits

extension UITraitCollection {
    /// A phone's traits as swift-snapshot-testing gives them: force touch, left to right, the
    /// medium text size, compact width (regular in landscape on the wide phones) and regular
    /// height in portrait, compact height in landscape.
    private static func phone(_ orientation: ViewImageConfig.Orientation, wide: Bool, forceTouch: Bool = true)
        -> UITraitCollection
    {
        UITraitCollection(traitsFrom: [
            .init(forceTouchCapability: forceTouch ? .available : .unavailable),
            .init(layoutDirection: .leftToRight),
            .init(preferredContentSizeCategory: .medium),
            .init(userInterfaceIdiom: .phone),
            .init(horizontalSizeClass: orientation == .landscape && wide ? .regular : .compact),
            .init(verticalSizeClass: orientation == .landscape ? .compact : .regular),
        ])
    }

    public static func iPhoneSe(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection {
        phone(orientation, wide: false)
    }
    public static func iPhone8(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection {
        phone(orientation, wide: false)
    }
    public static func iPhone8Plus(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection {
        phone(orientation, wide: true)
    }
    public static func iPhoneX(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection {
        phone(orientation, wide: false)
    }
    public static func iPhoneXr(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection {
        phone(orientation, wide: true, forceTouch: false)
    }
    public static func iPhoneXsMax(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection {
        phone(orientation, wide: true)
    }
    public static func iPhone12(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection {
        phone(orientation, wide: false)
    }
    public static func iPhone12ProMax(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection {
        phone(orientation, wide: true)
    }
    public static func iPhone13(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection {
        phone(orientation, wide: false)
    }
    public static func iPhone13ProMax(_ orientation: ViewImageConfig.Orientation) -> UITraitCollection {
        phone(orientation, wide: true)
    }

    private static let iPad = UITraitCollection(traitsFrom: [
        .init(horizontalSizeClass: .regular), .init(verticalSizeClass: .regular),
        .init(userInterfaceIdiom: .pad),
    ])
    private static let iPadCompactSplitView = UITraitCollection(traitsFrom: [
        .init(horizontalSizeClass: .compact), .init(verticalSizeClass: .regular),
        .init(userInterfaceIdiom: .pad),
    ])
    public static let iPadMini = iPad
    public static let iPadMini_Compact_SplitView = iPadCompactSplitView
    public static let iPad9_7 = iPad
    public static let iPad9_7_Compact_SplitView = iPadCompactSplitView
    public static let iPad10_2 = iPad
    public static let iPad10_2_Compact_SplitView = iPadCompactSplitView
    public static let iPadPro10_5 = iPad
    public static let iPadPro10_5_Compact_SplitView = iPadCompactSplitView
    public static let iPadPro11 = iPad
    public static let iPadPro11_Compact_SplitView = iPadCompactSplitView
    public static let iPadPro12_9 = iPad
    public static let iPadPro12_9_Compact_SplitView = iPadCompactSplitView
}
