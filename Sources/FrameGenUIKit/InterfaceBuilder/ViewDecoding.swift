import Foundation

/// Reading an Interface Builder element's properties into the object it describes: the
/// attributes and keyed children Xcode writes for each UIKit class (docs/uikit.md, "Storyboards
/// and nibs"). What Xcode leaves out is UIKit's default, which the object already has.
extension InterfaceBuilder {
    // MARK: Which class

    /// UIKit's class for an element without a custom class, made with its `init?(coder:)`,
    /// which reads the element.
    static func makeFrameworkObject(_ element: IBElement, coder: InterfaceBuilderCoder) -> AnyObject? {
        let type: AnyClass? =
            switch element.name {
            case "view", "collectionReusableView":
                element.name == "view" ? UIView.self : UICollectionReusableView.self
            case "label": UILabel.self
            case "button": UIButton.self
            case "imageView": UIImageView.self
            case "stackView": UIStackView.self
            case "scrollView": UIScrollView.self
            case "tableView": UITableView.self
            case "tableViewCell": UITableViewCell.self
            case "collectionView": UICollectionView.self
            case "collectionViewCell": UICollectionViewCell.self
            case "textField": UITextField.self
            case "textView": UITextView.self
            case "switch": UISwitch.self
            case "slider": UISlider.self
            case "segmentedControl": UISegmentedControl.self
            case "activityIndicatorView": UIActivityIndicatorView.self
            case "pageControl": UIPageControl.self
            case "progressView": UIProgressView.self
            case "tableViewHeaderFooterView": UITableViewHeaderFooterView.self
            case "viewController": UIViewController.self
            case "navigationController": UINavigationController.self
            case "tableViewController": UITableViewController.self
            case "collectionViewController": UICollectionViewController.self
            case "tabBarController": UITabBarController.self
            case "collectionViewFlowLayout": UICollectionViewFlowLayout.self
            default: nil
            }
        guard let type else { return nil }
        return make(type, coder: coder)
    }

    /// Called at the end of each of framegen's `init?(coder:)`: reads the element once, at the
    /// most derived of UIKit's classes (`level`), so that an app subclass's `init?(coder:)`
    /// finds its properties set after `super.init(coder:)`, as on iOS.
    static func decode(_ object: AnyObject, coder: NSCoder, at level: AnyClass) {
        guard let coder = coder as? InterfaceBuilderCoder,
            frameworkClass(of: type(of: object)) == ObjectIdentifier(level)
        else { return }
        // A nib's values are not the app's own: an appearance proxy's replace them, as on iOS.
        if let view = object as? UIView {
            view.settingWithoutOwnership { coder.loader.decode(object, from: coder.element) }
        } else {
            coder.loader.decode(object, from: coder.element)
        }
    }

    /// The nearest of a class and its superclasses that is framegen's.
    private static func frameworkClass(of type: AnyClass) -> ObjectIdentifier {
        var type: AnyClass = type
        while moduleName(of: type) != frameworkModule, let superclass = _getSuperclass(type) {
            type = superclass
        }
        return ObjectIdentifier(type)
    }

    private static let frameworkModule = moduleName(of: UIView.self)

    // MARK: Values

    static func bool(_ value: String?) -> Bool? { value.map { $0 == "YES" } }
    static func number(_ value: String?) -> CGFloat? { value.flatMap(Double.init).map { CGFloat($0) } }

    static func rect(_ element: IBElement?) -> CGRect? {
        guard let element else { return nil }
        return CGRect(
            x: number(element["x"]) ?? 0, y: number(element["y"]) ?? 0, width: number(element["width"]) ?? 0,
            height: number(element["height"]) ?? 0)
    }

    static func size(_ element: IBElement?) -> CGSize? {
        guard let element else { return nil }
        return CGSize(width: number(element["width"]) ?? 0, height: number(element["height"]) ?? 0)
    }

    /// `<inset minX minY maxX maxY>` (left, top, right, bottom) or `<edgeInsets top left bottom right>`.
    static func insets(_ element: IBElement?) -> UIEdgeInsets? {
        guard let element else { return nil }
        if element.name == "inset" {
            return UIEdgeInsets(
                top: number(element["minY"]) ?? 0, left: number(element["minX"]) ?? 0,
                bottom: number(element["maxY"]) ?? 0, right: number(element["maxX"]) ?? 0)
        }
        return UIEdgeInsets(
            top: number(element["top"]) ?? 0,
            left: number(element["left"]) ?? number(element["leading"]) ?? 0,
            bottom: number(element["bottom"]) ?? 0,
            right: number(element["right"]) ?? number(element["trailing"]) ?? 0)
    }

