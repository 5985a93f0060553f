/// One parameter of a layout type: its scene name, its default (nil when the default is derived
/// from the view, as `summary` then says) and a one-line description.
public struct LayoutParameter: Sendable {
    public let name: String
    public let defaultValue: CustomValue?
    public let summary: String

    public init(name: String, defaultValue: CustomValue?, summary: String) {
        self.name = name
        self.defaultValue = defaultValue
        self.summary = summary
    }
}

/// A parameter with a value of the wrong type or out of range. `found` is the value as written,
/// `expected` says what would be accepted (e.g. "two non-negative numbers [width, height]").
public struct LayoutParameterError: Error, Sendable, Equatable, CustomStringConvertible {
    public let parameter: String
    public let found: String
    public let expected: String

    public init(parameter: String, found: String, expected: String) {
        self.parameter = parameter
        self.found = found
        self.expected = expected
    }

    public var description: String { "\(parameter): found \(found), expected \(expected)" }
}

/// A built-in layout type: its scene name, what it reproduces, its parameters and a factory.
/// `make` ignores names it does not know (unknown keys are the scene parser's business) and
/// throws for a known parameter with a wrong type or value.
public struct LayoutDescriptor: Sendable {
    public let type: String
    public let summary: String
    public let parameters: [LayoutParameter]
    public let make:
        @Sendable ([String: CustomValue]) throws(LayoutParameterError) -> any CollectionViewLayout
    /// The built-in type whose default look (cell and header styles) a scene naming this type
    /// gets where it sets none; nil: this type's own (none for a type that is not built in).
    public let look: String?
    /// The items per section a scene naming this type has where its `content:` gives no counts:
    /// a table's, from its data source (docs/uikit.md "Tables"); nil: the scene's default.
    public let itemCounts: [Int]?

    public init(
        type: String, summary: String, parameters: [LayoutParameter], look: String? = nil,
        itemCounts: [Int]? = nil,
        make:
            @escaping @Sendable ([String: CustomValue]) throws(LayoutParameterError) ->
            any CollectionViewLayout
    ) {
        self.type = type
        self.summary = summary
        self.parameters = parameters
        self.look = look
        self.itemCounts = itemCounts
        self.make = make
    }
}

/// The layout types framegen has (docs/design/layouts.md §1). A program adds its own by passing
/// a longer list where scenes are read (`Scene.load(_:layouts:)`, docs/uikit.md); there is no
/// process-wide registry, so two renders in one process may know different layouts.
public enum LayoutRegistry {
    /// The first type of `own` that is a built-in one or comes twice: such a list cannot be
    /// added to `builtIn` (a program's layout must not shadow a built-in one). nil when none.
    public static func firstClash(_ own: [LayoutDescriptor]) -> String? {
        var seen = Set(builtIn.map(\.type))
        return own.first { !seen.insert($0.type).inserted }?.type
    }

    public static let builtIn: [LayoutDescriptor] = [
        FlowLayout.descriptor, AlbumLayout.descriptor, PhotosLayout.descriptor, WaterfallLayout.descriptor,
        PinchLayout.descriptor, CoverFlowLayout.descriptor, CarouselLayout.descriptor,
        PagingLayout.descriptor, PreviewLayout.descriptor, ThumbnailsLayout.descriptor,
        ICarouselLayout.descriptor,
    ]

    public static func descriptor(for type: String) -> LayoutDescriptor? {
        builtIn.first { $0.type == type }
    }
}
