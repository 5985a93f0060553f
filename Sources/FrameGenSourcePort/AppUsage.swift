import SwiftSyntax

/// What the app's code does with its classes outside their own declarations, which `uikit init`
/// needs to make a starter scene that moves as the app does: the view controller that makes a
/// layout is where it is turned sideways, where its cells are registered and dequeued, and where
/// the collection view that shows it is made. `AppScan.scan(_:)` pairs these facts with the
/// classes once every file has been read.
struct AppUsage {
    /// Where a fact was found. `context` is the outermost type declaration around it (a class,
    /// struct, enum or extension, by the type's name, so that a controller's extensions in other
    /// files are the controller too), or the file for top-level code; `type` is the innermost;
    /// `scope` is the function, initialiser or property around it.
    struct Place {
        var file: String
        var line: Int
        var context: String
        var type: String?
        var scope: String
        var description: String { "\(file.split(separator: "/").last.map(String.init) ?? file):\(line)" }
    }

    /// What a name is bound to: the class a `let`/`var` makes (`CardsLayout()`), else the class it
    /// is cast to or annotated with; and whether it is the collection view's installed layout
    /// (`collectionView.collectionViewLayout as? UICollectionViewFlowLayout`).
    struct Binding {
        var type: String?
        var throughCollectionViewLayout = false
    }

    /// A registration or dequeue of a cell: the classes it names (`register(C.self, ...)`,
    /// `CellRegistration<C, Item>`, `dequeue...(...) as! C`, `let cell: C = dequeue...`), and
    /// the reuse identifier a dequeue gives as a literal, which a registration elsewhere names.
    struct CellUse {
        var names: [String]
        var identifier: String?
        var place: Place
    }

    /// `X.scrollDirection = .horizontal` outside X's class: what X is, known where it was found
    /// (a local, a parameter, a cast) or, for a property of the type around it, looked up once
    /// every file has been read (`member`).
    struct HorizontalSet {
        var binding: Binding?
        var member: String?
        var place: Place
    }

    /// Type names (capitalised identifiers: made, cast to, annotated) by where they are named.
    var references: [(name: String, place: Place)] = []
    var cellUses: [CellUse] = []
    /// `register(C.self, forCellWithReuseIdentifier: "id")`: the class of each literal identifier.
    var registrations: [String: String] = [:]
    var horizontalSets: [HorizontalSet] = []
    /// The stored properties of each type (by its innermost name), for `layout.scrollDirection`
    /// where `layout` is a property declared elsewhere in the type.
    var members: [String: [String: Binding]] = [:]
}

final class UsageVisitor: SyntaxVisitor {
    var file = ""
    var converter: SourceLocationConverter?
    var usage = AppUsage()

    func place(_ node: some SyntaxProtocol) -> AppUsage.Place {
        var outermost: String?
        var innermost: String?
        var scope: Syntax?
        var current = node.parent
        while let next = current {
            if scope == nil,
                next.is(FunctionDeclSyntax.self) || next.is(InitializerDeclSyntax.self)
                    || next.is(DeinitializerDeclSyntax.self)
                    || (next.is(VariableDeclSyntax.self)
                        && next.parent?.is(MemberBlockItemSyntax.self) == true)
            {
                scope = next
            }
            if let name = typeName(next) {
                if innermost == nil { innermost = name }
                outermost = name
            }
            current = next.parent
        }
        let line = converter?.location(for: node.positionAfterSkippingLeadingTrivia).line ?? 0
        let context = outermost ?? "file " + file
        let scopeKey = file + "#" + (scope.map { String($0.position.utf8Offset) } ?? "top")
        return .init(file: file, line: line, context: context, type: innermost, scope: scopeKey)
    }

