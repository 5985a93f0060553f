import Foundation
import FrameGenLayout
import FrameGenMotion
import FrameGenRaster
import TestTiers
import Testing

@testable import FrameGenScene
@testable import FrameGenTools

/// The repository root, found from this file so the tests run from any folder.
private let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

private let schemaPath = repository + "/docs/scene.schema.json"

private func loadSchema() throws -> JSONSchemaValidator {
    try JSONSchemaValidator(readDocument(schemaPath).value)
}

/// A `$defs` entry of the schema.
private func definition(_ name: String) throws -> DocumentValue {
    let defs = try #require(member(readDocument(schemaPath).value, "$defs"))
    return try #require(member(defs, name), "no $defs/\(name)")
}

/// The property names of an object schema.
private func propertyNames(_ schema: DocumentValue) -> Set<String> {
    guard case .map(let pairs)? = member(schema, "properties") else { return [] }
    return Set(pairs.map(\.key))
}

private func strings(_ value: DocumentValue?) -> Set<String> {
    guard case .list(let items)? = value else { return [] }
    return Set(items.compactMap { if case .string(let s) = $0 { s } else { nil } })
}

/// The scene files of a repository folder (attribute files, which share the extensions, left out).
private func scenes(in folder: String) throws -> [String] {
    let names = try FileManager.default.contentsOfDirectory(atPath: repository + "/" + folder)
    return try names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") || $0.hasSuffix(".json") }
        .sorted()
        .map { repository + "/" + folder + "/" + $0 }
        .filter { try member(readDocument($0).value, "format") == nil }
}

@Suite struct SchemaTests {
    @Test func everyExampleShowcaseAndGoldenSceneIsValid() throws {
        let schema = try loadSchema()
        let files = try scenes(in: "examples") + scenes(in: "examples/showcase") + scenes(in: "golden")
        expect(files.count >= 21)
        for file in files {
            try expect(schema.validate(try readDocument(file).value) == [], "\(file)")
            // The parser agrees: a scene the schema passes here is one framegen renders.
            _ = try Scene.load(file)
        }
    }

    /// One scene using every key the schema describes, so both sides are exercised beyond the
    /// examples: the parser accepts it and so does the schema.
    @Test func aSceneWithEveryKeyIsValidForBoth() throws {
        let yaml = """
            name: everything
            canvas: {width: 400, height: 300, scale: 1, background: {pattern: missing-is-fine.png}}
            fps: 24
            seed: 3
            content: {sections: [3, 4], titles: [A, B]}
            views:
              - name: main
                frame: [0, 0, 400, 200]
                contentInset: [1, 2, 3, 4]
                contentOffset: [0, -10]
                pagingEnabled: false
                decelerationRate: fast
                layout: {type: flow, itemSize: [40, 40], headerReferenceSize: [0, 20], scrollDirection: vertical}
                cell:
                  background: "#FF000080"
                  contentMode: aspectFill
                  clipsToBounds: true
                  cornerRadius: 4
                  cornerCurve: continuous
                  border: {width: 2, color: white}
                  shadow: {color: black, opacity: 0.5, radius: 2, offset: [0, 1]}
                  imageInset: 1
                  edgeAntialiasing: false
                supplementary:
                  header: {text: "{number}. {title}", font: {size: 12, weight: bold}, color: systemBlue,
                           textShadow: {opacity: 0.3}}
                decoration: {emblem: {image: emblem.png, cornerRadius: 3}}
              - name: strip
                frame: [0, 210, 400, 60]
                layout: {type: thumbnails, syncWith: main}
            timeline:
              - wait: 0.1
              - scroll: {to: [0, 50], duration: 0.2, curve: {cubic: [0.2, 0, 0.8, 1]}}
              - drag: {by: [0, -40], duration: 0.2, curve: {spring: {damping: 0.5, velocity: 1}}}
              - fling: {velocity: [0, 300], rate: 0.995}
              - rotate: {to: [300, 400], duration: 0.2, curve: {spring: {mass: 1, stiffness: 80, damping: 9}}}
              - delete: {items: [[0, 1]], duration: 0.2, curve: linear}
              - insert: {items: [[0, 0]], duration: 0.2, curve: default}
              - move: {from: [0, 0], to: [1, 0], duration: 0.2, curve: easeIn}
              - tap: {at: [20, 20], duration: 0.2}
              - tap: {item: [0, 1], view: strip}
              - pinch: {scale: 1.5, center: [100, 100], duration: 0.2, curve: easeOut}
              - set: {layout: {itemSize: [60, 60]}, duration: 0.2, curve: easeInEaseOut}
              - view: main
                wait: 0.1
            output: {directory: out, pattern: "f_%03d.png", compression: 1, channels: rgba}
            golden: {every: 5, threshold: 0.05, includeAA: true, maxDiffRatio: 0.01}
            """
        let document = try parseDocument(yaml, file: "everything.yaml")
        try expect(loadSchema().validate(document.value) == [])
        _ = try Scene(document: document, folder: ".")
    }

