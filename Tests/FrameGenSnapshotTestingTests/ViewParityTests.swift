import Foundation
import FrameGenSnapshotTesting
import SnapshotTesting
import TestTiers
import Testing
import UIKit

/// Views drawn by `.image` and by FBSnapshotTestCase's `render(in:)` beside the references iOS
/// recorded for them (docs/parity.md, cases AD-1, AD-2, EV-1, EV-2, KV-1, KV-2, PL-1 and PL-2). The numbers
/// were measured from the reference PNGs; each test rebuilds its project's setup.
@Suite struct ViewParityTests {
    static let red = ParityImage.Color(255, 0, 0)
    static let green = ParityImage.Color(0, 255, 0)

    // MARK: faberNovel/ADUtils

    /// faberNovel/ADUtils e85b22e192ebffc9fde13e95b0fd3a1f3e87488f, StackViewBuilderTests
    /// (`.image`, 2x): `UIStackView(arrangedSubviews:)` of a red and a green view, 100 x 50 (or
    /// 50 x 100) points.
    static func stack(_ axis: NSLayoutConstraint.Axis, custom: Bool) -> UIStackView {
        let red = UIView(frame: .zero)
        red.backgroundColor = .red
        let green = UIView(frame: .zero)
        green.backgroundColor = .green
        let stack = UIStackView(arrangedSubviews: [red, green])
        stack.axis = axis
        let across = axis == .horizontal ? \UIView.heightAnchor : \UIView.widthAnchor
        let along = axis == .horizontal ? \UIView.widthAnchor : \UIView.heightAnchor
        if custom {
            stack.spacing = 10
            stack.alignment = .center
            stack.distribution = .fillEqually
            NSLayoutConstraint.activate([
                red[keyPath: across].constraint(equalToConstant: 40),
                green[keyPath: across].constraint(equalToConstant: 40),
            ])
        } else {
            green[keyPath: along].constraint(equalToConstant: 20).isActive = true
        }
        stack.frame =
            axis == .horizontal
            ? CGRect(x: 0, y: 0, width: 100, height: 50) : CGRect(x: 0, y: 0, width: 50, height: 100)
        return stack
    }

    /// HStackViewDefault and VStackViewDefault: the green view 20 points long, the red one
    /// filling the rest, both across the whole stack.
    @Test func stackViewsFillingTheirLength() {
        let h = ParityImage.draw(Self.stack(.horizontal, custom: false), scale: 2)
        expect(ParityImage.runs(of: Self.red, in: h, row: 50) == [0...159])
        expect(ParityImage.runs(of: Self.green, in: h, row: 50) == [160...199])
        expect(ParityImage.runs(of: Self.red, in: h, column: 100) == [0...99])
        let v = ParityImage.draw(Self.stack(.vertical, custom: false), scale: 2)
        expect(ParityImage.runs(of: Self.red, in: v, column: 50) == [0...159])
        expect(ParityImage.runs(of: Self.green, in: v, column: 50) == [160...199])
        expect(ParityImage.runs(of: Self.red, in: v, row: 100) == [0...99])
    }

    /// HStackViewCustom and VStackViewCustom: spacing 10, centred, equal lengths, each view 40
    /// points across; the gap and the rest are transparent.
    @Test func stackViewsFillingEquallyAndCentred() {
        let h = ParityImage.draw(Self.stack(.horizontal, custom: true), scale: 2)
        expect(ParityImage.runs(of: Self.red, in: h, row: 50) == [0...89])
        expect(ParityImage.runs(of: Self.green, in: h, row: 50) == [110...199])
        expect(ParityImage.runs(in: h, row: 50) { ParityImage.isClear(h, $0, $1) } == [90...109])
        expect(ParityImage.runs(of: Self.red, in: h, column: 40) == [10...89])
        expect(ParityImage.runs(in: h, column: 40) { ParityImage.isClear(h, $0, $1) } == [0...9, 90...99])
        let v = ParityImage.draw(Self.stack(.vertical, custom: true), scale: 2)
        expect(ParityImage.runs(of: Self.red, in: v, column: 50) == [0...89])
        expect(ParityImage.runs(of: Self.green, in: v, column: 50) == [110...199])
        expect(ParityImage.runs(of: Self.red, in: v, row: 40) == [10...89])
    }

