import SwiftParser
import SwiftSyntax

/// The scan behind `framegen uikit init`: FrameGenSourcePortValues has its values.
extension AppScan {
    /// UIKit's classes each kind descends from.
    static let roots: [String: Kind] = [
        "UICollectionViewLayout": .layout, "UICollectionViewFlowLayout": .layout,
        "UICollectionViewCompositionalLayout": .layout, "UICollectionViewTransitionLayout": .layout,
        "UICollectionViewCell": .cell, "UICollectionViewListCell": .cell,
        "UICollectionReusableView": .reusableView, "UICollectionView": .collectionView,
    ]

    public static func scan(_ files: [SourcePort.File]) -> AppScan {
        let visitor = ClassVisitor(viewMode: .sourceAccurate)
        let uses = UsageVisitor(viewMode: .sourceAccurate)
        for file in files {
            visitor.file = file.path
            uses.file = file.path
            let tree = Parser.parse(source: file.text)
            visitor.converter = SourceLocationConverter(fileName: file.path, tree: tree)
            uses.converter = visitor.converter
            visitor.walk(tree)
            uses.walk(tree)
        }
        let declared = Dictionary(visitor.found.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var classes: [Class] = []
        for found in visitor.found {
            guard let kind = kind(of: found.name, in: declared) else { continue }
            var reason: String?
            let initialiser =
                switch kind {
                case .layout: "init()"
                case .collectionView: "init(frame:collectionViewLayout:)"
                case .cell, .reusableView: "init(frame:)"
                }
            if found.isGeneric {
                reason = "it is generic: register it with its type arguments"
            } else if found.isPrivate {
                reason = "it is private to its file: register it there"
            } else if found.isNested {
                reason = "it is nested in another type: register it by its full name"
            } else if !canMake(found.name, kind: kind, in: declared) {
                reason = "it has no \(initialiser): add a factory that makes one"
            }
            let protocols = visitor.protocols
            let needs = found.propertyTypes.filter { protocols[$0] == true }
            classes.append(
                Class(
                    name: found.name, kind: kind, file: found.file, line: found.line, cannotMake: reason,
                    scrollsHorizontally: false,
                    animatesUpdates: chain(found.name, in: declared).contains { $0.animatesUpdates },
                    needs: needs.sorted()))
        }
        Pairing(
            usage: uses.usage, declared: declared,
            kinds: Dictionary(classes.map { ($0.name, $0.kind) }) { a, _ in a }
        )
        .apply(to: &classes)
        classes.sort { ($0.kind.rawValue, $0.name) < ($1.kind.rawValue, $1.name) }
        return AppScan(
            classes: classes, appleOnlyImports: visitor.appleOnlyImports,
            declaredTypes: Set(visitor.found.map(\.name)).union(visitor.otherTypes))
    }

    /// The modules test files import with `@testable` (the app's module, as its Xcode target
    /// names it), each once, in the order met; inside `#if` blocks too.
    public static func testableImports(_ files: [SourcePort.File]) -> [String] {
        let visitor = TestableImportVisitor(viewMode: .sourceAccurate)
        for file in files { visitor.walk(Parser.parse(source: file.text)) }
        return visitor.modules
    }

    /// The class and its superclasses the app declares, nearest first.
    static func chain(_ name: String, in declared: [String: FoundClass]) -> [FoundClass] {
        var result: [FoundClass] = []
        var next: String? = name
        while let current = next, let found = declared[current],
            !result.contains(where: { $0.name == current })
        {
            result.append(found)
            next = found.superclass
        }
        return result
    }

    private static func kind(of name: String, in declared: [String: FoundClass]) -> Kind? {
        for found in chain(name, in: declared) {
            if let superclass = found.superclass, let kind = roots[superclass] { return kind }
        }
        return nil
    }

    /// Swift's rules: a class that declares no designated initialiser inherits its superclass's;
    /// one that declares some has only those (and its convenience ones).
    private static func canMake(_ name: String, kind: Kind, in declared: [String: FoundClass]) -> Bool {
        for found in chain(name, in: declared) {
            let wanted =
                switch kind {
                case .layout: found.hasPlainInit
                case .collectionView: found.hasCollectionViewInit
                case .cell, .reusableView: found.hasFrameInit
                }
            if wanted { return true }
            if found.declaresDesignatedInit { return false }
        }
        return true
    }
}

/// A class as the scan found it.
struct FoundClass {
    var name: String
    var superclass: String?
    var file: String
    var line: Int
    var isGeneric: Bool
    var isPrivate: Bool
    var isNested: Bool
    /// `init()` or an initialiser every parameter of which has a default.
    var hasPlainInit = false
    /// `init(frame:)`.
    var hasFrameInit = false
    /// `init(frame:collectionViewLayout:)`.
    var hasCollectionViewInit = false
    /// Any designated (not convenience) initialiser other than `init?(coder:)`, which UIKit's
    /// subclasses must write and which does not take away the inherited ones on its own.
    var declaresDesignatedInit = false
    /// The line of its `scrollDirection = .horizontal`, or of its own `scrollDirection` property
    /// defaulting to it.
    var horizontalLine: Int?
    /// Its `collectionViewContentSize`, if it declares one: whether that is as tall as the view
    /// and not as wide (so the content can move only sideways), and its line.
    var contentSize: (sideways: Bool, line: Int)?
    var animatesUpdates = false
    var propertyTypes: [String] = []
}

private final class ClassVisitor: SyntaxVisitor {
    var file = ""
    var converter: SourceLocationConverter?
    var found: [FoundClass] = []
    /// Protocols the app declares, and whether they have required members.
    var protocols: [String: Bool] = [:]
    /// The structs, enums and protocols the app declares (its classes are `found`).
    var otherTypes: Set<String> = []
    private var depth = 0
    private var current: [Int] = []

