import Foundation
import FrameGenGeometry
import FrameGenLayout
import FrameGenMotion
import TestTiers
import Testing

@testable import FrameGenScene

func scene(_ yaml: String, file: String = "test.yaml") throws(FrameGenError) -> Scene {
    try Scene(document: parseDocument(yaml, file: file), folder: ".")
}

/// The one-line message a bad scene gives.
func sceneError(_ yaml: String) -> String {
    do {
        _ = try scene(yaml)
        return "no error"
    } catch {
        expect(error.kind == .badInput)
        return error.description
    }
}

@Suite struct SceneParsingTests {
    @Test func defaultsFollowFormatsMd() throws {
        let s = try scene("layout: {type: flow}")
        expect(s.canvas.width == 390 && s.canvas.height == 844 && s.canvas.scale == 2)
        expect(s.fps == 30 && s.seed == 0)
        expect(s.views.count == 1)
        expect(s.views[0].frame == Rect(x: 0, y: 0, width: 390, height: 844))
        expect(
            s.output.directory == "test-frames" && s.output.pattern == "frame_%04d.png"
                && s.output.compression == .fast)
        expect(s.timeline.isEmpty)
    }

    /// `output.compression` takes a level or framegen's two run-length settings by name; a frame
    /// a render writes is `fast` where the scene names none (docs/decisions.md).
    @Test func outputCompressionTakesALevelFastOrFastest() throws {
        try expect(scene("layout: {type: flow}\noutput: {compression: 9}").output.compression == .level(9))
        try expect(
            try scene("layout: {type: flow}\noutput: {compression: fastest}").output.compression == .fastest)
        try expect(scene("layout: {type: flow}\noutput: {compression: fast}").output.compression == .fast)
        for bad in ["quick", "10", "2.5", "-1"] {
            expect(
                sceneError("layout: {type: flow}\noutput: {compression: \(bad)}").contains(
                    "a level from 0 to 9, fast or fastest"), "\(bad)")
        }
    }

    @Test func yamlAndJsonGiveTheSameScene() throws {
        let y = try scene(
            """
            name: x
            canvas: {width: 300, height: 400, scale: 1, background: "#112233"}
            layout: {type: flow, itemSize: [40, 40]}
            timeline:
              - scroll: {to: [0, 100], duration: 1, curve: easeIn}
            """)
        let j = try scene(
            """
            {"name": "x", "canvas": {"width": 300, "height": 400, "scale": 1, "background": "#112233"},
             "layout": {"type": "flow", "itemSize": [40, 40]},
             "timeline": [{"scroll": {"to": [0, 100], "duration": 1, "curve": "easeIn"}}]}
            """, file: "x.json")
        expect(y.canvas == j.canvas)
        expect(y.views[0].layoutParameters == j.views[0].layoutParameters)
        expect(y.timeline.map(\.kind) == j.timeline.map(\.kind))
        expect(y.timeline[0].kind == .scroll(to: Point(x: 0, y: 100), duration: 1, curve: .easeIn))
    }

    @Test func everyActionParses() throws {
        let s = try scene(
            """
            layout: {type: pinch}
            timeline:
              - wait: 0.5
              - scroll: {to: [0, 600], duration: 1.5, curve: {cubic: [0.1, 0.2, 0.3, 1]}}
              - drag: {by: [0, -300], duration: 0.4}
              - fling: {velocity: [0, 2500], rate: fast}
              - rotate: {to: landscape, duration: 0.4}
              - delete: {items: [[0, 2]], duration: 0.3}
              - insert: {items: [[0, 0]]}
              - move: {from: [0, 1], to: [0, 4]}
              - tap: {item: [0, 3]}
              - pinch: {scale: 0.5, center: [195, 400], duration: 0.6, curve: {spring: {damping: 0.7}}}
              - set: {layout: {itemSize: [80, 80]}, duration: 0.3}
            """)
        expect(s.timeline.count == 11)
        expect(s.timeline[3].kind == .fling(velocity: Point(x: 0, y: 2500), rate: .fast))
        expect(
            s.timeline[5].kind
                == .delete(items: [IndexPath(item: 2, section: 0)], duration: 0.3, curve: .easeInEaseOut))
        expect(
            s.timeline[7].kind
                == .move(
                    from: IndexPath(item: 1, section: 0), to: IndexPath(item: 4, section: 0), duration: 0.3,
                    curve: .easeInEaseOut))
        if case .pinch(let scale, _, _, .spring) = s.timeline[9].kind {
            expect(scale == 0.5)
        } else {
            Issue.record("pinch")
        }
        // A rotating scene without a canvas gets a square one with the phone view centred.
        expect(s.canvas.width == 844 && s.canvas.height == 844)
        expect(s.views[0].frame == Rect(x: 227, y: 0, width: 390, height: 844))
    }

