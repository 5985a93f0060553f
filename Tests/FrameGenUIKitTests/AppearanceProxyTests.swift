import Foundation
import FrameGenCoreGraphics
import TestTiers
import Testing

@testable import FrameGenUIKit

/// Appearance proxies as UIKit documents them (docs/uikit.md "Appearance proxies"). Each test
/// records on classes of its own: the proxies are the process's, and tests run side by side.
@Suite struct AppearanceProxyTests {
    private final class PlainBar: UINavigationBar {}
    private final class OwnBar: UINavigationBar {}
    private class ColoredLabel: UILabel {}
    private final class Headline: ColoredLabel {}
    private final class ContainedLabel: UILabel {}
    private final class Card: UIView {}
    private final class Screen: UIViewController {}
    private final class StateButton: UIButton {}
    private final class NibLabel: UILabel {}
    private class Tile: UIView {}
    private final class BigTile: Tile {}

    private static func window() -> UIWindow { UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480)) }

    @Test func aViewTakesTheProxysValuesWhenItEntersAWindow() {
        PlainBar.appearance().barTintColor = .red
        let bar = PlainBar()
        let holder = UIView()
        holder.addSubview(bar)
        expect(bar.barTintColor == nil, "not in a window: not yet")
        let window = Self.window()
        window.addSubview(holder)
        expect(bar.barTintColor == .red, "its superview entered a window, and it with it")
        PlainBar.appearance().barTintColor = .green
        expect(bar.barTintColor == .red, "a view already in a window keeps what it has")
        holder.removeFromSuperview()
        window.addSubview(holder)
        expect(bar.barTintColor == .green, "entering again, it takes the new value")
        expect(PlainBar.appearance() === PlainBar.appearance(), "one proxy a class")
    }

    @Test func aMarkedPropertyTheAppSetKeepsTheAppsValue() {
        OwnBar.appearance().barTintColor = .red
        OwnBar.appearance().shadowImage = UIImage()
        let bar = OwnBar()
        bar.barTintColor = .blue
        Self.window().addSubview(bar)
        expect(bar.barTintColor == .blue, "UI_APPEARANCE_SELECTOR: the app's own value stays")
        expect(bar.shadowImage != nil, "what the app left alone comes from the proxy")
    }

    @Test func anUnmarkedPropertyTakesTheProxysValueOverTheApps() {
        Headline.appearance().font = .boldSystemFont(ofSize: 30)
        ColoredLabel.appearance().textColor = .red
        let label = Headline()
        label.textColor = .blue
        Self.window().addSubview(label)
        expect(label.textColor == .red, "a label's text colour is not marked: the proxy's wins, as on iOS")
        expect(label.font.pointSize == 30)
        let plain = ColoredLabel()
        Self.window().addSubview(plain)
        expect(plain.font.pointSize != 30, "a subclass's rule does not reach its superclass")
    }

    @Test func aSubclassRuleWinsWhicheverWasSetFirst() {
        BigTile.appearance().backgroundColor = .green
        Tile.appearance().backgroundColor = .red
        let big = BigTile()
        let tile = Tile()
        let window = Self.window()
        window.addSubview(big)
        window.addSubview(tile)
        expect(big.backgroundColor == .green, "the subclass's rule, though the superclass's was set after")
        expect(tile.backgroundColor == .red)
    }

    @Test func containersReadFromTheInnermostOut() {
        ContainedLabel.appearance().textColor = .gray
        ContainedLabel.appearance(whenContainedInInstancesOf: [Card.self]).textColor = .red
        ContainedLabel.appearance(whenContainedInInstancesOf: [Card.self, Screen.self]).textColor = .blue
        let screen = Screen()
        let inCardOnScreen = ContainedLabel()
        let card = Card()
        card.addSubview(inCardOnScreen)
        screen.view.addSubview(card)
        let onScreen = ContainedLabel()
        screen.view.addSubview(onScreen)
        let window = Self.window()
        window.rootViewController = screen
        expect(inCardOnScreen.textColor == .blue, "in a card on the screen: the most specific rule")
        expect(onScreen.textColor == .gray, "outside any card: the rule without containers")
        let elsewhere = Card()
        let inCard = ContainedLabel()
        elsewhere.addSubview(inCard)
        window.addSubview(elsewhere)
        expect(inCard.textColor == .red, "in a card on no Screen")
    }

    @Test func aSetterWithArgumentsIsRecordedForEachOfThem() {
        StateButton.appearance().setTitleColor(.red, for: .normal)
        StateButton.appearance().setTitleColor(.green, for: .highlighted)
        let button = StateButton(type: .custom)
        button.setTitleColor(.blue, for: .highlighted)
        Self.window().addSubview(button)
        expect(button.titleColor(for: .normal) == .red)
        expect(button.titleColor(for: .highlighted) == .blue, "the app's own, for that state")
    }

    @Test func aNibsValuesAreNotTheAppsOwn() {
        NibLabel.appearance().textColor = .red
        let label = NibLabel()
        label.settingWithoutOwnership { label.textColor = .blue }
        Self.window().addSubview(label)
        expect(label.textColor == .red)
    }
}