    /// Scenes the parser refuses are refused by the schema too (each one problem).
    @Test(arguments: [
        "layout: {type: flow}\ncell: {contentMod: aspectFill}",  // typo in a style key
        "layuot: {type: flow}",  // typo at the top level (and so no layout)
        "layout: {type: flow, columns: 3}",  // another layout's parameter
        "layout: {type: flw}",
        "layout: {type: flow}\ntimeline: [{scroll: {to: [0, 1], curve: easeInOut}}]",
        "layout: {type: flow}\ntimeline: [{scroll: {to: [0, 1], duraton: 1}}]",
        "layout: {type: flow}\ntimeline: [{scroll: {to: [0, 1]}, wait: 1}]",  // two actions in one entry
        "layout: {type: flow}\ntimeline: [{tap: {}}]",
        "layout: {type: flow}\ntimeline: [{drag: {by: [0, 1], duration: 0}}]",
        "layout: {type: flow}\ncontent: {items: 3, sections: [3]}",
        "layout: {type: flow}\ncanvas: {background: \"#12345\"}",
        "layout: {type: flow}\noutput: {compression: 10}",
        "layout: {type: flow}\noutput: {compression: quick}",
        "layout: {type: coverflow, scrollDirection: vertical}",
        "layout: {type: flow}\nviews: [{layout: {type: flow}}]",
        "views: [{name: a, layout: {type: album, itemSize: [1, 2, 3]}}]",
        "layout: {type: flow}\ngolden: {frames: [0], every: 2}",
        "layout: {type: flow}\ntimeline: [{scroll: {to: [0, 1], curve: {cubic: [1.5, 0, 0.5, 1]}}}]",
        "layout: {type: flow}\nsupplementary: {header: {font: {size: 12, style: italic}}}",
    ])
    func aSceneTheParserRefusesFailsTheSchema(_ yaml: String) throws {
        let document = try parseDocument(yaml, file: "bad.yaml")
        try expect(!loadSchema().validate(document.value).isEmpty, "\(yaml)")
        // Loaded as `framegen golden` does: the scene, its plan and its `golden:` keys.
        let file = try writeTemporary(yaml)
        defer { try? FileManager.default.removeItem(atPath: file) }
        #expect(throws: FrameGenError.self, "\(yaml)") { _ = try GoldenTool.load(file) }
    }

    @Test func aTypoKeyIsNamedByTheSchema() throws {
        let document = try parseDocument("layout: {type: flow}\ncell: {cornerRadus: 4}", file: "typo.yaml")
        try expect(loadSchema().validate(document.value) == ["cell.cornerRadus: unknown key"])
    }

    // MARK: The schema's keys are the parser's keys