    /// A `<color>`: sRGB or generic RGB components, a white level, a system colour
    /// (`systemColor="systemBackgroundColor"`, the older `cocoaTouchSystemColor`) or a catalog
    /// colour by name. Generic RGB and gamma-2.2 grey are read as sRGB and sRGB grey (within a
    /// level or two of iOS's conversion at the ends of the range, where most colours are).
    static func color(_ element: IBElement?, _ loader: NibLoader) -> UIColor? {
        guard let element, element.name == "color" else { return nil }
        let alpha = number(element["alpha"]) ?? 1
        if let white = number(element["white"]) { return UIColor(white: white, alpha: alpha) }
        if let red = number(element["red"]) {
            let green = number(element["green"]) ?? 0
            let blue = number(element["blue"]) ?? 0
            if element["customColorSpace"] == "displayP3" {
                return UIColor(displayP3Red: red, green: green, blue: blue, alpha: alpha)
            }
            return UIColor(red: red, green: green, blue: blue, alpha: alpha)
        }
        if let name = element["systemColor"] ?? element["cocoaTouchSystemColor"] {
            if let color = systemColor(name) { return color }
            loader.warn("system colour \(name) unknown to framegen: left as UIKit's default")
            return nil
        }
        if let name = element["name"] {
            if let color = UIColor(named: name, in: loader.bundle, compatibleWith: nil) { return color }
            loader.warn("colour \(name) is in none of the app's asset catalogs")
        }
        return nil
    }

    private static func systemColor(_ name: String) -> UIColor? {
        let stem = name.hasSuffix("Color") ? String(name.dropLast(5)) : name
        switch stem {
        case "darkText": return .black
        case "lightText": return UIColor(white: 1, alpha: 0.6)
        case "groupTableViewBackground": return .systemGroupedBackground
        case "tableCellGroupedBackground": return .secondarySystemGroupedBackground
        case "black": return .black
        case "white": return .white
        case "clear": return .clear
        case "darkGray": return .darkGray
        case "lightGray": return .lightGray
        case "gray": return .gray
        default: return UIColor.systemColor(named: stem)
        }
    }

    /// A `<fontDescription>`: the system font of a weight, a text style, or a named font.
    static func font(_ element: IBElement?, _ loader: NibLoader) -> UIFont? {
        guard let element else { return nil }
        let size = number(element["pointSize"]) ?? 17
        if let style = element["style"] {
            return UIFont.preferredFont(forTextStyle: UIFont.TextStyle(rawValue: style))
        }
        switch element["type"] {
        case "system":
            return .systemFont(ofSize: size, weight: weight(element["weight"]))
        case "boldSystem": return .boldSystemFont(ofSize: size)
        case "italicSystem": return .italicSystemFont(ofSize: size)
        default:
            if let name = element["name"] {
                if let font = UIFont(name: name, size: size) { return font }
                loader.warn(
                    "font \(name) is not one the app registers: the system font at \(size) points instead")
            }
            return .systemFont(ofSize: size)
        }
    }

    private static func weight(_ name: String?) -> UIFont.Weight {
        switch name {
        case "ultraLight": .ultraLight
        case "thin": .thin
        case "light": .light
        case "medium": .medium
        case "semibold": .semibold
        case "bold": .bold
        case "heavy": .heavy
        case "black": .black
        default: .regular
        }
    }

    /// An image by name: `image="name"` or `<imageReference image="name" catalog="system">`.
    static func image(_ name: String?, reference: IBElement?, _ loader: NibLoader) -> UIImage? {
        if let reference, let name = reference["image"] {
            if reference["catalog"] == "system" { return UIImage(systemName: name) }
            return UIImage(named: name, in: loader.bundle, compatibleWith: nil)
        }
        guard let name, !name.isEmpty else { return nil }
        return UIImage(named: name, in: loader.bundle, compatibleWith: nil)
    }

