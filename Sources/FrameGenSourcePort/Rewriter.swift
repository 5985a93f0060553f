import Foundation
import SwiftSyntax

/// One file's port: edits collected on its syntax tree, then applied to its text from the end.
/// Overrides written in an extension move into their class's body, which may be in another
/// file: `moves` gives them, ported, to the file that declares the class.
final class Rewriter {
    let file: SourcePort.File
    private let visitor: RewriteVisitor

    init(file: SourcePort.File, tree: SourceFileSyntax, survey: Survey) {
        self.file = file
        visitor = RewriteVisitor(file: file, tree: tree, survey: survey)
        visitor.walk(tree)
        visitor.importCoreFoundationIfUsed(in: tree)
        if !visitor.moves.isEmpty { visitor.openFilePrivateHelpers(of: tree) }
        visitor.noteInterfaceBuilderMembers()
    }

    /// The members this file's extensions give up, each ported, for their classes.
    var moves: [Move] {
        visitor.moves.map { move in
            var move = move
            // `text` holds the access the extension gave; the member's ported text follows.
            move.text += apply(
                inner(move.start, move.end), to: Array(file.text.utf8), from: move.start, to: move.end)
            return move
        }
    }

    /// The edits strictly inside a range (a moved member's own rewrites).
    private func inner(_ start: Int, _ end: Int) -> [Edit] {
        visitor.edits.filter { !$0.isMove && $0.start >= start && $0.end <= end }
    }

    private func apply(_ edits: [Edit], to bytes: [UInt8], from start: Int, to end: Int) -> String {
        var slice = Array(bytes[start..<end])
        for edit in edits.sorted(by: { $0.start > $1.start }) {
            slice.replaceSubrange((edit.start - start)..<(edit.end - start), with: Array(edit.text.utf8))
        }
        return String(decoding: slice, as: UTF8.self)
    }

    /// The ported file, with the members other files' extensions moved into its classes.
    func port(receiving moves: [Move]) -> SourcePort.Ported {
        let moved = visitor.edits.filter(\.isMove)
        var edits = visitor.edits.filter { edit in
            !edit.isMove && !moved.contains { edit.start >= $0.start && edit.end <= $0.end }
        }
        edits += moved
        var changes = visitor.changes
        for (name, brace) in visitor.classBraces {
            let members = moves.filter { $0.className == name }
            guard !members.isEmpty else { continue }
            var text = "\n"
            for member in members {
                text += "#sourceLocation(file: \(literal(member.file)), line: \(member.line))\n"
                text += member.text + "\n"
                changes.append(
                    SourcePort.Change(
                        line: brace.line,
                        what: "\(member.name) moved here from an extension (\(member.file):\(member.line)): "
                            + "Swift overrides in extensions only with the Objective-C runtime"))
            }
            text += "#sourceLocation(file: \(literal(file.path)), line: \(brace.line))\n"
            edits.append(Edit(start: brace.offset, end: brace.offset, text: text))
        }
        let text = apply(edits, to: Array(file.text.utf8), from: 0, to: file.text.utf8.count)
        // The compiler names the app's file and its lines (the edits kept them); `import UIKit`
        // first, because an Xcode framework's umbrella header gave it to every file.
        var ported = "import UIKit\n#sourceLocation(file: \(literal(file.path)), line: 1)\n" + text
        // A test file of an Xcode target that compiled the app's files itself uses the app's
        // types with no import: here they are the library's (AppSources.testedModulePrefix).
        if let tested = visitor.survey.testedModule, !visitor.imported.contains(tested) {
            ported = "@testable import \(tested)\n" + ported
            changes.append(
                SourcePort.Change(
                    line: 1,
                    what: "@testable import \(tested): the app's types, which its test target compiled itself"
                ))
        }
        if !ported.hasSuffix("\n") { ported += "\n" }
        ported += "#sourceLocation()\n"
        let defaults = visitor.defaultsExtensions()
        if !defaults.isEmpty {
            ported +=
                "\n// The defaults of the optional members above (`@objc optional` on iOS).\n" + defaults
        }
        return SourcePort.Ported(path: file.path, text: ported, changes: changes.sorted { $0.line < $1.line })
    }
}

