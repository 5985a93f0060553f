import Foundation
import FrameGenCoreGraphics
import FrameGenQuartzCore
import FrameGenUIKit
import FrameGenUIKitRendering
import TestTiers
import Testing

/// An app's own animation class: the copy a layer keeps is of it too.
private final class Pulse: CABasicAnimation {}

private final class Stops: CAAnimationDelegate {
    var stopped = 0
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stopped += 1 }
}

/// Explicit animations as app code makes them compile, are kept on the layer as Core Animation
/// keeps them (a copy, by key), and the layer draws its model values, as `render(in:)` does.
@Suite struct CAAnimationTests {
    @Test func anAddedAnimationIsACopyKeptByKeyAndTheModelIsDrawn() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.backgroundColor = .red
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 2
        fade.repeatCount = .infinity
        fade.fillMode = .forwards
        fade.isRemovedOnCompletion = false
        let delegate = Stops()
        fade.delegate = delegate
        view.layer.add(fade, forKey: "fade")
        fade.duration = 9
        let kept = view.layer.animation(forKey: "fade") as? CABasicAnimation
        expect(kept !== fade)
        expect(kept?.keyPath == "opacity" && kept?.duration == 2 && kept?.toValue as? Int == 1)
        expect(
            kept?.repeatCount == .infinity && kept?.fillMode == .forwards
                && kept?.isRemovedOnCompletion == false)
        expect(view.layer.animationKeys() == ["fade"])
        // Another of the same key replaces it.
        let spin = CAKeyframeAnimation(keyPath: "transform.rotation.z")
        spin.values = [0, Double.pi, 2 * Double.pi]
        spin.keyTimes = [0, 0.5, 1]
        spin.calculationMode = .paced
        view.layer.add(spin, forKey: "fade")
        expect(view.layer.animationKeys() == ["fade"])
        expect((view.layer.animation(forKey: "fade") as? CAKeyframeAnimation)?.values?.count == 3)
        // The model is drawn: red at full opacity, not the animation's first value.
        let image = UIGraphicsImageRenderer(
            bounds: view.bounds,
            format: UIGraphicsImageRendererFormat(for: UITraitCollection(displayScale: 1))
        ).image { view.layer.render(in: $0.cgContext) }
        expect(ImageRendererTests.pixel(image, 5, 5) == [255, 0, 0, 255])
        view.layer.removeAnimation(forKey: "fade")
        expect(view.layer.animationKeys() == nil && view.layer.animation(forKey: "fade") == nil)
        let pulse = Pulse(keyPath: "transform.scale")
        pulse.toValue = 1.2
        view.layer.add(pulse, forKey: "pulse")
        let keptPulse = view.layer.animation(forKey: "pulse")
        expect(keptPulse is Pulse && keptPulse !== pulse && (keptPulse as? Pulse)?.toValue as? Double == 1.2)
        view.layer.add(CAAnimationGroup(), forKey: "group")
        view.layer.add(CATransition(), forKey: nil)
        view.layer.removeAllAnimations()
        expect(view.layer.animationKeys() == nil)
        // Nothing is played, so the delegate hears nothing.
        expect(delegate.stopped == 0)
    }

    @Test func aSpringsParametersFollowItsPerceptualForm() {
        let spring = CASpringAnimation(perceptualDuration: 0.5, bounce: 0)
        // A critically damped unit mass: stiffness (2π / 0.5)², damping 2√stiffness.
        expect(abs(spring.stiffness - pow(4 * .pi, 2)) < 1e-9)
        expect(abs(spring.damping - 8 * .pi) < 1e-9)
        expect(abs(spring.perceptualDuration - 0.5) < 1e-9 && abs(spring.bounce) < 1e-9)
        let bouncy = CASpringAnimation(perceptualDuration: 1, bounce: 0.3)
        expect(abs(bouncy.bounce - 0.3) < 1e-9)
        // The defaults (mass 1, stiffness 100, damping 10): ζ 0.5, ω 10, within 0.1 % after
        // ln(1000) / 5 seconds.
        expect(abs(CASpringAnimation().settlingDuration - log(1000) / 5) < 1e-9)
    }

    @Test func aLayersTimeFollowsItsSpeedBeginTimeAndOffset() {
        let parent = CALayer()
        let child = CALayer()
        parent.addSublayer(child)
        parent.beginTime = 1
        parent.speed = 2
        expect(child.convertTime(4, from: nil) == 6)
        expect(child.convertTime(6, to: nil) == 4)
        // A paused layer reads its offset at any time, the way apps pause a layer's animations.
        child.speed = 0
        child.timeOffset = 3.5
        expect(child.convertTime(100, from: nil) == 3.5)
        expect(child.convertTime(7, from: parent) == 3.5)
    }
}

/// An emitter as a confetti or snow view makes one: it compiles, keeps its settings with Core
/// Animation's defaults, and draws its own background and no particles, as `render(in:)` does.
@Test func anEmitterKeepsItsCellsAndDrawsNoParticles() {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
    let emitter = CAEmitterLayer()
    expect(emitter.birthRate == 1 && emitter.emitterShape == .point && emitter.emitterMode == .volume)
    emitter.frame = view.bounds
    emitter.backgroundColor = UIColor.blue.cgColor
    emitter.emitterPosition = CGPoint(x: 10, y: 0)
    emitter.emitterShape = .line
    emitter.emitterSize = CGSize(width: 20, height: 1)
    let cell = CAEmitterCell()
    expect(cell.birthRate == 0 && cell.scale == 1 && cell.isEnabled)
    cell.birthRate = 50
    cell.lifetime = 4
    cell.velocity = 120
    cell.emissionRange = .pi / 4
    cell.contents = UIImage(systemName: "star.fill")?.cgImage
    cell.color = UIColor.yellow.cgColor
    emitter.emitterCells = [cell]
    view.layer.addSublayer(emitter)
    expect(emitter.emitterCells?.first?.velocity == 120)
    let image = UIGraphicsImageRenderer(
        bounds: view.bounds, format: UIGraphicsImageRendererFormat(for: UITraitCollection(displayScale: 1))
    ).image { view.layer.render(in: $0.cgContext) }
    expect(ImageRendererTests.pixel(image, 10, 1) == [0, 0, 255, 255])
}
