import SwiftSyntax

/// What the port must know across a target's files before it rewrites any: the `@objc optional`
/// members each protocol declares, and which types conform to which protocols.
struct Survey {
    /// An optional member of a protocol of the app's.
    struct Requirement {
        var protocolName: String
        /// `f(_:y:)` for a method, `x` for a property.
        var fullName: String
        var baseName: String
        /// The return or property type as written (nil: Void).
        var type: String?
        /// The type already admits nil (`T?`, `T!`), so it stays as it is.
        var typeIsOptional: Bool
        /// Conformers' implementations return `type` and must return `type?` to witness.
        var typeChanges: Bool { type != nil && !typeIsOptional }
        /// The member as the protocol extension gives its default: the declaration up to its body.
        var defaultDeclaration: String
        var defaultBody: String
    }

    var requirements: [Requirement] = []
    /// The app's modules compiled into this target with it (`SourcePort.port(_:mergedModules:)`).
    var mergedModules: Set<String> = []
    /// The app's library, for a test target's files (`SourcePort.port(_:mergedModules:testedModule:)`).
    var testedModule: String?
    /// Base names of every optional member, the app's and UIKit's: `x?.name?(` loses its second `?`.
    var optionalNames: Set<String> = UIKitOptionalMembers.baseNames
    /// For each type or protocol name, the names in its inheritance clauses (in any file).
    var inherits: [String: Set<String>] = [:]
    /// Access level of each protocol with optional members (`public` or none).
    var protocolAccess: [String: String] = [:]
    /// How many classes of each name the app's files declare (an override moves from an
    /// extension only into a class named once).
    var classCounts: [String: Int] = [:]
    /// Each class's superclass as written (the first name of its inheritance clause) and the
    /// argument labels of its initialisers, for the classes declared once.
    var classes: [String: ClassFacts] = [:]

    /// Interface Builder's members of the app's classes and of extensions, in the order of the
    /// target's files; the classes declared, by name; the overrides the port would write that a
    /// type declares itself (InterfaceBuilderMembers.swift).
    var interfaceBuilderMembers: [InterfaceBuilderMember] = []
    var interfaceBuilderClasses: [String: InterfaceBuilderClass] = [:]
    var interfaceBuilderOwnMembers: [String: Set<String>] = [:]

    struct ClassFacts {
        var superclass: String?
        /// Designated initialisers' labels (`init?(coder:)` included: it is one, and a class that
        /// declares it alone inherits no other).
        var designated: [[String]] = []
        var convenience: [[String]] = []
        /// The names of the properties the class's body declares.
        var properties: Set<String> = []
    }

    /// How UIKit makes a reusable view of each kind it makes by class (and a view's backing
    /// layer), and the port's override that lets framegen do the same (`makeByClass`, in
    /// framegen's UIKit and QuartzCore).
    static let madeByClass: [String: (labels: [String], declaration: String, call: String)] = {
        let view = (
            labels: ["frame"],
            declaration: "class func makeByClass(frame: CGRect) -> UICollectionReusableView?",
            call: "(frame: frame)"
        )
        let cell = (
            labels: ["style", "reuseIdentifier"],
            declaration:
                "class func makeByClass(style: UITableViewCell.CellStyle, reuseIdentifier: String?) -> UITableViewCell?",
            call: "(style: style, reuseIdentifier: reuseIdentifier)"
        )
        let headerFooter = (
            labels: ["reuseIdentifier"],
            declaration: "class func makeByClass(reuseIdentifier: String?) -> UITableViewHeaderFooterView?",
            call: "(reuseIdentifier: reuseIdentifier)"
        )
        // A view's backing layer, of its `layerClass`, made by `init()`.
        let layer = (labels: [String](), declaration: "class func makeByClass() -> CALayer?", call: "()")
        let reusable = [
            "UICollectionReusableView": view, "UICollectionViewCell": view, "UICollectionViewListCell": view,
            "UITableViewCell": cell, "UITableViewHeaderFooterView": headerFooter,
        ]
        return reusable.merging(layerClasses.map { ($0, layer) }) { a, _ in a }
    }()