/// An override in an extension of a class of the app's, on its way into the class's body.
struct Move {
    var className: String
    var name: String
    var file: String
    var line: Int
    var start: Int
    var end: Int
    /// The member's ported text (with the extension's `public` where it had none of its own).
    var text: String
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

struct Edit {
    var start: Int
    var end: Int
    var text: String
    /// Removes a member that moves into its class's body.
    var isMove = false
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
    /// Overrides this file's extensions give up to their classes.
    var moves: [Move] = []
    /// Where each class of this file closes: moved members go before the brace.
    var classBraces: [(name: String, (offset: Int, line: Int))] = []

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
        replace(
            from: node.positionAfterSkippingLeadingTrivia.utf8Offset,
            to: node.endPositionBeforeTrailingTrivia.utf8Offset, line: line(node), with: text, what)
    }

    /// The file's bytes `start..<end` replaced by `text`.
    private func replace(from start: Int, to end: Int, line: Int, with text: String, _ what: String) {
        // Keep the lines: a replaced span that held line breaks gives them back after the text.
        let removed = file.text.utf8.dropFirst(start).prefix(end - start).filter { $0 == 10 }.count
        let added = text.utf8.filter { $0 == 10 }.count
        let padding = String(repeating: "\n", count: max(0, removed - added))
        edits.append(Edit(start: start, end: end, text: text + padding))
        changes.append(SourcePort.Change(line: line, what: what))
    }

    /// An override that moves into its class's body leaves the file whose `private` and
    /// `fileprivate` helpers it calls (SnapKit's `LayoutConstraint.description` calls
    /// `descriptionForObject`, private to Debugging.swift), and would not compile there. So the
    /// file's top-level private declarations become the module's, where no other file declares
    /// the name (a second declaration would make calls ambiguous); the keyword becomes spaces,
    /// keeping every column.
    func openFilePrivateHelpers(of tree: SourceFileSyntax) {
        let here = Survey.topLevelDeclarations(of: tree)
        var counts: [String: Int] = [:]
        for (_, names) in here { for name in names { counts[name, default: 0] += 1 } }
        for (decl, names) in here {
            guard names.allSatisfy({ survey.topLevelNames[$0] == counts[$0] }),
                let modifier = decl.asProtocol(WithModifiersSyntax.self)?.modifiers.first(where: {
                    ["private", "fileprivate"].contains($0.name.text) && $0.detail == nil
                })
            else { continue }
            let keyword = modifier.name
            replace(
                keyword, with: String(repeating: " ", count: keyword.text.utf8.count),
                "\(keyword.text) \(names.joined(separator: ", ")) made internal: an override this file's extension gives moves into its class in another file, and calls it"
            )
        }
    }

    /// What the port says about this file's Interface Builder members (those of its classes and
    /// of its extensions, whichever file declares their class), and the `private` of those that
    /// their class's overrides, in another file, call: the keyword becomes spaces.
    /// A file that names what Core Foundation and Darwin give it through Foundation on iOS
    /// (`SourcePort.coreFoundationNames`) imports FrameGenCoreFoundation, after its first import
    /// and on its line, so that the file's lines stay where they were.
    func importCoreFoundationIfUsed(in tree: SourceFileSyntax) {
        guard
            let first = tree.statements.lazy.compactMap({ $0.item.as(ImportDeclSyntax.self) }).first,
            let name = tree.tokens(viewMode: .sourceAccurate).first(where: {
                SourcePort.coreFoundationNames.contains($0.text)
            })?.text
        else { return }
        let end = first.endPositionBeforeTrailingTrivia.utf8Offset
        replace(
            from: end, to: end, line: line(first), with: "; import FrameGenCoreFoundation",
            "import FrameGenCoreFoundation: \(name) is Core Foundation's or Darwin's, which Foundation on Linux does not export"
        )
    }

    func noteInterfaceBuilderMembers() {
        var owners: [String] = []
        for member in survey.interfaceBuilderMembers where member.file == file.path {
            if !owners.contains(member.owner) { owners.append(member.owner) }
        }
        // An extension's `private` once, for all its members.
        var done: Set<Int> = []
        for owner in owners {
            let plan = survey.interfaceBuilderPlan(for: owner)
            for note in plan.memberNotes where note.file == file.path {
                changes.append(SourcePort.Change(line: note.line, what: note.what))
            }
            for opened in plan.opened where opened.file == file.path && done.insert(opened.start).inserted {
                replace(
                    from: opened.start, to: opened.end, line: opened.line,
                    with: String(repeating: " ", count: opened.text.utf8.count),
                    "\(opened.text) \(opened.of) made internal: \(owner)'s body, in another file, lists it for a storyboard or nib"
                )
            }
        }
    }

    // MARK: Where we are

