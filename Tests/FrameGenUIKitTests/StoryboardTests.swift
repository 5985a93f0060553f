import Foundation
import FrameGenCoreGraphics
import FrameGenUIKit
import TestTiers
import Testing

// Storyboards and nibs as iOS loads them (docs/uikit.md, "Storyboards and nibs"): objects made
// with their class's `init?(coder:)`, which sees the element's properties already set; outlets
// and actions connected, then `awakeFromNib()`; a storyboard controller's view loaded when it is
// first asked for. The classes below write by hand the `setValue(_:forKey:)` and
// `interfaceBuilderAction(named:)` the port writes for an app's `@IBOutlet` and `@IBAction`.

final class NibNumberCell: UICollectionViewCell {
    var numberLabel: UILabel!
    /// Whether the outlet was connected when `awakeFromNib()` came, as on iOS.
    var labelAtAwake: UILabel?
    /// The background colour the cell's own `init?(coder:)` saw after `super.init(coder:)`.
    var backgroundInInit: UIColor?

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        backgroundInInit = backgroundColor
    }

    override init(frame: CGRect) { super.init(frame: frame) }

    override func awakeFromNib() {
        super.awakeFromNib()
        labelAtAwake = numberLabel
    }

    override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "numberLabel": if let v = InterfaceBuilder.value(value, as: UILabel.self) { numberLabel = v }
        default: super.setValue(value, forKey: key)
        }
    }
}

final class BoardStartController: UIViewController, UICollectionViewDataSource {
    var collectionView: UICollectionView!
    var taps = 0
    var loadedAtViewDidLoad = false

    override func viewDidLoad() {
        super.viewDidLoad()
        loadedAtViewDidLoad = collectionView != nil
    }

    func tapped(_ sender: Any) { taps += 1 }

    override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "collectionView":
            if let v = InterfaceBuilder.value(value, as: UICollectionView.self) { collectionView = v }
        default: super.setValue(value, forKey: key)
        }
    }

    override func interfaceBuilderAction(named name: String) -> Selector? {
        name == "tapped:"
            ? Selector("tapped:", BoardStartController.tapped(_:)) : super.interfaceBuilderAction(named: name)
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
    }
}

final class NibLoginViewController: UIViewController {
    var titleLabel: UILabel?

    override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "titleLabel": titleLabel = InterfaceBuilder.value(value, as: UILabel.self)
        default: super.setValue(value, forKey: key)
        }
    }
}

private let loginNib = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0">
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" customClass="NibLoginViewController" customModule="FrameGenUIKitTests">
                <connections>
                    <outlet property="titleLabel" destination="lbl" id="o1"/>
                    <outlet property="view" destination="root" id="o2"/>
                </connections>
            </placeholder>
            <view contentMode="scaleToFill" id="root">
                <rect key="frame" x="0.0" y="0.0" width="414" height="896"/>
                <subviews>
                    <label text="Sign in" id="lbl"><rect key="frame" x="20" y="100" width="200" height="30"/></label>
                </subviews>
                <color key="backgroundColor" systemColor="systemYellowColor"/>
            </view>
        </objects>
    </document>
    """

/// A folder of Interface Builder files, as a bundle: a SwiftPM resource bundle of this module
/// (`Package_Target.resources`), where a storyboard naming another module finds its classes.
private func bundle(_ files: [String: String]) throws -> Bundle {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "framegen-ib-\(UUID().uuidString)"
    )
    .appendingPathComponent("some_package_FrameGenUIKitTests.resources")
    try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("Base.lproj"), withIntermediateDirectories: true)
    for (name, text) in files {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    return try #require(Bundle(path: folder.path))
}

private let numberCellNib = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" useAutolayout="YES">
        <objects>
            <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
            <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
            <collectionViewCell opaque="NO" contentMode="center" reuseIdentifier="Cell" id="gTV-IL-0wX" customClass="NibNumberCell" customModule="FrameGenUIKitTests">
                <rect key="frame" x="0.0" y="0.0" width="50" height="50"/>
                <autoresizingMask key="autoresizingMask"/>
                <view key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center">
                    <rect key="frame" x="0.0" y="0.0" width="50" height="50"/>
                    <subviews>
                        <label opaque="NO" userInteractionEnabled="NO" text="7 &amp; 8" textAlignment="center" lineBreakMode="tailTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="4KW-GM-Jbm">
                            <rect key="frame" x="25" y="24.5" width="0.0" height="0.0"/>
                            <fontDescription key="fontDescription" type="boldSystem" pointSize="20"/>
                            <color key="textColor" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                        </label>
                    </subviews>
                </view>
                <color key="backgroundColor" white="0.0" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                <constraints>
                    <constraint firstItem="4KW-GM-Jbm" firstAttribute="centerY" secondItem="ZTg-uK-7eu" secondAttribute="centerY" id="8Cx-cf-Uv7"/>
                    <constraint firstItem="4KW-GM-Jbm" firstAttribute="centerX" secondItem="ZTg-uK-7eu" secondAttribute="centerX" id="jz1-jZ-KJB"/>
                </constraints>
                <viewLayoutGuide key="safeArea" id="ZTg-uK-7eu"/>
                <userDefinedRuntimeAttributes>
                    <userDefinedRuntimeAttribute type="number" keyPath="layer.cornerRadius">
                        <integer key="value" value="8"/>
                    </userDefinedRuntimeAttribute>
                </userDefinedRuntimeAttributes>
                <connections>
                    <outlet property="numberLabel" destination="4KW-GM-Jbm" id="NZy-fK-kP6"/>
                </connections>
            </collectionViewCell>
        </objects>
    </document>
    """

