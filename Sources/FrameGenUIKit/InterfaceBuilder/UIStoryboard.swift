import Foundation

/// A storyboard of the app's resources: its scenes' controllers, made as iOS makes them
/// (docs/uikit.md, "Storyboards and nibs"). A controller's view is loaded, as on iOS, the first
/// time its `view` is asked for; its outlets into that view are connected then.
open class UIStoryboard: NSObject, @unchecked Sendable {
    private let name: String
    private let bundle: Bundle?
    private let document: InterfaceBuilder.Document?

    /// The storyboard `name.storyboard` in `bundle`'s resources (the app's for nil). iOS raises
    /// for a storyboard it cannot find; framegen warns, and the storyboard's controllers are
    /// plain ones.
    public init(name: String, bundle storyboardBundleOrNil: Bundle?) {
        self.name = name
        bundle = storyboardBundleOrNil
        document = InterfaceBuilder.document(named: name, extension: "storyboard", in: storyboardBundleOrNil)
        super.init()
        if document == nil && InterfaceBuilder.path(named: name, extension: "storyboard", in: bundle) == nil {
            InterfaceBuilder.warn(
                "UIStoryboard(name: \"\(name)\"): no \(name).storyboard in the app's resources (uikit init copies an app's storyboards)"
            )
        }
    }

    /// The controller the storyboard starts with (`initialViewController`); nil when it names none.
    open func instantiateInitialViewController() -> UIViewController? {
        guard let id = document?.root["initialViewController"] else { return nil }
        return instantiate(id: id)
    }

    open func instantiateInitialViewController<ViewController: UIViewController>(
        creator: ((NSCoder) -> ViewController?)?
    ) -> ViewController? {
        guard let id = document?.root["initialViewController"] else { return nil }
        return instantiate(id: id, creator: creator) as? ViewController
    }

    /// The controller whose Storyboard ID is `identifier`. iOS raises for an identifier the
    /// storyboard lacks; framegen warns and gives a plain controller.
    open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
        instantiate(identifier: identifier, creator: nil as ((NSCoder) -> UIViewController?)?)
    }

    /// As `instantiateViewController(withIdentifier:)`, made by `creator` from the coder (an
    /// initialiser of the app's that takes its own arguments besides it), else by the class's
    /// `init?(coder:)`.
    open func instantiateViewController<ViewController: UIViewController>(
        identifier: String, creator: ((NSCoder) -> ViewController?)? = nil
    ) -> ViewController {
        let made = instantiate(identifier: identifier, creator: creator)
        if let made = made as? ViewController { return made }
        // iOS raises here too: the caller's type is not the scene's class.
        UIKitException.terminate(
            UIKitException.line(
                "\(name).storyboard: the view controller with identifier \"\(identifier)\" is a \(type(of: made)), not a \(ViewController.self)",
                during: "UIStoryboard.instantiateViewController(identifier:creator:)"))
    }

    private func instantiate<ViewController: UIViewController>(
        identifier: String, creator: ((NSCoder) -> ViewController?)?
    ) -> UIViewController {
        // A storyboard framegen did not find was warned about: its controllers are plain ones.
        guard document != nil else { return UIViewController() }
        guard let element = controllers.first(where: { $0["storyboardIdentifier"] == identifier }),
            let id = element["id"], let made = instantiate(id: id, creator: creator)
        else {
            // NSInvalidArgumentException on iOS.
            UIKitException.terminate(
                UIKitException.line(
                    "Storyboard (\(name).storyboard) doesn't contain a view controller with identifier '\(identifier)'",
                    during: "UIStoryboard.instantiateViewController(withIdentifier:)"))
        }
        return made
    }

    /// Each scene's controller element.
    private var controllers: [IBElement] {
        (document?.root.first("scenes")?.children(named: "scene") ?? []).compactMap { scene in
            scene.first("objects")?.children.first { $0["sceneMemberID"] == "viewController" }
        }
    }

    /// The controller of the scene whose controller's id is `id`, made anew, with the containers'
    /// relationships (a navigation controller's root, a tab bar controller's tabs) made too.
    func instantiate<ViewController: UIViewController>(
        id: String, creator: ((NSCoder) -> ViewController?)? = nil
    ) -> UIViewController? {
        guard let document, let element = controllers.first(where: { $0["id"] == id }) else { return nil }
        if element.name == "viewControllerPlaceholder" {
            // A reference to another storyboard's controller.
            let other = UIStoryboard(name: element["storyboardName"] ?? name, bundle: bundle)
            if let identifier = element["referencedIdentifier"] {
                return other.instantiateViewController(withIdentifier: identifier)
            }
            return other.instantiateInitialViewController()
        }
        let loader = NibLoader(file: document.file, bundle: bundle, owner: nil)
        loader.storyboard = self
        let made: AnyObject?
        if let creator {
            let coder = InterfaceBuilderCoder(element: element, loader: loader)
            made = creator(coder) ?? loader.make(element)
            if let made { loader.register(element["id"], made) }
        } else {
            made = loader.make(element)
        }
        guard let controller = made as? UIViewController else { return nil }
        controller.storyboard = self
        controller.interfaceBuilderView = element.child(key: "view").map {
            InterfaceBuilder.PendingView(
                element: $0, controllerElement: element, file: document.file, bundle: bundle, storyboard: self
            )
        }
        // Containers' children, by their relationship segues, in the storyboard's order.
        var children: [UIViewController] = []
        for segue in element.first("connections")?.children(named: "segue") ?? []
        where segue["kind"] == "relationship" {
            guard let destination = segue["destination"], let child = instantiate(id: destination) else {
                continue
            }
            switch segue["relationship"] {
            case "rootViewController": (controller as? UINavigationController)?.viewControllers = [child]
            case "viewControllers": children.append(child)
            default: break
            }
        }
        if let tabs = controller as? UITabBarController, !children.isEmpty { tabs.viewControllers = children }
        loader.finish()
        return controller
    }
}

