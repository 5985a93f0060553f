import Foundation
import FrameGenCoreGraphics
import FrameGenQuartzCore
import FrameGenUIKit
import FrameGenUIKitRendering
import TestTiers
import Testing

/// The other controls as UIKit documents them, and drawn at rest.
@Suite struct OtherControlTests {
    static func render(_ view: UIView) -> UIImage { ButtonTests.render(view) }
    static func pixel(_ image: UIImage, _ x: Int, _ y: Int) -> [UInt8] {
        ImageRendererTests.pixel(image, x, y)
    }

    @Test func aSwitchIs51By31AndDrawsItsSide() {
        let toggle = UISwitch(frame: CGRect(x: 5, y: 6, width: 200, height: 100))
        expect(toggle.frame == CGRect(x: 5, y: 6, width: 51, height: 31))
        expect(toggle.intrinsicContentSize == CGSize(width: 51, height: 31))
        toggle.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        expect(toggle.bounds.size == CGSize(width: 51, height: 31))
        expect(!toggle.isOn)
        var sent = 0
        toggle.addAction(UIAction { _ in sent += 1 }, for: .valueChanged)
        // Off: the knob at the left, the track's light grey at the right.
        var image = Self.render(toggle)
        expect(Self.pixel(image, 15, 15) == [255, 255, 255, 255])
        expect(Self.pixel(image, 40, 15)[1] < 60)
        toggle.setOn(true, animated: false)
        expect(sent == 0)
        // On: green at the left, the white knob at the right.
        image = Self.render(toggle)
        expect(Self.pixel(image, 8, 15) == [52, 199, 89, 255])
        expect(Self.pixel(image, 36, 15) == [255, 255, 255, 255])
        // Outside the capsule's rounded end.
        expect(Self.pixel(image, 0, 0)[3] == 0)
        toggle.onTintColor = .systemBlue
        expect(Self.pixel(Self.render(toggle), 8, 15) == [0, 122, 255, 255])
    }

    @Test func aPageControlSizesAndDrawsItsDots() {
        let pages = UIPageControl()
        expect(pages.size(forNumberOfPages: 1).width == 7)
        expect(pages.size(forNumberOfPages: 3) == CGSize(width: 3 * 7 + 2 * 9, height: 37))
        pages.numberOfPages = 3
        pages.currentPage = 5
        expect(pages.currentPage == 2)
        pages.currentPage = 1
        pages.currentPageIndicatorTintColor = .red
        pages.pageIndicatorTintColor = .blue
        pages.frame = CGRect(x: 0, y: 0, width: 39, height: 37)
        let image = Self.render(pages)
        // Dots centred at x = 3.5, 19.5, 35.5: the middle one current.
        expect(Self.pixel(image, 3, 18) == [0, 0, 255, 255])
        expect(Self.pixel(image, 19, 18) == [255, 0, 0, 255])
        expect(Self.pixel(image, 35, 18) == [0, 0, 255, 255])
        expect(Self.pixel(image, 11, 18)[3] == 0)
        pages.numberOfPages = 1
        pages.hidesForSinglePage = true
        expect(Self.pixel(Self.render(pages), 19, 18)[3] == 0)
    }

    /// A large indicator at rest on white, as an iOS 15 reference has it (3x): the head points
    /// left at (156, 156, 159), the three spokes behind it counterclockwise lighter in even steps,
    /// the other four at (223, 223, 224).
    @Test func anActivityIndicatorAtRestAsIOSDrawsIt() {
        let background = UIView(frame: CGRect(x: 0, y: 0, width: 37, height: 37))
        background.backgroundColor = .white
        let large = UIActivityIndicatorView(style: .large)
        large.startAnimating()
        background.addSubview(large)
        let image = Self.render(background)
        // iOS draws it 1 point up and left of its centre, in 35 points of its 37.
        expect(Self.pixel(image, 36, 18) == [255, 255, 255, 255])
        expect(Self.pixel(image, 18, 36) == [255, 255, 255, 255])
        func level(_ angle: Double) -> [UInt8] {
            let r = 17.5 * 0.7
            return Self.pixel(image, Int(17.5 + r * cos(angle)), Int(17.5 + r * sin(angle)))
        }
        func near(_ p: [UInt8], _ q: [Int]) -> Bool {
            zip(p.prefix(3), q).allSatisfy { abs(Int($0) - $1) <= 4 }
        }
        expect(near(level(.pi), [156, 156, 159]))
        expect(near(level(.pi * 3 / 4), [172, 172, 175]))
        expect(near(level(.pi / 2), [189, 189, 192]))
        expect(near(level(.pi / 4), [206, 206, 208]))
        for faint in [0, -Double.pi / 4, -Double.pi / 2, -Double.pi * 3 / 4] {
            expect(near(level(faint), [223, 223, 224]))
        }
    }

