import Foundation

/// Where a text view lays its text out: its padding at each line's ends (5 points, as iOS's)
/// and its limits. A text view's `textContainer`.
open class NSTextContainer: NSObject {
    open var size: CGSize
    open var lineFragmentPadding: CGFloat = 5 {
        didSet { changed?() }
    }
    open var maximumNumberOfLines = 0 {
        didSet { changed?() }
    }
    open var lineBreakMode: NSLineBreakMode = .byWordWrapping
    open var widthTracksTextView = true
    open var heightTracksTextView = false

    public init(size: CGSize) {
        self.size = size
        super.init()
    }

    public convenience override init() { self.init(size: .zero) }

    /// Told when a property its text view draws with changes.
    var changed: (() -> Void)?
}

/// A text view's text, as TextKit holds it: an attributed string whose edits change what its text
/// view shows (`UITextView.textStorage`). framegen lays text out without a layout manager, so no
/// `NSLayoutManager` is told of the edits; the text view is.
open class NSTextStorage: NSMutableAttributedString {
    /// Told after each edit, unless the text view itself is writing (`quietly`).
    var edited: (() -> Void)?
    private var quiet = false

    public convenience init() { self.init(string: "") }

    /// `body` without telling the text view: its own text written into the storage.
    func quietly(_ body: () -> Void) {
        quiet = true
        defer { quiet = false }
        body()
    }

    private func tell() { if !quiet { edited?() } }

    open override func replaceCharacters(in range: NSRange, with str: String) {
        super.replaceCharacters(in: range, with: str)
        tell()
    }

    open override func replaceCharacters(in range: NSRange, with attrString: NSAttributedString) {
        super.replaceCharacters(in: range, with: attrString)
        tell()
    }

    open override func setAttributes(_ attrs: [NSAttributedString.Key: Any]?, range: NSRange) {
        super.setAttributes(attrs, range: range)
        tell()
    }

    open override func addAttribute(_ name: NSAttributedString.Key, value: Any, range: NSRange) {
        super.addAttribute(name, value: value, range: range)
        tell()
    }

    open override func addAttributes(_ attrs: [NSAttributedString.Key: Any], range: NSRange) {
        super.addAttributes(attrs, range: range)
        tell()
    }

    open override func removeAttribute(_ name: NSAttributedString.Key, range: NSRange) {
        super.removeAttribute(name, range: range)
        tell()
    }

    open override func setAttributedString(_ attrString: NSAttributedString) {
        super.setAttributedString(attrString)
        tell()
    }

    open override func append(_ attrString: NSAttributedString) {
        super.append(attrString)
        tell()
    }

    open override func insert(_ attrString: NSAttributedString, at loc: Int) {
        super.insert(attrString, at: loc)
        tell()
    }

    open override func deleteCharacters(in range: NSRange) {
        super.deleteCharacters(in: range)
        tell()
    }
}

/// A text view, drawn as at rest: its text wrapped across its width, inset by
/// `textContainerInset` (8 points top and bottom, as iOS's) and the container's line padding.
/// With scrolling off its intrinsic size is its text's height, so that Auto Layout sizes it,
/// as apps use it in self-sizing cells. framegen shows no keyboard, caret or selection; links
/// are drawn in `linkTextAttributes`, data detectors find nothing (docs/uikit.md "Controls").
open class UITextView: UIScrollView {
    private let label = UILabel(frame: .zero)

    open var text: String! {
        get { label.text ?? "" }
        set {
            label.text = newValue
            textChanged()
        }
    }

    open var attributedText: NSAttributedString! {
        get { label.attributedText ?? NSAttributedString(string: label.text ?? "") }
        set {
            label.attributedText = newValue
            textChanged()
        }
    }

    /// The text as TextKit holds it: an edit of it is an edit of the text view's text, as on iOS.
    open var textStorage: NSTextStorage {
        if let madeStorage { return madeStorage }
        let storage = NSTextStorage(attributedString: attributedText)
        storage.edited = { [weak self, unowned storage] in
            guard let self else { return }
            label.attributedText = NSAttributedString(attributedString: storage)
            textChanged(fromStorage: true)
        }
        madeStorage = storage
        return storage
    }
    private var madeStorage: NSTextStorage?

