/// Where a line sits across its box, as NSTextAlignment names it (`textAlignment` in styles).
/// `natural` is left for a left-to-right paragraph and right for a right-to-left one (its first
/// strong character decides), as UILabel does.
public enum TextAlignment: String, Sendable, CaseIterable {
    case left, center, right, natural
}
