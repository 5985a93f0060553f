import SwiftSyntax

/// An `@IBOutlet`, `@IBOutletCollection` or `@IBInspectable` property, or an `@IBAction` method,
/// that a class's body or an extension declares: what a storyboard or nib sets or connects by
/// name. iOS finds them at run time, by key-value coding and by selector, which need the
/// Objective-C runtime; framegen's UIResponder asks `setValue(_:forKey:)` and
/// `interfaceBuilderAction(named:)` instead, which the port writes into each class of the app's
/// that declares any (`Survey.interfaceBuilderPlan(for:)`).
struct InterfaceBuilderMember {
    enum Kind {
        /// A property, with the type a value is cast to: its declared type less `!` or `?`.
        case property(type: String)
        /// A method, with its Objective-C name, its Swift name (`tapped(_:)`, `refresh()`) and, for
        /// one without arguments, its result type.
        case action(selector: String, base: String, fullName: String, result: String?)
    }

    /// The class, or the type the extension extends.
    var owner: String
    /// `label`, or `tapped(_:)`.
    var name: String
    /// `@IBOutlet`, `@IBInspectable`, `@IBAction`.
    var attribute: String
    /// nil: it cannot be listed, for `unusable`'s reason.
    var kind: Kind?
    var unusable: String?
    var file: String
    var line: Int
    var inExtension: Bool
    /// The `#if` clauses around it, outermost first (those the port knows hold left out).
    var conditions: [String]
    /// The `private` and `fileprivate` modifiers that keep it to its file, its own and its
    /// extension's, with what each is of (`tapped(_:)`, `extension ViewController`).
    var fileScoped: [(start: Int, end: Int, line: Int, text: String, of: String)]

    var isProperty: Bool { attribute != "@IBAction" }
}

/// What the port writes for Interface Builder into a class's body, and what it says about it.
struct InterfaceBuilderPlan {
    /// The overrides, a line each, for the class's closing brace.
    var declarations: [String] = []
    /// What to say at the class's closing brace.
    var classNotes: [String] = []
    /// What to say at members' lines, in their files.
    var memberNotes: [(file: String, line: Int, what: String)] = []
    /// `private` and `fileprivate` modifiers of members in other files than the class's, which
    /// the class's overrides call, with what each is of: each becomes spaces.
    var opened: [(file: String, start: Int, end: Int, line: Int, text: String, of: String)] = []
}

extension Survey {
    /// A class of the app's, as Interface Builder's overrides need it.
    struct InterfaceBuilderClass {
        var file: String
        var isGeneric: Bool
        /// `public ` or `open ` (an open class's overrides stay open, so that a subclass in
        /// another module, a library's user, may override them again), else empty.
        var access: String
        var conditions: [String]
    }

    /// UIKit's classes whose names begin with "UI" that are not responders, and the ends of
    /// such names (UITapGestureRecognizer, UICollectionViewFlowLayout, UIBarButtonItem...).
    static let nonResponders: Set<String> = [
        "UIImage", "UIColor", "UIFont", "UIBezierPath", "UIDevice", "UIScreen", "UIEvent", "UITouch",
        "UITraitCollection", "UINib", "UIStoryboard", "UIPasteboard", "UIMenuController", "UIDocument",
        "UIManagedDocument", "UIMenu", "UIActivity", "UIDocumentInteractionController", "UIPrintInfo",
        "UIDynamicAnimator", "UIAccessibilityElement", "UITextPosition", "UITextRange", "UITextInputMode",
        "UILocalNotification", "UIImageAsset", "UIApplicationShortcutItem", "UIFocusGuide",
    ]
    static let nonResponderSuffixes = [
        "GestureRecognizer", "Layout", "Attributes", "InvalidationContext", "Item", "Appearance", "Generator",
        "Interaction", "Configuration", "Context", "Parameters", "Preview", "Animator", "Behavior", "Effect",
        "Guide", "PresentationController", "Transition", "Action", "Renderer", "Formatter", "Descriptor",
        "Metrics", "Segue", "Session", "Proposal", "Coordinator", "Element", "Command", "Provider",
    ]
    /// How a library's classes (a pod's, a package's: compiled apart, so not surveyed) that
    /// descend from UIKit's responders end their names.
    static let responderSuffixes = [
        "View", "ViewController", "Cell", "Button", "Control", "Label", "TextField", "Window",
    ]

