import Foundation

/// What a drag item carries, as Foundation's `NSItemProvider` on Apple's platforms (Linux's
/// Foundation has none). framegen runs no drag, so a provider only keeps what it was made with.
open class NSItemProvider: NSObject {
    /// The object it was made with, if any.
    package let object: NSItemProviderWriting?

    open var suggestedName: String?

    public override init() {
        object = nil
        super.init()
    }

    public init(object: NSItemProviderWriting) {
        self.object = object
        super.init()
    }

    /// The type identifiers of what it carries: the object's class's, if it says any.
    open var registeredTypeIdentifiers: [String] {
        object.map { type(of: $0).writableTypeIdentifiersForItemProvider } ?? []
    }
}

/// An object a provider can carry: strings, URLs and images, as on iOS.
public protocol NSItemProviderWriting: AnyObject {
    static var writableTypeIdentifiersForItemProvider: [String] { get }
}

extension NSString: NSItemProviderWriting {
    public static var writableTypeIdentifiersForItemProvider: [String] { ["public.utf8-plain-text"] }
}

extension NSURL: NSItemProviderWriting {
    public static var writableTypeIdentifiersForItemProvider: [String] { ["public.url"] }
}

extension UIImage: NSItemProviderWriting {
    public static var writableTypeIdentifiersForItemProvider: [String] { ["public.png"] }
}