    @Test func mappingKeysMatchTheParser() throws {
        let root = try readDocument(schemaPath).value
        expect(propertyNames(root) == Set(Scene.keys))
        try expect(propertyNames(try definition("canvas")) == Set(Canvas.keys))
        let canvas = try #require(member(try definition("canvas"), "properties"))
        guard case .list(let forms)? = member(try #require(member(canvas, "background")), "anyOf") else {
            Issue.record("canvas.background: no anyOf")
            return
        }
        expect(forms.map(propertyNames).contains(Set(Canvas.backgroundKeys)))
        try expect(propertyNames(try definition("view")) == Set(SceneView.keys))
        try expect(propertyNames(try definition("listedView")) == Set(SceneView.keys + SceneView.listedKeys))
        try expect(propertyNames(try definition("content")) == Set(SceneContent.keys))
        try expect(propertyNames(try definition("output")) == Set(SceneOutput.keys))
        try expect(propertyNames(try definition("golden")) == Set(GoldenTool.sceneKeys))
        try expect(propertyNames(try definition("style")) == Set(ElementStyle.keys))
        // Supplementary and decoration kinds take a style plus the one key their parser reads first.
        try expect(propertyNames(try definition("supplementaryStyle")) == Set(ElementStyle.keys + ["text"]))
        try expect(propertyNames(try definition("decorationStyle")) == Set(ElementStyle.keys + ["image"]))
        try expect(propertyNames(try definition("border")) == Set(ElementStyle.borderKeys))
        try expect(propertyNames(try definition("shadow")) == Set(ElementStyle.shadowKeys))
        try expect(propertyNames(try definition("font")) == Set(ElementStyle.fontKeys))
        _ = try scene(
            "layout: {type: flow}\nsupplementary: {header: {text: x}}\ndecoration: {emblem: {image: e.png}}")
    }

    @Test func actionKeysMatchTheParser() throws {
        let action = try definition("action")
        let names = TimelineAction.parameterKeys.map(\.action)
        expect(propertyNames(action) == Set(names + ["view"]))
        // "Exactly one action" is a oneOf over each action being present.
        guard case .list(let alternatives)? = member(action, "oneOf") else {
            Issue.record("action: no oneOf")
            return
        }
        expect(Set(alternatives.flatMap { strings(member($0, "required")) }) == Set(names))
        let properties = try #require(member(action, "properties"))
        for (name, keys) in TimelineAction.parameterKeys {
            let schema = try #require(member(properties, name))
            if keys.isEmpty {
                expect(member(schema, "type") == .string("number"), "\(name) takes a number")
            } else {
                expect(propertyNames(schema) == Set(keys + ["view"]), "\(name)")
            }
        }
    }

    @Test func curvesMatchTheParser() throws {
        guard case .list(let forms)? = member(try definition("curve"), "anyOf") else {
            Issue.record("curve: no anyOf")
            return
        }
        expect(forms.contains { strings(member($0, "enum")) == Set(TimingCurve.sceneNames) })
        for name in TimingCurve.sceneNames { expect(TimingCurve(name: name) != nil, "\(name)") }
        let object = try #require(forms.first { !propertyNames($0).isEmpty })
        expect(propertyNames(object) == Set(TimingCurve.sceneKeys))
        let spring = try #require(member(member(object, "properties")!, "spring"))
        expect(propertyNames(spring) == Set(TimingCurve.springKeys))
    }

    @Test func enumerationsMatchTheCode() throws {
        let style = try #require(member(try definition("style"), "properties"))
        expect(
            strings(member(member(style, "contentMode")!, "enum"))
                == Set(ContentMode.allCases.map(\.rawValue)))
        expect(
            strings(member(member(style, "cornerCurve")!, "enum"))
                == Set(ElementStyle.CornerCurve.allCases.map(\.rawValue)))
        guard case .list(let colorForms)? = member(try definition("color"), "anyOf") else {
            Issue.record("color: no anyOf")
            return
        }
        expect(colorForms.contains { strings(member($0, "enum")) == Set(Color.named.keys) })
    }