    // MARK: jpedrosg/Eventize

    /// jpedrosg/Eventize 3bec2fe8db2459fd21d1fb4a3ace38515ad7175e,
    /// UIViewStylingExtensionTests (`.image`, 3x): a gray 300 x 200 point view centred in a white
    /// 500 point one, its corners rounded.
    static func eventizeView(_ style: (UIView) -> Void) -> UIView {
        let background = UIView(frame: CGRect(x: 0, y: 0, width: 500, height: 500))
        background.backgroundColor = .white
        let view = UIView(frame: CGRect(x: 100, y: 150, width: 300, height: 200))
        view.backgroundColor = .gray
        style(view)
        background.addSubview(view)
        return background
    }

    /// testAddRoundedCornersAndShadow: radius 10, not clipping, a black shadow of opacity 0.3,
    /// offset (0, 4), radius 6 and no path. Red out of the left edge along the middle row, down
    /// out of the bottom edge, and through the top left corner.
    @Test(.systemVersion("17")) func shadowWithoutAPath() {
        let image = ParityImage.draw(
            Self.eventizeView { view in
                view.layer.cornerRadius = 10
                view.layer.masksToBounds = false
                view.layer.shadowColor = UIColor.black.cgColor
                view.layer.shadowOpacity = 0.3
                view.layer.shadowOffset = CGSize(width: 0, height: 4)
                view.layer.shadowRadius = 6
            }, scale: 3)
        let source = "Eventize testAddRoundedCornersAndShadow"
        ParityImage.expectRow(
            image, y: 750, from: 265, channel: 0,
            [
                254, 254, 254, 253, 253, 253, 252, 252, 251, 250, 250, 249, 248, 247, 247, 246, 244, 244, 242,
                241, 240, 238, 237, 236, 234, 233, 231, 230, 228, 226, 225, 223, 221, 219, 218, 128,
            ], within: 8, source)
        let below = [198, 199, 201, 202, 204, 205, 207, 209, 211, 212, 214, 216, 218, 219, 221]
        let drawn = (1050..<1065).map { Int(image.pixels[($0 * image.width + 750) * 4]) }
        expect(
            zip(drawn, below).allSatisfy { abs($0 - $1) <= 8 },
            "\(source) below: framegen \(drawn), iOS \(below)")
        ParityImage.expectRow(
            image, y: 450, from: 322, channel: 0, [237, 210, 186, 169, 152, 141, 136, 130, 128], within: 8,
            source)
        ParityImage.expectRow(
            image, y: 451, from: 318, channel: 0, [241, 231, 191, 154, 130, 128], within: 8, source)
        let diagonal = [250, 249, 247, 246, 245, 244, 242, 241, 229, 128]
        let corner = (0..<10).map { Int(image.pixels[((450 + $0) * image.width + 300 + $0) * 4]) }
        expect(
            zip(corner, diagonal).allSatisfy { abs($0 - $1) <= 8 },
            "\(source) diagonal: framegen \(corner), iOS \(diagonal)")
    }

    /// testAddRoundedCornersForSpecificCorners: radius 15 on every corner, clipping to its
    /// bounds, no shadow: `render(in:)` covers the rounded edge twice.
    @Test(.systemVersion("17")) func clippedRoundedCorners() {
        let image = ParityImage.draw(
            Self.eventizeView { view in
                view.clipsToBounds = true
                view.layer.cornerRadius = 15
                view.layer.maskedCorners = [
                    .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
                ]
            }, scale: 3)
        let source = "Eventize testAddRoundedCornersForSpecificCorners"
        ParityImage.expectRow(
            image, y: 450, from: 335, channel: 0, [255, 250, 238, 220, 200, 179, 162, 146, 136, 130, 128],
            within: 8,
            source)
        ParityImage.expectRow(
            image, y: 451, from: 332, channel: 0, [248, 222, 182, 136, 128], within: 8, source)
        let diagonal = (11..<15).map { Int(image.pixels[((450 + $0) * image.width + 300 + $0) * 4]) }
        expect(
            zip(diagonal, [255, 255, 144, 128]).allSatisfy { abs($0 - $1) <= 8 },
            "\(source) diagonal \(diagonal)")
    }

