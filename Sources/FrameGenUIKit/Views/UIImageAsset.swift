import Foundation

/// The images of one picture for several traits (light and dark, 2x and 3x), as UIKit keeps
/// them: an image view shows the one its traits call for, and shows it again when they change
/// (docs/uikit.md "Asset catalogs"). Every image has one (`imageAsset`), holding the image
/// itself for traits nothing else matches.
open class UIImageAsset: NSObject, @unchecked Sendable {
    private let lock = NSLock()
    private var registered: [(traits: UITraitCollection, image: UIImage)] = []
    /// The image the asset belongs to; weak, since that image holds its asset.
    private weak var owner: UIImage?

    public override init() { super.init() }

    init(owner: UIImage) {
        self.owner = owner
        super.init()
    }

    /// The registered image whose traits `traitCollection` contains, the one specifying the most
    /// of them; else the asset's own image.
    open func image(with traitCollection: UITraitCollection) -> UIImage {
        lock.lock()
        let candidates = registered
        lock.unlock()
        let best = candidates.filter { traitCollection.containsTraits(in: $0.traits) }
            .max { $0.traits.specifiedTraitCount < $1.traits.specifiedTraitCount }
        return best?.image ?? owner ?? candidates.first?.image ?? UIImage()
    }

    /// Registers `image` for `traitCollection`, replacing one registered for equal traits.
    open func register(_ image: UIImage, with traitCollection: UITraitCollection) {
        lock.lock()
        registered.removeAll { $0.traits.isEqual(traitCollection) }
        registered.append((traitCollection, image))
        lock.unlock()
    }

    open func unregisterImage(with traitCollection: UITraitCollection) {
        lock.lock()
        registered.removeAll { $0.traits.isEqual(traitCollection) }
        lock.unlock()
    }

    /// Registers in `other` what is registered here: a copy of an image keeps its variants.
    func copyRegistrations(to other: UIImageAsset?) {
        lock.lock()
        let all = registered
        lock.unlock()
        for (traits, image) in all { other?.register(image, with: traits) }
    }

    /// Whether anything was registered: only then can traits change what is shown.
    var hasVariants: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !registered.isEmpty
    }
}