    static func contentMode(_ name: String?) -> UIView.ContentMode? {
        switch name {
        case "scaleToFill": .scaleToFill
        case "scaleAspectFit": .scaleAspectFit
        case "scaleAspectFill": .scaleAspectFill
        case "redraw": .redraw
        case "center": .center
        case "top": .top
        case "bottom": .bottom
        case "left": .left
        case "right": .right
        case "topLeft": .topLeft
        case "topRight": .topRight
        case "bottomLeft": .bottomLeft
        case "bottomRight": .bottomRight
        default: nil
        }
    }

    static func textAlignment(_ name: String?) -> NSTextAlignment? {
        switch name {
        case "left": .left
        case "center": .center
        case "right": .right
        case "justified": .justified
        case "natural": .natural
        default: nil
        }
    }

    static func lineBreakMode(_ name: String?) -> NSLineBreakMode? {
        switch name {
        case "wordWrap": .byWordWrapping
        case "characterWrap": .byCharWrapping
        case "clip": .byClipping
        case "headTruncation": .byTruncatingHead
        case "tailTruncation": .byTruncatingTail
        case "middleTruncation": .byTruncatingMiddle
        default: nil
        }
    }

    // MARK: Views

    static func decodeView(_ view: UIView, _ element: IBElement, _ loader: NibLoader) {
        if let frame = rect(element.child(key: "frame")) { view.frame = frame }
        if let mask = element.child(key: "autoresizingMask") {
            var value: UIView.AutoresizingMask = []
            if bool(mask["widthSizable"]) == true { value.insert(.flexibleWidth) }
            if bool(mask["heightSizable"]) == true { value.insert(.flexibleHeight) }
            if bool(mask["flexibleMinX"]) == true { value.insert(.flexibleLeftMargin) }
            if bool(mask["flexibleMaxX"]) == true { value.insert(.flexibleRightMargin) }
            if bool(mask["flexibleMinY"]) == true { value.insert(.flexibleTopMargin) }
            if bool(mask["flexibleMaxY"]) == true { value.insert(.flexibleBottomMargin) }
            view.autoresizingMask = value
        }
        if let value = bool(element["translatesAutoresizingMaskIntoConstraints"]) {
            view.translatesAutoresizingMaskIntoConstraints = value
        }
        if let mode = contentMode(element["contentMode"]) { view.contentMode = mode }
        if let value = bool(element["opaque"]) { view.isOpaque = value }
        if let value = bool(element["clipsSubviews"]) { view.clipsToBounds = value }
        if let value = bool(element["userInteractionEnabled"]) { view.isUserInteractionEnabled = value }
        if let value = bool(element["multipleTouchEnabled"]) { view.isMultipleTouchEnabled = value }
        if let value = bool(element["hidden"]) { view.isHidden = value }
        if let value = number(element["alpha"]) { view.alpha = value }
        if let value = element["tag"].flatMap(Int.init) { view.tag = value }
        if let value = bool(element["insetsLayoutMarginsFromSafeArea"]) {
            view.insetsLayoutMarginsFromSafeArea = value
        }
        if let value = number(element["horizontalHuggingPriority"]) {
            view.setContentHuggingPriority(UILayoutPriority(Float(value)), for: .horizontal)
        }
        if let value = number(element["verticalHuggingPriority"]) {
            view.setContentHuggingPriority(UILayoutPriority(Float(value)), for: .vertical)
        }
        if let value = number(element["horizontalCompressionResistancePriority"]) {
            view.setContentCompressionResistancePriority(UILayoutPriority(Float(value)), for: .horizontal)
        }
        if let value = number(element["verticalCompressionResistancePriority"]) {
            view.setContentCompressionResistancePriority(UILayoutPriority(Float(value)), for: .vertical)
        }
        if let margins = insets(element.child(key: "layoutMargins")) { view.layoutMargins = margins }
        if let margins = insets(element.child(key: "directionalLayoutMargins")) {
            view.directionalLayoutMargins = NSDirectionalEdgeInsets(
                top: margins.top, leading: margins.left, bottom: margins.bottom, trailing: margins.right)
        }
        if let color = color(element.child(key: "backgroundColor"), loader) { view.backgroundColor = color }
        if let color = color(element.child(key: "tintColor"), loader) { view.tintColor = color }
        if let accessibility = element.child(key: "accessibilityConfiguration") {
            if let identifier = accessibility["identifier"] { view.accessibilityIdentifier = identifier }
            if let label = accessibility["label"] { view.accessibilityLabel = label }
        }
        for guide in element.children(named: "viewLayoutGuide") {
            switch guide["key"] {
            case "safeArea": loader.register(guide["id"], view.safeAreaLayoutGuide)
            case "layoutMarginsGuide": loader.register(guide["id"], view.layoutMarginsGuide)
            default: break
            }
        }
        decodeKind(view, element, loader)
        // The content view of a cell is the cell's own: its subviews go into it.
        if let content = element.child(key: "contentView") {
            let target: UIView? =
                (view as? UITableViewCell)?.contentView ?? (view as? UICollectionViewCell)?.contentView
                ?? (view as? UITableViewHeaderFooterView)?.contentView
            if let target {
                loader.register(content["id"], target)
                loader.decode(target, from: content)
            }
        }
        decodeContents(view, element, loader)
    }