    /// Whether a class the app's files do not declare is a responder: UIKit's by name, and a
    /// library's by how its name ends.
    static func isResponder(_ name: String) -> Bool {
        if name.hasPrefix("UI") {
            return !nonResponders.contains(name) && !nonResponderSuffixes.contains { name.hasSuffix($0) }
        }
        if ["NS", "CA", "CI", "CG"].contains(String(name.prefix(2))) { return false }
        return responderSuffixes.contains { name.hasSuffix($0) }
    }

    /// The first class above `name`, through the app's classes, that the app's files do not
    /// declare (`UIViewController`, `NSObject`), or the app's root class; and whether it is a
    /// responder.
    func interfaceBuilderRoot(of name: String) -> (root: String, isResponder: Bool) {
        var current = name
        for _ in 0..<64 {
            guard classCounts[current] != nil, let facts = classes[current] else {
                return (current, Self.isResponder(current))
            }
            guard let superclass = facts.superclass, superclass != current else { return (current, false) }
            current = superclass
        }
        return (current, false)
    }

    /// The overrides class `name`'s body gets for the Interface Builder members it and its
    /// extensions declare (in any file of the target), and what to say about them. Members of an
    /// extension of a class the app's files do not declare (UIView's `cornerRadius`) get a note.
    func interfaceBuilderPlan(for name: String) -> InterfaceBuilderPlan {
        var plan = InterfaceBuilderPlan()
        let found = interfaceBuilderMembers.filter { $0.owner == name }
        // The class's own first, then its extensions', in the order of the target's files.
        let members = found.filter { !$0.inExtension } + found.filter(\.inExtension)
        guard !members.isEmpty else { return plan }
        let setter = "setValue(_:forKey:)"
        let actionMethod = "interfaceBuilderAction(named:)"
        func note(_ member: InterfaceBuilderMember, _ what: String) {
            plan.memberNotes.append((member.file, member.line, "\(member.attribute) \(member.name) \(what)"))
        }
        guard classCounts[name] == 1, let facts = interfaceBuilderClasses[name] else {
            for member in members {
                if classCounts[name] == nil {
                    note(
                        member,
                        "is in an extension of \(name), which the app's files do not declare: the port writes "
                            + (member.isProperty
                                ? "\(setter) only into the app's classes, so a storyboard's \(member.name) is not set through it (key paths such as layer.cornerRadius the nib loader sets itself)"
                                : "\(actionMethod) only into the app's classes, so a storyboard cannot connect it")
                    )
                } else {
                    note(
                        member,
                        "not connectable from a storyboard or nib: \(classCounts[name] ?? 0) classes are named \(name) in the app's files"
                    )
                }
            }
            return plan
        }
        let none = "no \(setter) or \(actionMethod) written for \(name)"
        if facts.isGeneric {
            plan.classNotes.append(
                "\(none): it is generic, and a storyboard or nib cannot name a generic class (Objective-C sees none)"
            )
            return plan
        }
        let (root, isResponder) = interfaceBuilderRoot(of: name)
        guard isResponder else {
            plan.classNotes.append(
                "\(none) (its Interface Builder members are not connected): it descends from \(root), not from UIResponder, where framegen connects a storyboard's outlets and actions"
            )
            return plan
        }
        var properties: [(InterfaceBuilderMember, String)] = []
        var actions: [(InterfaceBuilderMember, selector: String, reference: String)] = []
        let holding = facts.conditions
        for member in members {
            let list = member.isProperty ? setter : actionMethod
            guard let kind = member.kind else {
                note(member, "\(member.unusable ?? "cannot be listed"): not in \(name)'s \(list)")
                continue
            }
            guard member.conditions == holding else {
                let inside = member.conditions.last { !holding.contains($0) } ?? "#if"
                note(member, "is inside \(inside): not in \(name)'s \(list), which is outside it")
                continue
            }
            switch kind {
            case .property(let type): properties.append((member, type))
            case .action(let selector, let base, let fullName, let result):
                // With no argument, the base name alone may also name the superclass's methods of
                // that name (UIViewController's `dismiss(animated:completion:)` for `dismiss`): the
                // method's type picks it.
                let reference = result.map { "\(base) as (\(name)) -> () -> \($0)" } ?? fullName
                if let first = actions.first(where: { $0.selector == selector }) {
                    note(
                        member,
                        "has the Objective-C name \(selector), as \(first.0.name) (\(first.0.file):\(first.0.line)) has: \(name)'s \(actionMethod) gives that one"
                    )
                } else {
                    actions.append((member, selector, reference))
                }
            }
        }
        let own = interfaceBuilderOwnMembers[name] ?? []
        let access = facts.access
        var listed: [InterfaceBuilderMember] = []
        if !properties.isEmpty {
            let names = properties.map(\.0.name).joined(separator: ", ")
            if own.contains(setter) {
                plan.classNotes.append(
                    "\(setter) not written: \(name) declares its own, which a storyboard's \(names) go through"
                )
            } else {
                var text =
                    "\(access)override func setValue(_ value: Any?, forKey key: String) { switch key { "
                for (member, type) in properties {
                    text +=
                        "case \(literal(member.name)): if let v = InterfaceBuilder.value(value, as: \(type).self) { self.\(member.name) = v }; "
                }
                text += "default: super.setValue(value, forKey: key) } }"
                plan.declarations.append(text)
                plan.classNotes.append(
                    "\(setter) written: a storyboard or nib sets \(names) by name through it, without key-value coding"
                )
                listed += properties.map(\.0)
            }
        }
        if !actions.isEmpty {
            let names = actions.map(\.selector).joined(separator: ", ")
            if own.contains(actionMethod) {
                plan.classNotes.append("\(actionMethod) not written: \(name) declares its own")
            } else {
                var text =
                    "\(access)override func interfaceBuilderAction(named name: String) -> Selector? { switch name { "
                for (_, selector, reference) in actions {
                    text +=
                        "case \(literal(selector)): return Selector(\(literal(selector)), \(name).\(reference)); "
                }
                text += "default: return super.interfaceBuilderAction(named: name) } }"
                plan.declarations.append(text)
                plan.classNotes.append(
                    "\(actionMethod) written: a storyboard or nib connects \(names) by name through it, without Objective-C selectors"
                )
                listed += actions.map(\.0)
            }
        }
        // A private member of an extension in another file is out of the overrides' reach.
        for member in listed where member.file != facts.file {
            for modifier in member.fileScoped {
                plan.opened.append(
                    (member.file, modifier.start, modifier.end, modifier.line, modifier.text, modifier.of))
            }
        }
        return plan
    }