    static let updateMembers: Set<String> = [
        "initialLayoutAttributesForAppearingItem", "finalLayoutAttributesForDisappearingItem", "prepare",
    ]

    var appleOnlyImports: [AppScan.AppleOnlyImport] = []

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let module = node.path.first?.name.text, SourcePort.unavailableFrameworks.contains(module) {
            let line = converter?.location(for: node.positionAfterSkippingLeadingTrivia).line ?? 0
            appleOnlyImports.append(.init(module: module, file: file, line: line))
        }
        return .skipChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let superclass = node.inheritanceClause?.inheritedTypes.first.map { simpleName($0.type) }
        let isPrivate = node.modifiers.contains { ["private", "fileprivate"].contains($0.name.text) }
        found.append(
            FoundClass(
                name: node.name.text, superclass: superclass, file: file,
                line: converter?.location(for: node.positionAfterSkippingLeadingTrivia).line ?? 0,
                isGeneric: node.genericParameterClause != nil, isPrivate: isPrivate, isNested: depth > 0))
        current.append(found.count - 1)
        depth += 1
        // `scrollDirection = .horizontal` anywhere in the class (its init, `prepare()`), or a
        // property of its own defaulting to it (`var scrollDirection: UICollectionView
        // .ScrollDirection = .horizontal`, as a paging layout declares one).
        let tokens = Array(node.memberBlock.tokens(viewMode: .sourceAccurate))
        // Its own, not another object's (`flow.scrollDirection`, which AppUsage resolves): no `.`
        // before it but `self.`.
        for (i, token) in tokens.enumerated() where token.text == "scrollDirection" && i + 1 < tokens.count {
            if i > 0, tokens[i - 1].text == ".", i < 2 || tokens[i - 2].text != "self" { continue }
            let typed = tokens[i + 1].text == ":"
            let searched = tokens[(i + 1)...].prefix(typed ? 7 : 1)
            if let equals = searched.firstIndex(where: { $0.text == "=" }),
                !searched[..<equals].contains(where: { ["{", "}", "(", ")"].contains($0.text) }),
                tokens[(equals + 1)...].prefix(4).contains(where: { $0.text == "horizontal" })
            {
                found[found.count - 1].horizontalLine =
                    found[found.count - 1].horizontalLine
                    ?? converter?.location(for: token.positionAfterSkippingLeadingTrivia).line
            }
        }
        return .visitChildren
    }
    override func visitPost(_ node: ClassDeclSyntax) {
        current.removeLast()
        depth -= 1
    }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        otherTypes.insert(node.name.text)
        depth += 1
        current.append(-1)
        return .visitChildren
    }
    override func visitPost(_ node: StructDeclSyntax) {
        depth -= 1
        current.removeLast()
    }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        otherTypes.insert(node.name.text)
        depth += 1
        current.append(-1)
        return .visitChildren
    }
    override func visitPost(_ node: EnumDeclSyntax) {
        depth -= 1
        current.removeLast()
    }

    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        let required = node.memberBlock.members.contains { member in
            guard let modifiers = member.decl.asProtocol(WithModifiersSyntax.self)?.modifiers else {
                return false
            }
            let isMember = member.decl.is(FunctionDeclSyntax.self) || member.decl.is(VariableDeclSyntax.self)
            return isMember && !modifiers.contains { $0.name.text == "optional" }
        }
        protocols[node.name.text] = required
        otherTypes.insert(node.name.text)
        return .skipChildren
    }

    private var owner: Int? {
        guard let last = current.last, last >= 0 else { return nil }
        return last
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let index = owner else { return .skipChildren }
        let parameters = node.signature.parameterClause.parameters
        let labels = parameters.map(\.firstName.text)
        let convenience = node.modifiers.contains { $0.name.text == "convenience" }
        if parameters.allSatisfy({ $0.defaultValue != nil }) { found[index].hasPlainInit = true }
        if labels == ["frame"] { found[index].hasFrameInit = true }
        if labels == ["frame", "collectionViewLayout"] { found[index].hasCollectionViewInit = true }
        if !convenience && labels != ["coder"] { found[index].declaresDesignatedInit = true }
        return .skipChildren
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if let index = owner, Self.updateMembers.contains(node.name.text) {
            // `prepare(forCollectionViewUpdates:)`, not `prepare()`.
            if node.name.text != "prepare" || !node.signature.parameterClause.parameters.isEmpty {
                found[index].animatesUpdates = true
            }
        }
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard let index = owner, node.parent?.is(MemberBlockItemSyntax.self) == true else {
            return .visitChildren
        }
        if let binding = node.bindings.first,
            binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "collectionViewContentSize",
            let accessors = binding.accessorBlock
        {
            let line = converter?.location(for: node.positionAfterSkippingLeadingTrivia).line ?? 0
            found[index].contentSize = (contentSizeIsSideways(accessors), line)
        }
        // A factory cannot set a private property: not one to tell the user to set.
        if node.modifiers.contains(where: { ["private", "fileprivate"].contains($0.name.text) }) {
            return .visitChildren
        }
        for binding in node.bindings {
            if let type = binding.typeAnnotation?.type {
                var base = type
                if let optional = type.as(OptionalTypeSyntax.self) { base = optional.wrappedType }
                if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
                    base = unwrapped.wrappedType
                }
                found[index].propertyTypes.append(simpleName(base))
            }
        }
        return .visitChildren
    }
}

private final class TestableImportVisitor: SyntaxVisitor {
    var modules: [String] = []

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        let testable = node.attributes.contains {
            $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "testable"
        }
        if testable, let module = node.path.first?.name.text, !modules.contains(module) {
            modules.append(module)
        }
        return .skipChildren
    }
}