    /// The name of a type a declaration declares or extends (`extension Outer.Inner` is `Inner`).
    func typeName(_ node: Syntax) -> String? {
        if let decl = node.as(ClassDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(StructDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(EnumDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(ActorDeclSyntax.self) { return decl.name.text }
        if let decl = node.as(ExtensionDeclSyntax.self) { return simpleName(decl.extendedType) }
        return nil
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.baseName.text
        if name.first?.isUppercase == true { usage.references.append((name, place(node))) }
        return .visitChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        if name.first?.isUppercase == true { usage.references.append((name, place(node))) }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let callee: String
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
            callee = member.declName.baseName.text.lowercased()
        } else if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
            callee = reference.baseName.text.lowercased()
        } else {
            return .visitChildren
        }
        // `register(C.self, forCellWithReuseIdentifier:)`, and an app's own helpers
        // (`register(C.self)`, `registerCell(C.self)`): the classes it names. Which of them are
        // cells the scan decides, knowing every class.
        if callee.hasPrefix("register") {
            let classes = node.arguments.compactMap { metatype($0.expression) }
            guard !classes.isEmpty else { return .visitChildren }
            usage.cellUses.append(.init(names: classes, place: place(node)))
            if let argument = node.arguments.first(where: { $0.label?.text == "forCellWithReuseIdentifier" }),
                let identifier = stringLiteral(argument.expression), usage.registrations[identifier] == nil
            {
                usage.registrations[identifier] = classes[0]
            }
        } else if callee.contains("dequeue") {
            // The class the result is cast to or bound as comes first: it is the one the data
            // source configures; then classes the arguments name (`C.self`,
            // `C.reuseIdentifier`).
            var names = [resultType(of: node)].compactMap { $0 }
            names += node.arguments.compactMap { metatype($0.expression) }
            for argument in node.arguments {
                for token in argument.expression.tokens(viewMode: .sourceAccurate)
                where token.tokenKind.isIdentifier && token.text.first?.isUppercase == true {
                    names.append(token.text)
                }
            }
            let identifier = node.arguments.first { $0.label?.text == "withReuseIdentifier" }
                .flatMap { stringLiteral($0.expression) }
            usage.cellUses.append(.init(names: names, identifier: identifier, place: place(node)))
        }
        return .visitChildren
    }

    /// `UICollectionView.CellRegistration<C, Item>`: its cell class.
    override func visit(_ node: GenericArgumentClauseSyntax) -> SyntaxVisitorContinueKind {
        var owner: String?
        if let type = node.parent?.as(IdentifierTypeSyntax.self) { owner = type.name.text }
        if let type = node.parent?.as(MemberTypeSyntax.self) { owner = type.name.text }
        if let expression = node.parent?.as(GenericSpecializationExprSyntax.self) {
            owner = lastName(expression.expression.trimmedDescription)
        }
        if owner == "CellRegistration", let first = node.arguments.first {
            usage.cellUses.append(
                .init(names: [lastName(first.argument.trimmedDescription)], place: place(node)))
        }
        return .visitChildren
    }

    /// `X.scrollDirection = .horizontal` on an instance outside its class (the class's own
    /// `scrollDirection = .horizontal` the class scan sees).
    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
            let value = elements[2].as(MemberAccessExprSyntax.self),
            value.declName.baseName.text == "horizontal",
            let target = elements[0].as(MemberAccessExprSyntax.self),
            target.declName.baseName.text == "scrollDirection", var base = target.base
        else { return .visitChildren }
        while true {
            if let chained = base.as(OptionalChainingExprSyntax.self) {
                base = chained.expression
            } else if let forced = base.as(ForceUnwrapExprSyntax.self) {
                base = forced.expression
            } else {
                break
            }
        }
        let here = place(node)
        if let reference = base.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            guard name != "self" else { return .visitChildren }
            if let binding = resolve(name, from: Syntax(node)) {
                usage.horizontalSets.append(.init(binding: binding, place: here))
            } else {
                usage.horizontalSets.append(.init(member: name, place: here))
            }
        } else if let member = base.as(MemberAccessExprSyntax.self),
            member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self"
        {
            usage.horizontalSets.append(.init(member: member.declName.baseName.text, place: here))
        } else {
            usage.horizontalSets.append(.init(binding: binding(value: base, annotation: nil), place: here))
        }
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        guard node.parent?.is(MemberBlockItemSyntax.self) == true, let type = place(node).type else {
            return .visitChildren
        }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                continue
            }
            usage.members[type, default: [:]][name] = self.binding(
                value: binding.initializer?.value, annotation: binding.typeAnnotation?.type)
        }
        return .visitChildren
    }

    /// What a local name is bound to where `node` uses it: a `let`/`var` or a `guard let` in an
    /// enclosing block, an `if let`/`while let`, or a parameter of the function around it; nil
    /// when the search reaches the type's members (looked up at the end) or the file's top.
    func resolve(_ name: String, from node: Syntax) -> AppUsage.Binding? {
        var current = node.parent
        while let next = current {
            if let list = next.as(CodeBlockItemListSyntax.self) {
                for item in list {
                    if let variable = item.item.as(VariableDeclSyntax.self) {
                        for binding in variable.bindings
                        where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                            return self.binding(
                                value: binding.initializer?.value, annotation: binding.typeAnnotation?.type)
                        }
                    }
                    if let guarded = item.item.as(GuardStmtSyntax.self),
                        let found = resolve(name, in: guarded.conditions)
                    {
                        return found
                    }
                }
            }
            if let conditional = next.as(IfExprSyntax.self),
                let found = resolve(name, in: conditional.conditions)
            {
                return found
            }
            if let loop = next.as(WhileStmtSyntax.self), let found = resolve(name, in: loop.conditions) {
                return found
            }
            var parameters: FunctionParameterListSyntax?
            if let function = next.as(FunctionDeclSyntax.self) {
                parameters = function.signature.parameterClause.parameters
            }
            if let initialiser = next.as(InitializerDeclSyntax.self) {
                parameters = initialiser.signature.parameterClause.parameters
            }
            if let parameter = parameters?.first(where: { ($0.secondName ?? $0.firstName).text == name }) {
                return AppUsage.Binding(type: simpleName(unwrapped(parameter.type)))
            }
            if next.is(MemberBlockSyntax.self) { return nil }
            current = next.parent
        }
        return nil
    }

    private func resolve(_ name: String, in conditions: ConditionElementListSyntax) -> AppUsage.Binding? {
        for condition in conditions {
            guard let bound = condition.condition.as(OptionalBindingConditionSyntax.self),
                bound.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name,
                let value = bound.initializer?.value
            else { continue }
            return binding(value: value, annotation: bound.typeAnnotation?.type)
        }
        return nil
    }

    /// The class a value makes (`C()`, `C.init()`), else the class it is cast to (`as? C`,
    /// `as! C`), else its annotation (`let layout: C`).
    func binding(value: ExprSyntax?, annotation: TypeSyntax?) -> AppUsage.Binding {
        var mentionsLayout = false
        if let value {
            var expression = value
            if let tried = expression.as(TryExprSyntax.self) { expression = tried.expression }
            if let call = expression.as(FunctionCallExprSyntax.self) {
                if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self),
                    reference.baseName.text.first?.isUppercase == true
                {
                    return .init(type: reference.baseName.text)
                }
                if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                    member.declName.baseName.text == "init", let base = member.base
                {
                    return .init(type: lastName(base.trimmedDescription))
                }
            }
            let tokens = Array(expression.tokens(viewMode: .sourceAccurate))
            mentionsLayout = tokens.contains { $0.text == "collectionViewLayout" }
            if let cast = castTarget(tokens) {
                return .init(type: cast, throughCollectionViewLayout: mentionsLayout)
            }
        }
        if let annotation { return .init(type: simpleName(unwrapped(annotation))) }
        return .init(type: nil, throughCollectionViewLayout: mentionsLayout)
    }

    /// The class after the last `as?`/`as!`/`as` of the tokens (`UIKit.C` is `C`).
    private func castTarget(_ tokens: [TokenSyntax]) -> String? {
        guard let cast = tokens.lastIndex(where: { $0.tokenKind == .keyword(.as) }) else { return nil }
        var name: String?
        for token in tokens[(cast + 1)...] {
            if ["?", "!"].contains(token.text) && name == nil { continue }
            if token.tokenKind.isIdentifier {
                name = token.text
            } else if token.text != "." {
                break
            }
        }
        return name
    }

    /// The class a dequeue's result is cast to (`dequeue...(...) as! C`), or bound as (`let cell:
    /// C = dequeue...(...)`).
    private func resultType(of call: FunctionCallExprSyntax) -> String? {
        var node = Syntax(call)
        if let tried = node.parent?.as(TryExprSyntax.self) { node = Syntax(tried) }
        if let list = node.parent?.as(ExprListSyntax.self) {
            let elements = Array(list)
            if let index = elements.firstIndex(where: { Syntax($0) == node }), index + 2 < elements.count,
                elements[index + 1].is(UnresolvedAsExprSyntax.self),
                let type = elements[index + 2].as(TypeExprSyntax.self)
            {
                return simpleName(unwrapped(type.type))
            }
        }
        if let initialiser = node.parent?.as(InitializerClauseSyntax.self),
            let annotation = initialiser.parent?.as(PatternBindingSyntax.self)?.typeAnnotation?.type
        {
            return simpleName(unwrapped(annotation))
        }
        return nil
    }

    /// `C.self`: `C`.
    private func metatype(_ expression: ExprSyntax) -> String? {
        guard let member = expression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "self",
            let base = member.base
        else { return nil }
        return lastName(base.trimmedDescription)
    }

    private func stringLiteral(_ expression: ExprSyntax) -> String? {
        guard let literal = expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
            let segment = literal.segments.first?.as(StringSegmentSyntax.self)
        else { return nil }
        return segment.content.text
    }
}

