import Foundation

extension UIButton {
    /// A button's look and content, as iOS 15's: one of four styles (plain, gray, tinted,
    /// filled) with UIKit's names for them, a title and subtitle, an image placed on any side,
    /// padding, insets by button size, and a background with a corner style.
    ///
    /// Values framegen carries from UIKit: the medium size's content insets (7 points above and
    /// below, 12 on the sides) with a 17-point title make iOS's 34-point medium button; the
    /// styles' colours (filled: the tint behind white; tinted: the tint behind a wash of it;
    /// gray: a grey fill behind the tint; plain: the tint on nothing). The other sizes' insets,
    /// fonts and corner radii, the tinted wash's and disabled colours are framegen's
    /// approximations of iOS's look.
    public struct Configuration {
        public enum Size: Int, Sendable {
            case mini, small, medium, large
        }

        public enum CornerStyle: Int, Sendable {
            /// `background.cornerRadius`, unchanged.
            case fixed = -1
            /// By the button's size.
            case dynamic
            case small
            case medium
            case large
            /// Half the button's height.
            case capsule
        }

        public enum TitleAlignment: Int, Sendable {
            case automatic, leading, center, trailing
        }

        /// The style a configuration was made with.
        package enum Style: Sendable {
            case plain, gray, tinted, filled
        }

        package var style: Style = .plain

        public var title: String?
        public var attributedTitle: AttributedString? {
            get { title.map { AttributedString($0) } }
            set { title = newValue.map { String($0.characters) } }
        }
        public var subtitle: String?
        public var image: UIImage?
        /// Accepted: framegen draws no activity indicator in a button.
        public var showsActivityIndicator = false
        public var imagePlacement: NSDirectionalRectEdge = .leading
        public var imagePadding: CGFloat = 0
        public var titlePadding: CGFloat = 0
        public var titleAlignment: TitleAlignment = .automatic
        /// Word wrapping by default, as UIKit's: "word and character wrapping modes enable
        /// multiline text, while other modes restrict the text to a single line" (Apple's
        /// documentation of `titleLineBreakMode`). A title that wraps wraps in the button's
        /// width, which grows taller (UIButton.swift).
        public var titleLineBreakMode: NSLineBreakMode = .byWordWrapping
        /// As `titleLineBreakMode`, for the subtitle; word wrapping by default, as UIKit's.
        public var subtitleLineBreakMode: NSLineBreakMode = .byWordWrapping
        public var buttonSize: Size = .medium {
            didSet { if insetsAreDefault { contentInsets = Configuration.defaultInsets(buttonSize) } }
        }
        public var contentInsets: NSDirectionalEdgeInsets = Configuration.defaultInsets(.medium) {
            didSet { insetsAreDefault = contentInsets == Configuration.defaultInsets(buttonSize) }
        }
        public var cornerStyle: CornerStyle = .dynamic
        public var baseForegroundColor: UIColor?
        public var baseBackgroundColor: UIColor?
        public var background = UIBackgroundConfiguration()
        private var insetsAreDefault = true

        package init(style: Style) { self.style = style }

        public static func plain() -> Configuration { Configuration(style: .plain) }
        public static func tinted() -> Configuration { Configuration(style: .tinted) }
        public static func gray() -> Configuration { Configuration(style: .gray) }
        public static func filled() -> Configuration { Configuration(style: .filled) }
        /// UIKit's names for the same four looks (iOS 15).
        public static func borderless() -> Configuration { plain() }
        public static func bordered() -> Configuration { gray() }
        public static func borderedTinted() -> Configuration { tinted() }
        public static func borderedProminent() -> Configuration { filled() }

        /// Back to the button size's insets.
        public mutating func setDefaultContentInsets() {
            contentInsets = Configuration.defaultInsets(buttonSize)
        }

        /// This configuration as `button` shows it in its state (the colours resolved).
        public func updated(for button: UIButton) -> Configuration {
            var copy = self
            let look = resolved(for: button)
            copy.baseForegroundColor = look.foreground
            copy.background.backgroundColor = look.background
            return copy
        }

        private static func defaultInsets(_ size: Size) -> NSDirectionalEdgeInsets {
            switch size {
            case .mini: NSDirectionalEdgeInsets(top: 3, leading: 8, bottom: 3, trailing: 8)
            case .small: NSDirectionalEdgeInsets(top: 5, leading: 10, bottom: 5, trailing: 10)
            case .medium: NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
            case .large: NSDirectionalEdgeInsets(top: 14, leading: 20, bottom: 14, trailing: 20)
            }
        }

        /// A text style's size per button size: the caption's 12 points, the subheadline's 15,
        /// the callout's 16 at `.medium` (iOS 17 and 18 drew a medium `.filled()` title's capitals
        /// 34 pixels high at 3x where a 17-point label's were 36 in the same image; docs/parity.md
        /// BSW-5), the body's 17 at `.large`.
        package var titleFont: UIFont {
            switch buttonSize {
            case .mini: .systemFont(ofSize: 12)
            case .small: .systemFont(ofSize: 15)
            case .medium: .systemFont(ofSize: 16)
            case .large: .systemFont(ofSize: 17)
            }
        }

        package var subtitleFont: UIFont {
            switch buttonSize {
            case .mini: .systemFont(ofSize: 10)
            case .small: .systemFont(ofSize: 12)
            case .medium, .large: .systemFont(ofSize: 15)
            }
        }

        /// The background's corner radius at a height of `height` points. `.dynamic` adjusts the
        /// background's radius to the text size (framegen's text is at the default size, so it is
        /// the radius itself): the one code set (BSWInterfaceKit's square `.filled()` button, 0,
        /// drawn square by iOS 17 and 18; docs/parity.md BSW-5), else the button size's.
        package func resolvedCornerRadius(height: CGFloat) -> CGFloat {
            var style = cornerStyle
            if style == .dynamic, background.cornerRadiusSet { return background.cornerRadius }
            if style == .dynamic {
                switch buttonSize {
                case .mini, .small: style = .small
                case .medium: style = .medium
                case .large: style = .large
                }
            }
            switch style {
            case .fixed: return background.cornerRadius
            case .small: return 4
            case .medium: return 8
            case .large: return 12
            case .capsule: return height / 2
            case .dynamic: return 8
            }
        }

        package struct Look {
            var foreground: UIColor
            var background: UIColor?
            var textAlignment: NSTextAlignment
        }

        /// The colours `button` draws this configuration with in its state.
        package func resolved(for button: UIButton) -> Look {
            let tint: UIColor = button.tintColor
            var foreground: UIColor
            var fill: UIColor?
            switch style {
            case .plain:
                foreground = baseForegroundColor ?? tint
                fill = nil
            case .gray:
                foreground = baseForegroundColor ?? tint
                fill = baseBackgroundColor ?? .secondarySystemFill
            case .tinted:
                foreground = baseForegroundColor ?? tint
                fill = (baseBackgroundColor ?? tint).withAlphaComponent(0.15)
            case .filled:
                foreground = baseForegroundColor ?? .white
                fill = baseBackgroundColor ?? tint
            }
            if !button.isEnabled {
                foreground = .tertiaryLabel
                if fill != nil { fill = .systemFill }
            }
            let alignment: NSTextAlignment =
                switch titleAlignment {
                case .leading: .left
                case .trailing: .right
                case .center: .center
                case .automatic:
                    imagePlacement == .top || imagePlacement == .bottom || image == nil ? .center : .left
                }
            return Look(
                foreground: foreground, background: background.backgroundColor ?? fill,
                textAlignment: alignment)
        }
    }
}
