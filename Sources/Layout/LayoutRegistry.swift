import Synchronization

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

    public init(
        type: String, summary: String, parameters: [LayoutParameter],
        make:
            @escaping @Sendable ([String: CustomValue]) throws(LayoutParameterError) ->
            any CollectionViewLayout
    ) {
        self.type = type
        self.summary = summary
        self.parameters = parameters
        self.make = make
    }
}

/// The layout types a scene's `layout: {type: ...}` may name: the built-in ones (docs/design/layouts.md
/// §1), then those a user registered.
public enum LayoutRegistry {
    public static var all: [LayoutDescriptor] { builtIn + registered.withLock { $0 } }

    private static let registered = Mutex<[LayoutDescriptor]>([])

    /// Makes a layout of one's own nameable in scenes; registering a type again replaces it.
    /// Returns false, changing nothing, for the name of a built-in type.
    @discardableResult
    public static func register(_ descriptor: LayoutDescriptor) -> Bool {
        if builtIn.contains(where: { $0.type == descriptor.type }) { return false }
        registered.withLock { list in
            list.removeAll { $0.type == descriptor.type }
            list.append(descriptor)
        }
        return true
    }

    public static let builtIn: [LayoutDescriptor] = [
        FlowLayout.descriptor, AlbumLayout.descriptor, PhotosLayout.descriptor, WaterfallLayout.descriptor,
        PinchLayout.descriptor, CoverFlowLayout.descriptor, CarouselLayout.descriptor,
        PagingLayout.descriptor, PreviewLayout.descriptor, ThumbnailsLayout.descriptor,
    ]

    public static func descriptor(for type: String) -> LayoutDescriptor? {
        builtIn.first { $0.type == type } ?? registered.withLock { list in list.first { $0.type == type } }
    }
}