    // MARK: tumblr/kanvas-ios

    /// tumblr/kanvas-ios 84527459cda6ea142079c12066ed24657b348ee8, ColorCollectionViewTests
    /// `testCompareCollectionView` (FBSnapshotTestCase, `render(in:)` with no window, 3x): a
    /// 150 x 34 point view holding a collection view pinned to its edges, neither clipping, with
    /// a horizontal flow layout of self-sizing cells (estimated 50 x 34, no spacing); each cell
    /// centres a 34 point image view (an empty image) that clips to a circle with a white 2 point
    /// border over its colour; the view's mask is a horizontal gradient clear, white, white,
    /// clear at 0, 0.02, 0.9 and 1.
    final class ColorCell: UICollectionViewCell {
        let circle = UIImageView(image: UIImage())

        override init(frame: CGRect) {
            super.init(frame: frame)
            circle.translatesAutoresizingMaskIntoConstraints = false
            circle.contentMode = .scaleAspectFill
            circle.clipsToBounds = true
            circle.layer.cornerRadius = 17
            circle.layer.borderWidth = 2
            circle.layer.borderColor = UIColor.white.cgColor
            contentView.addSubview(circle)
            NSLayoutConstraint.activate([
                circle.centerXAnchor.constraint(equalTo: contentView.safeAreaLayoutGuide.centerXAnchor),
                circle.centerYAnchor.constraint(equalTo: contentView.safeAreaLayoutGuide.centerYAnchor),
                circle.heightAnchor.constraint(equalToConstant: 34),
                circle.widthAnchor.constraint(equalToConstant: 34),
            ])
        }

        required init?(coder: NSCoder) { nil }
    }

    final class Colors: NSObject, UICollectionViewDataSource {
        let colors = [(0, 184, 255), (255, 73, 47), (255, 138, 0)].map { (r: Int, g: Int, b: Int) in
            UIColor(red: CGFloat(r) / 255, green: CGFloat(g) / 255, blue: CGFloat(b) / 255, alpha: 1)
        }

        func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
            colors.count
        }

