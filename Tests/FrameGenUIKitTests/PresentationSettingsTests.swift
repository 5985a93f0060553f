import Foundation
import FrameGenUIKit
import TestTiers
import Testing

/// What app code sets on controllers and views for presentation and accessibility, kept as UIKit
/// keeps it: a sheet's settings exist for the sheet styles only, UIKit's views carry their
/// accessibility traits (docs/uikit.md "What is there").
@MainActor @Test func aSheetsSettingsExistForTheSheetStyles() throws {
    let controller = UIViewController()
    expect(controller.modalPresentationStyle == .automatic)
    let sheet = try #require(controller.sheetPresentationController)
    sheet.detents = [.medium(), .large()]
    sheet.prefersGrabberVisible = true
    expect(controller.sheetPresentationController === sheet)
    expect(sheet.detents.map(\.identifier) == [.medium, .large])
    expect(sheet.presentedViewController === controller)
    controller.modalPresentationStyle = .fullScreen
    expect(controller.sheetPresentationController == nil)
    expect(controller.popoverPresentationController == nil)
    controller.modalPresentationStyle = .popover
    expect(controller.popoverPresentationController?.permittedArrowDirections == .any)
}

@MainActor @Test func uikitsViewsCarryTheirAccessibilityTraits() {
    expect(UILabel().accessibilityTraits == .staticText)
    expect(UIButton(type: .system).accessibilityTraits.contains(.button))
    expect(UIView().accessibilityTraits == .none)
    let header = UILabel()
    header.accessibilityTraits.insert(.header)
    expect(header.accessibilityTraits == [.staticText, .header])
    expect(UIAccessibilityTraits.header.rawValue == 1 << 16)
    UIAccessibility.post(notification: .screenChanged, argument: header)
}
