/// The two weights scenes can ask for (`font: {weight: ...}`): DejaVu Sans Book and Bold.
public enum FontWeight: String, Sendable, Hashable, CaseIterable {
    case regular
    case bold
}
