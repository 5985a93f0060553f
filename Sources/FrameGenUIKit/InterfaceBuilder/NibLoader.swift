import Foundation

/// The coder a storyboard's or nib's object is made with: `init?(coder:)` of a view or a
/// controller reads its element's properties from it, as iOS's reads them from the compiled nib
/// (docs/uikit.md, "Storyboards and nibs"). framegen reads Xcode's XML itself, not a compiled
/// nib: an app's repository has the XML, and nothing on Linux compiles it.
public final class InterfaceBuilderCoder: NSCoder {
    let element: IBElement
    let loader: NibLoader

    init(element: IBElement, loader: NibLoader) {
        self.element = element
        self.loader = loader
        super.init()
    }

    public override var allowsKeyedCoding: Bool { true }
    /// An element's attribute or its child of that key.
    public override func containsValue(forKey key: String) -> Bool {
        element[key] != nil || element.child(key: key) != nil
    }
    public override func decodeBool(forKey key: String) -> Bool { element[key] == "YES" }
    public override func decodeDouble(forKey key: String) -> Double { element[key].flatMap(Double.init) ?? 0 }
    public override func decodeObject(forKey key: String) -> Any? { element[key] }
}

/// One load of a nib, or of a storyboard's scene: the objects made so far by their ids, and
/// what is done once all are made (constraints, outlets and actions, runtime attributes,
/// `awakeFromNib`), in iOS's order.
final class NibLoader {
    /// The file, for messages.
    let file: String
    let bundle: Bundle?
    /// The storyboard a scene's controllers come from (their `storyboard`).
    weak var storyboard: UIStoryboard?
    private(set) var objects: [String: AnyObject] = [:]
    private var constraints: [(holder: UIView, elements: [IBElement])] = []
    private var connections: [(source: AnyObject, elements: [IBElement])] = []
    private var runtimeAttributes: [(object: AnyObject, elements: [IBElement])] = []
    private var awakened: [AnyObject] = []
    /// The module names a custom class is looked for in, after its own `customModule`.
    private let modules: [String]

    init(file: String, bundle: Bundle?, owner: AnyObject?) {
        self.file = file
        self.bundle = bundle
        modules =
            (owner.map { [InterfaceBuilder.moduleName(of: type(of: $0))] } ?? [])
            + InterfaceBuilder.modulesOfResources(at: file)
    }

    /// `object` is what `id` names: a placeholder (the file's owner) or a made object.
    func register(_ id: String?, _ object: AnyObject) {
        guard let id, !id.isEmpty else { return }
        objects[id] = object
    }

    func warn(_ message: String) {
        InterfaceBuilder.warn("\((file as NSString).lastPathComponent): \(message)")
    }

    // MARK: Making objects

    /// The object an element describes, made as iOS makes it: its custom class's
    /// `init?(coder:)`, else UIKit's class for the element. nil (with a warning) for an element
    /// framegen cannot make.
    func make(_ element: IBElement) -> AnyObject? {
        let coder = InterfaceBuilderCoder(element: element, loader: self)
        var made: AnyObject?
        if let name = element["customClass"], let found = customClass(name, module: element["customModule"]) {
            made = InterfaceBuilder.make(found, coder: coder)
            if made == nil {
                warn(
                    "\(name)'s init?(coder:) returned nil for <\(element.name) id=\"\(element["id"] ?? "")\">"
                )
            }
        } else if let name = element["customClass"] {
            warn(
                "no class \(name) in \(([element["customModule"]].compactMap { $0 } + modules).joined(separator: ", ")): UIKit's \(element.name) made instead"
            )
        }
        if made == nil {
            guard let object = InterfaceBuilder.makeFrameworkObject(element, coder: coder) else {
                warn("<\(element.name)> is not one framegen makes from a nib; left out")
                return nil
            }
            made = object
        }
        guard let made else { return nil }
        register(element["id"], made)
        return made
    }

    private func customClass(_ name: String, module: String?) -> AnyClass? {
        for candidate in ([module].compactMap { $0 } + modules) {
            if let found = _typeByName(candidate + "." + name) as? AnyClass { return found }
        }
        return nil
    }

    /// The element's properties read into `object`: called by the framework class's
    /// `init?(coder:)`, so that an app subclass's initialiser sees them set, as on iOS.
    func decode(_ object: AnyObject, from element: IBElement) {
        if let view = object as? UIView { InterfaceBuilder.decodeView(view, element, self) }
        if let controller = object as? UIViewController {
            InterfaceBuilder.decodeController(controller, element, self)
        }
        if let constraintList = element.first("constraints")?.children(named: "constraint"),
            let view = object as? UIView
        {
            constraints.append((view, constraintList))
        }
        connect(object, element.first("connections")?.children ?? [])
        if let list = element.first("userDefinedRuntimeAttributes")?.children(
            named: "userDefinedRuntimeAttribute"),
            !list.isEmpty
        {
            runtimeAttributes.append((object, list))
        }
        awakened.append(object)
    }

