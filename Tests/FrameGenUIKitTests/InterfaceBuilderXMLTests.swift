import Foundation
import TestTiers
import Testing

@testable import FrameGenUIKit

// The XML reader beneath storyboards and nibs (IBXML): what Xcode writes reads as a tree, and
// anything malformed is an IBXMLError on the right line, never a trap.

/// The tree of `xml`, or a failed expectation.
private func parsed(_ xml: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> IBElement {
    do {
        return try IBXML.parse(Array(xml.utf8))
    } catch {
        Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        throw error
    }
}

/// The error reading `bytes` throws, nil when it reads.
private func failure(_ bytes: [UInt8]) -> IBXMLError? {
    do {
        _ = try IBXML.parse(bytes)
        return nil
    } catch {
        return error
    }
}

private func failure(_ xml: String) -> IBXMLError? { failure(Array(xml.utf8)) }

@Suite struct InterfaceBuilderXMLTests {
    @Test func readsAStoryboard() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" \
            toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" \
            useAutolayout="YES" useTraitCollections="YES" initialViewController="BYZ-38-t0r">
                <device id="retina6_12" orientation="portrait" appearance="light"/>
                <dependencies>
                    <plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22504"/>
                    <capability name="Safe area layout guides" minToolsVersion="9.0"/>
                </dependencies>
                <scenes>
                    <!--View Controller-->
                    <scene sceneID="tne-QT-ifu">
                        <objects>
                            <viewController id="BYZ-38-t0r" customClass="ViewController" \
            customModule="App" customModuleProvider="target" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="8bC-Xf-vdC">
                                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <subviews>
                                        <label opaque="NO" userInteractionEnabled="NO" text="A &amp; B" \
            textAlignment="natural" translatesAutoresizingMaskIntoConstraints="NO" id="dXk-1a-2bc">
                                            <rect key="frame" x="20" y="100" width="353" height="21"/>
                                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                            <color key="textColor" red="1" green="0.5" blue="0.25" alpha="1" \
            colorSpace="custom" customColorSpace="sRGB"/>
                                            <nil key="highlightedColor"/>
                                        </label>
                                    </subviews>
                                    <viewLayoutGuide key="safeArea" id="6Tk-OE-BBY"/>
                                    <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                                    <constraints>
                                        <constraint firstItem="dXk-1a-2bc" firstAttribute="leading" \
            secondItem="6Tk-OE-BBY" secondAttribute="leading" constant="20" id="c1"/>
                                        <constraint firstItem="dXk-1a-2bc" firstAttribute="top" \
            secondItem="6Tk-OE-BBY" secondAttribute="top" constant="41" id="c2"/>
                                    </constraints>
                                </view>
                            </viewController>
                            <placeholder placeholderIdentifier="IBFirstResponder" id="dkx-z0-nzr" \
            sceneMemberID="firstResponder"/>
                        </objects>
                        <point key="canvasLocation" x="130" y="-2"/>
                    </scene>
                </scenes>
                <resources>
                    <systemColor name="systemBackgroundColor">
                        <color white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                    </systemColor>
                </resources>
            </document>
            """
        let document = try parsed(xml)
        #expect(document.name == "document")
        #expect(document["initialViewController"] == "BYZ-38-t0r")
        #expect(document["missing"] == nil)
        #expect(document.attributes.map(\.0).prefix(3) == ["type", "version", "toolsVersion"])
        #expect(document.children.map(\.name) == ["device", "dependencies", "scenes", "resources"])

        let scene = try #require(document.first("scenes")?.first("scene"))
        #expect(scene["sceneID"] == "tne-QT-ifu")
        let objects = try #require(scene.first("objects"))
        #expect(objects.children.map(\.name) == ["viewController", "placeholder"])
        let controller = try #require(objects.first("viewController"))
        #expect(controller["customClass"] == "ViewController")

        let view = try #require(controller.child(key: "view"))
        #expect(view.name == "view")
        let frame = try #require(view.child(key: "frame"))
        #expect(frame.name == "rect")
        #expect(frame["width"] == "393" && frame["height"] == "852")
        #expect(view.child(key: "autoresizingMask")?["widthSizable"] == "YES")
        #expect(view.child(key: "backgroundColor")?["systemColor"] == "systemBackgroundColor")
        #expect(view.child(key: "nothing") == nil)

        let label = try #require(view.first("subviews")?.first("label"))
        #expect(label["text"] == "A & B")
        #expect(label.child(key: "frame")?["y"] == "100")
        #expect(label.child(key: "textColor")?["green"] == "0.5")
        let constraints = try #require(view.first("constraints"))
        #expect(constraints.children(named: "constraint").map { $0["id"] } == ["c1", "c2"])
        #expect(constraints.children(named: "label").isEmpty)

        // The whitespace between elements is kept; callers trim.
        #expect(!view.text.isEmpty)
        #expect(view.text.allSatisfy { $0.isWhitespace })
        #expect(frame.text == "")
    }

    @Test func readsAXibWithPlaceholders() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner" \
            customClass="CardCell">
                        <connections>
                            <outlet property="titleLabel" destination="t1" id="o1"/>
                        </connections>
                    </placeholder>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                    <collectionViewCell opaque="NO" id="cell" customClass="CardCell">
                        <rect key="frame" x="0.0" y="0.0" width="160" height="90"/>
                        <view key="contentView" id="content">
                            <rect key="frame" x="0.0" y="0.0" width="160" height="90"/>
                            <subviews>
                                <label text="Title" id="t1">
                                    <rect key="frame" x="8" y="8" width="144" height="20"/>
                                </label>
                            </subviews>
                        </view>
                    </collectionViewCell>
                </objects>
            </document>
            """
        let objects = try #require(try parsed(xml).first("objects"))
        let placeholders = objects.children(named: "placeholder")
        #expect(placeholders.map { $0["placeholderIdentifier"] } == ["IBFilesOwner", "IBFirstResponder"])
        #expect(placeholders.first?["userLabel"] == "File's Owner")
        let outlet = try #require(placeholders.first?.first("connections")?.first("outlet"))
        #expect(outlet["property"] == "titleLabel" && outlet["destination"] == "t1")
        let cell = try #require(objects.first("collectionViewCell"))
        #expect(cell.child(key: "frame")?["width"] == "160")
        #expect(cell.child(key: "contentView")?.first("subviews")?.first("label")?["text"] == "Title")
    }

    @Test func decodesEntitiesAndCharacterReferences() throws {
        let element = try parsed(
            """
            <a t="&lt;&gt;&amp;&apos;&quot;" n="one&#10;two" x="&#x1F600;&#x41;" \
            s="tab\there
            line">x &lt; y &amp;&amp; &#65;&#x42;&#x1f600;&#233; &quot;q&quot; &apos;</a>
            """)
        #expect(element["t"] == "<>&'\"")
        // A character reference survives attribute-value normalization; a literal line end or
        // tab does not (XML: it becomes a space).
        #expect(element["n"] == "one\ntwo")
        #expect(element["x"] == "😀A")
        #expect(element["s"] == "tab here line")
        #expect(element.text == "x < y && AB😀é \"q\" '")
        // Line ends in text are normalized to "\n".
        #expect(try IBXML.parse(Array("<a>1\r\n2\r3</a>".utf8)).text == "1\n2\n3")
        // Raw UTF-8 passes through.
        #expect(try parsed("<a b=\"héllo ✓\">日本語</a>")["b"] == "héllo ✓")
        #expect(try parsed("<a b=\"héllo ✓\">日本語</a>").text == "日本語")
    }

    @Test func readsCDATA() throws {
        let element = try parsed(
            "<a>before <![CDATA[<b>&amp; ]] ]> </b>]]> after<c/>tail<![CDATA[]]></a>")
        #expect(element.text == "before <b>&amp; ]] ]> </b> aftertail")
        #expect(element.children.map(\.name) == ["c"])
    }

    @Test func skipsCommentsProcessingInstructionsAndDoctype() throws {
        let element = try parsed(
            """
            <?xml version='1.0' encoding='UTF-8' standalone="no"?>
            <!-- a comment with <tags> and & ampersands -->
            <?xml-stylesheet href="style.css"?>
            <!DOCTYPE document [
              <!ENTITY e "a > b">
              <!-- ] > -->
            ]>
            <document><!-- inside --><?pi data?>text<!----><child/></document>
            <!-- trailing -->
            <?trailing?>

            """)
        #expect(element.name == "document")
        #expect(element.text == "text")
        #expect(element.children.map(\.name) == ["child"])
        #expect(try parsed("<!DOCTYPE a SYSTEM \"a>b.dtd\"><a/>").name == "a")
    }

    @Test func readsSingleQuotesAndSpacesAroundEquals() throws {
        let element = try parsed("<a  one = 'x \"y\"'\n\ttwo\n=\n\"it's\"   three='' />")
        #expect(element.attributes.map(\.0) == ["one", "two", "three"])
        #expect(element["one"] == "x \"y\"")
        #expect(element["two"] == "it's")
        #expect(element["three"] == "")
        #expect(try parsed("<a:b c-d.e_f='1'></a:b  >").name == "a:b")
    }

    @Test func skipsAByteOrderMark() throws {
        let element = try IBXML.parse([0xEF, 0xBB, 0xBF] + Array("<?xml version=\"1.0\"?><a/>".utf8))
        #expect(element.name == "a")
        // Only at the start.
        #expect(failure(Array("<a>".utf8) + [0xEF, 0xBB, 0xBF] + Array("</a>".utf8)) == nil)
    }

    @Test func comparesTrees() throws {
        let one = try parsed("<a x='1' y='2'><b>t</b></a>")
        let same = try parsed("<a x=\"1\" y=\"2\"><b>t</b></a>")
        let reordered = try parsed("<a y='2' x='1'><b>t</b></a>")
        let otherText = try parsed("<a x='1' y='2'><b>u</b></a>")
        #expect(one == same)
        #expect(one != reordered)
        #expect(one != otherText)
        #expect(
            one
                == IBElement(
                    name: "a", attributes: [("x", "1"), ("y", "2")],
                    children: [IBElement(name: "b", text: "t")]))
    }

    @Test(arguments: [
        ("", 1, "no root element"),
        ("  \n\n ", 3, "no root element"),
        ("<!-- only -->\n", 2, "no root element"),
        ("hello <a/>", 1, "text before the root element"),
        ("<a/>\ntext", 2, "text after the root element"),
        ("<a/>\n<b/>", 2, "more than one root element"),
        ("<a>\n<b>\n</a>", 3, "mismatched </a>, expected </b>"),
        ("<view>\n  <label>\n  </view>\n</label>", 3, "mismatched </view>, expected </label>"),
        ("<a>\n  <view>\n", 2, "unclosed element <view>"),
        ("<a>\n  <b></b>", 1, "unclosed element <a>"),
        ("<a>\n<", 1, "unclosed element <a>"),
        ("<a", 1, "unexpected end of input in start tag <a>"),
        ("<a x='1'", 1, "unexpected end of input in start tag <a>"),
        ("<a/", 1, "expected '>' after '/' in <a>"),
        ("<a></", 1, "unexpected end of input after '</'"),
        ("<a></a", 1, "unexpected end of input in end tag </a>"),
        ("<a></a x>", 1, "expected '>' in end tag </a>"),
        ("<1a/>", 1, "expected a name after '<'"),
        ("< a/>", 1, "expected a name after '<'"),
        ("<a>\n</ a>", 2, "expected a name after '</'"),
        ("<a\n x=\"1<2\"/>", 2, "'<' in the value of attribute x in <a>"),
        ("<a x='1'\n x='2'/>", 2, "duplicate attribute x in <a>"),
        ("<a x='1'y='2'/>", 1, "expected whitespace before an attribute in <a>"),
        ("<a x/>", 1, "expected '=' after attribute x in <a>"),
        ("<a x=1/>", 1, "expected a quoted value for attribute x in <a>"),
        ("<a x=\"1/>\n", 2, "unterminated value of attribute x in <a>"),
        ("<a x='1\"/>", 1, "unterminated value of attribute x in <a>"),
        ("<a %/>", 1, "unexpected '%' in start tag <a>"),
        ("<a>\n&foo;</a>", 2, "unknown entity &foo;"),
        ("<a x='&nbsp;'/>", 1, "unknown entity &nbsp;"),
        ("<a>AT&T</a>", 1, "'&' not followed by an entity or character reference ending in ';'"),
        ("<a>&amp</a>", 1, "'&' not followed by an entity or character reference ending in ';'"),
        ("<a>&;</a>", 1, "empty entity reference &;"),
        ("<a>&#0;</a>", 1, "invalid character reference &#0;"),
        ("<a>&#8;</a>", 1, "invalid character reference &#8;"),
        ("<a>&#xD800;</a>", 1, "invalid character reference &#xD800;"),
        ("<a>&#xFFFE;</a>", 1, "invalid character reference &#xFFFE;"),
        ("<a>&#x110000;</a>", 1, "invalid character reference &#x110000;"),
        ("<a>&#99999999999999999999;</a>", 1, "invalid character reference &#99999999999999999999;"),
        ("<a>&#x;</a>", 1, "invalid character reference &#x;"),
        ("<a>&#;</a>", 1, "invalid character reference &#;"),
        ("<a>&#xZZ;</a>", 1, "invalid character reference &#xZZ;"),
        ("<a>&#12a;</a>", 1, "invalid character reference &#12a;"),
        ("<a>&#X41;</a>", 1, "invalid character reference &#X41;"),
        ("<a>\n<!-- x -- y --></a>", 2, "'--' inside a comment"),
        ("<a>\n<!-- x </a>", 2, "unterminated comment"),
        ("<a><![CDATA[ x </a>", 1, "unterminated CDATA section"),
        ("<a><?pi x </a>", 1, "unterminated processing instruction"),
        ("<a><? x?></a>", 1, "expected a name after '<?'"),
        ("\n<?xml version=\"1.0\"?><a/>", 2, "XML declaration not at the start of the document"),
        ("<a/><?xml version=\"1.0\"?>", 1, "XML declaration not at the start of the document"),
        ("<!DOCTYPE a [ <!ENTITY e 'x'> ", 1, "unterminated <!DOCTYPE"),
        ("<!DOCTYPE a>\n<!DOCTYPE a><a/>", 2, "unexpected <!DOCTYPE"),
        ("<a>\n<!DOCTYPE a></a>", 2, "unexpected markup <!"),
        ("<a>\n<![CDATA[x]]><!x></a>", 2, "unexpected markup <!"),
    ])
    func rejectsMalformedInput(xml: String, line: Int, message: String) {
        #expect(failure(xml) == IBXMLError(line: line, message: message))
    }

    @Test func rejectsInvalidUTF8() {
        let cases: [[UInt8]] = [
            [0xC3, 0x28],  // a continuation byte missing
            [0xC0, 0xAF],  // overlong
            [0xE0, 0x80, 0xAF],  // overlong
            [0xED, 0xA0, 0x80],  // a surrogate
            [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
            [0xFF],
            [0x80],  // a lone continuation byte
            [0xE2, 0x82],  // truncated at the end
        ]
        for bad in cases {
            let bytes = Array("<a>\nok\n".utf8) + bad + Array("</a>".utf8)
            #expect(failure(bytes) == IBXMLError(line: 3, message: "invalid UTF-8"), "\(bad)")
            // In a comment too: a document is UTF-8 throughout, not only where it is read.
            #expect(
                failure(Array("<a><!-- ".utf8) + bad + Array(" --></a>".utf8))?.message == "invalid UTF-8")
        }
        #expect(failure(Array("<a>".utf8) + [0xE2, 0x82]) == IBXMLError(line: 1, message: "invalid UTF-8"))
    }

    @Test func errorsDescribeTheirLine() {
        #expect(
            failure("<a>\r\n\r\n<b></a>")?.description == "line 3: mismatched </a>, expected </b>")
        #expect(failure("<a>\r\r<b></a>")?.line == 3)
    }

    /// Every prefix of a document, and the document with any one byte replaced by one of the
    /// markup's, either reads or throws; none traps.
    @Test func neverTrapsOnTruncatedOrCorruptedInput() throws {
        let xml = Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE d [ <!ENTITY e "v"> ]>
            <!-- c -->
            <d a="1" b='&#x1F600;&amp;'><v key="view"><rect key="frame" x="0"/>t&lt;é<![CDATA[<x>]]>\
            <?p i?></v><e/>&#10;</d>

            """.utf8)
        let whole = try IBXML.parse(xml)
        var read = 0
        for length in 0..<xml.count {
            let prefix = Array(xml[..<length])
            if let tree = try? IBXML.parse(prefix) {
                // Only a prefix that holds the whole root can read, and then as the whole does.
                #expect(tree == whole, "prefix of \(length) bytes")
                read += 1
            }
        }
        #expect(read == 1)  // all but the final line end
        let replacements: [UInt8] = [
            0x3C, 0x3E, 0x2F, 0x22, 0x27, 0x26, 0x3D, 0x21, 0x3F, 0x5D, 0x2D, 0x00, 0xFF,
        ]
        for offset in xml.indices {
            for byte in replacements {
                var corrupted = xml
                corrupted[offset] = byte
                _ = try? IBXML.parse(corrupted)
                _ = try? IBXML.parse(Array(corrupted[..<offset]))
            }
        }
    }

    @Test func limitsDepth() throws {
        func nested(_ depth: Int) -> String {
            String(repeating: "<v>\n", count: depth) + String(repeating: "</v>", count: depth)
        }
        var element = try parsed(nested(IBXML.maximumDepth))
        var depth = 1
        while let child = element.first("v") {
            element = child
            depth += 1
        }
        #expect(depth == IBXML.maximumDepth)
        let message = "elements nested deeper than 256 (the limit)"
        #expect(failure(nested(IBXML.maximumDepth + 1)) == IBXMLError(line: 257, message: message))
        #expect(failure(nested(300)) == IBXMLError(line: 257, message: message))
        // A self-closing element counts as a level too.
        let selfClosing =
            String(repeating: "<v>", count: 256) + "<w/>" + String(repeating: "</v>", count: 256)
        #expect(failure(selfClosing)?.message == message)
        // Deep unclosed input ends at the limit, not at the end of its bytes.
        #expect(failure(String(repeating: "<v>", count: 100_000))?.message == message)
    }

    @Test func limitsSize() {
        let huge = [UInt8](repeating: 0x20, count: IBXML.maximumBytes + 1)
        #expect(
            failure(huge) == IBXMLError(line: 1, message: "input of 67108865 bytes exceeds the 64 MB limit"))
    }

    @Test func limitsElementCount() {
        let many = "<r>\n" + String(repeating: "<a/>", count: IBXML.maximumElements) + "</r>"
        #expect(failure(many) == IBXMLError(line: 2, message: "more than 1000000 elements (the limit)"))
    }

    /// A document of exactly the most elements reads (about a second in a debug build).
    @Test(.heavy, .tags(.heavy)) func readsUpToTheElementLimit() {
        let most = "<r>" + String(repeating: "<a/>", count: IBXML.maximumElements - 1) + "</r>"
        #expect(failure(most) == nil)
    }

    /// A storyboard of about 2 MB reads quickly even in a debug build: the reader is linear, and
    /// the bound is loose enough to catch only a quadratic slip, not a busy machine.
    @Test func readsALargeDocumentQuickly() throws {
        let xml = Array(syntheticStoryboard(bytes: 2_000_000).utf8)
        let clock = ContinuousClock()
        var document: IBElement?
        let elapsed = try clock.measure { document = try IBXML.parse(xml) }
        let scenes = try #require(document?.first("scenes")).children(named: "scene")
        #expect(scenes.count > 100)
        #expect(scenes.last?.first("objects")?.first("viewController")?.child(key: "view")?["id"] != nil)
        #expect(elapsed < .seconds(2), "\(elapsed)")
    }
}

/// A storyboard of at least `bytes` bytes, of scenes like Xcode's.
private func syntheticStoryboard(bytes: Int) -> String {
    var xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
            <scenes>

        """
    var scene = 0
    while xml.utf8.count < bytes {
        xml += """
                    <!--Scene \(scene)-->
                    <scene sceneID="s\(scene)">
                        <objects>
                            <viewController id="vc\(scene)" customClass="Controller\(scene)" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="v\(scene)">
                                    <rect key="frame" x="0.0" y="0.0" width="393" height="852"/>
                                    <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                                    <subviews>
                                        <label opaque="NO" text="Title &amp; subtitle #\(scene)" id="l\(scene)">
                                            <rect key="frame" x="20" y="100" width="353" height="21"/>
                                            <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                            <color key="textColor" red="1" green="0.5" blue="0.25" alpha="1" colorSpace="custom"/>
                                        </label>
                                    </subviews>
                                    <color key="backgroundColor" systemColor="systemBackgroundColor"/>
                                    <constraints>
                                        <constraint firstItem="l\(scene)" firstAttribute="leading" secondItem="v\(scene)" secondAttribute="leading" constant="20" id="c\(scene)a"/>
                                        <constraint firstItem="l\(scene)" firstAttribute="top" secondItem="v\(scene)" secondAttribute="top" constant="100" id="c\(scene)b"/>
                                    </constraints>
                                </view>
                            </viewController>
                        </objects>
                        <point key="canvasLocation" x="\(scene * 10)" y="-2"/>
                    </scene>

            """
        scene += 1
    }
    return xml + "    </scenes>\n</document>\n"
}
