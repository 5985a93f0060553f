import SwiftSyntax

/// One file's port: edits collected on its syntax tree, then applied to its text from the end.
struct Rewriter {
    let file: SourcePort.File
    let tree: SourceFileSyntax
    let survey: Survey

    func port() -> SourcePort.Ported {
        let visitor = RewriteVisitor(file: file, tree: tree, survey: survey)
        visitor.walk(tree)
        var bytes = Array(file.text.utf8)
        for edit in visitor.edits.sorted(by: { $0.start > $1.start }) {
            bytes.replaceSubrange(edit.start..<edit.end, with: Array(edit.text.utf8))
        }
        // The compiler names the app's file and its lines (the edits kept them); `import UIKit`
        // first, because an Xcode framework's umbrella header gave it to every file.
        var text = "import UIKit\n#sourceLocation(file: \(literal(file.path)), line: 1)\n"
        text += String(decoding: bytes, as: UTF8.self)
        if !text.hasSuffix("\n") { text += "\n" }
        text += "#sourceLocation()\n"
        let defaults = visitor.defaultsExtensions()
        if !defaults.isEmpty {
            text += "\n// The defaults of the optional members above (`@objc optional` on iOS).\n" + defaults
        }
        let changes = visitor.changes.sorted { $0.line < $1.line }
        return SourcePort.Ported(path: file.path, text: text, changes: changes)
    }
}