    /// Connections an element lists, made when the load finishes: its own, or another load's (a
    /// storyboard controller's outlets into the view it loads now).
    func connect(_ source: AnyObject, _ elements: [IBElement]) {
        if !elements.isEmpty { connections.append((source, elements)) }
    }

    /// The subviews an element lists, made.
    func subviews(of element: IBElement) -> [UIView] {
        (element.first("subviews")?.children ?? []).compactMap { make($0) as? UIView }
    }

    // MARK: Finishing

    /// Constraints, then connections and runtime attributes, then `awakeFromNib` in the order
    /// the objects were made, as iOS finishes a nib.
    func finish() {
        for (holder, list) in constraints {
            var made: [NSLayoutConstraint] = []
            for element in list {
                if let constraint = InterfaceBuilder.constraint(element, in: holder, self) {
                    made.append(constraint)
                }
            }
            NSLayoutConstraint.activate(made)
        }
        constraints = []
        for (source, list) in connections {
            for element in list { connect(source, element) }
        }
        connections = []
        for (object, list) in runtimeAttributes {
            for element in list { InterfaceBuilder.setRuntimeAttribute(element, on: object, self) }
        }
        runtimeAttributes = []
        let toAwake = awakened
        awakened = []
        for object in toAwake {
            if let view = object as? UIView { view.awakeFromNib() }
            if let controller = object as? UIViewController { controller.awakeFromNib() }
        }
    }

    private func connect(_ source: AnyObject, _ element: IBElement) {
        switch element.name {
        case "outlet", "outletCollection":
            guard let property = element["property"], let destination = element["destination"] else { return }
            guard let target = objects[destination] else {
                // A controller's outlet into its view is connected when its view loads.
                return
            }
            guard let responder = source as? UIResponder else {
                warn(
                    "outlet \(property) of a \(type(of: source)): framegen connects outlets of views and controllers"
                )
                return
            }
            if element.name == "outletCollection" {
                var list = (collections[ObjectIdentifier(responder)]?[property]) ?? []
                list.append(target)
                collections[ObjectIdentifier(responder), default: [:]][property] = list
                responder.setValue(list, forKey: property)
            } else {
                responder.setValue(target, forKey: property)
            }
        case "action":
            guard let selector = element["selector"], let destination = element["destination"],
                let control = source as? UIControl
            else { return }
            guard let target = objects[destination] as? UIResponder else { return }
            guard let action = target.interfaceBuilderAction(named: selector) else {
                warn(
                    "action \(selector) of \(type(of: target)) not found (an @IBAction the port did not see?)"
                )
                return
            }
            control.addTarget(
                target, action: action, for: InterfaceBuilder.controlEvents(element["eventType"]))
        default:
            break  // segues: their controllers are made when performed
        }
    }

    /// Outlet collections built so far, by object and property: each connection adds one.
    private var collections: [ObjectIdentifier: [String: [AnyObject]]] = [:]
}

extension InterfaceBuilder {
    private static let warnings = LayoutWarnings()

    static func warn(_ message: String) { warnings.warn(message) }

    /// The module a class is declared in, from its reflected name.
    static func moduleName(of type: Any.Type) -> String {
        String(String(reflecting: type).prefix { $0 != "." })
    }

    /// The modules a resource bundle's name can hold: SwiftPM names a target's bundle
    /// `Package_Target.resources`, and either part may have underscores.
    static func modulesOfResources(at file: String) -> [String] {
        for part in file.split(separator: "/").reversed() where part.hasSuffix(".resources") {
            let stem = part.dropLast(".resources".count).split(
                separator: "_", omittingEmptySubsequences: false)
            return (0..<stem.count).reversed().map { stem[$0...].joined(separator: "_") }
        }
        return []
    }

    /// An app class made with its `init?(coder:)`, which every view, controller and layout has.
    static func make(_ type: AnyClass, coder: InterfaceBuilderCoder) -> AnyObject? {
        if let view = type as? UIView.Type { return view.init(coder: coder) }
        if let controller = type as? UIViewController.Type { return controller.init(coder: coder) }
        if let layout = type as? UICollectionViewLayout.Type { return layout.init(coder: coder) }
        return nil
    }

    /// The control events an action's `eventType` names.
    static func controlEvents(_ name: String?) -> UIControl.Event {
        switch name {
        case "touchDown": .touchDown
        case "touchDownRepeat": .touchDownRepeat
        case "touchDragInside": .touchDragInside
        case "touchDragOutside": .touchDragOutside
        case "touchUpOutside": .touchUpOutside
        case "touchCancel": .touchCancel
        case "valueChanged": .valueChanged
        case "primaryActionTriggered": .primaryActionTriggered
        case "editingDidBegin": .editingDidBegin
        case "editingChanged": .editingChanged
        case "editingDidEnd": .editingDidEnd
        case "editingDidEndOnExit": .editingDidEndOnExit
        default: .touchUpInside
        }
    }
}