    /// nil draws 12 points, as iOS's text view does with no font set.
    /// `UIContentSizeCategoryAdjusting` (UILabel.swift).
    open var adjustsFontForContentSizeCategory = false
    open var font: UIFont? {
        didSet {
            label.font = font ?? UIFont.systemFont(ofSize: 12)
            textChanged()
        }
    }
    open var textColor: UIColor? {
        didSet { label.textColor = textColor ?? .label }
    }
    open var textAlignment: NSTextAlignment = .natural {
        didSet { label.textAlignment = textAlignment }
    }
    open var textContainerInset = UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0) {
        didSet { textChanged() }
    }
    /// The container given to `init(frame:textContainer:)`, or one of its own: its padding and
    /// line limit are the ones the text is laid out with.
    public let textContainer: NSTextContainer
    open var isEditable = true
    open var isSelectable = true
    open var dataDetectorTypes: UInt = 0
    /// The attributes links (`.link` ranges) are drawn with; nil: the view's tint colour, as
    /// on iOS.
    open var linkTextAttributes: [NSAttributedString.Key: Any]?
    open var typingAttributes: [NSAttributedString.Key: Any] = [:]
    open var allowsEditingTextAttributes = false
    open var selectedRange = NSRange(location: 0, length: 0)
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
    open var clearsOnInsertion = false
    open weak var delegate: UITextViewDelegate?

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
    /// Kept: a text view draws its text whatever this says (a secure field's dots are a text
    /// field's).
    open var isSecureTextEntry = false
    open var textContentType: UITextContentType?

    /// Off, the intrinsic height is the text's.
    open override var isScrollEnabled: Bool {
        didSet { invalidateIntrinsicContentSize() }
    }

    /// UIKit's designated initialiser (NS_DESIGNATED_INITIALIZER): an app's subclass overrides
    /// it and calls it as `super.init`, and `init(frame:)` is a convenience one that passes nil.
    public init(frame: CGRect, textContainer: NSTextContainer?) {
        self.textContainer = textContainer ?? NSTextContainer()
        super.init(frame: frame)
        setUpTextView()
    }

    private func setUpTextView() {
        label.numberOfLines = self.textContainer.maximumNumberOfLines
        label.lineBreakMode = .byWordWrapping
        label.font = UIFont.systemFont(ofSize: 12)
        label.textColor = .label
        label.isUserInteractionEnabled = false
        label.linkAttributes = { [weak self] in
            guard let self else { return nil }
            return self.linkTextAttributes ?? [.foregroundColor: self.tintColor as Any]
        }
        addSubview(label)
        backgroundColor = .systemBackground
        self.textContainer.changed = { [weak self] in
            guard let self else { return }
            label.numberOfLines = self.textContainer.maximumNumberOfLines
            textChanged()
        }
    }

    public override convenience init(frame: CGRect) { self.init(frame: frame, textContainer: nil) }

    /// From a storyboard or nib, read after its own setup (docs/uikit.md, "Storyboards and nibs").
    public required init?(coder: NSCoder) {
        textContainer = NSTextContainer()
        super.init(coder: coder)
        setUpTextView()
        InterfaceBuilder.decode(self, coder: coder, at: UITextView.self)
    }

    /// The outlets a storyboard or nib connects to it (docs/uikit.md, "Storyboards and nibs").
    open override func setValue(_ value: Any?, forKey key: String) {
        switch key {
        case "delegate": delegate = value as? UITextViewDelegate
        default: super.setValue(value, forKey: key)
        }
    }

    open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }

    @discardableResult
    open override func becomeFirstResponder() -> Bool {
        guard isEditable, delegate?.textViewShouldBeginEditing(self) ?? true, super.becomeFirstResponder()
        else { return false }
        delegate?.textViewDidBeginEditing(self)
        return true
    }

    @discardableResult
    open override func resignFirstResponder() -> Bool {
        guard isFirstResponder, delegate?.textViewShouldEndEditing(self) ?? true, super.resignFirstResponder()
        else { return false }
        delegate?.textViewDidEndEditing(self)
        return true
    }

    open func scrollRangeToVisible(_ range: NSRange) {}

    /// The text's width inside the insets and the line padding at `width`.
    private func textWidth(at width: CGFloat) -> CGFloat {
        Swift.max(
            0,
            width - textContainerInset.left - textContainerInset.right - 2 * textContainer.lineFragmentPadding
        )
    }

    /// The text's height at `width` plus the insets, rounded up to the screen's pixels as a
    /// label's size is (thumbprint-ios's alert banner on iOS 17 at 3x: two 14-point lines
    /// without insets make a text view 33.67 points tall, not 34).
    private func fittingHeight(width: CGFloat) -> CGFloat {
        label.preferredMaxLayoutWidth = textWidth(at: width)
        let text = (label.text ?? "").isEmpty ? 0 : label.intrinsicContentSize.height
        let line = text > 0 ? text : (font ?? UIFont.systemFont(ofSize: 12)).lineHeight
        // A hair under a pixel is that pixel: the label's height is already on the pixel grid.
        let scale = Swift.max(1, UIScreen.main.scale)
        return ((line + textContainerInset.top + textContainerInset.bottom) * scale - 1e-6).rounded(.up)
            / scale
    }

    open override var intrinsicContentSize: CGSize {
        guard !isScrollEnabled, bounds.width > 0 else {
            return CGSize(width: UIView.noIntrinsicMetric, height: UIView.noIntrinsicMetric)
        }
        return CGSize(width: UIView.noIntrinsicMetric, height: fittingHeight(width: bounds.width))
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width, height: fittingHeight(width: size.width))
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let b = bounds
        let fitted = fittingHeight(width: b.width)
        label.frame = CGRect(
            x: textContainerInset.left + textContainer.lineFragmentPadding, y: textContainerInset.top,
            width: textWidth(at: b.width), height: fitted - textContainerInset.top - textContainerInset.bottom
        )
        contentSize = CGSize(width: b.width, height: fitted)
        if !isScrollEnabled, b.width != laidOutWidth {
            laidOutWidth = b.width
            invalidateIntrinsicContentSize()
        }
    }

    /// The width its intrinsic height was last given for.
    private var laidOutWidth: CGFloat = 0

    /// (The delegate hears of the user's edits only, as on iOS: not of code setting the text.)
    private func textChanged(fromStorage: Bool = false) {
        if !fromStorage, let madeStorage {
            let text: NSAttributedString = attributedText ?? NSAttributedString(string: "")
            madeStorage.quietly { madeStorage.setAttributedString(text) }
        }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
    }
}

