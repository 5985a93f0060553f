import Foundation
import FrameGenCoreGraphics

/// A layer that draws its sublayers `instanceCount` times, each copy transformed by one more
/// `instanceTransform` than the one before (about the layer's centre) and its alpha moved by
/// `instanceAlphaOffset`: the dots of a spinner, a row of bars (docs/uikit.md "What is there").
open class CAReplicatorLayer: CALayer {
    open var instanceCount = 1
    open var instanceTransform = CATransform3DIdentity
    /// Kept: framegen draws a tree as it is at one instant, so every copy shows the same moment.
    open var instanceDelay: CFTimeInterval = 0
    open var preservesDepth = false
    /// Multiplies each copy's colours; framegen applies its alpha (with `instanceAlphaOffset`),
    /// and keeps the colour offsets without drawing them.
    open var instanceColor: CGColor? = CGColor.white
    open var instanceRedOffset: Float = 0
    open var instanceGreenOffset: Float = 0
    open var instanceBlueOffset: Float = 0
    open var instanceAlphaOffset: Float = 0

    public override init() { super.init() }

    public override init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAReplicatorLayer else { return }
        instanceCount = other.instanceCount
        instanceTransform = other.instanceTransform
        instanceDelay = other.instanceDelay
        preservesDepth = other.preservesDepth
        instanceColor = other.instanceColor
        instanceRedOffset = other.instanceRedOffset
        instanceGreenOffset = other.instanceGreenOffset
        instanceBlueOffset = other.instanceBlueOffset
        instanceAlphaOffset = other.instanceAlphaOffset
    }

    public required init?(coder: NSCoder) { return nil }

    /// The copies drawn: at most 10,000, so that a count gone wrong cannot exhaust memory.
    package var drawnInstanceCount: Int { min(max(instanceCount, 0), 10_000) }

    /// Copy `index`'s alpha: the instance colour's, moved by the offset per copy, in 0...1.
    package func alpha(ofInstance index: Int) -> Double {
        let base = Double(instanceColor?.alpha ?? 1)
        return min(max(base + Double(instanceAlphaOffset) * Double(index), 0), 1)
    }
}