    /// The override to write into the body of class `name` so that framegen makes it by its
    /// class as UIKit does: when it descends, through the app's classes, from a reusable view
    /// UIKit makes by class, and has (declares, or inherits by Swift's rule: a class that
    /// declares no designated initialiser inherits its superclass's) the initialiser UIKit calls.
    func makeByClassOverride(for name: String, access: String) -> String? {
        // The target's classes from `name` up to the first that UIKit makes by class.
        let names = lineage(of: name)
        guard let r = names.firstIndex(where: { Self.madeByClass[$0] != nil }), r > 0,
            let made = Self.madeByClass[names[r]]
        else { return nil }
        let chain = names[..<r].compactMap { classes[$0] }
        for facts in chain {
            if facts.designated.contains(made.labels) || facts.convenience.contains(made.labels) { break }
            if !facts.designated.isEmpty { return nil }
        }
        return "\(access)override \(made.declaration) { \(name)\(made.call) }"
    }

    /// Core Animation's layer classes, which an app's layer class descends from (and is made
    /// by `init()` as a view's backing layer).
    static let layerClasses: Set<String> = [
        "CALayer", "CAGradientLayer", "CAShapeLayer", "CAReplicatorLayer", "CATextLayer", "CAEmitterLayer",
        "CATransformLayer", "CAScrollLayer", "CATiledLayer",
    ]

    /// Whether class `name` descends, through the app's classes, from a Core Animation layer.
    func isLayerClass(_ name: String) -> Bool { descends(name, from: Self.layerClasses) }

    /// Whether class `name` descends, through the target's classes, from XCTest's test case (a
    /// suite's test classes often derive from a base class of its own, in another file).
    func isTestCaseClass(_ name: String) -> Bool { descends(name, from: Self.testCaseClasses) }

    /// XCTest's test case and the harnesses' classes derived from it that framegen declares.
    static let testCaseClasses: Set<String> = ["XCTestCase", "FBSnapshotTestCase"]

    /// Whether class `name` or one of the target's classes it descends from declares a property
    /// called `property`.
    func declares(_ property: String, in name: String) -> Bool {
        lineage(of: name).contains { classes[$0]?.properties.contains(property) == true }
    }

    /// Whether class `name` is one of `roots` or descends from one through the target's classes.
    private func descends(_ name: String, from roots: Set<String>) -> Bool {
        lineage(of: name).contains(where: roots.contains)
    }

    /// `name`, its superclass, and theirs through the target's classes: the first class the
    /// target does not declare (UIKit's, XCTest's) ends it; at most 64 names.
    private func lineage(of name: String) -> [String] {
        var names = [name]
        while names.count < 64, let parent = classes[names[names.count - 1]]?.superclass {
            names.append(parent)
        }
        return names
    }

    /// How many top-level declarations of each name the target's files make, at any access
    /// (a file's `private` helper may be made visible to the module only when no other file
    /// declares the name: `Rewriter`'s moves).
    var topLevelNames: [String: Int] = [:]

    /// A file's top-level declarations (those inside a top-level `#if` too) with their names: a
    /// function's, each variable a binding names, a type's.
    static func topLevelDeclarations(of tree: SourceFileSyntax) -> [(decl: DeclSyntax, names: [String])] {
        var found: [(DeclSyntax, [String])] = []
        func visit(_ item: Syntax) {
            if let config = item.as(IfConfigDeclSyntax.self) {
                for clause in config.clauses {
                    if let statements = clause.elements?.as(CodeBlockItemListSyntax.self) {
                        for statement in statements { visit(Syntax(statement.item)) }
                    }
                }
                return
            }
            guard let decl = item.as(DeclSyntax.self) else { return }
            var names: [String] = []
            if let f = decl.as(FunctionDeclSyntax.self) {
                names = [f.name.text]
            } else if let v = decl.as(VariableDeclSyntax.self) {
                names = v.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
            } else if let t = decl.asProtocol(NamedDeclSyntax.self) {
                names = [t.name.text]
            }
            if !names.isEmpty { found.append((decl, names)) }
        }
        for statement in tree.statements { visit(Syntax(statement.item)) }
        return found
    }

