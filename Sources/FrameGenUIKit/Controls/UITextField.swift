import Foundation

/// A one-line text field, drawn as at rest: its text, or its placeholder in `.placeholderText`
/// while it has none, centred vertically in `textRect(forBounds:)`, with its border style, left
/// and right views. framegen shows no keyboard and no caret; `becomeFirstResponder()` makes it
/// edit (the delegate is asked and told, as on iOS) and nothing more is typed (docs/uikit.md
/// "Controls").
open class UITextField: UIControl {
    public enum BorderStyle: Int, Sendable {
        case none
        case line
        case bezel
        case roundedRect
    }

    public enum ViewMode: Int, Sendable {
        case never
        case whileEditing
        case unlessEditing
        case always
    }

    private let label = UILabel(frame: .zero)

    open var text: String? {
        get { storedText ?? "" }
        set {
            storedText = newValue
            storedAttributedText = nil
            showContent()
        }
    }
    private var storedText: String?

    open var attributedText: NSAttributedString? {
        get { storedAttributedText ?? storedText.map { NSAttributedString(string: $0) } }
        set {
            storedAttributedText = newValue
            storedText = newValue?.string
            showContent()
        }
    }
    private var storedAttributedText: NSAttributedString?

    open var placeholder: String? {
        didSet { showContent() }
    }
    /// The placeholder and the colour of its first character. Setting `placeholder` afterwards
    /// keeps that colour, as iOS keeps an attributed placeholder's attributes (ViewFactory's
    /// field, given an attributed placeholder in its colour and then a plain one, draws it in
    /// that colour in its iOS 17 references).
    open var attributedPlaceholder: NSAttributedString? {
        get {
            placeholder.map { text in
                NSAttributedString(
                    string: text, attributes: placeholderColor.map { [.foregroundColor: $0] } ?? [:])
            }
        }
        set {
            placeholderColor =
                newValue.flatMap {
                    $0.length > 0 ? $0.attribute(.foregroundColor, at: 0, effectiveRange: nil) : nil
                }
                as? UIColor
            placeholder = newValue?.string
        }
    }
    private var placeholderColor: UIColor?

    /// 17 points (*chosen*), as a body label's.
    open var font: UIFont? = UIFont.systemFont(ofSize: 17) {
        didSet { showContent() }
    }
    /// `UIContentSizeCategoryAdjusting` (UILabel.swift).
    open var adjustsFontForContentSizeCategory = false
    open var textColor: UIColor? = .label {
        didSet { showContent() }
    }
    open var textAlignment: NSTextAlignment = .natural {
        didSet { showContent() }
    }
    open var borderStyle: BorderStyle = .none {
        didSet { showBorder() }
    }
    /// Drawn over the bounds (a resizable image keeps its caps) in place of the border, as
    /// iOS draws it; ignored with a rounded-rect border, as there.
    open var background: UIImage? {
        didSet { showBorder() }
    }
    /// Drawn instead of `background` while the field is disabled; ignored without a
    /// `background`, as on iOS.
    open var disabledBackground: UIImage? {
        didSet { showBorder() }
    }
    /// Shows `background` (or `disabledBackground`), made when first needed.
    private var backgroundImageView: UIImageView?
    open override var isEnabled: Bool {
        didSet { if isEnabled != oldValue { showBorder() } }
    }
    open var clearButtonMode: ViewMode = .never
    open var leftView: UIView? {
        didSet { replace(oldValue, with: leftView) }
    }
    open var leftViewMode: ViewMode = .never {
        didSet { setNeedsLayout() }
    }
    open var rightView: UIView? {
        didSet { replace(oldValue, with: rightView) }
    }
    open var rightViewMode: ViewMode = .never {
        didSet { setNeedsLayout() }
    }
    open var adjustsFontSizeToFitWidth = false
    open var minimumFontSize: CGFloat = 0
    open var clearsOnBeginEditing = false
    open var clearsOnInsertion = false
    open var allowsEditingTextAttributes = false
    open var typingAttributes: [NSAttributedString.Key: Any]?
    open var defaultTextAttributes: [NSAttributedString.Key: Any] = [:]
    /// Settable here, as UIKit redeclares it for text input (UIResponder's is read-only).
    open override var inputView: UIView? {
        get { storedInputView }
        set { storedInputView = newValue }
    }
    private var storedInputView: UIView?
    /// Settable here, as UIKit redeclares it for text input (UIResponder's is read-only).
    open override var inputAccessoryView: UIView? {
        get { storedInputAccessoryView }
        set { storedInputAccessoryView = newValue }
    }
    private var storedInputAccessoryView: UIView?
    open weak var delegate: UITextFieldDelegate?