/// `T` for `T?` and `T!`.
func unwrapped(_ type: TypeSyntax) -> TypeSyntax {
    if let optional = type.as(OptionalTypeSyntax.self) { return optional.wrappedType }
    if let forced = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return forced.wrappedType }
    return type
}

/// `Inner` for `Outer.Inner<T>` written as text.
func lastName(_ text: String) -> String {
    let bare = text.split(separator: "<").first.map(String.init) ?? text
    return bare.split(separator: ".").last.map { String($0.filter { !$0.isWhitespace }) } ?? bare
}

extension TokenKind {
    var isIdentifier: Bool {
        if case .identifier = self { return true }
        return false
    }
}

/// Whether a `collectionViewContentSize` getter answers a size as tall as the view and not as
/// wide: some `CGSize(width: W, height: H)` in it whose H reads the view's height (`.height` of a
/// `bounds` or `frame`: `collectionView!.bounds.height`, `cv.frame.size.height - inset`) and
/// whose W reads no view's width (`CGFloat(count) * itemWidth`, `contentWidth`). A content as
/// tall as the view cannot move up or down, only sideways. A local of the getter (`let height
/// = cv.bounds.height`) is read through.
func contentSizeIsSideways(_ accessors: AccessorBlockSyntax) -> Bool {
    final class Sizes: SyntaxVisitor {
        var locals: [String: ExprSyntax] = [:]
        var sizes: [(width: ExprSyntax, height: ExprSyntax)] = []
        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let value = node.initializer?.value
            {
                locals[name] = value
            }
            return .visitChildren
        }
        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let callee = node.calledExpression.trimmedDescription
            let labels = node.arguments.map { $0.label?.text }
            if ["CGSize", ".init", "CGSize.init"].contains(callee), labels == ["width", "height"] {
                let arguments = Array(node.arguments)
                sizes.append((arguments[0].expression, arguments[1].expression))
            }
            return .visitChildren
        }
    }
    let found = Sizes(viewMode: .sourceAccurate)
    found.walk(accessors)
    func readsView(_ expression: ExprSyntax, _ dimension: String, depth: Int = 0) -> Bool {
        let tokens = Array(expression.tokens(viewMode: .sourceAccurate))
        for (i, token) in tokens.enumerated() {
            if token.text == dimension, i > 0, tokens[i - 1].text == "." {
                // Back along the chain (`collectionView?.bounds.size.`) for a bounds or frame.
                var j = i - 1
                while j >= 0, tokens[j].tokenKind.isIdentifier || [".", "?", "!"].contains(tokens[j].text) {
                    if ["bounds", "frame"].contains(tokens[j].text) { return true }
                    j -= 1
                }
            }
            if depth < 3, token.tokenKind.isIdentifier, i == 0 || tokens[i - 1].text != ".",
                let local = found.locals[token.text], readsView(local, dimension, depth: depth + 1)
            {
                return true
            }
        }
        return false
    }
    return found.sizes.contains { readsView($0.height, "height") && !readsView($0.width, "width") }
}