    /// Records `tree`'s Interface Builder members and classes (of file `path`).
    mutating func walkInterfaceBuilder(_ tree: SourceFileSyntax, path: String) {
        let visitor = InterfaceBuilderVisitor(path: path, tree: tree)
        visitor.walk(tree)
        interfaceBuilderMembers += visitor.members
        interfaceBuilderClasses.merge(visitor.classes) { a, _ in a }
        interfaceBuilderOwnMembers.merge(visitor.own) { $0.union($1) }
    }
}

private final class InterfaceBuilderVisitor: SyntaxVisitor {
    let path: String
    let converter: SourceLocationConverter
    var members: [InterfaceBuilderMember] = []
    var classes: [String: Survey.InterfaceBuilderClass] = [:]
    /// The overrides each type declares itself, of those the port would write.
    var own: [String: Set<String>] = [:]

    /// `#if` conditions that hold where the port compiles (it makes `os(iOS)` hold): a member
    /// inside one is where its class is.
    static let holding: Set<String> = ["#if os(iOS)", "#if canImport(UIKit)"]

    init(path: String, tree: SourceFileSyntax) {
        self.path = path
        converter = SourceLocationConverter(fileName: path, tree: tree)
        super.init(viewMode: .sourceAccurate)
    }

    private func line(_ node: some SyntaxProtocol) -> Int {
        converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    }