    @Test func errorsNameTheFileTheKeyPathWhatWasFoundAndExpected() {
        expect(
            sceneError("layout: {type: flow}\nfps: fast")
                == "test.yaml: fps: found \"fast\", expected a number from 1 to 240")
        expect(sceneError("layuot: {type: flow}").contains("layuot: unknown key (did you mean \"layout\"?)"))
        expect(sceneError("canvas: {width: 10}") == "test.yaml: the document: missing key \"layout\"")
        expect(
            sceneError("layout: {type: flwo}").contains(
                "layout.type: found \"flwo\", expected a layout type (did you mean \"flow\"?)"))
        expect(sceneError("layout: {type: flow, colums: 3}").contains("layout.colums: unknown key"))
        expect(
            sceneError("layout: {type: album, columns: 0}").hasPrefix("test.yaml: layout.columns: found 0"))
        expect(
            sceneError("layout: {type: flow}\ncell: {border: {width: -1}}").contains(
                "cell.border.width: found -1, expected a number from 0 to 100000"))
        expect(
            sceneError("layout: {type: flow}\ncell: {background: blu}").contains(
                "cell.background: found \"blu\", expected a colour"))
        expect(
            sceneError("layout: {type: flow}\ncell: {contentMode: aspectfil}").contains(
                "did you mean \"aspectFill\""))
        expect(
            sceneError("layout: {type: flow}\ncanvas: {scale: 20}").contains(
                "canvas.scale: found 20, expected a number from 0.1 to 8"))
        expect(sceneError("layout: {type: flow}\noutput: {pattern: frame.png}").contains("output.pattern"))
        expect(
            sceneError("layout: {type: flow}\ncontent: {sections: [1, -2]}").contains(
                "content.sections[1]: found -2"))
        expect(
            sceneError("layout: {type: flow}\ncontent: {images: /nonexistent/folder}").contains(
                "/nonexistent/folder"))
        expect(
            sceneError("layout: [1, 2")
                == "test.yaml:2:1: the list opened with [ at line 1, column 9 is not closed: a ] or a comma is missing"
        )
        expect(sceneError("") == "test.yaml: is empty")
        expect(sceneError("layout: {type: flow}\nlayout: {type: flow}").contains("duplicated key"))
    }

    /// The issue's examples: every message names the scene file and the key path, and shows
    /// the value; YAML problems as file:line:column in framegen's words.
    @Test func messagesNameTheSceneTheKeyPathAndTheValue() {
        expect(
            sceneError("layout: {type: flow}\ncontent: {images: [nope.png]}")
                == "test.yaml: content.images[0]: nope.png: image file not found")
        // A folder inside the list (the scene's folder is "." here, so "Sources" is one).
        expect(
            sceneError("layout: {type: flow}\ncontent: {images: [Sources]}")
                == "test.yaml: content.images[0]: Sources: is a folder; give it without brackets (images: FOLDER) to show every image in it"
        )
        expect(
            sceneError("layout: {type: flow, itemSize: [50, \"x\"]}")
                == "test.yaml: layout.itemSize[1]: found \"x\", expected a number (the parameter is a list of numbers)"
        )
        expect(
            sceneError("layout: {type: flow}\nview: {contentOffset: [1, \"y\"]}")
                == "test.yaml: view.contentOffset[1]: found \"y\", expected a number (of [x, y])")
        expect(
            sceneError("layout: {type: flow}\nview: {frame: [0, 0, -5, 10]}")
                == "test.yaml: view.frame: found [0, 0, -5, 10], expected [x, y, width, height] with a size of 0 or more"
        )
        expect(
            sceneError("layout:\n\ttype: flow")
                == "test.yaml:2:1: a tab indents this line; YAML indents with spaces only")
        expect(
            sceneError("layout: {type: flow, itemSize: [1, 2]}\ncell: {background: \"#fff}")
                == "test.yaml:2:26: the quoted string opened at line 2, column 20 is not closed")
        expect(
            sceneError("layout: {type: flow}\nname: a: b")
                == "test.yaml:2:8: a \":\" where no key can start: quote a value that contains \": \", or check the indentation"
        )
    }

