import Foundation
import FrameGenCoreGraphics
import FrameGenKit
import FrameGenQuartzCore
import FrameGenUIKit
import FrameGenUIKitHost
import FrameGenUIKitRendering
import TestTiers
import Testing

/// UIButton as UIKit documents it: types, content per state with the fallback to `.normal`,
/// the classic layout rectangles and intrinsic size, configurations, and pixels drawn.
@Suite struct ButtonTests {
    /// An image of `size` points with no pixels: the layout reads only its size.
    static func image(_ width: CGFloat, _ height: CGFloat) -> UIImage {
        UIGraphicsImageRenderer(size: CGSize(width: width, height: height)).image { _ in }
    }

    static func render(_ view: UIView) -> UIImage {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return UIGraphicsImageRenderer(bounds: view.bounds, format: format).image {
            view.layer.render(in: $0.cgContext)
        }
    }

    static func pixel(_ image: UIImage, _ x: Int, _ y: Int) -> [UInt8] {
        ImageRendererTests.pixel(image, x, y)
    }

    /// A system button's title with no colour set follows its label's tint: the button's,
    /// unless the app tints `titleLabel` itself (a white title on a blue button, before or after
    /// the title is set); a colour set for the state wins.
    @Test func systemTitleFollowsItsLabelsTint() {
        let plain = UIButton(type: .system)
        plain.setTitle("Login", for: .normal)
        expect(plain.titleLabel?.textColor == plain.tintColor)
        let button = UIButton(type: .system)
        button.titleLabel?.tintColor = .white
        button.setTitle("Login", for: .normal)
        expect(button.titleLabel?.textColor == .white)
        let later = UIButton(type: .system)
        later.setTitle("Login", for: .normal)
        later.titleLabel?.tintColor = .white
        expect(later.titleLabel?.textColor == .white)
        later.setTitleColor(.red, for: .normal)
        expect(later.titleLabel?.textColor == .red)
        let custom = UIButton(type: .custom)
        custom.titleLabel?.tintColor = .green
        custom.setTitle("Login", for: .normal)
        expect(custom.titleLabel?.textColor == .white)
    }

    /// A preferred symbol configuration draws the state's symbol image at that configuration
    /// (a larger point size, a larger image), falls back to `.normal`'s like the other per-state
    /// values, and leaves the image the button keeps as it was set.
    @Test func aPreferredSymbolConfigurationSizesTheSymbol() throws {
        let symbol = try #require(UIImage(systemName: "plus"))
        let button = UIButton()
        button.setImage(symbol, for: .normal)
        let plain = button.intrinsicContentSize
        button.setPreferredSymbolConfiguration(.init(pointSize: 48), forImageIn: .normal)
        let large = symbol.applyingSymbolConfiguration(.init(pointSize: 48))!.size
        expect(large.height > symbol.size.height)
        expect(button.intrinsicContentSize == large && button.intrinsicContentSize != plain)
        expect(button.imageView?.image?.size == large)
        expect(button.image(for: .normal) === symbol)
        expect(button.preferredSymbolConfigurationForImage(in: .highlighted)?.pointSize == 48)
        // A bitmap image is not a symbol: the configuration leaves it alone.
        button.setImage(Self.image(10, 10), for: .normal)
        expect(button.intrinsicContentSize == CGSize(width: 10, height: 10))
    }

    @Test func typesHaveUIKitsRawValues() {
        expect(UIButton.ButtonType.custom.rawValue == 0)
        expect(UIButton.ButtonType.system.rawValue == 1)
        expect(UIButton.ButtonType.contactAdd.rawValue == 5)
        expect(UIButton.ButtonType.close.rawValue == 7)
        expect(UIButton.ButtonType.roundedRect == .system)
        expect(UIButton(frame: .zero).buttonType == .custom)
        expect(UIButton(type: .system).buttonType == .system)
        // The glyph types are the size of their glyph.
        expect(UIButton(type: .contactAdd).bounds.size == CGSize(width: 22, height: 22))
        expect(UIButton(type: .close).intrinsicContentSize == CGSize(width: 30, height: 30))
    }

