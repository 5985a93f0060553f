import Foundation
import FrameGenCoreGraphics
import FrameGenUIKit
import SnapshotTesting

// swift-snapshot-testing's text strategy for a view hierarchy, which it compiles only for iOS
// and tvOS: the view put on screen as its image strategies put it, then UIKit's
// `recursiveDescription` of it (a line a view, each view's `description`), with the pointers
// taken out as the library takes them out, so that a reference recorded on iOS compares frames.

extension Snapshotting where Value == UIView, Format == String {
    /// A snapshot strategy for comparing views based on a recursive description of their
    /// properties and hierarchies.
    public static var recursiveDescription: Snapshotting { .recursiveDescription() }

    /// A snapshot strategy for comparing views based on a recursive description of their
    /// properties and hierarchies.
    ///
    /// - Parameters:
    ///   - size: A view size override.
    ///   - traits: A trait collection override.
    public static func recursiveDescription(size: CGSize? = nil, traits: UITraitCollection = .init())
        -> Snapshotting
    {
        SimplySnapshotting.lines.pullback { view in
            SnapshotHost.hosting(
                view, in: nil,
                config: ViewImageConfig(safeArea: .zero, size: size ?? view.frame.size, traits: traits),
                traits: .init()
            ) { _ in RecursiveDescription.purgingPointers(view.recursiveDescription) }
        }
    }
}

extension Snapshotting where Value == UIViewController, Format == String {
    /// A snapshot strategy for comparing view controller views based on a recursive description
    /// of their properties and hierarchies.
    public static var recursiveDescription: Snapshotting { .recursiveDescription() }

    /// The controller's view on a device (`ViewImageConfig`), laid out as `.image(on:)` lays it
    /// out, described.
    ///
    /// - Parameters:
    ///   - config: A set of device configuration settings.
    ///   - size: A view size override.
    ///   - traits: A trait collection override.
    public static func recursiveDescription(
        on config: ViewImageConfig = .init(), size: CGSize? = nil, traits: UITraitCollection = .init()
    ) -> Snapshotting {
        SimplySnapshotting.lines.pullback { controller in
            SnapshotHost.hosting(
                controller.view, in: controller,
                config: ViewImageConfig(
                    safeArea: config.safeArea, size: size ?? config.size, traits: config.traits),
                traits: traits
            ) { _ in RecursiveDescription.purgingPointers(controller.view.recursiveDescription) }
        }
    }
}

enum RecursiveDescription {
    /// The library's `purgePointers`: every `0x…` address, with a colon and spaces before it, out.
    static func purgingPointers(_ text: String) -> String {
        text.replacingOccurrences(of: ":?\\s*0x[\\da-f]+(\\s*)", with: "$1", options: .regularExpression)
    }
}