/// What the app's code pairs each layout with, once every file is read: the way it scrolls, its
/// cell and its collection view (docs/uikit.md, "Bring your app", says the rules).
struct Pairing {
    let usage: AppUsage
    let declared: [String: FoundClass]
    let kinds: [String: AppScan.Kind]

    func apply(to classes: inout [AppScan.Class]) {
        // Instances turned sideways by the app's code, by layout class: the first place.
        var turned: [String: AppUsage.Place] = [:]
        for set in usage.horizontalSets {
            guard
                let binding = set.binding ?? set.member.flatMap({ usage.members[set.place.type ?? ""]?[$0] })
            else { continue }
            for layout in targets(of: binding, at: set.place) where turned[layout] == nil {
                turned[layout] = set.place
            }
        }
        for i in classes.indices where classes[i].kind == .layout {
            let name = classes[i].name
            let chain = AppScan.chain(name, in: declared)
            if let owner = chain.first(where: { $0.horizontalLine != nil }) {
                classes[i].scrollsHorizontally = true
                classes[i].horizontalBecause =
                    "\(fileName(owner.file)):\(owner.horizontalLine!): \(owner.name) sets its scrollDirection to .horizontal"
            } else if let owner = chain.first(where: { $0.contentSize != nil }), let size = owner.contentSize,
                size.sideways
            {
                classes[i].scrollsHorizontally = true
                classes[i].horizontalBecause =
                    "\(fileName(owner.file)):\(size.line): its collectionViewContentSize is as tall as the view"
            } else if let place = turned[name] {
                classes[i].scrollsHorizontally = true
                classes[i].setsScrollDirection = true
                classes[i].horizontalBecause =
                    "\(place.description): the app sets scrollDirection = .horizontal on one"
            }
            classes[i].cell = cell(for: name)
        }
        // The app's collection views framegen can make, each shown with the layouts its code
        // names beside it; one alone, named beside none, shows every layout.
        let views = classes.filter { $0.kind == .collectionView && $0.cannotMake == nil }.map(\.name)
        var paired = false
        for i in classes.indices where classes[i].kind == .layout {
            classes[i].collectionView = collectionView(for: classes[i].name, among: views)
            paired = paired || classes[i].collectionView != nil
        }
        if !paired, views.count == 1 {
            for i in classes.indices where classes[i].kind == .layout { classes[i].collectionView = views[0] }
        }
    }