    @Test func aStateWithoutAValueUsesNormals() {
        let button = UIButton(type: .system)
        button.setTitle("Follow", for: .normal)
        button.setTitle("Following", for: .selected)
        expect(button.title(for: .highlighted) == "Follow")
        expect(button.currentTitle == "Follow")
        button.isSelected = true
        expect(button.currentTitle == "Following")
        expect(button.titleLabel?.text == "Following")
        // A combined state falls back to normal's, not to one of its parts'.
        button.isHighlighted = true
        expect(button.currentTitle == "Follow")
        let red = UIImage()
        button.setImage(red, for: .normal)
        expect(button.image(for: .disabled) === red)
        expect(button.currentImage === red)
        expect(button.backgroundImage(for: .normal) == nil)
        button.setAttributedTitle(NSAttributedString(string: "Rich"), for: .normal)
        expect(button.currentTitle == "Rich")
    }

    @Test func titleColoursByType() {
        let custom = UIButton(frame: .zero)
        expect(custom.currentTitleColor == .white)
        let system = UIButton(type: .system)
        expect(system.currentTitleColor == .systemBlue)
        system.tintColor = .systemRed
        expect(system.currentTitleColor == .systemRed)
        system.isEnabled = false
        expect(system.currentTitleColor == .systemGray)
        system.setTitleColor(.green, for: .disabled)
        expect(system.currentTitleColor == .green)
        custom.setTitleColor(.black, for: .normal)
        custom.isHighlighted = true
        expect(custom.currentTitleColor == .black)
        // A system button fades its title while highlighted; a custom one does not.
        system.setTitle("Go", for: .normal)
        system.isEnabled = true
        system.isHighlighted = true
        expect(system.titleLabel?.textColor.cgColor.alpha ?? 1 < 0.25)
        custom.setTitle("Go", for: .normal)
        expect(custom.titleLabel?.textColor == .black)
    }