    // The keyboard's traits, kept.
    open var keyboardType = UIKeyboardType.default
    open var keyboardAppearance = UIKeyboardAppearance.default
    open var returnKeyType = UIReturnKeyType.default
    open var autocapitalizationType = UITextAutocapitalizationType.sentences
    open var autocorrectionType = UITextAutocorrectionType.default
    open var spellCheckingType = UITextSpellCheckingType.default
    open var smartQuotesType = UITextSmartQuotesType.default
    open var smartDashesType = UITextSmartDashesType.default
    open var smartInsertDeleteType = UITextSmartInsertDeleteType.default
    open var enablesReturnKeyAutomatically = false
    /// Drawn as bullets.
    open var isSecureTextEntry = false {
        didSet { showContent() }
    }
    open var textContentType: UITextContentType?

    open private(set) var isEditing = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUpTextField()
    }

    private func setUpTextField() {
        label.isUserInteractionEnabled = false
        addSubview(label)
        showContent()
    }

    /// From a storyboard or nib, read after its own setup (docs/uikit.md, "Storyboards and nibs").
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUpTextField()
        InterfaceBuilder.decode(self, coder: coder, at: UITextField.self)
    }

    /// The outlets a storyboard or nib connects to it (docs/uikit.md, "Storyboards and nibs").
    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "delegate": delegate = value as? UITextFieldDelegate
        default: super.setValue(value, forKey: key)
        }
    }

    // MARK: Editing

    open override var canBecomeFirstResponder: Bool { isEnabled }

    /// Asks the delegate, then edits: `didBeginEditing` and `.editingDidBegin`.
    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard !isEditing, delegate?.textFieldShouldBeginEditing(self) ?? true, super.becomeFirstResponder()
        else { return false }
        isEditing = true
        if clearsOnBeginEditing { text = "" }
        if selectedTextRange == nil {
            selectedTextRange = UITextRange(from: endOfDocument, to: endOfDocument)
        }
        delegate?.textFieldDidBeginEditing(self)
        sendActions(for: .editingDidBegin)
        setNeedsLayout()
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isEditing, delegate?.textFieldShouldEndEditing(self) ?? true, super.resignFirstResponder()
        else { return false }
        isEditing = false
        delegate?.textFieldDidEndEditing(self)
        sendActions(for: .editingDidEnd)
        setNeedsLayout()
        return true
    }

    // MARK: Text input

    open var beginningOfDocument: UITextPosition { UITextPosition(offset: 0) }
    open var endOfDocument: UITextPosition { UITextPosition(offset: (text ?? "").utf16.count) }

    /// Nil until set, or until the field begins editing: then an empty range at the text's end
    /// (framegen's choice; it shows no caret).
    open var selectedTextRange: UITextRange?
    open var markedTextRange: UITextRange? { nil }

    open func position(from position: UITextPosition, offset: Int) -> UITextPosition? {
        TextPositions.position(position, offset: offset, in: text ?? "")
    }

    open func offset(from: UITextPosition, to toPosition: UITextPosition) -> Int {
        toPosition.offset - from.offset
    }

    open func textRange(from fromPosition: UITextPosition, to toPosition: UITextPosition) -> UITextRange? {
        TextPositions.range(from: fromPosition, to: toPosition, in: text ?? "")
    }

    open func text(in range: UITextRange) -> String? { TextPositions.text(in: range, of: text ?? "") }

    open func compare(_ position: UITextPosition, to other: UITextPosition) -> ComparisonResult {
        TextPositions.compare(position, other)
    }

    /// Where the caret stands before `position`: 2 points wide and the font's line height tall,
    /// centred on the text rect as the text is, after the text before it (framegen's reading;
    /// framegen draws no caret).
    open func caretRect(for position: UITextPosition) -> CGRect {
        let font = self.font ?? UIFont.systemFont(ofSize: 17)
        let all = text ?? ""
        let before =
            TextPositions.text(
                in: UITextRange(
                    from: beginningOfDocument,
                    to: UITextPosition(offset: min(max(position.offset, 0), all.utf16.count))), of: all) ?? ""
        let rect = textRect(forBounds: bounds)
        let attributes: [NSAttributedString.Key: Any] = [.font: font]
        let width = (all as NSString).size(withAttributes: attributes).width
        let start: CGFloat
        switch textAlignment {
        case .center: start = rect.midX - width / 2
        case .right: start = rect.maxX - width
        default: start = rect.minX
        }
        let x = start + (before as NSString).size(withAttributes: attributes).width
        return CGRect(x: x, y: rect.midY - font.lineHeight / 2, width: 2, height: font.lineHeight)
    }

    /// The text of `range` on its line, as tall as the caret.
    open func firstRect(for range: UITextRange) -> CGRect {
        let a = caretRect(for: range.start)
        let b = caretRect(for: range.end)
        return CGRect(x: a.minX, y: a.minY, width: max(0, b.minX - a.minX), height: a.height)
    }

    // MARK: Geometry

    /// The border's rectangle: the bounds.
    open func borderRect(forBounds bounds: CGRect) -> CGRect { bounds }

    /// The text's rectangle: the bounds less the border's inset (7 points for a rounded or bezel
    /// border, 2 for a line, 0 without, *chosen*) and the left and right views shown.
    open func textRect(forBounds bounds: CGRect) -> CGRect {
        let inset: CGFloat
        switch borderStyle {
        case .none: inset = 0
        case .line: inset = 2
        case .bezel, .roundedRect: inset = 7
        }
        var r = bounds.insetBy(dx: inset, dy: 0)
        if shown(leftView, leftViewMode) != nil {
            let w = leftViewRect(forBounds: bounds).maxX - r.minX
            if w > 0 {
                r = CGRect(x: r.minX + w, y: r.minY, width: Swift.max(0, r.width - w), height: r.height)
            }
        }
        if shown(rightView, rightViewMode) != nil {
            let w = r.maxX - rightViewRect(forBounds: bounds).minX
            if w > 0 { r.size.width = Swift.max(0, r.width - w) }
        }
        return r
    }

    open func placeholderRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    open func editingRect(forBounds bounds: CGRect) -> CGRect { textRect(forBounds: bounds) }

    open func clearButtonRect(forBounds bounds: CGRect) -> CGRect {
        CGRect(x: bounds.maxX - 24, y: (bounds.height - 19) / 2, width: 19, height: 19)
    }

    /// At the leading edge, centred vertically, at its own size.
    open func leftViewRect(forBounds bounds: CGRect) -> CGRect {
        guard let view = leftView else { return .zero }
        let size = view.bounds.size
        return CGRect(
            x: 0, y: ((bounds.height - size.height) / 2).rounded(), width: size.width, height: size.height)
    }

    /// At the trailing edge, centred vertically, at its own size.
    open func rightViewRect(forBounds bounds: CGRect) -> CGRect {
        guard let view = rightView else { return .zero }
        let size = view.bounds.size
        return CGRect(
            x: bounds.maxX - size.width, y: ((bounds.height - size.height) / 2).rounded(), width: size.width,
            height: size.height)
    }

    /// The text's line height, and the border's insets, at least 30 points high for a rounded
    /// rectangle (*chosen*: Interface Builder's default height is 34).
    open override var intrinsicContentSize: CGSize {
        let line = (font ?? UIFont.systemFont(ofSize: 17)).lineHeight
        let width = label.intrinsicContentSize.width
        let height = borderStyle == .roundedRect ? Swift.max(30, (line + 14).rounded(.up)) : line.rounded(.up)
        return CGSize(width: Swift.max(0, width) + (borderStyle == .none ? 0 : 14), height: height)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        backgroundImageView?.frame = b
        for (view, mode, rect) in [
            (leftView, leftViewMode, leftViewRect(forBounds: b)),
            (rightView, rightViewMode, rightViewRect(forBounds: b)),
        ] {
            guard let view else { continue }
            view.isHidden = shown(view, mode) == nil
            view.frame = rect
        }
        let hasText = !(storedText ?? "").isEmpty
        let area =
            hasText
            ? (isEditing ? editingRect(forBounds: b) : textRect(forBounds: b)) : placeholderRect(forBounds: b)
        let height = Swift.min(area.height, (font ?? UIFont.systemFont(ofSize: 17)).lineHeight.rounded(.up))
        label.frame = CGRect(
            x: area.minX, y: area.minY + ((area.height - height) / 2).rounded(), width: area.width,
            height: height)
        // iOS centres San Francisco's line, of another height, in the same rect: masked there,
        // inside the border.
        let border: CGFloat = borderStyle == .none ? 0 : 1
        label.textMaskArea = area.insetBy(dx: 0, dy: border).offsetBy(
            dx: -label.frame.minX, dy: -label.frame.minY)
    }

    // MARK: Drawing

    private func shown(_ view: UIView?, _ mode: ViewMode) -> UIView? {
        guard let view else { return nil }
        switch mode {
        case .never: return nil
        case .always: return view
        case .whileEditing: return isEditing ? view : nil
        case .unlessEditing: return isEditing ? nil : view
        }
    }

    private func replace(_ old: UIView?, with new: UIView?) {
        old?.removeFromSuperview()
        if let new { addSubview(new) }
        setNeedsLayout()
    }

    private func showContent() {
        let value = storedText ?? ""
        label.font = font
        label.textAlignment = textAlignment
        if value.isEmpty {
            label.text = placeholder
            label.textColor = placeholderColor ?? .placeholderText
        } else {
            label.text = isSecureTextEntry ? String(repeating: "\u{2022}", count: value.count) : value
            label.textColor = textColor ?? .label
        }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }

    /// A rounded rectangle: a one-pixel border of black at 20 % over the field's background,
    /// continuous corners of 5 points, the system background where none is set (measured on
    /// iOS 17's references of a field with a background, LooseMarek/ViewFactory: the edge reads
    /// the background times 0.8 in one pixel row at 3x, and the corners' coverage ramps as a
    /// continuous curve's; its dark appearance is not measured); a line: a 1-point black border;
    /// a bezel: a 1-point `.systemGray` border.
    private func showBorder() {
        let image =
            borderStyle == .roundedRect || background == nil
            ? nil : (!isEnabled ? disabledBackground ?? background : background)
        if let image {
            let view = backgroundImageView ?? UIImageView()
            if backgroundImageView == nil {
                view.isUserInteractionEnabled = false
                view.frame = bounds
                insertSubview(view, at: 0)
                backgroundImageView = view
            }
            view.image = image
            layer.borderWidth = 0
            layer.cornerRadius = 0
            return
        }
        backgroundImageView?.removeFromSuperview()
        backgroundImageView = nil
        switch borderStyle {
        case .none:
            layer.borderWidth = 0
            layer.cornerRadius = 0
        case .line:
            layer.borderWidth = 1
            layer.borderColor = UIColor.black.cgColor
            layer.cornerRadius = 0
        case .bezel:
            layer.borderWidth = 1
            layer.borderColor = UIColor.systemGray.cgColor
            layer.cornerRadius = 0
        case .roundedRect:
            layer.borderWidth = 1 / Swift.max(1, traitCollection.displayScale)
            layer.borderColor = UIColor(white: 0, alpha: 0.2).cgColor
            layer.cornerRadius = 5
            layer.cornerCurve = .continuous
            if backgroundColor == nil { backgroundColor = .systemBackground }
        }
    }
}

/// UITextFieldDelegate; the members iOS marks optional have UIKit's defaults here.
public protocol UITextFieldDelegate: AnyObject {
    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool
    func textFieldDidBeginEditing(_ textField: UITextField)
    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool
    func textFieldDidEndEditing(_ textField: UITextField)
    func textField(
        _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool
    func textFieldDidChangeSelection(_ textField: UITextField)
    func textFieldShouldClear(_ textField: UITextField) -> Bool
    func textFieldShouldReturn(_ textField: UITextField) -> Bool
}

extension UITextFieldDelegate {
    public func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidBeginEditing(_ textField: UITextField) {}
    public func textFieldShouldEndEditing(_ textField: UITextField) -> Bool { true }
    public func textFieldDidEndEditing(_ textField: UITextField) {}
    public func textField(
        _ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String
    ) -> Bool { true }
    public func textFieldDidChangeSelection(_ textField: UITextField) {}
    public func textFieldShouldClear(_ textField: UITextField) -> Bool { true }
    public func textFieldShouldReturn(_ textField: UITextField) -> Bool { true }
}