    /// The `#if` clauses around `node`, outermost first, each with the clauses before it
    /// (`#if DEBUG #else`).
    private func conditions(of node: some SyntaxProtocol) -> [String] {
        var found: [String] = []
        var current = node.parent
        while let syntax = current {
            if let clause = syntax.as(IfConfigClauseSyntax.self),
                let list = clause.parent?.as(IfConfigClauseListSyntax.self)
            {
                var text: [String] = []
                for each in list {
                    text.append(
                        ([each.poundKeyword.text] + (each.condition.map { [$0.trimmedDescription] } ?? []))
                            .joined(separator: " "))
                    if each.id == clause.id { break }
                }
                let joined = text.joined(separator: " ")
                if !Self.holding.contains(joined) { found.insert(joined, at: 0) }
            }
            current = syntax.parent
        }
        return found
    }

    /// A member block's declarations, those inside its `#if` clauses too.
    private func declarations(of block: MemberBlockItemListSyntax) -> [DeclSyntax] {
        block.flatMap { item -> [DeclSyntax] in
            guard let config = item.decl.as(IfConfigDeclSyntax.self) else { return [item.decl] }
            return config.clauses.flatMap { clause -> [DeclSyntax] in
                guard let inner = clause.elements?.as(MemberBlockItemListSyntax.self) else { return [] }
                return declarations(of: inner)
            }
        }
    }

    private static func fileScoped(_ modifiers: DeclModifierListSyntax) -> [DeclModifierSyntax] {
        modifiers.filter { ["private", "fileprivate"].contains($0.name.text) }
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        let access = node.modifiers.first { ["public", "open"].contains($0.name.text) }?.name.text
        classes[name] = Survey.InterfaceBuilderClass(
            file: path, isGeneric: node.genericParameterClause != nil, access: access.map { $0 + " " } ?? "",
            conditions: conditions(of: node))
        collect(node.memberBlock, owner: name, inExtension: false, extensionModifiers: [])
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        collect(
            node.memberBlock, owner: simpleName(node.extendedType), inExtension: true,
            extensionModifiers: Self.fileScoped(node.modifiers))
        return .visitChildren
    }

    private func collect(
        _ block: MemberBlockSyntax, owner: String, inExtension: Bool, extensionModifiers: [DeclModifierSyntax]
    ) {
        for decl in declarations(of: block.members) {
            if let function = decl.as(FunctionDeclSyntax.self) {
                let name = fullName(function)
                if ["setValue(_:forKey:)", "interfaceBuilderAction(named:)"].contains(name) {
                    own[owner, default: []].insert(name)
                }
                if let attribute = Self.attribute(of: function.attributes, in: ["IBAction"]) {
                    members.append(
                        action(
                            function, attribute: attribute, owner: owner, inExtension: inExtension,
                            fileScoped: extensionModifiers + Self.fileScoped(function.modifiers)))
                }
            } else if let variable = decl.as(VariableDeclSyntax.self),
                let attribute = Self.attribute(
                    of: variable.attributes, in: ["IBOutlet", "IBOutletCollection", "IBInspectable"])
            {
                members += properties(
                    variable, attribute: attribute, owner: owner, inExtension: inExtension,
                    fileScoped: extensionModifiers + Self.fileScoped(variable.modifiers))
            }
        }
    }

    /// The first of `names` among the attributes, as written with its `@`.
    private static func attribute(of attributes: AttributeListSyntax, in names: Set<String>) -> String? {
        for case .attribute(let attribute) in attributes {
            let name = attribute.attributeName.trimmedDescription
            if names.contains(name) { return "@" + name }
        }
        return nil
    }

