import Foundation
import FrameGenKit
import TestTiers
import Testing

@testable import FrameGenCoreGraphics
@testable import FrameGenQuartzCore
@testable import FrameGenUIKit
@testable import FrameGenUIKitHost

/// A cell of system colours, as an app's cell written for dark mode is.
private final class SystemColorCell: UICollectionViewCell {
    /// The text size each cell was made with; the suite runs one render at a time.
    nonisolated(unsafe) static var seen: [UIContentSizeCategory] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .secondarySystemBackground
        let border = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        // A CGColor resolved with the current traits when the cell is made: the screen's.
        border.layer.backgroundColor = UIColor.systemBlue.cgColor
        contentView.addSubview(border)
        SystemColorCell.seen.append(traitCollection.preferredContentSizeCategory)
    }

    required init?(coder: NSCoder) { fatalError() }
}

/// `canvas.appearance` and `canvas.contentSizeCategory` give every view of the scene its traits.
@Suite(.serialized) struct SceneAppearanceTests {
    static func render(_ canvas: String) throws -> StraightImage {
        let folder = NSTemporaryDirectory() + "framegen-appearance-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let scene = """
            canvas: {width: 100, height: 200, scale: 1, background: "#FF00FF"\(canvas)}
            content: {items: 1}
            layout: {type: systemColors, cell: system}
            timeline:
              - wait: 0.1
            """
        try scene.write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
        let layouts = [
            UIKitLayout.descriptor(type: "systemColors", cells: ["system": { SystemColorCell(frame: $0) }]) {
                view in
                view.backgroundColor = .systemBackground
                return SwatchLayout()
            }
        ]
        return try SceneRenderer(file: folder + "/s.yaml", layouts: layouts).render(frame: 0)
    }

    @Test func aDarkSceneDrawsSystemColoursDark() throws {
        let dark = try Self.render(", appearance: dark, contentSizeCategory: accessibilityLarge")
        expect(dark[95, 195] == Color(r: 0, g: 0, b: 0))
        expect(dark[50, 40] == Color(r: 28, g: 28, b: 30))
        expect(dark[25, 15] == Color(r: 10, g: 132, b: 255))
        expect(SystemColorCell.seen.last == .accessibilityLarge)
        let light = try Self.render("")
        expect(light[95, 195] == Color(r: 255, g: 255, b: 255))
        expect(light[50, 40] == Color(r: 242, g: 242, b: 247))
        expect(light[25, 15] == Color(r: 0, g: 122, b: 255))
        expect(SystemColorCell.seen.last == .large)
    }

    @Test func aMisspeltAppearanceNamesTheFileAndTheChoices() throws {
        #expect {
            _ = try Self.render(", appearance: drak")
        } throws: { error in
            let message = "\(error)"
            return message.contains("s.yaml") && message.contains("canvas.appearance")
                && message.contains("one of light, dark") && message.contains("did you mean \"dark\"")
        }
        #expect {
            _ = try Self.render(", contentSizeCategory: XXL")
        } throws: { error in
            "\(error)".contains("canvas.contentSizeCategory") && "\(error)".contains("extraExtraLarge")
        }
        #expect {
            _ = try Self.render(", apperance: dark")
        } throws: { error in "\(error)".contains("did you mean \"appearance\"") }
    }
}