    /// The subviews: a stack view arranges them.
    private static func decodeContents(_ view: UIView, _ element: IBElement, _ loader: NibLoader) {
        for subview in loader.subviews(of: element) {
            if let stack = view as? UIStackView {
                stack.addArrangedSubview(subview)
            } else {
                view.addSubview(subview)
            }
        }
    }

    /// What each UIKit class adds to a view's properties.
    private static func decodeKind(_ view: UIView, _ element: IBElement, _ loader: NibLoader) {
        switch view {
        case let label as UILabel:
            if let font = font(element.child(key: "fontDescription"), loader) { label.font = font }
            if let text = element["text"] { label.text = text }
            if let text = element.child(key: "text")?.text { label.text = text }
            if let attributed = element.child(key: "attributedText") { label.text = plainText(attributed) }
            if let color = color(element.child(key: "textColor"), loader) { label.textColor = color }
            if let value = textAlignment(element["textAlignment"]) { label.textAlignment = value }
            if let value = lineBreakMode(element["lineBreakMode"]) { label.lineBreakMode = value }
            if let value = element["numberOfLines"].flatMap(Int.init) { label.numberOfLines = value }
            if let value = bool(element["adjustsFontSizeToFit"]) { label.adjustsFontSizeToFitWidth = value }
            if let value = number(element["minimumScaleFactor"]) { label.minimumScaleFactor = value }
            if let value = number(element["preferredMaxLayoutWidth"]) {
                label.preferredMaxLayoutWidth = value
            }
            if let value = bool(element["enabled"]) { label.isEnabled = value }
        case let button as UIButton:
            decodeControl(button, element)
            if let font = font(element.child(key: "fontDescription"), loader) {
                button.titleLabel?.font = font
            }
            for state in element.children(named: "state") {
                let controlState: UIControl.State =
                    switch state["key"] {
                    case "highlighted": .highlighted
                    case "selected": .selected
                    case "disabled": .disabled
                    default: .normal
                    }
                if let title = state["title"] { button.setTitle(title, for: controlState) }
                if let color = color(state.child(key: "titleColor"), loader) {
                    button.setTitleColor(color, for: controlState)
                }
                if let image = image(state["image"], reference: state.child(key: "image"), loader) {
                    button.setImage(image, for: controlState)
                }
                if let image = image(state["backgroundImage"], reference: nil, loader) {
                    button.setBackgroundImage(image, for: controlState)
                }
            }
        case let imageView as UIImageView:
            if let image = image(element["image"], reference: element.child(key: "image"), loader) {
                imageView.image = image
            }
            if let image = image(element["highlightedImage"], reference: nil, loader) {
                imageView.highlightedImage = image
            }
        case let stack as UIStackView:
            stack.axis = element["axis"] == "vertical" ? .vertical : .horizontal
            switch element["alignment"] {
            case "top", "leading": stack.alignment = .leading
            case "bottom", "trailing": stack.alignment = .trailing
            case "center": stack.alignment = .center
            case "firstBaseline": stack.alignment = .firstBaseline
            case "lastBaseline", "baseline": stack.alignment = .lastBaseline
            default: break
            }
            switch element["distribution"] {
            case "fillEqually": stack.distribution = .fillEqually
            case "fillProportionally": stack.distribution = .fillProportionally
            case "equalSpacing": stack.distribution = .equalSpacing
            case "equalCentering": stack.distribution = .equalCentering
            default: break
            }
            if let value = number(element["spacing"]) { stack.spacing = value }
            if let value = bool(element["baselineRelativeArrangement"]) {
                stack.isBaselineRelativeArrangement = value
            }
            if let value = bool(element["layoutMarginsRelativeArrangement"]) {
                stack.isLayoutMarginsRelativeArrangement = value
            }
        case let field as UITextField:
            decodeControl(field, element)
            if let font = font(element.child(key: "fontDescription"), loader) { field.font = font }
            if let text = element["text"] { field.text = text }
            if let text = element["placeholder"] { field.placeholder = text }
            if let color = color(element.child(key: "textColor"), loader) { field.textColor = color }
            if let value = textAlignment(element["textAlignment"]) { field.textAlignment = value }
            switch element["borderStyle"] {
            case "roundedRect": field.borderStyle = .roundedRect
            case "line": field.borderStyle = .line
            case "bezel": field.borderStyle = .bezel
            default: break
            }
        case let control as UIControl:
            decodeControl(control, element)
            if let toggle = control as? UISwitch, let on = bool(element["on"]) { toggle.isOn = on }
        default:
            break
        }
        if let scroll = view as? UIScrollView {
            if let value = bool(element["showsHorizontalScrollIndicator"]) {
                scroll.showsHorizontalScrollIndicator = value
            }
            if let value = bool(element["showsVerticalScrollIndicator"]) {
                scroll.showsVerticalScrollIndicator = value
            }
            if let value = bool(element["bounces"]) { scroll.bounces = value }
            if let value = bool(element["alwaysBounceVertical"]) { scroll.alwaysBounceVertical = value }
            if let value = bool(element["alwaysBounceHorizontal"]) { scroll.alwaysBounceHorizontal = value }
            if let value = bool(element["pagingEnabled"]) { scroll.isPagingEnabled = value }
            if let value = bool(element["scrollEnabled"]) { scroll.isScrollEnabled = value }
        }
        if let table = view as? UITableView {
            if let value = number(element["rowHeight"]) { table.rowHeight = value }
            if let value = number(element["estimatedRowHeight"]) { table.estimatedRowHeight = value }
            if let value = number(element["sectionHeaderHeight"]) { table.sectionHeaderHeight = value }
            if let value = number(element["sectionFooterHeight"]) { table.sectionFooterHeight = value }
            if element["separatorStyle"] == "none" { table.separatorStyle = .none }
            for prototype in element.first("prototypes")?.children ?? [] {
                if let identifier = prototype["reuseIdentifier"] {
                    table.register(
                        UINib(prototype: prototype, loader: loader), forCellReuseIdentifier: identifier)
                }
            }
        }
        if let collection = view as? UICollectionView {
            for prototype in element.first("cells")?.children ?? [] {
                if let identifier = prototype["reuseIdentifier"] {
                    collection.register(
                        UINib(prototype: prototype, loader: loader), forCellWithReuseIdentifier: identifier)
                }
            }
        }
        if let cell = view as? UITableViewCell {
            switch element["selectionStyle"] {
            case "none": cell.selectionStyle = .none
            case "gray": cell.selectionStyle = .gray
            case "blue": cell.selectionStyle = .blue
            default: break
            }
            switch element["accessoryType"] ?? element["accessory"] {
            case "disclosureIndicator": cell.accessoryType = .disclosureIndicator
            case "checkmark": cell.accessoryType = .checkmark
            case "detailButton": cell.accessoryType = .detailButton
            case "detailDisclosureButton": cell.accessoryType = .detailDisclosureButton
            default: break
            }
        }
        if let cell = view as? UICollectionReusableView, let identifier = element["reuseIdentifier"] {
            cell.reuseIdentifier = identifier
        }
    }