    /// Records what file `path`, parsed as `tree`, declares.
    mutating func walk(_ tree: SourceFileSyntax, path: String) {
        walkInterfaceBuilder(tree, path: path)
        for (_, names) in Self.topLevelDeclarations(of: tree) {
            for name in names { topLevelNames[name, default: 0] += 1 }
        }
        let visitor = SurveyVisitor(viewMode: .sourceAccurate)
        visitor.walk(tree)
        requirements += visitor.requirements
        for requirement in visitor.requirements { optionalNames.insert(requirement.baseName) }
        for (name, parents) in visitor.inherits { inherits[name, default: []].formUnion(parents) }
        protocolAccess.merge(visitor.protocolAccess) { a, _ in a }
        classCounts.merge(visitor.classCounts) { $0 + $1 }
        classes.merge(visitor.classes) { a, _ in a }
    }

    /// Whether `type` conforms to `protocolName` through the inheritance clauses the app's files
    /// declare (its own, its superclasses', refined protocols').
    func conforms(_ type: String, to protocolName: String) -> Bool {
        var seen: Set<String> = []
        var queue = [type]
        while let next = queue.popLast() {
            if next == protocolName { return true }
            guard seen.insert(next).inserted else { continue }
            queue += inherits[next] ?? []
        }
        return false
    }

    /// The requirement a conformer's member implements and whose type changes, if any.
    func changingRequirement(named fullName: String, in type: String) -> Requirement? {
        requirements.first {
            $0.typeChanges && $0.fullName == fullName && conforms(type, to: $0.protocolName)
        }
    }
}

/// The last component of a type as written (`Outer.Inner<T>` is `Inner`).
func simpleName(_ type: TypeSyntax) -> String {
    if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
    if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
    if let attributed = type.as(AttributedTypeSyntax.self) { return simpleName(attributed.baseType) }
    return type.trimmedDescription
}

/// `f(_:y:)`: a method's name with its argument labels, as a selector-free Swift name.
func fullName(_ function: FunctionDeclSyntax) -> String {
    let labels = function.signature.parameterClause.parameters.map { "\($0.firstName.text):" }
    return function.name.text + "(" + labels.joined() + ")"
}

/// Whether a written type is Void.
func isVoid(_ type: TypeSyntax?) -> Bool {
    guard let type else { return true }
    if let tuple = type.as(TupleTypeSyntax.self) { return tuple.elements.isEmpty }
    return type.trimmedDescription == "Void"
}

/// `T?` for a type written `T`, parenthesised where `?` would bind to less than the whole.
func optional(_ type: TypeSyntax) -> String {
    let text = type.trimmedDescription
    let bare =
        type.is(IdentifierTypeSyntax.self) || type.is(MemberTypeSyntax.self)
        || type.is(ArrayTypeSyntax.self) || type.is(DictionaryTypeSyntax.self)
        || type.is(TupleTypeSyntax.self)
    return bare ? text + "?" : "(" + text + ")?"
}

private final class SurveyVisitor: SyntaxVisitor {
    var requirements: [Survey.Requirement] = []
    var inherits: [String: Set<String>] = [:]
    var protocolAccess: [String: String] = [:]
    var classCounts: [String: Int] = [:]
    var classes: [String: Survey.ClassFacts] = [:]