    /// The layout classes a `scrollDirection = .horizontal` turns: the app's layout class the
    /// target is bound to; or, for the collection view's installed layout cast to a class
    /// (`(collectionView.collectionViewLayout as? UICollectionViewFlowLayout)?.scrollDirection`),
    /// the one layout class of the app's that the same type names, if it is of that class.
    func targets(of binding: AppUsage.Binding, at place: AppUsage.Place) -> [String] {
        if let type = binding.type, kinds[type] == .layout { return [type] }
        guard binding.throughCollectionViewLayout else { return [] }
        var named: [String] = []
        for reference in usage.references
        where reference.place.context == place.context && kinds[reference.name] == .layout
            && !named.contains(reference.name)
        {
            named.append(reference.name)
        }
        guard named.count == 1, let only = named.first else { return [] }
        if let type = binding.type, !isA(only, type) { return [] }
        return [only]
    }

    /// The layout class is `type` or a subclass of it.
    func isA(_ layout: String, _ type: String) -> Bool {
        type == "UICollectionViewLayout"
            || AppScan.chain(layout, in: declared).contains { $0.name == type || $0.superclass == type }
    }

    /// The cell class of the first registration or dequeue, nearest first: in the function that
    /// names the layout (makes it, installs it), then in the types that name it (their
    /// extensions too) or the layout's own class, then in the types those name (a data source
    /// class a controller makes), then in the files that name or declare it.
    func cell(for layout: String) -> String? {
        let named = usage.references.filter { $0.name == layout }.map(\.place)
        let scopes = Set(named.map(\.scope))
        let contexts = Set(named.map(\.context)).union([layout])
        let hop = Set(
            usage.references.filter { contexts.contains($0.place.context) && kinds[$0.name] != .layout }.map(
                \.name)
        ).subtracting(contexts)
        let files = Set(named.map(\.file)).union(declared[layout].map { [$0.file] } ?? [])
        let steps: [(AppUsage.Place) -> Bool] = [
            { scopes.contains($0.scope) }, { contexts.contains($0.context) }, { hop.contains($0.context) },
            { files.contains($0.file) },
        ]
        for step in steps {
            for use in usage.cellUses where step(use.place) {
                if let cell = cellClasses(use).first { return cell }
            }
        }
        return nil
    }

    /// The app's cell classes a registration or dequeue names, or, for a dequeue by a literal
    /// identifier alone, the class registered with it.
    func cellClasses(_ use: AppUsage.CellUse) -> [String] {
        var names = use.names.filter { kinds[$0] == .cell }
        if names.isEmpty, let identifier = use.identifier, let registered = usage.registrations[identifier],
            kinds[registered] == .cell
        {
            names = [registered]
        }
        return names
    }

    /// The collection view class named beside the layout: in the function that names the layout,
    /// else in a type that names it (a controller making both), in the layout's own class
    /// (`collectionView as? CarouselView`), or in the view's (its initialiser making the layout).
    func collectionView(for layout: String, among views: [String]) -> String? {
        let named = usage.references.filter { $0.name == layout }.map(\.place)
        let scopes = Set(named.map(\.scope))
        let contexts = Set(named.map(\.context)).union([layout])
        if let view = views.first(where: { view in
            usage.references.contains { $0.name == view && scopes.contains($0.place.scope) }
        }) {
            return view
        }
        return views.first { view in
            contexts.contains(view)
                || usage.references.contains { $0.name == view && contexts.contains($0.place.context) }
        }
    }

    private func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