    private static func decodeControl(_ control: UIControl, _ element: IBElement) {
        if let value = bool(element["enabled"]) { control.isEnabled = value }
        if let value = bool(element["selected"]) { control.isSelected = value }
        if let value = bool(element["highlighted"]) { control.isHighlighted = value }
        switch element["contentHorizontalAlignment"] {
        case "left": control.contentHorizontalAlignment = .left
        case "right": control.contentHorizontalAlignment = .right
        case "leading": control.contentHorizontalAlignment = .leading
        case "trailing": control.contentHorizontalAlignment = .trailing
        case "fill": control.contentHorizontalAlignment = .fill
        case "center": control.contentHorizontalAlignment = .center
        default: break
        }
        switch element["contentVerticalAlignment"] {
        case "top": control.contentVerticalAlignment = .top
        case "bottom": control.contentVerticalAlignment = .bottom
        case "fill": control.contentVerticalAlignment = .fill
        case "center": control.contentVerticalAlignment = .center
        default: break
        }
    }

    /// An `<attributedString>`'s fragments' text, joined.
    private static func plainText(_ element: IBElement) -> String {
        element.children(named: "fragment").map { $0["content"] ?? $0.child(key: "content")?.text ?? "" }
            .joined()
    }

    // MARK: What an initialiser needs before its superclass's