private let mainStoryboard = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" initialViewController="RxV-lx-NDl">
        <scenes>
            <scene sceneID="tne-QT-ifu">
                <objects>
                    <viewController storyboardIdentifier="Start" id="BYZ-38-t0r" customClass="BoardStartController" customModule="SomeAppModule" customModuleProvider="target" sceneMemberID="viewController">
                        <view key="view" contentMode="scaleToFill" id="8bC-Xf-vdC">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <collectionView clipsSubviews="YES" contentMode="scaleToFill" dataMode="prototypes" translatesAutoresizingMaskIntoConstraints="NO" id="DBP-9J-MJX">
                                    <rect key="frame" x="0.0" y="64" width="375" height="553"/>
                                    <collectionViewFlowLayout key="collectionViewLayout" minimumLineSpacing="10" minimumInteritemSpacing="4" id="3Un-zI-cUH">
                                        <size key="itemSize" width="50" height="60"/>
                                        <inset key="sectionInset" minX="1" minY="2" maxX="3" maxY="4"/>
                                    </collectionViewFlowLayout>
                                    <connections>
                                        <outlet property="dataSource" destination="BYZ-38-t0r" id="s03-Mc-jVo"/>
                                    </connections>
                                </collectionView>
                                <button opaque="NO" contentMode="scaleToFill" buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="btn-00-001">
                                    <rect key="frame" x="0.0" y="617" width="375" height="50"/>
                                    <state key="normal" title="Go"/>
                                    <connections>
                                        <action selector="tapped:" destination="BYZ-38-t0r" eventType="touchUpInside" id="act-00-001"/>
                                    </connections>
                                </button>
                            </subviews>
                            <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                            <constraints>
                                <constraint firstItem="6Tk-OE-BBY" firstAttribute="trailing" secondItem="DBP-9J-MJX" secondAttribute="trailing" id="63G-4u-2f0"/>
                                <constraint firstItem="DBP-9J-MJX" firstAttribute="top" secondItem="6Tk-OE-BBY" secondAttribute="top" id="c3Y-cm-Etr"/>
                                <constraint firstItem="btn-00-001" firstAttribute="top" secondItem="DBP-9J-MJX" secondAttribute="bottom" id="c3Y-cm-Et2"/>
                                <constraint firstItem="6Tk-OE-BBY" firstAttribute="bottom" secondItem="btn-00-001" secondAttribute="bottom" id="rxW-KY-WIC"/>
                                <constraint firstItem="DBP-9J-MJX" firstAttribute="leading" secondItem="6Tk-OE-BBY" secondAttribute="leading" id="uGY-ul-Xv1"/>
                                <constraint firstItem="btn-00-001" firstAttribute="leading" secondItem="6Tk-OE-BBY" secondAttribute="leading" id="uGY-ul-Xv2"/>
                                <constraint firstItem="btn-00-001" firstAttribute="trailing" secondItem="6Tk-OE-BBY" secondAttribute="trailing" id="uGY-ul-Xv3"/>
                                <constraint firstItem="btn-00-001" firstAttribute="height" constant="50" id="hgt-00-001"/>
                            </constraints>
                            <viewLayoutGuide key="safeArea" id="6Tk-OE-BBY"/>
                        </view>
                        <navigationItem key="navigationItem" title="Numbers" id="R18-v2-7uM"/>
                        <connections>
                            <outlet property="collectionView" destination="DBP-9J-MJX" id="7yq-gP-dQK"/>
                        </connections>
                    </viewController>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="dkx-z0-nzr" sceneMemberID="firstResponder"/>
                </objects>
            </scene>
            <scene sceneID="Yw4-4v-g4p">
                <objects>
                    <navigationController id="RxV-lx-NDl" sceneMemberID="viewController">
                        <connections>
                            <segue destination="BYZ-38-t0r" kind="relationship" relationship="rootViewController" id="Swf-nH-mHH"/>
                        </connections>
                    </navigationController>
                </objects>
            </scene>
        </scenes>
    </document>
    """

@Suite struct StoryboardTests {
    /// A table cell from a nib has the background the nib gives it, none when it gives none
    /// (iOS 13's references of nopparitP/SnapshotTest: a nib's cell drawn alone is clear); a
    /// table shows it on the table's background.
    @Test func aNibsTableCellHasOnlyTheNibsBackground() throws {
        func cell(_ color: String) throws -> UITableViewCell {
            let xib = """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" useAutolayout="YES">
                    <objects>
                        <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                        <tableViewCell contentMode="scaleToFill" reuseIdentifier="Row" rowHeight="60" id="KGk-i7-Jjw">
                            <rect key="frame" x="0.0" y="0.0" width="320" height="60"/>
                            <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" contentMode="center" tableViewCell="KGk-i7-Jjw" id="H2p-sc-9uM">
                                <rect key="frame" x="0.0" y="0.0" width="320" height="60"/>
                            </tableViewCellContentView>
                            \(color)
                        </tableViewCell>
                    </objects>
                </document>
                """
            let nib = UINib(nibName: "Row", bundle: try bundle(["Row.xib": xib]))
            return try #require(nib.instantiate(withOwner: nil).first as? UITableViewCell)
        }
        #expect(try cell("").backgroundColor == nil)
        let green = try cell(
            #"<color key="backgroundColor" red="0" green="1" blue="0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>"#
        )
        #expect(green.backgroundColor?.cgColor == UIColor(red: 0, green: 1, blue: 0, alpha: 1).cgColor)
    }

    /// A nib's cell: its class made by `init?(coder:)` (which already sees the nib's background),
    /// its label's properties, its outlet connected before `awakeFromNib()`, its runtime
    /// attribute on the layer, and constraints that centre the label.
    @Test func aNibMakesItsCellAsIOSDoes() throws {
        let nib = UINib(nibName: "NumberCell", bundle: try bundle(["NumberCell.xib": numberCellNib]))
        let objects = nib.instantiate(withOwner: nil)
        let cell = try #require(objects.first as? NibNumberCell)
        #expect(objects.count == 1)
        let label = try #require(cell.numberLabel)
        #expect(cell.labelAtAwake === label)
        #expect(cell.backgroundInInit?.cgColor == UIColor(white: 0, alpha: 1).cgColor)
        #expect(label.superview === cell.contentView)
        #expect(label.text == "7 & 8")
        #expect(label.textAlignment == .center)
        #expect(label.font == UIFont.boldSystemFont(ofSize: 20))
        #expect(label.textColor.cgColor == UIColor(red: 1, green: 0, blue: 0, alpha: 1).cgColor)
        #expect(!label.translatesAutoresizingMaskIntoConstraints)
        #expect(cell.layer.cornerRadius == 8)
        #expect(cell.reuseIdentifier == "Cell")
        cell.frame = CGRect(x: 0, y: 0, width: 80, height: 60)
        cell.layoutIfNeeded()
        #expect(label.center == CGPoint(x: 40, y: 30))
        // Each instantiation makes new objects.
        #expect((nib.instantiate(withOwner: nil).first as AnyObject?) !== cell)
    }

    /// A storyboard's initial controller is its navigation controller, whose root is the start
    /// scene's class (found in the module of the resource bundle that holds the storyboard,
    /// where the module it names has no such class: the iOS target's name); the root's view loads only when asked for, with its outlets, data source, flow
    /// layout, constraints and button action connected before `viewDidLoad()`.
    @Test func aStoryboardLoadsItsControllersAndTheirViews() throws {
        let storyboard = UIStoryboard(
            name: "Main", bundle: try bundle(["Base.lproj/Main.storyboard": mainStoryboard]))
        let navigation = try #require(
            storyboard.instantiateInitialViewController() as? UINavigationController)
        let start = try #require(navigation.viewControllers.first as? BoardStartController)
        #expect(start.storyboard === storyboard)
        #expect(start.navigationItem.title == "Numbers")
        #expect(!start.isViewLoaded)
        #expect(start.collectionView == nil)

        let view = try #require(start.view)
        #expect(start.loadedAtViewDidLoad)
        let collection = try #require(start.collectionView)
        #expect(collection.superview === view)
        #expect(collection.dataSource === start)
        let flow = try #require(collection.collectionViewLayout as? UICollectionViewFlowLayout)
        #expect(flow.itemSize == CGSize(width: 50, height: 60))
        #expect(flow.minimumLineSpacing == 10 && flow.minimumInteritemSpacing == 4)
        #expect(flow.sectionInset == UIEdgeInsets(top: 2, left: 1, bottom: 4, right: 3))

        view.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        view.layoutIfNeeded()
        let button = try #require(view.subviews.compactMap { $0 as? UIButton }.first)
        #expect(button.title(for: .normal) == "Go")
        #expect(button.frame == CGRect(x: 0, y: 430, width: 320, height: 50))
        #expect(collection.frame == CGRect(x: 0, y: 0, width: 320, height: 430))
        button.sendActions(for: .touchUpInside)
        #expect(start.taps == 1)

        let again = storyboard.instantiateViewController(withIdentifier: "Start")
        #expect(again is BoardStartController && again !== start)
    }

    /// A controller made in code with no nib name loads the nib of its class's name less
    /// "Controller", the file's owner's outlets (its `view` among them) set to its objects.
    @Test func aControllerLoadsTheNibNamedAfterItsClass() throws {
        let controller = NibLoginViewController(
            nibName: nil, bundle: try bundle(["NibLoginView.xib": loginNib]))
        let view = try #require(controller.view)
        #expect(view.backgroundColor == .systemYellow)
        #expect(controller.titleLabel?.text == "Sign in")
        #expect(controller.titleLabel?.superview === view)
        // Without a nib, a plain view as before.
        #expect(UIViewController().view.subviews.isEmpty)
    }

    /// A nib framegen cannot find or read gives no objects, and a storyboard it cannot find
    /// gives plain controllers: the program goes on, told why.
    @Test func missingOrBrokenFilesGiveNothing() throws {
        let files = try bundle([
            "Broken.xib": "<document><objects><view id=\"x\">", "Empty.storyboard": "<document/>",
        ])
        #expect(UINib(nibName: "Broken", bundle: files).instantiate(withOwner: nil).isEmpty)
        #expect(UINib(nibName: "Absent", bundle: files).instantiate(withOwner: nil).isEmpty)
        #expect(UIStoryboard(name: "Absent", bundle: files).instantiateInitialViewController() == nil)
        #expect(UIStoryboard(name: "Empty", bundle: files).instantiateInitialViewController() == nil)
        #expect(files.loadNibNamed("Absent", owner: nil)?.isEmpty == true)
    }
}
