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