    static func activityIndicatorStyle(_ coder: NSCoder) -> UIActivityIndicatorView.Style {
        switch (coder as? InterfaceBuilderCoder)?.element["style"] {
        case "large", "whiteLarge": .large
        default: .medium
        }
    }

    /// A table view's style; for a table view controller, its view's.
    static func tableStyle(_ coder: NSCoder, view: Bool) -> UITableView.Style {
        guard var element = (coder as? InterfaceBuilderCoder)?.element else { return .plain }
        if view, let table = element.child(key: "view") { element = table }
        switch element["style"] {
        case "grouped": return .grouped
        case "insetGrouped": return .insetGrouped
        default: return .plain
        }
    }

    static func cellStyle(_ coder: NSCoder) -> UITableViewCell.CellStyle {
        switch (coder as? InterfaceBuilderCoder)?.element["style"] {
        case "IBUITableViewCellStyleSubtitle": .subtitle
        case "IBUITableViewCellStyleValue1": .value1
        case "IBUITableViewCellStyleValue2": .value2
        default: .default
        }
    }

    /// The layout a collection view's element names: a flow layout with its properties, or a
    /// custom class made with its `init?(coder:)`.
    static func collectionViewLayout(_ coder: NSCoder) -> UICollectionViewLayout? {
        guard let coder = coder as? InterfaceBuilderCoder,
            let element = coder.element.child(key: "collectionViewLayout")
        else { return nil }
        let layout = coder.loader.make(element) as? UICollectionViewLayout
        if let flow = layout as? UICollectionViewFlowLayout {
            if let size = size(element.child(key: "itemSize")) { flow.itemSize = size }
            if let size = size(element.child(key: "estimatedItemSize")) { flow.estimatedItemSize = size }
            if let size = size(element.child(key: "headerReferenceSize")) { flow.headerReferenceSize = size }
            if let size = size(element.child(key: "footerReferenceSize")) { flow.footerReferenceSize = size }
            if let insets = insets(element.child(key: "sectionInset")) { flow.sectionInset = insets }
            if let value = number(element["minimumLineSpacing"]) { flow.minimumLineSpacing = value }
            if let value = number(element["minimumInteritemSpacing"]) { flow.minimumInteritemSpacing = value }
            if element["scrollDirection"] == "horizontal" { flow.scrollDirection = .horizontal }
        }
        return layout
    }

    // MARK: Controllers

    static func decodeController(_ controller: UIViewController, _ element: IBElement, _ loader: NibLoader) {
        if let title = element["title"] { controller.title = title }
        if let item = element.child(key: "navigationItem"), let title = item["title"] {
            controller.navigationItem.title = title
        }
        if let item = element.child(key: "tabBarItem") {
            if let title = item["title"] { controller.tabBarItem.title = title }
            if let image = image(item["image"], reference: item.child(key: "image"), loader) {
                controller.tabBarItem.image = image
            }
        }
        controller.storyboard = loader.storyboard
    }

    // MARK: Constraints

    /// A `<constraint>` of the view that lists it: an absent first item is that view, and an
    /// absent second item makes a constant constraint.
    static func constraint(_ element: IBElement, in holder: UIView, _ loader: NibLoader)
        -> NSLayoutConstraint?
    {
        let first: AnyObject? = element["firstItem"].map { loader.objects[$0] } ?? holder
        let second: AnyObject? = element["secondItem"].flatMap { loader.objects[$0] }
        guard let first, let firstAttribute = attribute(element["firstAttribute"]) else {
            loader.warn(
                "constraint \(element["id"] ?? "") names an item or attribute framegen does not know: left out"
            )
            return nil
        }
        if element["secondItem"] != nil && second == nil {
            loader.warn(
                "constraint \(element["id"] ?? ""): no object \(element["secondItem"] ?? "") in this nib: left out"
            )
            return nil
        }
        let relation: NSLayoutConstraint.Relation =
            switch element["relation"] {
            case "greaterThanOrEqual": .greaterThanOrEqual
            case "lessThanOrEqual": .lessThanOrEqual
            default: .equal
            }
        let constraint = NSLayoutConstraint(
            item: first, attribute: firstAttribute, relatedBy: relation, toItem: second,
            attribute: attribute(element["secondAttribute"]) ?? .notAnAttribute,
            multiplier: multiplier(element["multiplier"]), constant: number(element["constant"]) ?? 0)
        if let priority = number(element["priority"]) {
            constraint.priority = UILayoutPriority(Float(priority))
        }
        constraint.identifier = element["identifier"]
        loader.register(element["id"], constraint)
        return constraint
    }

