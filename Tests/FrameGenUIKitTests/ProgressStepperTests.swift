import Foundation
import FrameGenCoreGraphics
import TestTiers
import Testing

@testable import FrameGenUIKit

/// The progress view, stepper and date picker as UIKit documents them and as iOS 14 and later
/// draws them at rest (docs/uikit.md "Navigation and tab bars").
@Suite struct ProgressStepperTests {
    @Test func aProgressViewFillsItsShareOfTheTrack() {
        let progress = UIProgressView(progressViewStyle: .default)
        expect(progress.intrinsicContentSize.height == 4)
        progress.frame = CGRect(x: 0, y: 0, width: 200, height: 4)
        progress.progressTintColor = .systemBlue
        progress.trackTintColor = .systemRed
        progress.setProgress(0.25, animated: false)
        let image = ButtonTests.render(progress)
        expect(ButtonTests.pixel(image, 25, 2) == [0, 122, 255, 255])
        expect(ButtonTests.pixel(image, 48, 2) == [0, 122, 255, 255])
        expect(ButtonTests.pixel(image, 52, 2) == [255, 59, 48, 255])
        expect(ButtonTests.pixel(image, 150, 2) == [255, 59, 48, 255])
        // Rounded ends: the corner pixels are not fully covered.
        expect(ButtonTests.pixel(image, 0, 0)[3] < 255 && ButtonTests.pixel(image, 199, 0)[3] < 255)
        progress.progress = 3
        expect(progress.progress == 1)
    }

    @Test func aStepperIs94By32AndSteps() {
        let stepper = UIStepper(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        expect(stepper.intrinsicContentSize == CGSize(width: 94, height: 32))
        expect(stepper.bounds.size == CGSize(width: 94, height: 32))
        expect(stepper.value == 0 && stepper.minimumValue == 0 && stepper.maximumValue == 100)
        var sent = 0
        stepper.addAction(UIAction { _ in sent += 1 }, for: .valueChanged)
        stepper.takeTap(at: CGPoint(x: 70, y: 16))
        stepper.stepValue = 5
        stepper.takeTap(at: CGPoint(x: 70, y: 16))
        expect(stepper.value == 6 && sent == 2)
        stepper.value = 500
        expect(stepper.value == 100)
        // At the maximum the + is dimmed and the − is not.
        let image = ButtonTests.render(stepper)
        let minus = ButtonTests.pixel(image, 23, 16)
        let plus = ButtonTests.pixel(image, 64, 16)
        expect(minus[3] > plus[3] || minus[0] < plus[0])
    }

    @Test func aDatePickerShowsItsDateAsCompactPills() {
        let picker = UIDatePicker()
        picker.timeZone = TimeZone(identifier: "UTC")
        picker.locale = Locale(identifier: "en_US")
        picker.date = Date(timeIntervalSince1970: 1_704_442_860)  // 5 January 2024, 08:21 UTC
        expect(picker.datePickerStyle == .compact)
        expect(picker.shownTexts == ["Jan 5, 2024", "8:21 AM"])
        picker.datePickerMode = .date
        expect(picker.intrinsicContentSize.height == 34 && picker.shownTexts.count == 1)
    }
}