/// A string as a Swift literal.
func literal(_ string: String) -> String {
    var out = "\""
    for scalar in string.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

private struct Edit {
    var start: Int
    var end: Int
    var text: String
}

private final class RewriteVisitor: SyntaxVisitor {
    let file: SourcePort.File
    let survey: Survey
    let converter: SourceLocationConverter
    var edits: [Edit] = []
    var changes: [SourcePort.Change] = []
    /// The names of the types whose bodies enclose the node visited, innermost last (`nil` for a
    /// protocol's body, where members are requirements).
    var enclosing: [(name: String, isProtocol: Bool)] = []
    /// Protocols of this file with optional members, in order.
    var protocolsWithDefaults: [String] = []

    /// Attributes that need the Objective-C runtime and mean nothing without it.
    static let objectiveCAttributes: Set<String> = [
        "objc", "objcMembers", "nonobjc", "IBOutlet", "IBOutletCollection", "IBAction", "IBSegueAction",
        "GKInspectable",
    ]
    /// The collection and scroll views' properties framegen declares strong (docs/uikit.md).
    static let strongProperties: Set<String> = [
        "delegate", "dataSource", "prefetchDataSource", "dragDelegate", "dropDelegate",
    ]
    /// Apple's modules that are Clang modules with submodules on iOS and one Swift module here.
    static let appleModules: Set<String> = [
        "UIKit", "QuartzCore", "CoreGraphics", "Foundation", "CoreFoundation",
    ]

    init(file: SourcePort.File, tree: SourceFileSyntax, survey: Survey) {
        self.file = file
        self.survey = survey
        converter = SourceLocationConverter(fileName: file.path, tree: tree)
        super.init(viewMode: .sourceAccurate)
    }

    private func line(_ node: some SyntaxProtocol) -> Int {
        converter.location(for: node.positionAfterSkippingLeadingTrivia).line
    }

    private func replace(_ node: some SyntaxProtocol, with text: String, _ what: String) {
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        // Keep the lines: a replaced span that held line breaks gives them back after the text.
        let removed = file.text.utf8.dropFirst(start).prefix(end - start).filter { $0 == 10 }.count
        let added = text.utf8.filter { $0 == 10 }.count
        let padding = String(repeating: "\n", count: max(0, removed - added))
        edits.append(Edit(start: start, end: end, text: text + padding))
        changes.append(SourcePort.Change(line: line(node), what: what))
    }

    // MARK: Where we are

    private func push(_ name: String, isProtocol: Bool = false) -> SyntaxVisitorContinueKind {
        enclosing.append((name, isProtocol))
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.text) }
    override func visitPost(_ node: ClassDeclSyntax) { enclosing.removeLast() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.text) }
    override func visitPost(_ node: StructDeclSyntax) { enclosing.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.text) }
    override func visitPost(_ node: EnumDeclSyntax) { enclosing.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.text) }
    override func visitPost(_ node: ActorDeclSyntax) { enclosing.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        push(simpleName(node.extendedType))
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { enclosing.removeLast() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        if survey.protocolAccess[node.name.text] != nil { protocolsWithDefaults.append(node.name.text) }
        return push(node.name.text, isProtocol: true)
    }
    override func visitPost(_ node: ProtocolDeclSyntax) { enclosing.removeLast() }

    private var inProtocolBody: Bool { enclosing.last?.isProtocol ?? false }

    // MARK: Attributes and modifiers

    override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
        let name = node.attributeName.trimmedDescription
        if Self.objectiveCAttributes.contains(name) {
            replace(node, with: "", "removed @\(name) (no Objective-C runtime)")
        }
        return .skipChildren
    }

    override func visit(_ node: DeclModifierSyntax) -> SyntaxVisitorContinueKind {
        guard inProtocolBody else { return .skipChildren }
        switch node.name.text {
        case "optional":
            replace(node, with: "", "optional member: a requirement with a default in an extension")
        case "weak":
            replace(
                node, with: "", "removed weak from a protocol's property (allowed only in @objc protocols)")
        default: break
        }
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if inProtocolBody {
            if node.modifiers.contains(where: { $0.name.text == "optional" }) { optionalType(node) }
            return .visitChildren
        }
        let names = node.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
        let modifiers = node.modifiers
        if modifiers.contains(where: { $0.name.text == "override" }),
            names.contains(where: Self.strongProperties.contains),
            let weak = modifiers.first(where: { $0.name.text == "weak" })
        {
            replace(weak, with: "", "removed weak from an override of a property framegen declares strong")
        }
        // A conformer's computed property implementing an optional requirement of another type.
        if let type = enclosing.last?.name {
            for binding in node.bindings where binding.accessorBlock != nil {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                    let written = binding.typeAnnotation?.type,
                    let requirement = survey.changingRequirement(named: name, in: type),
                    requirement.type == written.trimmedDescription
                else { continue }
                replace(
                    written, with: optional(written),
                    "\(name) returns \(optional(written)) to implement \(requirement.protocolName)'s optional member"
                )
            }
        }
        return .visitChildren
    }

    private func optionalType(_ variable: VariableDeclSyntax) {
        for binding in variable.bindings {
            guard let type = binding.typeAnnotation?.type,
                !type.is(OptionalTypeSyntax.self), !type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
            else { continue }
            replace(type, with: optional(type), "optional property: its type admits nil, its default")
        }
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = fullName(node)
        if inProtocolBody {
            if node.modifiers.contains(where: { $0.name.text == "optional" }),
                let returned = node.signature.returnClause?.type, !isVoid(returned),
                !returned.is(OptionalTypeSyntax.self),
                !returned.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
            {
                replace(returned, with: optional(returned), "optional member \(name) returns an optional")
            }
        } else if let type = enclosing.last?.name, let returned = node.signature.returnClause?.type,
            let requirement = survey.changingRequirement(named: name, in: type),
            requirement.type == returned.trimmedDescription
        {
            replace(
                returned, with: optional(returned),
                "\(name) returns \(optional(returned)) to implement \(requirement.protocolName)'s optional member"
            )
        }
        return .visitChildren
    }

    // MARK: Calls of optional members

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        if let chained = node.calledExpression.as(OptionalChainingExprSyntax.self) {
            let called = chained.expression
            let base =
                called.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                ?? called.as(DeclReferenceExprSyntax.self)?.baseName.text
            if let base, survey.optionalNames.contains(base) {
                replace(
                    chained.questionMark, with: "", "\(base)?( calls an optional member: its default answers")
            }
        }
        return .visitChildren
    }

    // MARK: Imports and conditions

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        guard node.path.count > 1 || node.importKindSpecifier != nil,
            let module = node.path.first?.name.text, Self.appleModules.contains(module)
        else { return .skipChildren }
        let start = node.importKeyword.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = node.path.endPositionBeforeTrailingTrivia.utf8Offset
        edits.append(Edit(start: start, end: end, text: "import \(module)"))
        changes.append(
            SourcePort.Change(
                line: line(node), what: "import \(module): framegen's \(module) is one Swift module"))
        return .skipChildren
    }

    override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
        guard let condition = node.condition else { return .visitChildren }
        let tokens = Array(condition.tokens(viewMode: .sourceAccurate))
        for (i, token) in tokens.enumerated() where i + 2 < tokens.count && tokens[i + 1].text == "(" {
            if token.text == "os", ["iOS"].contains(tokens[i + 2].text) {
                replace(tokens[i + 2], with: "Linux", "#if os(iOS) holds here: framegen builds iOS code")
            } else if token.text == "canImport", i + 4 < tokens.count, tokens[i + 3].text == ".",
                Self.appleModules.contains(tokens[i + 2].text)
            {
                // `UIKit.UICollectionViewFlowLayout` up to the closing parenthesis becomes `UIKit`.
                guard let close = tokens[(i + 3)...].firstIndex(where: { $0.text == ")" || $0.text == "," })
                else { continue }
                let start = tokens[i + 3].positionAfterSkippingLeadingTrivia.utf8Offset
                let end = tokens[close - 1].endPositionBeforeTrailingTrivia.utf8Offset
                edits.append(Edit(start: start, end: end, text: ""))
                changes.append(
                    SourcePort.Change(
                        line: line(token),
                        what: "canImport(\(tokens[i + 2].text)): a submodule of it is all of it here"))
            }
        }
        return .visitChildren
    }

    // MARK: #selector

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.macroName.text == "selector", let argument = node.arguments.first,
            argument.label == nil, node.arguments.count == 1
        else { return .visitChildren }
        let expression = argument.expression
        var owner = enclosing.last?.name
        let reference: DeclReferenceExprSyntax
        if let member = expression.as(MemberAccessExprSyntax.self) {
            reference = member.declName
            if let base = member.base, base.trimmedDescription != "self" { owner = base.trimmedDescription }
        } else if let plain = expression.as(DeclReferenceExprSyntax.self) {
            reference = plain
        } else {
            return .visitChildren
        }
        guard let owner else { return .visitChildren }
        let name = selectorName(reference)
        let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        let site = "\(lastComponent(file.path)):\(location.line):\(location.column)"
        let text =
            "Selector(\(literal(name)), site: \(literal(site))) { target, sender, event in "
            + "guard let target = target as? \(owner) else { return false }; "
            + "return SelectorCall.send(target.\(reference.trimmedDescription), sender, event) }"
        replace(node, with: text, "#selector(\(reference.trimmedDescription)): a Selector that calls it")
        return .skipChildren
    }

    /// The Objective-C name of a method reference, as Swift exposes it: `f(_:)` is `f:`,
    /// `f(with:)` is `fWith:`, `f(sender:)` is `fWithSender:`, `f(_:y:)` is `f:y:`.
    private func selectorName(_ reference: DeclReferenceExprSyntax) -> String {
        let base = reference.baseName.text
        guard let arguments = reference.argumentNames?.arguments, !arguments.isEmpty else { return base }
        var name = base
        for (i, argument) in arguments.enumerated() {
            let label = argument.name.text
            if i == 0 {
                let capitalised = label.prefix(1).uppercased() + label.dropFirst()
                let preposition = ["with", "for", "to", "from", "in", "at", "by", "on", "of", "using"]
                    .contains(label)
                name += label == "_" ? ":" : (preposition ? "" : "With") + capitalised + ":"
            } else {
                name += (label == "_" ? "" : label) + ":"
            }
        }
        return name
    }

    // MARK: Defaults

    func defaultsExtensions() -> String {
        var text = ""
        for protocolName in protocolsWithDefaults {
            let members = survey.requirements.filter { $0.protocolName == protocolName }
            guard !members.isEmpty else { continue }
            text += "extension \(protocolName) {\n"
            for member in members { text += "    \(member.defaultDeclaration) \(member.defaultBody)\n" }
            text += "}\n"
        }
        return text
    }
}

/// The last component of a path.
private func lastComponent(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
}
