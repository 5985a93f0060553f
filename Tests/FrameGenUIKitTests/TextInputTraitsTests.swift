import Foundation
import TestTiers
import Testing

@testable import FrameGenUIKit

/// UITextInputTraits as UIKit declares it: every member optional, so a control that forwards
/// some of them to its text view compiles, and the others answer UIKit's defaults.
@Suite struct TextInputTraitsTests {
    private final class Forwarding: UIView, UITextInputTraits {
        let field = UITextField()
        var keyboardType: UIKeyboardType {
            get { field.keyboardType }
            set { field.keyboardType = newValue }
        }
    }

    @Test func aControlAdoptsSomeTraitsAndTheOthersAreUIKitsDefaults() {
        let control = Forwarding()
        control.keyboardType = .emailAddress
        let traits: UITextInputTraits = control
        expect(traits.keyboardType == .emailAddress && control.field.keyboardType == .emailAddress)
        expect(traits.autocapitalizationType == .sentences && traits.returnKeyType == .default)
        traits.isSecureTextEntry = true
        expect(!traits.isSecureTextEntry, "a trait the control left out keeps nothing")
    }

    @Test func fieldsAndTextViewsKeepTheirOwn() {
        let fields: [UITextInputTraits] = [UITextField(), UITextView()]
        for field in fields {
            field.returnKeyType = .done
            field.isSecureTextEntry = true
            expect(field.returnKeyType == .done && field.isSecureTextEntry)
        }
        let label = UILabel()
        label.baselineAdjustment = .alignCenters
        expect(label.baselineAdjustment == .alignCenters)
    }
}

/// A text view's text storage and a text field's positions, as UIKit's text input declares them.
@Suite struct TextStorageAndPositionTests {
    @Test func anEditOfTheStorageIsAnEditOfTheTextView() {
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
        view.text = "Hello"
        let storage = view.textStorage
        expect(storage.string == "Hello")
        storage.append(NSAttributedString(string: ", world"))
        expect(view.text == "Hello, world", "the view shows the storage's text")
        view.text = "Bye"
        expect(storage.string == "Bye", "and the storage holds what the view was given")
        storage.replaceCharacters(in: NSRange(location: 0, length: 3), with: "Hi")
        expect(view.attributedText.string == "Hi")
    }

    @Test func positionsCountUTF16AndTheCaretFollowsTheText() throws {
        let field = UITextField(frame: CGRect(x: 0, y: 0, width: 300, height: 40))
        field.text = "aé🙂b"
        let start = field.beginningOfDocument
        let end = field.endOfDocument
        expect(field.offset(from: start, to: end) == 5, "🙂 is two UTF-16 units")
        expect(field.position(from: start, offset: 6) == nil, "past the end")
        let two = try #require(field.position(from: start, offset: 2))
        let range = try #require(field.textRange(from: end, to: two))
        expect(field.text(in: range) == "🙂b" && field.compare(two, to: end) == .orderedAscending)
        let font = try #require(field.font)
        let carets = [0, 1, 2, 4, 5].compactMap { field.position(from: start, offset: $0) }.map(
            field.caretRect(for:))
        expect(zip(carets, carets.dropFirst()).allSatisfy { $0.minX < $1.minX }, "each character moves it on")
        expect(carets.allSatisfy { $0.height == font.lineHeight && $0.width == 2 })
        let rect = field.textRect(forBounds: field.bounds)
        expect(carets[0].minX == rect.minX && abs(carets[0].midY - rect.midY) < 0.001)
        expect(field.selectedTextRange == nil)
        _ = field.becomeFirstResponder()
        expect(field.selectedTextRange?.start == end && field.selectedTextRange?.isEmpty == true)
    }
}