        func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
            -> UICollectionViewCell
        {
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "color", for: indexPath)
            (cell as? ColorCell)?.circle.backgroundColor = colors[indexPath.item]
            return cell
        }
    }

    @Test func selfSizingCellsOfBorderedCirclesUnderAGradientMask() {
        let layout = UICollectionViewFlowLayout()
        layout.scrollDirection = .horizontal
        layout.itemSize = UICollectionViewFlowLayout.automaticSize
        layout.estimatedItemSize = CGSize(width: 50, height: 34)
        layout.minimumInteritemSpacing = 0
        layout.minimumLineSpacing = 0
        let collectionView = UICollectionView(frame: .zero, collectionViewLayout: layout)
        collectionView.backgroundColor = .clear
        collectionView.alwaysBounceHorizontal = true
        collectionView.clipsToBounds = false
        collectionView.register(ColorCell.self, forCellWithReuseIdentifier: "color")
        let colors = Colors()
        collectionView.dataSource = colors
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 150, height: 34))
        view.clipsToBounds = false
        ParityImage.add(collectionView, pinnedTo: view)
        let fade = CAGradientLayer()
        fade.frame = view.bounds
        fade.colors = [
            UIColor.clear.cgColor, UIColor.white.cgColor, UIColor.white.cgColor, UIColor.clear.cgColor,
        ]
        fade.startPoint = CGPoint(x: 0, y: 0.5)
        fade.endPoint = CGPoint(x: 1, y: 0.5)
        fade.locations = [0, 0.02, 0.9, 1]
        view.layer.mask = fade
        let image = ParityImage.rendered(view, scale: 3)
        let source = "kanvas-ios testCompareCollectionView"
        // Each cell keeps its estimated 50 points (150 px): the circles' boxes.
        expect(
            ParityImage.runs(in: image, row: 51) { !ParityImage.isClear(image, $0, $1) } == [
                24...125, 174...275, 324...425,
            ])
        // Blue, its white border, the outer edge pixel tinted by the fill (un-premultiplied).
        expect(ParityImage.color(image, 75, 51) == ParityImage.Color(0, 184, 255))
        expect(ParityImage.runs(of: ParityImage.Color(0, 184, 255), in: image, row: 51) == [31...118])
        expect(ParityImage.runs(of: ParityImage.Color(255, 255, 255), in: image, row: 51).first == 25...29)
        ParityImage.expectRow(image, y: 51, from: 24, channel: 3, [252, 255, 255], within: 8, source)
        // The border's inner edge: iOS half covers the pixel after the 6 px ring with white
        // (124, 218, 255) at x 30 and 119; the outer pixel is white at alpha 252 over the blue
        // the clip lets through. These references come from iOS 18, which draws a corner curve
        // the app left unset as a continuous one, clamped to half the side (so a circle's sides
        // double back), and a border as a stroke (docs/parity.md "Borders, and iOS 18's
        // corners"). Drawn as iOS 17, the ring's inner circle left x 30 blue (121 off).
        ParityImage.expectRow(image, y: 51, from: 30, channel: 0, [124], within: 8, source)
        ParityImage.expectRow(image, y: 51, from: 24, channel: 0, [240], within: 8, source)
        // The top of the first circle, its coverage (alpha): the continuous curve leaves a faint
        // tail of 1 to 17 over the ten pixels before the arc proper, where a circle is bare.
        ParityImage.expectRow(
            image, y: 0, from: 54,
            channel: 3, [1, 1, 2, 4, 5, 6, 9, 11, 14, 17, 23, 28, 35, 44, 52, 67, 114, 161, 204, 236],
            within: 8, source)
        ParityImage.expectRow(image, y: 3, from: 55, channel: 3, [3, 78, 172, 239, 255], within: 8, source)
        // The mask fades the orange circle linearly from 90 % of the width.
        ParityImage.expectRow(image, y: 51, from: 404, channel: 3, [255, 251], within: 2, source)
        ParityImage.expectRow(image, y: 51, from: 410, channel: 3, [223], within: 2, source)
        ParityImage.expectRow(image, y: 51, from: 416, channel: 3, [190], within: 2, source)
    }

    /// DiscreteSliderCollectionCellTests `testCellWhenLeftSideIsActive` (same commit, `render(in:)`,
    /// 3x): a dark gray 36 point cell with two 4 point lines through its middle, 2 points either
    /// side of its centre, radius 2 with `maskedCorners` at their inner ends only. `render(in:)`
    /// leaves `maskedCorners` out: every end is rounded (a known limit of Core Animation's
    /// software renderer, which iOS's reference shows).
    @Test func renderInContextRoundsEveryCorner() {
        let cell = UIView(frame: CGRect(x: 0, y: 0, width: 36, height: 36))
        cell.backgroundColor = .darkGray
        let left = UIView(frame: CGRect(x: 0, y: 16, width: 16, height: 4))
        left.backgroundColor = UIColor(red: 0, green: 184 / 255, blue: 1, alpha: 1)
        left.layer.cornerRadius = 2
        left.layer.maskedCorners = [.layerMaxXMinYCorner, .layerMaxXMaxYCorner]
        let right = UIView(frame: CGRect(x: 20, y: 16, width: 16, height: 4))
        right.backgroundColor = .white
        right.layer.cornerRadius = 2
        right.layer.maskedCorners = [.layerMinXMinYCorner, .layerMinXMaxYCorner]
        cell.addSubview(left)
        cell.addSubview(right)
        let image = ParityImage.rendered(cell, scale: 3)
        let source = "kanvas-ios testCellWhenLeftSideIsActive"
        ParityImage.expectRow(
            image, y: 48, from: 0, channel: 0, [85, 85, 83, 51, 23, 9, 3, 0], within: 2, source)
        ParityImage.expectRow(image, y: 49, from: 0, channel: 0, [85, 75, 15, 0, 0], within: 2, source)
        ParityImage.expectRow(image, y: 51, from: 0, channel: 0, [50, 0], within: 2, source)
        ParityImage.expectRow(image, y: 54, from: 47, channel: 0, [6], within: 2, source)
        let column = (50..<58).map { Int(image.pixels[($0 * image.width + 60) * 4]) }
        let iOS = [89, 153, 209, 242, 242, 209, 153, 89]
        // iOS 18's continuous corner, clamped to half the bar's height: within 1 level (as iOS
        // 17's quarter circles, 9 off at one pixel).
        expect(zip(column, iOS).allSatisfy { abs($0 - $1) <= 2 }, "\(source) column 60: \(column)")
    }

    // MARK: square/Paralayout

    /// square/Paralayout 36bc9c9606a4ae2f1c176d61f915519968397e59, ViewSpreadingSnapshotTests
    /// `testHorizontallySpreadSubviews` LTR (`.image`, 2x): red, blue and green views filling a
    /// white 400 x 100 point container in thirds, each trailing edge rounded to the pixels by
    /// Paralayout (133.5 and 267 points): solid runs with no partial pixel.
    @Test func viewsOnHalfPoints() {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 100))
        container.backgroundColor = .white
        for (color, x0, x1) in [(UIColor.red, 0.0, 133.5), (.blue, 133.5, 267), (.green, 267, 400)] {
            let view = UIView(frame: CGRect(x: x0, y: 0, width: x1 - x0, height: 100))
            view.backgroundColor = color
            container.addSubview(view)
        }
        let image = ParityImage.draw(container, scale: 2)
        expect(ParityImage.runs(of: Self.red, in: image, row: 0) == [0...266])
        expect(ParityImage.runs(of: ParityImage.Color(0, 0, 255), in: image, row: 0) == [267...533])
        expect(ParityImage.runs(of: Self.green, in: image, row: 199) == [534...799])
    }

    /// ViewDistributionSnapshotTests `testDistributionIgnoresTransform` (same commit, `.image`, 3x
    /// and 2x): a blue 10 x 30 point view scaled 3 times after a turn of 60° about its centre
    /// (50, 105) in a white 100 x 200 container, between a red and a green view.
    /// `render(in:)` covers its turned edges by their
    /// exact area, as framegen does.
    @Test func aTurnedViewsEdges() {
        func container() -> UIView {
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 200))
            container.backgroundColor = .white
            let blue = UIView(frame: CGRect(x: 45, y: 90, width: 10, height: 30))
            blue.backgroundColor = .blue
            blue.transform = CGAffineTransform(scaleX: 3, y: 3).rotated(by: .pi / 3)
            // Where Paralayout's distribution puts the other two, 35 points apart.
            let red = UIView(frame: CGRect(x: 40, y: 35, width: 20, height: 20))
            red.backgroundColor = .red
            let green = UIView(frame: CGRect(x: 35, y: 155, width: 30, height: 10))
            green.backgroundColor = .green
            for view in [blue, red, green] { container.addSubview(view) }
            return container
        }
        let source = "Paralayout testDistributionIgnoresTransform"
        let three = ParityImage.draw(container(), scale: 3)
        ParityImage.expectRow(three, y: 300, from: 83, channel: 0, [255, 215, 72, 0], within: 8, source)
        ParityImage.expectRow(three, y: 380, from: 30, channel: 0, [255, 228, 11, 0], within: 8, source)
        let two = ParityImage.draw(container(), scale: 2)
        ParityImage.expectRow(two, y: 200, from: 54, channel: 0, [255, 243, 123, 7, 0], within: 8, source)
    }
}

extension ViewParityTests.ColorCell: ReusableViewByClass {}