    private func note(_ name: String, _ clause: InheritanceClauseSyntax?) {
        guard let clause else { return }
        inherits[name, default: []].formUnion(clause.inheritedTypes.map { simpleName($0.type) })
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        note(node.name.text, node.inheritanceClause)
        classCounts[node.name.text, default: 0] += 1
        var facts = Survey.ClassFacts(
            superclass: node.inheritanceClause?.inheritedTypes.first.map { simpleName($0.type) })
        for member in node.memberBlock.members {
            for binding in member.decl.as(VariableDeclSyntax.self)?.bindings ?? [] {
                if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text {
                    facts.properties.insert(name)
                }
            }
            guard let initialiser = member.decl.as(InitializerDeclSyntax.self) else { continue }
            let labels = initialiser.signature.parameterClause.parameters.map(\.firstName.text)
            if initialiser.modifiers.contains(where: { $0.name.text == "convenience" }) {
                facts.convenience.append(labels)
            } else {
                facts.designated.append(labels)
            }
        }
        classes[node.name.text] = facts
        return .visitChildren
    }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        note(node.name.text, node.inheritanceClause)
        return .visitChildren
    }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        note(node.name.text, node.inheritanceClause)
        return .visitChildren
    }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        note(node.name.text, node.inheritanceClause)
        return .visitChildren
    }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        note(simpleName(node.extendedType), node.inheritanceClause)
        return .visitChildren
    }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        note(name, node.inheritanceClause)
        let isPublic = node.modifiers.contains { ["public", "open"].contains($0.name.text) }
        let access = isPublic ? "public " : ""
        for member in node.memberBlock.members {
            let decl = member.decl
            guard let modifiers = decl.asProtocol(WithModifiersSyntax.self)?.modifiers,
                modifiers.contains(where: { $0.name.text == "optional" })
            else { continue }
            protocolAccess[name] = access
            if let function = decl.as(FunctionDeclSyntax.self) {
                requirements.append(requirement(function, in: name, access: access))
            } else if let variable = decl.as(VariableDeclSyntax.self) {
                requirements += self.requirements(variable, in: name, access: access)
            }
        }
        return .visitChildren
    }

    private func requirement(_ function: FunctionDeclSyntax, in protocolName: String, access: String)
        -> Survey.Requirement
    {
        let returned = function.signature.returnClause?.type
        let void = isVoid(returned)
        let alreadyOptional =
            returned.map {
                $0.is(OptionalTypeSyntax.self) || $0.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
            }
            ?? false
        var declaration = access + "func " + function.name.text
        declaration += function.genericParameterClause?.trimmedDescription ?? ""
        declaration += function.signature.parameterClause.trimmedDescription
        if let effects = function.signature.effectSpecifiers {
            declaration += " " + effects.trimmedDescription
        }
        if let returned, !void {
            declaration += " -> " + (alreadyOptional ? returned.trimmedDescription : optional(returned))
        }
        if let whereClause = function.genericWhereClause {
            declaration += " " + whereClause.trimmedDescription
        }
        return Survey.Requirement(
            protocolName: protocolName, fullName: fullName(function), baseName: function.name.text,
            type: void ? nil : returned?.trimmedDescription, typeIsOptional: alreadyOptional,
            defaultDeclaration: declaration, defaultBody: void ? "{}" : "{ nil }")
    }

    private func requirements(_ variable: VariableDeclSyntax, in protocolName: String, access: String)
        -> [Survey.Requirement]
    {
        variable.bindings.compactMap { binding in
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let type = binding.typeAnnotation?.type
            else { return nil }
            let alreadyOptional =
                type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
            let settable = binding.accessorBlock?.trimmedDescription.contains("set") ?? false
            let written = alreadyOptional ? type.trimmedDescription : optional(type)
            return Survey.Requirement(
                protocolName: protocolName, fullName: name, baseName: name, type: type.trimmedDescription,
                typeIsOptional: alreadyOptional, defaultDeclaration: access + "var \(name): \(written)",
                defaultBody: settable ? "{ get { nil } set {} }" : "{ nil }")
        }
    }
}
