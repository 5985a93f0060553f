import FrameGenSourcePortValues
import Testing

/// Each line of a ported file with the line of the app's file the compiler names it by: the
/// `#sourceLocation` lines set the next line's number, and are not listed.
func appLines(of ported: SourcePort.Ported) -> [(line: Int, text: String)] {
    var found: [(Int, String)] = []
    var next = 1
    for text in ported.text.split(separator: "\n", omittingEmptySubsequences: false) {
        if text.hasPrefix("#sourceLocation(file:"), let number = text.split(separator: " ").last {
            next = Int(number.dropLast()) ?? 0
        } else if text.hasPrefix("#sourceLocation()") {
            next = -1_000_000
        } else {
            found.append((next, String(text)))
            next += 1
        }
    }
    return found
}

/// A storyboard or nib sets outlets and inspectable properties by key-value coding and connects
/// actions by selector on iOS; framegen's UIResponder asks `setValue(_:forKey:)` and
/// `interfaceBuilderAction(named:)`, which the port writes into each class of the app's that
/// declares `@IBOutlet`, `@IBInspectable` or `@IBAction` members (in its body or its extensions),
/// before its closing brace, naming the brace's line.
@Suite struct InterfaceBuilderPortTests {
    func port(_ texts: String...) -> [SourcePort.Ported] {
        portedByTheTool(
            texts.enumerated().map { SourcePort.File(path: "/app/File\($0.offset).swift", text: $0.element) })
    }

    /// The lines of the ported file the compiler names `line`.
    func lines(_ ported: SourcePort.Ported, at line: Int) -> [String] {
        appLines(of: ported).filter { $0.line == line }.map(\.text)
    }

    func changes(_ ported: SourcePort.Ported, at line: Int) -> [String] {
        ported.changes.filter { $0.line == line }.map(\.what)
    }