    /// A system button fades its background image with its title while highlighted, to 0.2 of
    /// its opacity (iOS 14's references of gabrieloc/roundrect: a highlighted background image
    /// of alpha 51 reads 11); a custom button shows it as it is.
    @Test func aHighlightedSystemButtonFadesItsBackgroundImage() {
        let opaque = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 4)).image {
            UIColor.red.setFill()
            $0.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        func alpha(_ type: UIButton.ButtonType) -> Int {
            let button = UIButton(type: type)
            button.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
            button.setBackgroundImage(opaque, for: .highlighted)
            button.isHighlighted = true
            button.layoutIfNeeded()
            return Int(Self.pixel(Self.render(button), 20, 10)[3])
        }
        expect((50...52).contains(alpha(.system)), "\(alpha(.system))")
        expect(alpha(.custom) == 255)
    }

    /// Content insets that leave less height than the title's line do not cut it: UIKit
    /// centres the title's whole line on the content rectangle (a 40 point button with insets
    /// of 16 above and below draws its 15 point title whole, gabrieloc/roundrect on iOS 14).
    @Test func aTitleTallerThanTheContentKeepsItsLine() throws {
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 40)
        button.setTitle("filled", for: .normal)
        button.contentEdgeInsets = UIEdgeInsets(top: 16, left: 10, bottom: 16, right: 10)
        let content = button.contentRect(forBounds: button.bounds)
        expect(content.height == 8)
        let line = try #require(button.titleLabel?.intrinsicContentSize.height)
        let title = button.titleRect(forContentRect: content)
        expect(title.height == line)
        expect(abs(title.midY - 20) < 0.001)
    }

    /// The image centred in the content rectangle, shifted by edge insets as UIKit's classic
    /// layout does: an inset shrinks the area it is centred in.
    @Test func imageRectFollowsInsetsAndAlignment() {
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        button.setImage(Self.image(20, 10), for: .normal)
        let content = button.contentRect(forBounds: button.bounds)
        expect(content == button.bounds)
        expect(button.imageRect(forContentRect: content) == CGRect(x: 40, y: 20, width: 20, height: 10))
        button.imageEdgeInsets = UIEdgeInsets(top: 0, left: 10, bottom: 0, right: 0)
        expect(button.imageRect(forContentRect: content).minX == 45)
        button.imageEdgeInsets = UIEdgeInsets(top: 10, left: 20, bottom: 0, right: -20)
        expect(button.imageRect(forContentRect: content) == CGRect(x: 60, y: 25, width: 20, height: 10))
        button.imageEdgeInsets = .zero
        button.contentEdgeInsets = UIEdgeInsets(top: 4, left: 6, bottom: 8, right: 10)
        let inset = button.contentRect(forBounds: button.bounds)
        expect(inset == CGRect(x: 6, y: 4, width: 84, height: 38))
        button.contentHorizontalAlignment = .left
        button.contentVerticalAlignment = .top
        expect(button.imageRect(forContentRect: inset) == CGRect(x: 6, y: 4, width: 20, height: 10))
        button.contentHorizontalAlignment = .trailing
        button.contentVerticalAlignment = .bottom
        expect(button.imageRect(forContentRect: inset) == CGRect(x: 70, y: 32, width: 20, height: 10))
        // layoutSubviews puts the image view there.
        button.layoutIfNeeded()
        expect(button.imageView?.frame == CGRect(x: 70, y: 32, width: 20, height: 10))
    }

    @Test func theTitleSitsRightOfTheImageThePairCentred() throws {
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 0, y: 0, width: 200, height: 44)
        button.setTitle("Share", for: .normal)
        button.setImage(Self.image(24, 24), for: .normal)
        let content = button.contentRect(forBounds: button.bounds)
        let image = button.imageRect(forContentRect: content)
        let title = button.titleRect(forContentRect: content)
        let width = try #require(button.titleLabel?.intrinsicContentSize.width)
        expect(width > 20)
        expect(title.width == width)
        expect(title.minX == image.maxX)
        expect(abs((image.minX - content.minX) - (content.maxX - title.maxX)) < 0.001)
        expect(abs(title.midY - content.midY) < 0.001)
        // Title insets move only the title: left w, right -w moves it w points right.
        button.titleEdgeInsets = UIEdgeInsets(top: 0, left: 12, bottom: 0, right: -12)
        expect(button.titleRect(forContentRect: content).minX == title.minX + 12)
        expect(button.imageRect(forContentRect: content) == image)
    }

    /// Image and title side by side plus the content insets; a title with zero insets has 6
    /// points above and below (UIKit's 30-point button of a 15-point title).
    @Test func intrinsicContentSize() throws {
        let button = UIButton(type: .custom)
        button.setImage(Self.image(20, 10), for: .normal)
        button.contentEdgeInsets = UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        expect(button.intrinsicContentSize == CGSize(width: 26, height: 14))
        let titled = UIButton(type: .system)
        titled.setTitle("Button", for: .normal)
        let label = try #require(titled.titleLabel)
        expect(label.font.pointSize == 15)
        let line = label.intrinsicContentSize
        expect(line.height == 18)
        expect(titled.intrinsicContentSize == CGSize(width: line.width, height: 30))
        titled.contentEdgeInsets = UIEdgeInsets(top: 0.01, left: 0, bottom: 0, right: 0)
        expect(abs(titled.intrinsicContentSize.height - 18.01) < 0.0001)
        titled.sizeToFit()
        expect(titled.bounds.size == titled.intrinsicContentSize)
    }

    static let longTitle = "A title long enough to wrap over several lines"

    /// The height of `longTitle` in `font` wrapped at `width`, as a label of any number of lines
    /// measures it.
    static func wrappedHeight(_ font: UIFont, _ width: CGFloat) -> CGFloat {
        let label = UILabel()
        label.font = font
        label.text = longTitle
        label.numberOfLines = 0
        label.preferredMaxLayoutWidth = width
        return label.intrinsicContentSize.height
    }

    /// `button` pinned by its leading and top edges and `width` points wide, laid out twice (as
    /// framegen lays out each instant: the width the first pass gives is the one the title
    /// wraps in at the second).
    static func pinned(_ button: UIButton, width: CGFloat) -> UIView {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        button.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(button)
        NSLayoutConstraint.activate([
            button.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            button.topAnchor.constraint(equalTo: root.topAnchor),
            button.widthAnchor.constraint(equalToConstant: width),
        ])
        root.layoutIfNeeded()
        root.layoutIfNeeded()
        return root
    }

    /// A classic button whose title label has any number of lines (or a line break mode that
    /// wraps) wraps its title in its width, less the insets, as iOS does: the intrinsic width
    /// is one line's, the intrinsic height (and `sizeThatFits`) the wrapped lines' in the width
    /// the button has, so a button that constraints make 100 points wide grows to its title's
    /// lines, 6 points above and below as for one line. A title of one line (the default)
    /// keeps to it.
    @Test func aClassicTitleOfSeveralLinesWrapsInTheButtonsWidthAndTheButtonGrows() throws {
        let button = UIButton(type: .system)
        button.setTitle(Self.longTitle, for: .normal)
        let label = try #require(button.titleLabel)
        let oneLine = button.intrinsicContentSize
        expect(oneLine.height == 30 && oneLine.width > 200)
        expect(button.sizeThatFits(CGSize(width: 100, height: 1000)) == oneLine)
        label.numberOfLines = 0
        expect(button.intrinsicContentSize == oneLine)
        let wrapped = Self.wrappedHeight(label.font, 100)
        expect(wrapped >= 3 * 18)
        let fits = button.sizeThatFits(CGSize(width: 100, height: 1000))
        expect(abs(fits.height - (wrapped + 12)) < 1e-9 && fits.width <= 100, "\(fits)")
        _ = Self.pinned(button, width: 100)
        expect(abs(button.frame.height - (wrapped + 12)) < 1e-9, "\(button.frame)")
        expect(button.intrinsicContentSize.width == oneLine.width)
        expect(label.frame.width <= 100 && abs(label.frame.height - wrapped) < 1e-9, "\(label.frame)")
        // Content insets come off the width the title wraps in.
        button.contentEdgeInsets = UIEdgeInsets(top: 4, left: 10, bottom: 4, right: 10)
        let inset = button.sizeThatFits(CGSize(width: 100, height: 1000))
        expect(abs(inset.height - (Self.wrappedHeight(label.font, 80) + 8)) < 1e-9, "\(inset)")
        // Word wrapping alone wraps too.
        let wrapping = UIButton(type: .system)
        wrapping.setTitle(Self.longTitle, for: .normal)
        wrapping.titleLabel?.lineBreakMode = .byWordWrapping
        expect(abs(wrapping.sizeThatFits(CGSize(width: 100, height: 1000)).height - (wrapped + 12)) < 1e-9)
        // One line, the default, stays one line in the same width.
        let single = UIButton(type: .system)
        single.setTitle(Self.longTitle, for: .normal)
        _ = Self.pinned(single, width: 100)
        expect(single.frame.height == 30)
    }

    /// A configuration's title wraps by default (`titleLineBreakMode` is word wrapping, as
    /// Apple documents it): a button constraints make 124 points wide wraps its title in the
    /// 100 points inside the medium size's insets and grows to its lines, 7 above and below; a
    /// truncating line break mode keeps it to one line.
    @Test func aConfigurationsTitleWrapsByDefaultAndTheButtonGrows() throws {
        var configuration = UIButton.Configuration.filled()
        expect(configuration.titleLineBreakMode == .byWordWrapping)
        expect(configuration.subtitleLineBreakMode == .byWordWrapping)
        configuration.title = Self.longTitle
        let button = UIButton(configuration: configuration)
        let label = try #require(button.titleLabel)
        let oneLine = button.intrinsicContentSize
        let wrapped = Self.wrappedHeight(label.font, 100)
        expect(wrapped >= 3 * label.font.lineHeight - 1e-9)
        let fits = button.sizeThatFits(CGSize(width: 124, height: 1000))
        expect(abs(fits.height - (wrapped + 14)) < 1e-9 && fits.width <= 124, "\(fits)")
        let root = Self.pinned(button, width: 124)
        expect(abs(button.frame.height - (wrapped + 14)) < 1e-9, "\(button.frame)")
        expect(button.intrinsicContentSize.width == oneLine.width)
        expect(label.frame.width <= 100 && abs(label.frame.height - wrapped) < 1e-9, "\(label.frame)")
        configuration.titleLineBreakMode = .byTruncatingTail
        button.configuration = configuration
        root.layoutIfNeeded()
        root.layoutIfNeeded()
        expect(abs(button.frame.height - oneLine.height) < 1e-9, "\(button.frame)")
    }

    @Test func aPrimaryActionGivesItsTitleAndIsSentOnPrimaryAction() {
        var sent = 0
        let button = UIButton(primaryAction: UIAction(title: "Play") { _ in sent += 1 })
        expect(button.buttonType == .system)
        expect(button.currentTitle == "Play")
        button.sendActions(for: .primaryActionTriggered)
        button.sendActions(for: .touchUpInside)
        expect(sent == 1)
        let configured = UIButton(configuration: .filled(), primaryAction: UIAction(title: "Buy") { _ in })
        expect(configured.configuration?.title == "Buy")
    }

    @Test func configurationsInsetsSizeAndStyles() throws {
        var configuration = UIButton.Configuration.filled()
        expect(
            configuration.contentInsets
                == NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12))
        expect(configuration.imagePlacement == .leading)
        expect(configuration.cornerStyle == .dynamic)
        configuration.title = "Button"
        let button = UIButton(configuration: configuration)
        let label = try #require(button.titleLabel)
        // The callout's 16 points at `.medium` (docs/parity.md BSW-5).
        expect(label.font.pointSize == 16)
        let line = label.intrinsicContentSize
        expect(button.intrinsicContentSize == CGSize(width: line.width + 24, height: line.height + 14))
        // A leading image with padding, then the title.
        configuration.image = Self.image(20, 20)
        configuration.imagePadding = 8
        button.configuration = configuration
        button.frame = CGRect(origin: .zero, size: button.intrinsicContentSize)
        button.layoutIfNeeded()
        let imageFrame = try #require(button.imageView?.frame)
        expect(imageFrame.minX == 12)
        expect(abs(label.frame.minX - (12 + 20 + 8)) < 0.001)
        expect(button.intrinsicContentSize.width == 12 + 20 + 8 + line.width + 12)
        // The image on top: the title under it, both centred.
        configuration.imagePlacement = .top
        button.configuration = configuration
        button.frame = CGRect(origin: .zero, size: button.intrinsicContentSize)
        button.layoutIfNeeded()
        expect(button.intrinsicContentSize.height == 7 + 20 + 8 + line.height + 7)
        expect(abs(button.imageView!.frame.midX - button.bounds.midX) < 0.001)
        expect(abs(label.frame.minY - (7 + 20 + 8)) < 0.001)
        expect(UIButton.Configuration.borderedProminent().style == UIButton.Configuration.filled().style)
        expect(UIButton.Configuration.bordered().style == UIButton.Configuration.gray().style)
    }

    /// A filled configuration draws the tint behind its title with rounded corners; a capsule's
    /// ends are half circles.
    @Test func aFilledButtonDrawsItsTintWithRoundedCorners() {
        var configuration = UIButton.Configuration.filled()
        configuration.cornerStyle = .capsule
        let button = UIButton(configuration: configuration)
        button.frame = CGRect(x: 0, y: 0, width: 120, height: 40)
        let image = Self.render(button)
        expect(Self.pixel(image, 60, 20) == [0, 122, 255, 255])
        expect(Self.pixel(image, 20, 20) == [0, 122, 255, 255])
        // Outside the capsule's left half circle (radius 20 about (20, 20)).
        expect(Self.pixel(image, 1, 1) == [0, 0, 0, 0])
        expect(Self.pixel(image, 3, 5)[3] == 0)
        expect(Self.pixel(image, 20, 1)[3] > 200)

        configuration.cornerStyle = .fixed
        configuration.background.cornerRadius = 0
        configuration.baseBackgroundColor = .systemRed
        button.configuration = configuration
        let square = Self.render(button)
        expect(Self.pixel(square, 0, 0) == [255, 59, 48, 255])
        // Disabled: no longer the base colour.
        button.isEnabled = false
        expect(Self.pixel(Self.render(button), 0, 0) != [255, 59, 48, 255])
    }

    @Test func theUpdateHandlerRestylesForTheStateAtTheNextLayout() {
        let button = UIButton(configuration: .plain())
        button.frame = CGRect(x: 0, y: 0, width: 40, height: 20)
        var calls = 0
        button.configurationUpdateHandler = { button in
            calls += 1
            var configuration = button.configuration
            configuration?.baseBackgroundColor = button.isSelected ? .systemGreen : .systemGray
            configuration?.background.backgroundColor = button.isSelected ? .systemGreen : nil
            button.configuration = configuration
        }
        button.layoutIfNeeded()
        expect(calls == 1)
        button.isSelected = true
        expect(calls == 1)
        button.layoutIfNeeded()
        expect(calls == 2)
        expect(Self.pixel(Self.render(button), 2, 10) == [52, 199, 89, 255])
    }

    /// The classic look: a background colour, a background image per state and a title colour
    /// are drawn where the state says.
    @Test func aClassicButtonDrawsItsStatesBackgroundImage() {
        let green = UIGraphicsImageRenderer(
            size: CGSize(width: 4, height: 4),
            format: UIGraphicsImageRendererFormat(for: .init(displayScale: 1))
        ).image { context in
            UIColor.green.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        let button = UIButton(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
        button.backgroundColor = .blue
        button.setBackgroundImage(green, for: .selected)
        expect(Self.pixel(Self.render(button), 15, 10) == [0, 0, 255, 255])
        button.isSelected = true
        expect(Self.pixel(Self.render(button), 15, 10) == [0, 255, 0, 255])
    }
}

/// A cell written as iOS apps write one, with a UIButton built in `init(frame:)`.
private final class FollowCell: UICollectionViewCell {
    let button = UIButton(type: .system)

    override init(frame: CGRect) {
        super.init(frame: frame)
        var configuration = UIButton.Configuration.filled()
        configuration.title = "Follow"
        configuration.baseBackgroundColor = .systemRed
        configuration.cornerStyle = .medium
        button.configuration = configuration
        button.addTarget(self, action: Selector("follow:", FollowCell.follow(_:)), for: .touchUpInside)
        contentView.addSubview(button)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func layoutSubviews() {
        super.layoutSubviews()
        button.frame = contentView.bounds
    }

    var followed = false
    func follow(_ sender: UIButton) { followed = true }
}

/// A UIButton cell in a collection view framegen renders: its fill where the button is, the
/// scene's background outside its rounded corner.
@Test func aButtonCellDrawsInAScene() throws {
    let folder = NSTemporaryDirectory() + "framegen-button-cell-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try """
    canvas: {width: 100, height: 60, scale: 1, background: "#000000"}
    content: {items: 1}
    layout: {type: swatches, cell: follow}
    """.write(toFile: folder + "/s.yaml", atomically: true, encoding: .utf8)
    let layouts = [
        UIKitLayout.descriptor(type: "swatches", cells: ["follow": { FollowCell(frame: $0) }]) { _ in
            SwatchLayout()
        }
    ]
    let image = try SceneRenderer(file: folder + "/s.yaml", layouts: layouts).render(frame: 0)
    // The cell is at (20, 10), 40 x 40: its button's red fill near a corner, inside the rounding
    // and above the title (which overflows the narrow button at both sides).
    expect(image[22, 14] == Color(r: 255, g: 59, b: 48))
    expect(image[40, 12] == Color(r: 255, g: 59, b: 48))
    expect(image[20, 10] == Color(r: 0, g: 0, b: 0))
    expect(image[10, 30] == Color(r: 0, g: 0, b: 0))

    let cell = FollowCell(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
    cell.button.sendActions(for: .touchUpInside)
    expect(cell.followed)
}