    /// "2", "1:2" (a ratio), "0.5".
    private static func multiplier(_ text: String?) -> CGFloat {
        guard let text else { return 1 }
        let parts = text.split(separator: ":")
        if parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), b != 0 {
            return CGFloat(a / b)
        }
        return CGFloat(Double(text) ?? 1)
    }

    private static func attribute(_ name: String?) -> NSLayoutConstraint.Attribute? {
        switch name {
        case "left": .left
        case "right": .right
        case "top": .top
        case "bottom": .bottom
        case "leading": .leading
        case "trailing": .trailing
        case "width": .width
        case "height": .height
        case "centerX": .centerX
        case "centerY": .centerY
        case "baseline", "lastBaseline": .lastBaseline
        case "firstBaseline": .firstBaseline
        case "leftMargin": .leftMargin
        case "rightMargin": .rightMargin
        case "topMargin": .topMargin
        case "bottomMargin": .bottomMargin
        case "leadingMargin": .leadingMargin
        case "trailingMargin": .trailingMargin
        case "centerXWithinMargins": .centerXWithinMargins
        case "centerYWithinMargins": .centerYWithinMargins
        default: nil
        }
    }

    // MARK: Runtime attributes

    /// A user-defined runtime attribute: the layer's common properties by key path
    /// (`layer.cornerRadius`), which UIKit's key-value coding reaches through the view; any
    /// other key through `setValue(_:forKey:)`, which the port writes for `@IBInspectable`.
    static func setRuntimeAttribute(_ element: IBElement, on object: AnyObject, _ loader: NibLoader) {
        guard let path = element["keyPath"] else { return }
        let value: Any? =
            switch element["type"] {
            case "boolean": bool(element["value"]) ?? false
            case "number", "real", "integer":
                element.first("real").flatMap { number($0["value"]) } ?? element.first("integer").flatMap {
                    number($0["value"])
                }
                    ?? number(element["value"]) ?? 0
            case "string", "localizedString": element["value"] ?? ""
            case "color": color(element.first("color"), loader)
            case "size": size(element.first("size"))
            case "rect": rect(element.first("rect"))
            case "point":
                element.first("point").map { CGPoint(x: number($0["x"]) ?? 0, y: number($0["y"]) ?? 0) }
            case "image": image(element["value"], reference: nil, loader)
            default: nil
            }
        if path.hasPrefix("layer."), let view = object as? UIView {
            let layer = view.layer
            switch path.dropFirst(6) {
            case "cornerRadius":
                if let v = InterfaceBuilder.value(value, as: CGFloat.self) { layer.cornerRadius = v }
            case "borderWidth":
                if let v = InterfaceBuilder.value(value, as: CGFloat.self) { layer.borderWidth = v }
            case "borderColor", "borderUIColor":
                if let v = value as? UIColor { layer.borderColor = v.cgColor }
            case "masksToBounds": if let v = value as? Bool { layer.masksToBounds = v }
            case "shadowOpacity":
                if let v = InterfaceBuilder.value(value, as: Float.self) { layer.shadowOpacity = v }
            case "shadowRadius":
                if let v = InterfaceBuilder.value(value, as: CGFloat.self) { layer.shadowRadius = v }
            case "shadowOffset": if let v = value as? CGSize { layer.shadowOffset = v }
            case "shadowColor", "shadowUIColor":
                if let v = value as? UIColor { layer.shadowColor = v.cgColor }
            default: loader.warn("runtime attribute \(path): framegen sets no such layer property")
            }
            return
        }
        guard !path.contains(".") else {
            loader.warn("runtime attribute \(path): framegen sets one key, not a path")
            return
        }
        (object as? UIResponder)?.setValue(value, forKey: path)
    }
}
