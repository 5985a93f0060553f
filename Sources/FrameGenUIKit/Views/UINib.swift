import Foundation

/// Interface Builder's compiled file, which framegen cannot load: Linux has no nib loader and
/// no Objective-C runtime to make the objects an archive names. The type is here so that code
/// registering nibs compiles unchanged; what a nib would make is drawn as a plain view, and the
/// collection view says so where it is drawn (docs/uikit.md "Cells").
open class UINib: NSObject, @unchecked Sendable {
    private let name: String?

    public init(nibName name: String, bundle bundleOrNil: Bundle?) {
        self.name = name
        super.init()
    }

    public init(data: Data, bundle bundleOrNil: Bundle?) {
        name = nil
        super.init()
    }

    /// What the nib holds: nothing, for framegen loads none.
    open func instantiate(withOwner ownerOrNil: Any?, options optionsOrNil: [OptionsKey: Any]? = nil)
        -> [Any]
    {
        []
    }

    public struct OptionsKey: Hashable, RawRepresentable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let externalObjects = OptionsKey(rawValue: "UINibExternalObjects")
    }

    /// How a message names it.
    var framegenDescription: String { name.map { "the nib \"\($0)\"" } ?? "a nib made from data" }

    static let cannotLoad =
        "which framegen cannot load (Linux has no nib loader): register the view's class instead"
}
