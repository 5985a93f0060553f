import Foundation

/// What a `UIVisualEffectView` does to the content behind it. framegen keeps the effect and
/// draws none of it (no blur, no vibrancy): the view draws its background colour and its
/// `contentView`'s subviews, as an app's own views inside it.
open class UIVisualEffect: NSObject, @unchecked Sendable {
    public override init() {}
}

/// A blur of the content behind the view, by style. Kept, not drawn.
open class UIBlurEffect: UIVisualEffect, @unchecked Sendable {
    /// The raw values are UIKit's.
    public enum Style: Int, Sendable {
        case extraLight = 0
        case light = 1
        case dark = 2
        case regular = 4
        case prominent = 5
        case systemUltraThinMaterial = 6
        case systemThinMaterial = 7
        case systemMaterial = 8
        case systemThickMaterial = 9
        case systemChromeMaterial = 10
        case systemUltraThinMaterialLight = 11
        case systemThinMaterialLight = 12
        case systemMaterialLight = 13
        case systemThickMaterialLight = 14
        case systemChromeMaterialLight = 15
        case systemUltraThinMaterialDark = 16
        case systemThinMaterialDark = 17
        case systemMaterialDark = 18
        case systemThickMaterialDark = 19
        case systemChromeMaterialDark = 20
    }

    public let style: Style

    public init(style: Style) {
        self.style = style
    }
}

/// Vibrancy for content over a blur. Kept, not drawn.
open class UIVibrancyEffect: UIVisualEffect, @unchecked Sendable {
    public let blurEffect: UIBlurEffect

    public init(blurEffect: UIBlurEffect) {
        self.blurEffect = blurEffect
    }
}

/// A view that applies a visual effect to what lies behind it; its content goes in
/// `contentView`, which fills it. framegen draws the view and its content without the effect
/// (see `UIVisualEffect`).
open class UIVisualEffectView: UIView {
    open var effect: UIVisualEffect?

    /// Fills the view; add subviews here, as on iOS.
    public let contentView = UIView()

    public init(effect: UIVisualEffect?) {
        self.effect = effect
        super.init(frame: .zero)
        addContentView()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        addContentView()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        addContentView()
        InterfaceBuilder.decode(self, coder: coder, at: UIVisualEffectView.self)
    }

    private func addContentView() {
        contentView.frame = bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }
}