extension InterfaceBuilder {
    /// A document read once: its file and its root element.
    struct Document: Sendable {
        var file: String
        var root: IBElement
    }

    /// A storyboard controller's view, loaded when the controller's view is first asked for.
    struct PendingView {
        var element: IBElement
        var controllerElement: IBElement
        var file: String
        var bundle: Bundle?
        var storyboard: UIStoryboard?
    }

    private static let documents = Memo<Document?>()
    private static let found = Memo<String?>()

    /// `name.ext` in `bundle`'s resources (the app's for nil), read (`path(named:extension:in:)`).
    static func document(named name: String, extension ext: String, in bundle: Bundle?) -> Document? {
        path(named: name, extension: ext, in: bundle).flatMap(document(at:))
    }

    /// The document at `path`, read once.
    private static func document(at path: String) -> Document? {
        documents.value(path) {
            guard let data = FileManager.default.contents(atPath: path) else {
                warn("\(path) cannot be read")
                return nil
            }
            do {
                return Document(file: path, root: try IBXML.parse([UInt8](data)))
            } catch {
                warn("\(path): not an Interface Builder document: \(error)")
                return nil
            }
        }
    }

    /// Where `name.ext` is, looked for once: in each resource bundle (a bundle's own folder, or
    /// the SwiftPM bundles beside the program for the app's) and the folders
    /// `FRAMEGEN_ASSET_CATALOGS` names, the shallowest first (`Base.lproj`, then `en.lproj`,
    /// among equals). Of several, the first whose custom classes this program has, else one
    /// without custom classes: a build folder may hold other packages' bundles, with a
    /// `Main.storyboard` each.
    static func path(named name: String, extension ext: String, in bundle: Bundle?) -> String? {
        found.value((bundle?.bundlePath ?? "") + "|" + name + "." + ext) {
            // The first of those most surely this program's (the candidates are in rank order).
            let scored = find(name + "." + ext, in: bundle).map { (path: $0, score: belonging($0)) }
            let best = scored.map(\.score).max() ?? 0
            return scored.first { $0.score == best }?.path
        }
    }