    private func member(
        _ node: some SyntaxProtocol, name: String, attribute: String, owner: String, inExtension: Bool,
        fileScoped: [DeclModifierSyntax]
    ) -> InterfaceBuilderMember {
        InterfaceBuilderMember(
            owner: owner, name: name, attribute: attribute, kind: nil, unusable: nil, file: path,
            line: line(node), inExtension: inExtension, conditions: conditions(of: node),
            fileScoped: fileScoped.map {
                (
                    $0.positionAfterSkippingLeadingTrivia.utf8Offset,
                    $0.endPositionBeforeTrailingTrivia.utf8Offset, line($0), $0.trimmedDescription,
                    $0.parent?.parent?.is(ExtensionDeclSyntax.self) == true ? "extension \(owner)" : name
                )
            })
    }

    private func action(
        _ function: FunctionDeclSyntax, attribute: String, owner: String, inExtension: Bool,
        fileScoped: [DeclModifierSyntax]
    ) -> InterfaceBuilderMember {
        var found = member(
            function, name: fullName(function), attribute: attribute, owner: owner, inExtension: inExtension,
            fileScoped: fileScoped)
        let parameters = function.signature.parameterClause.parameters
        let effects = function.signature.effectSpecifiers
        if function.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) {
            found.unusable = "is a type's method"
        } else if effects?.asyncSpecifier != nil || effects?.throwsClause != nil {
            found.unusable = "is async or throws, which a Selector calls neither"
        } else if function.genericParameterClause != nil {
            found.unusable = "is generic"
        } else if parameters.count > 2 {
            found.unusable =
                "takes \(parameters.count) arguments, where framegen's Selector calls methods of 0, 1 or 2"
        } else {
            // Objective-C's name: the `@objc(name:)` one, else the one Swift gives.
            var selector = objectiveCName(function.name.text, labels: parameters.map(\.firstName.text))
            for case .attribute(let attribute) in function.attributes
            where attribute.attributeName.trimmedDescription == "objc" {
                if case .objCName(let pieces) = attribute.arguments {
                    selector = pieces.trimmedDescription.filter { !$0.isWhitespace }
                }
            }
            found.kind = .action(
                selector: selector, base: function.name.text, fullName: fullName(function),
                result: parameters.isEmpty
                    ? function.signature.returnClause?.type.trimmedDescription ?? "Void" : nil)
        }
        return found
    }

    private func properties(
        _ variable: VariableDeclSyntax, attribute: String, owner: String, inExtension: Bool,
        fileScoped: [DeclModifierSyntax]
    ) -> [InterfaceBuilderMember] {
        let bindings = Array(variable.bindings)
        return bindings.enumerated().compactMap { i, binding in
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier else {
                return nil
            }
            // `default` for `` `default` ``: the key, and after `self.` a name.
            let name = identifier.text.filter { $0 != "`" }
            var found = member(
                variable, name: name, attribute: attribute, owner: owner, inExtension: inExtension,
                fileScoped: fileScoped)
            // `var a, b: UILabel!`: `a` has the type written after `b`.
            let type =
                binding.typeAnnotation?.type
                ?? (binding.initializer == nil && binding.accessorBlock == nil
                    ? bindings[(i + 1)...].lazy.compactMap(\.typeAnnotation?.type).first : nil)
            if variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) {
                found.unusable = "is a type's property"
            } else if variable.bindingSpecifier.tokenKind == .keyword(.let) {
                found.unusable = "is a let, which cannot be set"
            } else if !Self.isSettable(binding) {
                found.unusable = "has no setter"
            } else if let type {
                var cast = type
                if let wrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                    cast = wrapped.wrappedType
                } else if let wrapped = type.as(OptionalTypeSyntax.self) {
                    cast = wrapped.wrappedType
                }
                found.kind = .property(type: cast.trimmedDescription)
            } else {
                found.unusable = "has no type annotation, which the value is cast to"
            }
            return found
        }
    }

    /// A stored property (observed or not), or a computed one with a setter.
    private static func isSettable(_ binding: PatternBindingSyntax) -> Bool {
        guard let block = binding.accessorBlock else { return true }
        guard case .accessors(let accessors) = block.accessors else { return false }
        let kinds = Set(accessors.map(\.accessorSpecifier.text))
        return kinds.contains("set") || !kinds.contains("get")
    }
}