/// UITextViewDelegate; the members iOS marks optional have UIKit's defaults here.
public protocol UITextViewDelegate: UIScrollViewDelegate {
    func textViewShouldBeginEditing(_ textView: UITextView) -> Bool
    func textViewShouldEndEditing(_ textView: UITextView) -> Bool
    func textViewDidBeginEditing(_ textView: UITextView)
    func textViewDidEndEditing(_ textView: UITextView)
    func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String)
        -> Bool
    func textViewDidChange(_ textView: UITextView)
    func textViewDidChangeSelection(_ textView: UITextView)
    /// Asked when a link in the text is tapped or held (iOS 10, deprecated in 17): framegen
    /// delivers no touch to a text view's text, so it is not asked.
    func textView(
        _ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange,
        interaction: UITextItemInteraction
    ) -> Bool
}

/// How a link or attachment in a text view was touched (iOS 10).
public enum UITextItemInteraction: Int, Sendable {
    case invokeDefaultAction = 0
    case presentActions = 1
    case preview = 2
}

extension UITextViewDelegate {
    public func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { true }
    public func textViewShouldEndEditing(_ textView: UITextView) -> Bool { true }
    public func textViewDidBeginEditing(_ textView: UITextView) {}
    public func textViewDidEndEditing(_ textView: UITextView) {}
    public func textView(
        _ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String
    )
        -> Bool
    { true }
    public func textViewDidChange(_ textView: UITextView) {}
    public func textViewDidChangeSelection(_ textView: UITextView) {}
    public func textView(
        _ textView: UITextView, shouldInteractWith URL: URL, in characterRange: NSRange,
        interaction: UITextItemInteraction
    ) -> Bool { true }
}