    private static func find(_ file: String, in bundle: Bundle?) -> [String] {
        let main = bundle == nil || bundle == Bundle.main
        // The program's own folder holds the build's products: only its resource bundles are
        // searched below it.
        var roots = AssetCatalogs.resourceFolders(in: bundle).map {
            ($0, !main || $0.hasSuffix(".resources"))
        }
        if main, let named = getenv(AssetCatalogs.environmentVariable).map({ String(cString: $0) }) {
            roots += named.split(separator: ":").map { (String($0), true) }
        }
        var found: [(rank: Int, order: Int, path: String)] = []
        let skipped: Set<String> = [
            "Pods", "Carthage", "DerivedData", "__Snapshots__", ".build", "node_modules",
        ]
        func look(_ folder: String, depth: Int, descend: Bool) {
            guard depth <= 8, let entries = try? FileManager.default.contentsOfDirectory(atPath: folder)
            else { return }
            for entry in entries.sorted() where !entry.hasPrefix(".") && !skipped.contains(entry) {
                let path = folder + "/" + entry
                if entry == file {
                    let language = (folder as NSString).lastPathComponent
                    let rank = depth * 4 + (language == "Base.lproj" ? 0 : language == "en.lproj" ? 1 : 2)
                    found.append((rank, found.count, path))
                    continue
                }
                var isFolder: ObjCBool = false
                if descend, FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
                    isFolder.boolValue
                {
                    look(path, depth: depth + 1, descend: true)
                }
            }
        }
        for (root, descend) in roots { look(root, depth: 0, descend: descend) }
        return found.sorted { ($0.rank, $0.order) < ($1.rank, $1.order) }.map(\.path)
    }

    /// How surely the document is this program's: 1 when one of its custom classes is a class
    /// of this program (in its `customModule`, or in the module of the resource bundle holding
    /// it), 0 without custom classes, -1 when it has some and none is.
    private static func belonging(_ path: String) -> Int {
        guard let root = document(at: path)?.root else { return -1 }
        let bundleModules = modulesOfResources(at: path)
        var stack = [root]
        var customClasses = false
        while let element = stack.popLast() {
            if let name = element["customClass"] {
                customClasses = true
                for module in [element["customModule"]].compactMap({ $0 }) + bundleModules
                where _typeByName(module + "." + name) != nil {
                    return 1
                }
            }
            stack += element.children
        }
        return customClasses ? -1 : 0
    }

    /// The view a storyboard controller loads, with its outlets and actions to the controller.
    static func loadView(_ pending: PendingView, for controller: UIViewController) -> UIView? {
        let loader = NibLoader(file: pending.file, bundle: pending.bundle, owner: controller)
        loader.storyboard = pending.storyboard
        loader.register(pending.controllerElement["id"], controller)
        let view = loader.make(pending.element) as? UIView
        if let connections = pending.controllerElement.first("connections") {
            loader.connect(controller, connections.children.filter { $0.name != "segue" })
        }
        loader.finish()
        return view
    }

    /// The nib a controller made in code loads its view from, as UIKit looks for it: the nib
    /// it was given, else one named as its class without "Controller", else as its class.
    static func controllerNib(for controller: UIViewController) -> UINib? {
        let bundle = controller.nibBundle
        if let name = controller.nibName {
            return document(named: name, extension: "xib", in: bundle) != nil
                ? UINib(nibName: name, bundle: bundle) : nil
        }
        let className = String(describing: type(of: controller))
        // UIKit's own controllers (a navigation controller) have no nib of their name.
        guard moduleName(of: type(of: controller)) != moduleName(of: UIViewController.self) else {
            return nil
        }
        let candidates = [
            className.hasSuffix("Controller") ? String(className.dropLast(10)) : nil, className,
        ]
        for name in candidates.compactMap({ $0 })
        where document(named: name, extension: "xib", in: bundle) != nil {
            return UINib(nibName: name, bundle: bundle)
        }
        return nil
    }
}