    @Test func anActivityIndicatorIsHiddenUntilItAnimates() {
        let medium = UIActivityIndicatorView(style: .medium)
        expect(medium.bounds.size == CGSize(width: 20, height: 20))
        expect(UIActivityIndicatorView(style: .large).intrinsicContentSize == CGSize(width: 37, height: 37))
        expect(UIActivityIndicatorView.Style.large.rawValue == 101)
        expect(medium.hidesWhenStopped && !medium.isAnimating && medium.isHidden)
        medium.startAnimating()
        expect(medium.isAnimating && !medium.isHidden)
        medium.color = .red
        let image = Self.render(medium)
        // The left spoke is the most opaque, the top one among the faintest; the centre is empty.
        expect(Self.pixel(image, 3, 10)[0] > 200 && Self.pixel(image, 3, 10)[3] > 200)
        expect(Self.pixel(image, 10, 3)[3] < 90)
        expect(Self.pixel(image, 10, 10)[3] == 0)
        medium.stopAnimating()
        expect(medium.isHidden)
        medium.hidesWhenStopped = false
        expect(!medium.isHidden)
    }

    @Test func aSegmentedControlKeepsItsSegmentsAndDrawsTheSelectedPlate() {
        let control = UISegmentedControl(items: ["Day", "Week", "Month"])
        expect(control.numberOfSegments == 3)
        expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
        expect(control.titleForSegment(at: 1) == "Week")
        expect(control.intrinsicContentSize.height == 32)
        control.insertSegment(withTitle: "Year", at: 10, animated: false)
        expect(control.titleForSegment(at: 3) == "Year")
        control.selectedSegmentIndex = 1
        control.insertSegment(withTitle: "Hour", at: 0, animated: false)
        expect(control.selectedSegmentIndex == 2)
        control.removeSegment(at: 0, animated: false)
        expect(control.selectedSegmentIndex == 1)
        control.selectedSegmentIndex = 9
        expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
        control.removeSegment(at: 3, animated: false)
        control.selectedSegmentIndex = 0
        control.selectedSegmentTintColor = .red
        control.frame = CGRect(x: 0, y: 0, width: 300, height: 32)
        let image = Self.render(control)
        // The plate in the first third, inset 2 points; the track's translucent grey elsewhere.
        expect(Self.pixel(image, 5, 4) == [255, 0, 0, 255])
        expect(Self.pixel(image, 250, 4)[3] > 0 && Self.pixel(image, 250, 4)[3] < 60)
    }

    @Test func aSliderClampsItsValueAndPlacesItsThumb() {
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 128, height: 31))
        expect(slider.value == 0 && slider.minimumValue == 0 && slider.maximumValue == 1)
        slider.value = 2
        expect(slider.value == 1)
        slider.minimumValue = 10
        slider.maximumValue = 20
        expect(slider.value == 10)
        slider.setValue(15, animated: false)
        let track = slider.trackRect(forBounds: slider.bounds)
        expect(track.height == 4 && track.width == 128)
        let thumb = slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: slider.value)
        expect(thumb == CGRect(x: 50, y: 1.5, width: 28, height: 28))
        slider.minimumTrackTintColor = .red
        slider.maximumTrackTintColor = .blue
        let image = Self.render(slider)
        expect(Self.pixel(image, 20, 15) == [255, 0, 0, 255])
        expect(Self.pixel(image, 110, 15) == [0, 0, 255, 255])
        expect(Self.pixel(image, 64, 15) == [255, 255, 255, 255])
    }

    @Test func anAlertIsPresentedRecordedAndDismissed() {
        let alert = UIAlertController(
            title: "Delete?", message: "It cannot be undone.", preferredStyle: .alert)
        var deleted = false
        let delete = UIAlertAction(title: "Delete", style: .destructive) { _ in deleted = true }
        alert.addAction(delete)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "Also cancel", style: .cancel))
        expect(alert.actions.map(\.title) == ["Delete", "Cancel"])
        expect(UIAlertController.Style.alert.rawValue == 1 && UIAlertAction.Style.destructive.rawValue == 2)
        alert.preferredAction = delete
        expect(alert.preferredAction === delete)
        alert.preferredAction = UIAlertAction(title: "Other", style: .default)
        expect(alert.preferredAction == nil)

        let controller = UIViewController()
        var completed = false
        controller.present(alert, animated: true) { completed = true }
        expect(completed)
        expect(controller.presentedViewController === alert)
        expect(alert.presentingViewController === controller)
        expect(alert.title == "Delete?" && alert.message == "It cannot be undone.")
        expect(!deleted)
        alert.dismiss(animated: true)
        expect(controller.presentedViewController == nil)
        expect(alert.presentingViewController == nil)
    }
}