    @Test func outletsInspectablesAndActionsAreListedByName() {
        let ported = port(
            """
            import UIKit

            class ViewController: UIViewController {
                @IBOutlet weak var label: UILabel!
                @IBOutlet var buttons: [UIButton]!
                @IBInspectable var tint: UIColor? { didSet { view.tintColor = tint } }
                @IBAction func tapped(_ sender: Any) {}
                @IBAction func refresh() {}
            }
            """)[0]
        let brace = lines(ported, at: 9)
        #expect(
            brace == [
                "",
                "override func setValue(_ value: Any?, forKey key: String) { switch key { "
                    + "case \"label\": if let v = InterfaceBuilder.value(value, as: UILabel.self) { self.label = v }; "
                    + "case \"buttons\": if let v = InterfaceBuilder.value(value, as: [UIButton].self) { self.buttons = v }; "
                    + "case \"tint\": if let v = InterfaceBuilder.value(value, as: UIColor.self) { self.tint = v }; "
                    + "default: super.setValue(value, forKey: key) } }",
                "override func interfaceBuilderAction(named name: String) -> Selector? { switch name { "
                    + "case \"tapped:\": return Selector(\"tapped:\", ViewController.tapped(_:)); "
                    + "case \"refresh\": return Selector(\"refresh\", ViewController.refresh as (ViewController) -> () -> Void); "
                    + "default: return super.interfaceBuilderAction(named: name) } }",
                "}",
            ])
        // Every line of the app's file is where it was.
        #expect(lines(ported, at: 4) == ["     weak var label: UILabel!"])
        #expect(lines(ported, at: 8) == ["     func refresh() {}"])
        #expect(appLines(of: ported).map(\.line).max() == 9)
        #expect(
            changes(ported, at: 9) == [
                "setValue(_:forKey:) written: a storyboard or nib sets label, buttons, tint by name through it, without key-value coding",
                "interfaceBuilderAction(named:) written: a storyboard or nib connects tapped:, refresh by name through it, without Objective-C selectors",
            ])
    }

    /// Objective-C's names, as Swift gives them or `@objc(name)` does; a second method of the
    /// same name is left out, and a public class's overrides are public.
    @Test func actionsHaveObjectiveCsNames() {
        let ported = port(
            """
            public final class Panel: UIView {
                @IBAction func tapped(sender: UIButton) {}
                @IBAction func valueChanged(_ sender: UISlider, forEvent event: UIEvent) {}
                @IBAction @objc(pick:) func choose(_ sender: Any) {}
                @IBAction func pick(_ sender: UIButton) {}
                @IBAction func sort(with sender: Any) {}
            }
            """)[0]
        let brace = lines(ported, at: 7).joined(separator: "\n")
        #expect(
            brace.contains(
                "public override func interfaceBuilderAction(named name: String) -> Selector? { switch name { "
                    + "case \"tappedWithSender:\": return Selector(\"tappedWithSender:\", Panel.tapped(sender:)); "
                    + "case \"valueChanged:forEvent:\": return Selector(\"valueChanged:forEvent:\", Panel.valueChanged(_:forEvent:)); "
                    + "case \"pick:\": return Selector(\"pick:\", Panel.choose(_:)); "
                    + "case \"sortWith:\": return Selector(\"sortWith:\", Panel.sort(with:)); default:"))
        #expect(!brace.contains("setValue"))
        #expect(
            changes(ported, at: 5).contains(
                "@IBAction pick(_:) has the Objective-C name pick:, as choose(_:) (/app/File0.swift:4) has: Panel's interfaceBuilderAction(named:) gives that one"
            ))
    }

    /// Extensions add their members to their class's overrides, from any file; a private one in
    /// another file than the class's becomes internal, so that the class's body can name it.
    @Test func extensionsInAnyFileAddToTheirClass() {
        let ported = port(
            """
            class Card: UIView {
                @IBOutlet weak var title: UILabel!
            }
            """,
            """
            extension Card {
                @IBInspectable var radius: CGFloat {
                    get { layer.cornerRadius }
                    set { layer.cornerRadius = newValue }
                }
                @IBAction private func flip(_ sender: Any) {}
            }
            private extension Card {
                @IBAction func close() {}
            }
            """)
        let brace = lines(ported[0], at: 3).joined(separator: "\n")
        #expect(brace.contains("case \"title\": if let v = InterfaceBuilder.value(value, as: UILabel.self)"))
        #expect(
            brace.contains(
                "case \"radius\": if let v = InterfaceBuilder.value(value, as: CGFloat.self) { self.radius = v }"
            ))
        #expect(brace.contains("case \"flip:\": return Selector(\"flip:\", Card.flip(_:));"))
        #expect(
            brace.contains("case \"close\": return Selector(\"close\", Card.close as (Card) -> () -> Void);"))
        #expect(lines(ported[1], at: 6) == ["             func flip(_ sender: Any) {}"])
        #expect(lines(ported[1], at: 8) == ["        extension Card {"])
        #expect(
            changes(ported[1], at: 6).contains(
                "private flip(_:) made internal: Card's body, in another file, lists it for a storyboard or nib"
            ))
        #expect(
            changes(ported[1], at: 8) == [
                "private extension Card made internal: Card's body, in another file, lists it for a storyboard or nib"
            ])
    }

    /// What gets no override, each said: a generic class, one that is no responder, a class
    /// the app's files do not declare (UIKit's, through an extension), a property without a
    /// type or a setter, a method of three arguments, a member inside `#if`, and a class that
    /// declares its own `setValue(_:forKey:)`.
    @Test func whatIsLeftOutIsSaid() {
        let ported = port(
            """
            class Box<T>: UIView { @IBOutlet weak var content: UIView! }
            class Source: NSObject { @IBOutlet weak var table: UITableView! }
            class Tap: UITapGestureRecognizer { @IBOutlet weak var target: UIView! }
            extension UIView {
                @IBInspectable var cornerRadius: CGFloat {
                    get { layer.cornerRadius }
                    set { layer.cornerRadius = newValue }
                }
            }
            class Form: UIView {
                @IBOutlet var field = UITextField()
                @IBInspectable var height: CGFloat { 44 }
                @IBInspectable let limit: Int = 3
                @IBAction func moved(_ a: Any, _ b: Any, _ c: Any) {}
                #if DEBUG
                @IBAction func debug() {}
                #endif
                @IBAction func save() {}
            }
            class Custom: UIView {
                @IBOutlet weak var name: UILabel!
                override func setValue(_ value: Any?, forKey key: String) {}
            }
            """)[0]
        #expect(
            changes(ported, at: 1).contains(
                "no setValue(_:forKey:) or interfaceBuilderAction(named:) written for Box: it is generic, and a storyboard or nib cannot name a generic class (Objective-C sees none)"
            ))
        #expect(
            changes(ported, at: 2).contains(
                "no setValue(_:forKey:) or interfaceBuilderAction(named:) written for Source (its Interface Builder members are not connected): it descends from NSObject, not from UIResponder, where framegen connects a storyboard's outlets and actions"
            ))
        #expect(changes(ported, at: 3).contains { $0.contains("it descends from UITapGestureRecognizer") })
        #expect(
            changes(ported, at: 5).contains(
                "@IBInspectable cornerRadius is in an extension of UIView, which the app's files do not declare: the port writes setValue(_:forKey:) only into the app's classes, so a storyboard's cornerRadius is not set through it (key paths such as layer.cornerRadius the nib loader sets itself)"
            ))
        #expect(
            changes(ported, at: 11).contains(
                "@IBOutlet field has no type annotation, which the value is cast to: not in Form's setValue(_:forKey:)"
            ))
        #expect(
            changes(ported, at: 12).contains(
                "@IBInspectable height has no setter: not in Form's setValue(_:forKey:)"))
        #expect(changes(ported, at: 13).contains { $0.hasPrefix("@IBInspectable limit is a let") })
        #expect(
            changes(ported, at: 14).contains(
                "@IBAction moved(_:_:_:) takes 3 arguments, where framegen's Selector calls methods of 0, 1 or 2: not in Form's interfaceBuilderAction(named:)"
            ))
        #expect(
            changes(ported, at: 16).contains(
                "@IBAction debug() is inside #if DEBUG: not in Form's interfaceBuilderAction(named:), which is outside it"
            ))
        let form = lines(ported, at: 19).joined(separator: "\n")
        #expect(
            form.contains(
                "case \"save\": return Selector(\"save\", Form.save as (Form) -> () -> Void); default:"))
        #expect(!form.contains("setValue") && !form.contains("\"debug\"") && !form.contains("moved"))
        #expect(
            changes(ported, at: 23).contains(
                "setValue(_:forKey:) not written: Custom declares its own, which a storyboard's name go through"
            ))
        #expect(!ported.text.contains("override func setValue(_ value: Any?, forKey key: String) { switch"))
        #expect(
            !ported.text.contains("Box.") && !ported.text.contains("Source.") && !ported.text.contains("Tap.")
        )
    }

    /// An open class's overrides are open: a library's class, which the app subclasses in its
    /// own module and whose overrides the port writes there too.
    @Test func anOpenClassesOverridesStayOpen() {
        let ported = port(
            """
            open class BaseController: UIViewController {
                @IBOutlet public weak var header: UIView!
            }
            """)[0]
        #expect(
            lines(ported, at: 3).contains {
                $0.hasPrefix("open override func setValue(_ value: Any?, forKey key: String) { switch key {")
            })
    }

    /// A class UIKit makes by class gets both of the port's insertions, and the lines after stay.
    @Test func besideMakeByClass() {
        let ported = port(
            """
            final class Row: UITableViewCell {
                @IBOutlet weak var title: UILabel!
            }
            let after = 1
            """)[0]
        let brace = lines(ported, at: 3).joined(separator: "\n")
        #expect(brace.contains("override class func makeByClass(style: UITableViewCell.CellStyle"))
        #expect(brace.contains("override func setValue(_ value: Any?, forKey key: String)"))
        #expect(lines(ported, at: 4) == ["let after = 1"])
    }
}
