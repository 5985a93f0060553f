/// Why text could not be drawn. FrameGenKit turns these into its own errors; the message is
/// already the one line a user should read.
public struct TextError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// No usable font file: the message names the Debian package that provides it.
        case fontNotFound
        /// A font file exists but FreeType cannot use it.
        case badFont
        /// A pixel size that is not a positive finite number within TextRenderer.maximumPixelSize.
        case badSize
        /// FreeType failed while rasterising (out of memory and the like).
        case rasterizer
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