    private func push(_ name: String, isProtocol: Bool = false) -> SyntaxVisitorContinueKind {
        enclosing.append((name, isProtocol))
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        // The app's entry point: its files are a library here (the package's executable has
        // framegen's main), and Swift's @UIApplicationMain checks Apple's UIKit's protocol.
        let delegate = node.inheritanceClause?.inheritedTypes.contains {
            $0.type.trimmedDescription == "UIApplicationDelegate"
        }
        for element in node.attributes {
            guard let attribute = element.as(AttributeSyntax.self) else { continue }
            let name = attribute.attributeName.trimmedDescription
            if name == "UIApplicationMain" || name == "NSApplicationMain"
                || (name == "main" && delegate == true)
            {
                replace(
                    attribute, with: "",
                    "removed @\(name): the app's files are a library here, not its entry point")
            }
        }
        if survey.classCounts[node.name.text] == 1 {
            let brace = node.memberBlock.rightBrace
            let offset = brace.positionAfterSkippingLeadingTrivia.utf8Offset
            classBraces.append((node.name.text, (offset, line(brace))))
            let isPublic = node.modifiers.contains { ["public", "open"].contains($0.name.text) }
            // What the port writes into the class, before its brace, each line named the brace's:
            // the lines after keep their numbers, and the compiler's messages about an inserted
            // member name the class's last line.
            var inserted: [String] = []
            if let member = survey.makeByClassOverride(for: node.name.text, access: isPublic ? "public " : "")
            {
                inserted.append(member)
                changes.append(
                    SourcePort.Change(
                        line: line(brace),
                        what:
                            "makeByClass written, so that framegen makes \(node.name.text) by its class as UIKit does"
                    ))
            }
            // A storyboard's outlets and actions, which iOS connects through the Objective-C runtime.
            let plan = survey.interfaceBuilderPlan(for: node.name.text)
            inserted += plan.declarations
            for note in plan.classNotes { changes.append(SourcePort.Change(line: line(brace), what: note)) }
            if !inserted.isEmpty {
                let here = "#sourceLocation(file: \(literal(file.path)), line: \(line(brace)))"
                let text = inserted.map { "\n\(here)\n\($0)" }.joined() + "\n\(here)\n"
                edits.append(Edit(start: offset, end: offset, text: text))
            }
        } else if let count = survey.classCounts[node.name.text], count > 1,
            survey.interfaceBuilderMembers.contains(where: { $0.owner == node.name.text })
        {
            changes.append(
                SourcePort.Change(
                    line: line(node.memberBlock.rightBrace),
                    what:
                        "no setValue(_:forKey:) or interfaceBuilderAction(named:) written for \(node.name.text): \(count) classes have that name in the app's files"
                ))
        }
        return push(node.name.text)
    }
    override func visitPost(_ node: ClassDeclSyntax) { enclosing.removeLast() }
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.text) }
    override func visitPost(_ node: StructDeclSyntax) { enclosing.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.text) }
    override func visitPost(_ node: EnumDeclSyntax) { enclosing.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { push(node.name.text) }
    override func visitPost(_ node: ActorDeclSyntax) { enclosing.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = simpleName(node.extendedType)
        // Only into a class the app's files declare once, and from an extension without
        // conditions (a `where` clause would not hold inside the class).
        if survey.classCounts[name] == 1, node.genericWhereClause == nil {
            let access = node.modifiers.first { ["public", "open"].contains($0.name.text) }.map { _ in
                "public "
            }
            for (member, modifiers, start, end) in takeOverrides(of: node) {
                let hasAccess = modifiers.contains {
                    ["public", "open", "internal", "fileprivate", "private", "package"].contains($0.name.text)
                }
                let prefix = hasAccess ? "" : (access ?? "")
                moves.append(
                    Move(
                        className: name, name: memberName(member.decl), file: file.path, line: line(member),
                        start: start, end: end, text: prefix))
            }
        } else if survey.classCounts[name] == nil, Self.isApplesClass(name) {
            // An override in an extension of UIKit's own class (a cell's `hitTest(_:with:)` for
            // every cell) has no class body of the app's to move into: it goes, its lines kept.
            for (member, _, _, _) in takeOverrides(of: node) {
                changes.append(
                    SourcePort.Change(
                        line: line(member),
                        what: "\(memberName(member.decl)) dropped from an extension of \(name): "
                            + "Swift overrides in extensions only with the Objective-C runtime"))
            }
        }
        return push(name)
    }

    /// Takes the extension's overrides out of the file, each leaving its lines empty (an edit
    /// marked as a move's, so that no rewrite inside it applies), and gives them with their
    /// modifiers and their span.
    private func takeOverrides(of node: ExtensionDeclSyntax) -> [(
        member: MemberBlockItemSyntax, modifiers: DeclModifierListSyntax, start: Int, end: Int
    )] {
        node.memberBlock.members.compactMap { member in
            guard let modifiers = member.decl.asProtocol(WithModifiersSyntax.self)?.modifiers,
                modifiers.contains(where: { $0.name.text == "override" })
            else { return nil }
            let start = member.positionAfterSkippingLeadingTrivia.utf8Offset
            let end = member.endPositionBeforeTrailingTrivia.utf8Offset
            let removed = file.text.utf8.dropFirst(start).prefix(end - start).filter { $0 == 10 }.count
            edits.append(
                Edit(start: start, end: end, text: String(repeating: "\n", count: removed), isMove: true))
            return (member, modifiers, start, end)
        }
    }

    /// A class name of Apple's frameworks (`UICollectionViewCell`, `CALayer`, `NSObject`).
    static func isApplesClass(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        guard scalars.count > 2, ["UI", "CA", "NS"].contains(String(name.prefix(2))) else { return false }
        return CharacterSet.uppercaseLetters.contains(scalars[2])
    }

    private func memberName(_ decl: DeclSyntax) -> String {
        if let function = decl.as(FunctionDeclSyntax.self) { return fullName(function) }
        if let variable = decl.as(VariableDeclSyntax.self) {
            return variable.bindings.first?.pattern.trimmedDescription ?? "a property"
        }
        return "an override"
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { enclosing.removeLast() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
        if survey.protocolAccess[node.name.text] != nil { protocolsWithDefaults.append(node.name.text) }
        // An @objc protocol is class-bound in Swift (only classes adopt it, so `weak var
        // delegate: P?` compiles); without the attribute it must say so itself.
        let isObjC = node.attributes.contains {
            $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "objc"
        }
        let bound = node.inheritanceClause?.inheritedTypes.contains {
            ["AnyObject", "class", "NSObjectProtocol"].contains($0.type.trimmedDescription)
        }
        if isObjC, bound != true {
            // After the inherited types, or after the name (and primary associated types).
            let after =
                node.inheritanceClause.map { Syntax($0) } ?? node.primaryAssociatedTypeClause.map {
                    Syntax($0)
                }
                ?? Syntax(node.name)
            let end = after.endPositionBeforeTrailingTrivia.utf8Offset
            replace(
                from: end, to: end, line: line(node),
                with: node.inheritanceClause == nil ? ": AnyObject" : ", AnyObject",
                "\(node.name.text): AnyObject, as @objc made it class-bound")
        }
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
        // A layer's @NSManaged property is stored by Core Animation, which Linux lacks.
        if let type = enclosing.last?.name, survey.isLayerClass(type), names.count == 1,
            let managed = node.attributes.first(where: {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "NSManaged"
            })
        {
            replace(
                managed, with: "@LayerDynamicProperty(key: \(literal(names[0])))",
                "@NSManaged \(names[0]) stored by LayerDynamicProperty, which marks the layer for display as Core Animation does"
            )
        }
        // A layer's `@objc dynamic var x = ...` is what Core Animation asks `needsDisplay(forKey:)`
        // about too: the attributes and modifiers before `var` are written again, with the
        // wrapper first (no attribute may follow a modifier), `dynamic` and `@objc` dropped.
        if let type = enclosing.last?.name, survey.isLayerClass(type), names.count == 1,
            let dynamic = modifiers.first(where: { $0.name.text == "dynamic" }),
            let binding = node.bindings.first, binding.initializer != nil, binding.accessorBlock == nil,
            !modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) })
        {
            let kept =
                node.attributes.compactMap { element -> String? in
                    guard let attribute = element.as(AttributeSyntax.self) else {
                        return element.trimmedDescription
                    }
                    let name = attribute.attributeName.trimmedDescription
                    return Self.objectiveCAttributes.contains(name) ? nil : attribute.trimmedDescription
                } + modifiers.filter { $0.id != dynamic.id }.map(\.trimmedDescription)
            replace(
                from: node.positionAfterSkippingLeadingTrivia.utf8Offset,
                to: node.bindingSpecifier.positionAfterSkippingLeadingTrivia.utf8Offset, line: line(node),
                with: (["@LayerDynamicProperty(key: \(literal(names[0])))"] + kept).joined(separator: " ")
                    + " ",
                "dynamic \(names[0]) stored by LayerDynamicProperty, which marks the layer for display as Core Animation does"
            )
            return .skipChildren
        }
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

    /// The modules the file imports, as written (with XCTest, its `test` methods are run by
    /// corelibs-xctest on Linux).
    var imported: Set<String> = []

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = fullName(node)
        if let type = enclosing.last?.name, imported.contains("XCTest") || survey.isTestCaseClass(type),
            !inProtocolBody, node.name.text.hasPrefix("test"),
            node.signature.parameterClause.parameters.isEmpty
        {
            // corelibs-xctest lists a class's tests as `(Class) -> () throws -> Void` and traps
            // casting a main-actor method to it (swift-corelibs-xctest#424). `@preconcurrency`
            // keeps the method on the main actor inside (it still calls the suite's main-actor
            // helpers) and gives it the type the list casts to; XCTest runs it on the main thread.
            let preconcurrency = node.attributes.contains {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "preconcurrency"
            }
            for case .attribute(let attribute) in node.attributes
            where !preconcurrency && attribute.attributeName.trimmedDescription == "MainActor" {
                replace(
                    attribute, with: "@preconcurrency @MainActor",
                    "@preconcurrency on test method \(name): Linux's XCTest cannot call a main-actor test")
            }
        }
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
        } else if let forced = node.calledExpression.as(ForceUnwrapExprSyntax.self) {
            portForcedCall(node, forced)
        }
        portTime(node)
        portAbs(node)
        portClassDescription(node)
        portEmptyAttributedString(node)
        portPerformSelector(node)
        return .visitChildren
    }

    /// `target.performSelector(onMainThread:with:waitUntilDone:)` finds its method at run time,
    /// on any object (an `AnyObject` target through the Objective-C runtime's dynamic lookup):
    /// the call becomes framegen's function of the same arguments, with the target (optional or
    /// not) first. Only a target named by a plain reference (`target`, `self.target`) is ported,
    /// so that no other rewrite lands inside the text that moves.
    private func portPerformSelector(_ node: FunctionCallExprSyntax) {
        guard let called = node.calledExpression.as(MemberAccessExprSyntax.self),
            called.declName.baseName.text == "performSelector",
            node.arguments.first?.label?.text == "onMainThread", let leftParen = node.leftParen,
            var base = called.base
        else { return }
        if let chained = base.as(OptionalChainingExprSyntax.self) { base = chained.expression }
        guard
            base.tokens(viewMode: .sourceAccurate).allSatisfy({
                if case .identifier = $0.tokenKind { return true }
                return $0.tokenKind == .keyword(.self) || $0.tokenKind == .period
            })
        else { return }
        replace(
            called, with: "scenePerformSelector",
            "performSelector(onMainThread:): framegen's, with the target first")
        let at = leftParen.endPositionBeforeTrailingTrivia.utf8Offset
        edits.append(Edit(start: at, end: at, text: base.trimmedDescription + ", "))
    }

    /// `NSAttributedString()` and `NSMutableAttributedString()` are empty strings on Apple's
    /// platforms, where NSObject's `init()` is inherited through the Objective-C runtime; Linux's
    /// Foundation declares only `init(string:)` and its kin, and Swift lets no extension add
    /// `init()` over NSObject's (an override in an extension). So the call names the empty string.
    private func portEmptyAttributedString(_ node: FunctionCallExprSyntax) {
        guard node.arguments.isEmpty, node.trailingClosure == nil, let leftParen = node.leftParen,
            let called = node.calledExpression.as(DeclReferenceExprSyntax.self),
            ["NSAttributedString", "NSMutableAttributedString"].contains(called.baseName.text)
        else { return }
        let at = leftParen.endPositionBeforeTrailingTrivia.utf8Offset
        replace(
            from: at, to: at, line: line(node), with: "string: \"\"",
            "\(called.baseName.text)(): (string: \"\"), as Linux's Foundation has no init()")
    }

    /// `type(of: x).description()` is NSObject's class method `+description` (the class's name),
    /// found through `AnyObject`'s dynamic lookup, which only the Objective-C runtime has: the
    /// same name, `String(describing: type(of: x))` (met on SnapKit's constraint descriptions).
    private func portClassDescription(_ node: FunctionCallExprSyntax) {
        guard node.arguments.isEmpty, node.trailingClosure == nil,
            let called = node.calledExpression.as(MemberAccessExprSyntax.self),
            called.declName.baseName.text == "description",
            let base = called.base?.as(FunctionCallExprSyntax.self),
            base.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "type",
            base.arguments.first?.label?.text == "of", base.arguments.count == 1
        else { return }
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        edits.append(Edit(start: start, end: start, text: "String(describing: "))
        replace(
            from: called.period.positionAfterSkippingLeadingTrivia.utf8Offset,
            to: node.endPositionBeforeTrailingTrivia.utf8Offset, line: line(node), with: ")",
            "type(of:).description(): String(describing: type(of:)), the class's name without the Objective-C runtime"
        )
    }

    /// `abs(x)` in an extension of `CGFloat` calls the standard library's function on iOS; Linux's
    /// Foundation declares an unavailable `static func abs` on `CGFloat` ("Please use the `abs(_:)`
    /// free function"), which a member's unqualified call finds first, so the call names the
    /// function's module.
    private func portAbs(_ node: FunctionCallExprSyntax) {
        guard let called = node.calledExpression.as(DeclReferenceExprSyntax.self),
            called.baseName.text == "abs", enclosing.contains(where: { $0.name == "CGFloat" })
        else { return }
        replace(
            called, with: "Swift.abs",
            "abs( in an extension of CGFloat: Swift.abs, not Linux Foundation's unavailable CGFloat.abs")
    }

    /// `delegate.f!(x)` forces an optional member that is not implemented to crash; here every
    /// member has a default. UIKit's keep their type (framegen's defaults answer what UIKit's
    /// would), so the `!` goes; an app's member whose value the port made optional is unwrapped
    /// after the call instead (`delegate.f(x)!`), which crashes where iOS would, on a nil answer.
    private func portForcedCall(_ node: FunctionCallExprSyntax, _ forced: ForceUnwrapExprSyntax) {
        let called = forced.expression
        guard
            let base = called.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                ?? called.as(DeclReferenceExprSyntax.self)?.baseName.text,
            survey.optionalNames.contains(base)
        else { return }
        let apps = survey.requirements.filter { $0.baseName == base }
        if apps.isEmpty || apps.allSatisfy({ !$0.typeChanges }) {
            replace(
                forced.exclamationMark, with: "", "\(base)!( calls an optional member: its default answers")
        } else if apps.allSatisfy(\.typeChanges), let paren = node.rightParen, node.trailingClosure == nil {
            replace(
                forced.exclamationMark, with: "",
                "\(base)!( calls an optional member: its answer is unwrapped")
            replace(paren, with: ")!", "\(base)!( calls an optional member: its answer is unwrapped")
        }
    }

    // MARK: Time

    /// Timers and work sent to the main and global queues run on the scene's clock
    /// (FrameGenUIKit's Time/): the calls that would wait for a run loop framegen never runs
    /// are renamed to framegen's, which take the same arguments.
    private func portTime(_ node: FunctionCallExprSyntax) {
        let firstLabel = node.arguments.first?.label?.text
        let timer = "a timer on the scene's clock"
        if node.calledExpression.trimmedDescription == "Timer", firstLabel == "timeInterval" {
            replace(node.calledExpression, with: "Timer.sceneTimer", "Timer(timeInterval:): \(timer)")
            return
        }
        guard let called = node.calledExpression.as(MemberAccessExprSyntax.self), let base = called.base
        else {
            return
        }
        let baseText = base.trimmedDescription
        switch called.declName.baseName.text {
        case "init" where baseText == "Timer" && firstLabel == "timeInterval":
            replace(called, with: "Timer.sceneTimer", "Timer.init(timeInterval:): \(timer)")
        case "scheduledTimer" where baseText == "Timer":
            replace(called.declName, with: "sceneScheduledTimer", "Timer.scheduledTimer: \(timer)")
        case "add" where baseText == "RunLoop.main" || baseText == "RunLoop.current":
            replace(called.declName, with: "sceneAdd", "\(baseText).add: \(timer)")
        case let name where name == "async" || name == "asyncAfter":
            let global = base.as(FunctionCallExprSyntax.self).map {
                $0.calledExpression.trimmedDescription == "DispatchQueue.global"
            }
            guard baseText == "DispatchQueue.main" || global == true else { return }
            var times: [TokenSyntax] = []
            if name == "asyncAfter" {
                // Only a deadline counted from now can be the scene's: another stays real.
                guard
                    let deadline = node.arguments.first(where: {
                        $0.label?.text == "deadline" || $0.label?.text == "wallDeadline"
                    }), deadline.expression.trimmedDescription.contains(".now()")
                else { return }
                times = deadline.expression.tokens(viewMode: .sourceAccurate).filter {
                    $0.text == "DispatchTime" || $0.text == "DispatchWallTime"
                }
            }
            let what = "\(baseText).\(name): on the scene's clock"
            if let call = base.as(FunctionCallExprSyntax.self) {
                replace(call.calledExpression, with: "DispatchQueue.sceneGlobal", what)
            } else {
                replace(base, with: "DispatchQueue.sceneMain", what)
            }
            for token in times { replace(token, with: "SceneTime", "\(token.text).now(): the scene's now") }
        default: return
        }
    }

    // MARK: Imports and conditions

    override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
        if let module = node.path.first?.name.text { imported.insert(module) }
        if let module = node.path.first?.name.text, survey.mergedModules.contains(module) {
            replace(
                node, with: "",
                "removed import \(module): its files are compiled into this target (uikit init --sources)")
            return .skipChildren
        }
        if let first = node.path.first?.name, let renamed = SourcePort.renamedFrameworks[first.text] {
            if node.path.count > 1, node.importKindSpecifier == nil {
                // `import os.log`: a submodule of a framework framegen keeps in one module
                // (`import class Combine.AnyCancellable` names a declaration: its module alone
                // is renamed, below).
                let start = node.path.positionAfterSkippingLeadingTrivia.utf8Offset
                let end = node.path.endPositionBeforeTrailingTrivia.utf8Offset
                edits.append(Edit(start: start, end: end, text: renamed))
                changes.append(
                    SourcePort.Change(
                        line: line(node),
                        what: "import \(node.path.trimmedDescription): framegen's is \(renamed)"))
            } else {
                replace(first, with: renamed, "import \(first.text): framegen's is \(renamed)")
            }
            return .skipChildren
        }
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
            } else if token.text == "canImport",
                let renamed = SourcePort.renamedFrameworks[tokens[i + 2].text]
            {
                replace(
                    tokens[i + 2], with: renamed, "canImport(\(tokens[i + 2].text)): framegen's is \(renamed)"
                )
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

    // MARK: Renamed frameworks

    /// `Combine.AnyCancellable`, a type named with its module, names framegen's module.
    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        if let base = node.baseType.as(IdentifierTypeSyntax.self), base.genericArgumentClause == nil,
            let renamed = SourcePort.renamedFrameworks[base.name.text]
        {
            replace(
                base.name, with: renamed,
                "\(base.name.text).\(node.name.text): framegen's module is \(renamed)")
        }
        return .visitChildren
    }

    /// `Combine.Just(1)`, a value named with its module, names framegen's module.
    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if let base = node.base?.as(DeclReferenceExprSyntax.self), base.argumentNames == nil,
            let renamed = SourcePort.renamedFrameworks[base.baseName.text],
            node.declName.baseName.text.first?.isUppercase == true
        {
            replace(
                base.baseName, with: renamed,
                "\(base.baseName.text).\(node.declName.baseName.text): framegen's module is \(renamed)")
        }
        return .visitChildren
    }

    // MARK: A test's name

    /// Apple's XCTest names a test `-[AlertBannerTest testCaution]`, Linux's
    /// `AlertBannerTest.testCaution`; a suite that builds its reference names from `name`
    /// (thumbprint-ios) or takes it apart at its space reads Apple's form. The read is rewritten,
    /// not XCTestCase's `name`: Linux's XCTest selects the tests to run by that name.
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.baseName.text == "name", node.argumentNames == nil, let type = enclosing.last?.name,
            !inProtocolBody, survey.isTestCaseClass(type), !survey.declares("name", in: type)
        else { return .visitChildren }
        var read: Syntax = Syntax(node)
        guard let member = Self.enclosingMember(of: node) else { return .visitChildren }
        if let access = node.parent?.as(MemberAccessExprSyntax.self), access.declName.id == node.id {
            // `self.name`; another value's `name` is its own.
            guard access.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
            else { return .visitChildren }
            read = Syntax(access)
        } else if node.parent?.is(KeyPathPropertyComponentSyntax.self) == true || Self.bindsName(member) {
            return .visitChildren
        }
        replace(
            read, with: SourcePort.applesTestName,
            "name read as Apple's XCTest gives it, -[Class method] (Linux's: Class.method)")
        return .skipChildren
    }

    /// The type member (a method, property or initialiser) a node is written in; nil in a
    /// static one, where `name` is not the test's.
    private static func enclosingMember(of node: some SyntaxProtocol) -> MemberBlockItemSyntax? {
        var current = node.parent
        while let next = current {
            if let member = next.as(MemberBlockItemSyntax.self) {
                let modifiers = member.decl.asProtocol(WithModifiersSyntax.self)?.modifiers
                return modifiers?.contains(where: { ["static", "class"].contains($0.name.text) }) == true
                    ? nil : member
            }
            current = next.parent
        }
        return nil
    }

    /// Whether a member binds a local `name` anywhere in it (a parameter, a `let`, a closure's
    /// parameter, a pattern): the port leaves its reads alone rather than tell which is which.
    private static func bindsName(_ member: MemberBlockItemSyntax) -> Bool {
        member.tokens(viewMode: .sourceAccurate).contains { token in
            guard token.text == "name", let parent = token.parent else { return false }
            if let parameter = parent.as(FunctionParameterSyntax.self) {
                return (parameter.secondName ?? parameter.firstName).id == token.id
            }
            if let parameter = parent.as(ClosureParameterSyntax.self) {
                return (parameter.secondName ?? parameter.firstName).id == token.id
            }
            return parent.is(IdentifierPatternSyntax.self) || parent.is(ClosureShorthandParameterSyntax.self)
                || parent.is(AccessorParametersSyntax.self) || parent.is(ClosureCaptureSyntax.self)
                || parent.is(EnumCaseParameterSyntax.self)
        }
    }

    // MARK: #selector

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.macroName.text == "selector", let argument = node.arguments.first,
            argument.label == nil, node.arguments.count == 1
        else { return .visitChildren }
        let expression = argument.expression
        // The method as an unapplied reference on its type: `Self.tapped(_:)` for one of the
        // type the selector is written in (overrides included), `Model.reload(with:)` for another's.
        var owner = "Self"
        let reference: DeclReferenceExprSyntax
        if let member = expression.as(MemberAccessExprSyntax.self) {
            reference = member.declName
            if let base = member.base, base.trimmedDescription != "self" { owner = base.trimmedDescription }
        } else if let plain = expression.as(DeclReferenceExprSyntax.self) {
            reference = plain
        } else {
            return .visitChildren
        }
        guard !enclosing.isEmpty || owner != "Self" else { return .visitChildren }
        // A stored property's initialiser (a lazy button's closure) may not name `Self`; the
        // type's own name there is the same method, called on the instance as it is (an
        // override still answers).
        if owner == "Self", let type = enclosing.last?.name, Self.isInStoredPropertyInitializer(node) {
            owner = type
        }
        let name = selectorName(reference)
        let text = "Selector(\(literal(name)), \(owner).\(reference.trimmedDescription))"
        replace(node, with: text, "#selector(\(reference.trimmedDescription)): a Selector that calls it")
        return .skipChildren
    }

    /// Whether `node` is inside the initial value of a type's stored property (closures in it
    /// included), not inside a method, an initialiser or an accessor.
    private static func isInStoredPropertyInitializer(_ node: some SyntaxProtocol) -> Bool {
        var current = node.parent
        while let syntax = current {
            if syntax.is(FunctionDeclSyntax.self) || syntax.is(InitializerDeclSyntax.self)
                || syntax.is(AccessorBlockSyntax.self) || syntax.is(DeinitializerDeclSyntax.self)
                || syntax.is(SubscriptDeclSyntax.self)
                || syntax.is(CodeBlockItemListSyntax.self)
                    && syntax.parent?.is(SourceFileSyntax.self) == true
            {
                return false
            }
            if syntax.is(InitializerClauseSyntax.self), syntax.parent?.is(PatternBindingSyntax.self) == true,
                let declaration = syntax.parent?.parent?.parent, declaration.is(VariableDeclSyntax.self),
                declaration.parent?.is(MemberBlockItemSyntax.self) == true
            {
                return true
            }
            current = syntax.parent
        }
        return false
    }

    /// The Objective-C name of a method reference, as Swift exposes it (`objectiveCName`).
    private func selectorName(_ reference: DeclReferenceExprSyntax) -> String {
        objectiveCName(
            reference.baseName.text, labels: reference.argumentNames?.arguments.map(\.name.text) ?? [])
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

/// The Objective-C name Swift gives a method of base name `base` and argument labels `labels`
/// ("_" for none): `f(_:)` is `f:`, `f(with:)` is `fWith:`, `f(sender:)` is `fWithSender:`,
/// `f(_:y:)` is `f:y:`, `f()` is `f`.
func objectiveCName(_ base: String, labels: [String]) -> String {
    var name = base
    for (i, label) in labels.enumerated() {
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
