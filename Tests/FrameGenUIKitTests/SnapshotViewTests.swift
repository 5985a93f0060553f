import Foundation
import FrameGenCoreGraphics
import FrameGenQuartzCore
import FrameGenUIKit
import FrameGenUIKitRendering
import TestTiers
import Testing

/// `snapshotView(afterScreenUpdates:)` draws what the view drew, frozen; `endEditing` and the
/// keyboard's names are there, with nothing to edit and no keyboard.
@Suite struct SnapshotViewTests {
    static func image(of view: UIView, size: CGSize) -> UIImage {
        UIGraphicsImageRenderer(
            bounds: CGRect(origin: .zero, size: size),
            format: UIGraphicsImageRendererFormat(for: .init(displayScale: 1))
        )
        .image { view.layer.render(in: $0.cgContext) }
    }

    @Test func aSnapshotDrawsWhatTheViewDrewAndStaysSo() throws {
        let card = UIView(frame: CGRect(x: 30, y: 40, width: 20, height: 10))
        card.backgroundColor = .red
        card.transform = CGAffineTransform(rotationAngle: 0.3)
        let badge = UIView(frame: CGRect(x: 10, y: 0, width: 10, height: 10))
        badge.backgroundColor = .blue
        card.addSubview(badge)
        let snapshot = try #require(card.snapshotView(afterScreenUpdates: true))
        expect(snapshot.frame == CGRect(x: 0, y: 0, width: 20, height: 10))
        // Later changes do not show in it.
        badge.backgroundColor = .green
        card.backgroundColor = .yellow
        let drawn = Self.image(of: snapshot, size: snapshot.bounds.size)
        expect(ImageRendererTests.pixel(drawn, 2, 5) == [255, 0, 0, 255])
        expect(ImageRendererTests.pixel(drawn, 15, 5) == [0, 0, 255, 255])
        expect(UIView().snapshotView(afterScreenUpdates: false) == nil)

        let part = try #require(
            card.resizableSnapshotView(
                from: CGRect(x: 10, y: 0, width: 10, height: 10), afterScreenUpdates: false,
                withCapInsets: .zero))
        expect(part.bounds.size == CGSize(width: 10, height: 10))
        let partImage = Self.image(of: part, size: part.bounds.size)
        expect(ImageRendererTests.pixel(partImage, 5, 5) == [0, 255, 0, 255])
    }

    @Test func nothingIsEditedAndNoKeyboardComes() {
        let view = UIView()
        expect(view.endEditing(true))
        expect(UIResponder.keyboardWillShowNotification.rawValue == "UIKeyboardWillShowNotification")
        expect(UIResponder.keyboardWillHideNotification.rawValue == "UIKeyboardWillHideNotification")
        expect(UIResponder.keyboardFrameEndUserInfoKey == "UIKeyboardFrameEndUserInfoKey")
        expect(UIResponder.keyboardAnimationDurationUserInfoKey == "UIKeyboardAnimationDurationUserInfoKey")
    }
}