    @Test func everyBadTimelineEntryGivesItsError() {
        func e(_ entry: String) -> String {
            sceneError("layout: {type: flow}\ntimeline:\n  - wait: 0\n  - \(entry)")
        }
        expect(
            e("{scroll: {to: [0, 1], duration: -1}}").contains(
                "timeline[1].scroll.duration: found -1, expected a number from 0 to 600"))
        expect(e("{scroll: {to: 5}}").contains("timeline[1].scroll.to: found 5, expected [x, y]"))
        expect(e("{scroll: {}}").contains("timeline[1].scroll: missing key \"to\""))
        expect(
            e("{scrol: {to: [0, 1]}}").contains("timeline[1].scrol: unknown key (did you mean \"scroll\"?)"))
        expect(
            e("{scroll: {to: [0, 1], curve: easeInEaseOt}}").contains(
                "timeline[1].scroll.curve: found \"easeInEaseOt\", expected a curve (did you mean \"easeInEaseOut\"?)"
            ))
        // UIKit's name for the curve suggests framegen's, not the closer-spelled easeOut.
        expect(
            e("{scroll: {to: [0, 1], curve: easeInOut}}").contains(
                "found \"easeInOut\", expected a curve (did you mean \"easeInEaseOut\"?)"))
        expect(
            e("{scroll: {to: [0, 1], curve: {cubic: [2, 0, 1, 1]}}}").contains(
                "timeline[1].scroll.curve.cubic"))
        expect(
            e("{drag: {by: [0, 1], duration: 0}}").contains(
                "timeline[1].drag.duration: found 0, expected a duration greater than 0"))
        expect(
            e("{fling: {velocity: [0, 1], rate: slow}}").contains("timeline[1].fling.rate: found \"slow\""))
        expect(
            e("{rotate: {to: sideways}}").contains(
                "timeline[1].rotate.to: found \"sideways\", expected landscape, portrait or [width, height]"))
        expect(
            e("{delete: {items: []}}").contains(
                "timeline[1].delete.items: found [], expected at least one [section, item]"))
        expect(
            e("{delete: {items: [[0, -1]]}}").contains(
                "timeline[1].delete.items[0]: found [0, -1], expected [section, item] of whole numbers 0 or more"
            ))
        expect(e("{move: {from: [0, 1]}}").contains("timeline[1].move: missing key \"to\""))
        expect(e("{tap: {}}").contains("timeline[1].tap: missing key \"item\""))
        expect(e("{pinch: {scale: 0}}").contains("timeline[1].pinch.scale: found 0"))
        expect(
            e("{set: {layout: {}}}").contains(
                "timeline[1].set.layout: found a mapping, expected at least one layout parameter"))
        expect(e("{wait: 1, scroll: {to: [0, 1]}}").contains("timeline[1]: expected exactly one action"))
        expect(
            e("{scroll: {to: [0, 1]}, view: nope}").contains("timeline[1].view: no view is named \"nope\""))
        expect(e("wait").contains("timeline[1]: found \"wait\", expected an action"))
    }

    @Test func twoViewScene() throws {
        let s = try scene(
            """
            views:
              - {name: preview, frame: [0, 0, 390, 760], layout: {type: preview}}
              - {name: thumbnails, frame: [0, 770, 390, 66], layout: {type: thumbnails, syncWith: preview}}
            timeline:
              - drag: {by: [-100, 0], duration: 0.3, view: thumbnails}
            """)
        expect(s.views.map(\.name) == ["preview", "thumbnails"])
        expect(s.viewIndex(for: s.timeline[0]) == 1)
        expect(sceneError("views: []").contains("views: found [], expected at least one view"))
        expect(
            sceneError("views: [{layout: {type: flow}}]\nlayout: {type: flow}").contains(
                "either `views` or `layout`"))
    }
}

/// A scene reads with the layouts it is given, not only the process-wide registry; each view
/// keeps the descriptor it named.
@Test func scenesTakeTheLayoutsTheyAreReadWith() throws {
    let flow = try #require(LayoutRegistry.descriptor(for: "flow"))
    let mine = LayoutDescriptor(
        type: "mine-\(UInt64.random(in: 0...UInt64.max))", summary: "a flow layout by another name",
        parameters: flow.parameters, make: flow.make)
    let text = "layout: {type: \(mine.type), itemSize: [40, 40]}\ncontent: {items: 3}"
    expect(LayoutRegistry.descriptor(for: mine.type) == nil)
    let read = try Scene(
        document: parseDocument(text, file: "t.yaml"), folder: ".", layouts: LayoutRegistry.builtIn + [mine])
    expect(read.views[0].layoutType == mine.type)
    let timeline = try Timeline(read)
    expect(timeline.frame(at: 0).views[0].elements.count == 3)
    // Without it in the list, the name is unknown (and the message lists what is there).
    expect(
        sceneError(text).hasPrefix("test.yaml: layout.type: found \"\(mine.type)\", expected a layout type"))
    #expect(throws: FrameGenError.self) {
        try Scene(
            document: parseDocument("layout: {type: flow}", file: "t.yaml"), folder: ".", layouts: [mine])
    }
}
