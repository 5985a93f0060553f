import Foundation

/// An Interface Builder file: a `.xib` in the app's resources (framegen reads Xcode's XML, which
/// the app's repository has, where iOS reads the `.nib` Xcode compiles from it), a nib made from
/// such data, or a storyboard's prototype cell (docs/uikit.md, "Storyboards and nibs").
/// `instantiate(withOwner:options:)` makes its top-level objects as iOS does: each with its
/// class's `init?(coder:)`, then its constraints, outlets, actions and runtime attributes, then
/// `awakeFromNib()`.
open class UINib: NSObject, @unchecked Sendable {
    private enum Source {
        /// A file by name, found when first instantiated.
        case named(String, Bundle?)
        case data(Data, Bundle?)
        /// One element of a document already read (a storyboard's prototype cell).
        case element(IBElement, file: String, bundle: Bundle?)
    }

    private let source: Source

    public init(nibName name: String, bundle bundleOrNil: Bundle?) {
        source = .named(name, bundleOrNil)
        super.init()
    }

    public init(data: Data, bundle bundleOrNil: Bundle?) {
        source = .data(data, bundleOrNil)
        super.init()
    }

    /// A storyboard's prototype cell, for its table or collection view's registration.
    init(prototype: IBElement, loader: NibLoader) {
        source = .element(prototype, file: loader.file, bundle: loader.bundle)
        super.init()
    }

    /// The nib's top-level objects (its views, not the file's owner), made anew: empty, with a
    /// warning, for a nib that cannot be found or read (iOS raises "Could not load NIB").
    open func instantiate(withOwner ownerOrNil: Any?, options optionsOrNil: [OptionsKey: Any]? = nil)
        -> [Any]
    {
        let owner = ownerOrNil.map { $0 as AnyObject }
        switch source {
        case .element(let element, let file, let bundle):
            let loader = NibLoader(file: file, bundle: bundle, owner: owner)
            let made = loader.make(element)
            loader.finish()
            return made.map { [$0] } ?? []
        case .named(let name, let bundle):
            guard let document = InterfaceBuilder.document(named: name, extension: "xib", in: bundle) else {
                // A file found but not read was warned about, naming it.
                guard InterfaceBuilder.path(named: name, extension: "xib", in: bundle) == nil else {
                    return []
                }
                InterfaceBuilder.warn(
                    "UINib(nibName: \"\(name)\"): no \(name).xib in the app's resources (uikit init copies an app's .xib files)"
                )
                return []
            }
            return Self.instantiate(document, bundle: bundle, owner: owner, options: optionsOrNil)
        case .data(let data, let bundle):
            do {
                let root = try IBXML.parse([UInt8](data))
                let document = InterfaceBuilder.Document(file: "nib data", root: root)
                return Self.instantiate(document, bundle: bundle, owner: owner, options: optionsOrNil)
            } catch {
                InterfaceBuilder.warn("UINib(data:): not an Interface Builder document: \(error)")
                return []
            }
        }
    }

    private static func instantiate(
        _ document: InterfaceBuilder.Document, bundle: Bundle?, owner: AnyObject?, options: [OptionsKey: Any]?
    ) -> [Any] {
        let loader = NibLoader(file: document.file, bundle: bundle, owner: owner)
        let externals = options?[.externalObjects] as? [String: Any] ?? [:]
        var made: [Any] = []
        for element in document.root.first("objects")?.children ?? [] {
            if element.name == "placeholder" {
                // The file's owner and the external objects given: their outlets are connected too.
                let placeholder: AnyObject? =
                    element["placeholderIdentifier"] == "IBFilesOwner"
                    ? owner
                    : element["placeholderIdentifier"].flatMap { externals[$0] }.map { $0 as AnyObject }
                if let placeholder {
                    loader.register(element["id"], placeholder)
                    loader.connect(placeholder, element.first("connections")?.children ?? [])
                }
                continue
            }
            if let object = loader.make(element) { made.append(object) }
        }
        loader.finish()
        return made
    }

    /// The first top-level object of the nib that is a `View`, made with `owner`.
    func firstView<View: UIView>(_ type: View.Type, owner: AnyObject? = nil) -> View? {
        instantiate(withOwner: owner).lazy.compactMap { $0 as? View }.first
    }

    /// A collection view's cell, or its supplementary view: the nib's first, else (warned) a
    /// plain one, as big as `frame`.
    func reusableView(frame: CGRect, cell: Bool) -> UICollectionReusableView {
        let view = cell ? firstView(UICollectionViewCell.self) : firstView(UICollectionReusableView.self)
        if let view {
            view.frame = frame
            return view
        }
        InterfaceBuilder.warn(
            "\(framegenDescription) holds no collection view \(cell ? "cell" : "reusable view"): a plain one instead"
        )
        return cell ? UICollectionViewCell(frame: frame) : UICollectionReusableView(frame: frame)
    }

    func tableCell(reuseIdentifier: String) -> UITableViewCell {
        if let cell = firstView(UITableViewCell.self) { return cell }
        InterfaceBuilder.warn("\(framegenDescription) holds no table view cell: a plain cell instead")
        return UITableViewCell(style: .default, reuseIdentifier: reuseIdentifier)
    }

    func headerFooterView(reuseIdentifier: String) -> UITableViewHeaderFooterView {
        if let view = firstView(UITableViewHeaderFooterView.self) { return view }
        InterfaceBuilder.warn("\(framegenDescription) holds no header or footer view: a plain one instead")
        return UITableViewHeaderFooterView(reuseIdentifier: reuseIdentifier)
    }

    public struct OptionsKey: Hashable, RawRepresentable, Sendable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let externalObjects = OptionsKey(rawValue: "UINibExternalObjects")
    }

    /// How a message names it.
    var framegenDescription: String {
        switch source {
        case .named(let name, _): "the nib \"\(name)\""
        case .data: "a nib made from data"
        case .element(let element, let file, _):
            "the prototype \"\(element["reuseIdentifier"] ?? "")\" of \((file as NSString).lastPathComponent)"
        }
    }
}

extension Bundle {
    /// The nib's top-level objects, made with `owner` as its file's owner (`UINib`).
    public func loadNibNamed(_ name: String, owner: Any?, options: [UINib.OptionsKey: Any]? = nil) -> [Any]? {
        UINib(nibName: name, bundle: self).instantiate(withOwner: owner, options: options)
    }
}