    /// Each layout type's parameters, with their defaults, come from the layout registry.
    @Test func layoutParametersMatchTheRegistry() throws {
        let layout = try definition("layout")
        let types = LayoutRegistry.builtIn.map(\.type)
        expect(strings(member(member(member(layout, "properties")!, "type")!, "enum")) == Set(types))
        guard case .list(let branches)? = member(layout, "allOf") else {
            Issue.record("layout: no allOf")
            return
        }
        let schema = try loadSchema()
        var every: Set<String> = []
        for descriptor in LayoutRegistry.builtIn {
            let type = descriptor.type
            // The branch taken for this type leads to its parameter object.
            let branch = try #require(
                branches.first {
                    member(member(member($0, "if")!, "properties")!, "type")
                        == .map([("const", .string(type))])
                },
                "no if/then for \(type)")
            expect(member(member(branch, "then")!, "$ref") == .string("#/$defs/layout-\(type)"))
            let parameters = try definition("layout-\(type)")
            expect(propertyNames(parameters) == Set(["type"] + descriptor.parameters.map(\.name)), "\(type)")
            every.formUnion(descriptor.parameters.map(\.name))
            let properties = try #require(member(parameters, "properties"))
            var defaults: [(key: String, value: DocumentValue)] = [("type", .string(type))]
            for p in descriptor.parameters {
                let s = try #require(member(properties, p.name))
                expect(member(s, "default") == p.defaultValue.map(documentValue), "\(type).\(p.name)")
                if let d = p.defaultValue { defaults.append((p.name, documentValue(d))) }
            }
            // The registry's defaults, written out, are a valid layout for both.
            let scene: DocumentValue = .map([("layout", .map(defaults))])
            expect(schema.validate(scene) == [], "\(type)")
            _ = try Scene(document: DocumentNode(value: scene, path: "", file: "\(type).yaml"), folder: ".")
        }
        try expect(propertyNames(try definition("layoutParameters")) == every)
    }

    /// The user reference names every key the schema has, so a key added to the parser and the
    /// schema is documented too.
    @Test func sceneReferenceNamesEveryKey() throws {
        let reference = try String(contentsOfFile: repository + "/docs/scene.md", encoding: .utf8)
        var missing: [String] = []
        func walk(_ s: DocumentValue) {
            switch s {
            case .map(let pairs):
                for key in propertyNames(s) where !reference.contains("`\(key)`") { missing.append(key) }
                for (_, v) in pairs { walk(v) }
            case .list(let items): items.forEach(walk)
            default: break
            }
        }
        walk(try readDocument(schemaPath).value)
        expect(missing == [])
    }

    /// Every `default` in the schema is a value its own schema accepts.
    @Test func defaultsAreValidValues() throws {
        let root = try readDocument(schemaPath).value
        let validator = try loadSchema()
        var checked = 0
        func walk(_ s: DocumentValue, _ path: String) {
            switch s {
            case .map(let pairs):
                if let d = member(s, "default") {
                    checked += 1
                    expect(validator.validate(d, against: s) == [], "\(path)")
                }
                for (k, v) in pairs { walk(v, "\(path)/\(k)") }
            case .list(let items):
                for (i, v) in items.enumerated() { walk(v, "\(path)/\(i)") }
            default: break
            }
        }
        walk(root, "#")
        expect(checked > 50)
    }
}

private func documentValue(_ v: CustomValue) -> DocumentValue {
    switch v {
    case .number(let n): return .number(n)
    case .bool(let b): return .bool(b)
    case .string(let s): return .string(s)
    case .numbers(let l): return .list(l.map { .number($0) })
    }
}

private func writeTemporary(_ text: String) throws -> String {
    let path = NSTemporaryDirectory() + "framegen-schema-\(UUID().uuidString).yaml"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}
