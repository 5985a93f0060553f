import FrameGenCommands
import FrameGenLayout
import FrameGenScene
import FrameGenUIKit
import FrameGenUIKitHost

/// framegen's whole command line (render, attributes, golden, bench, sheet, showcase...) with a
/// program's own UIKit layouts: a package of one's own calls it from its `main.swift` with its
/// layouts and cells, which its scenes then name (`layout: {type: cards}`) as they name the
/// built-in ones (docs/uikit.md). The stock `framegen`, which has none, is `FrameGenCommands`'
/// alone, without the UIKit surface.
public enum FrameGenCommandLine {
    /// Parses the process's arguments, runs the command and exits with its status
    /// (docs/formats.md §3); never returns.
    ///
    /// - Parameters:
    ///   - layouts: UIKit layouts by the name scenes give them; each factory makes the layout for
    ///     a new collection view and may set the view's delegate.
    ///   - cells: cell classes by the name scenes give them (`layout: {type: wheel, cell:
    ///     wheel-cell}`), each a factory (`{ WheelCell(frame: $0) }`, docs/uikit.md "Cells");
    ///     every layout of `layouts` can draw its items with them.
    ///   - collectionViews: collection view subclasses of the program's, by the name of the
    ///     layout whose view each makes (`["gemini": { GeminiCollectionView(frame: $0,
    ///     collectionViewLayout: $1) }]`, docs/uikit.md "Your own collection view"); a layout
    ///     without one gets a plain `UICollectionView`.
    ///   - descriptors: layouts written against framegen's own `CollectionViewLayout` protocol.
    public static func main(
        layouts: [String: UIKitLayout.Factory] = [:], cells: [String: UICollectionViewCellFactory] = [:],
        collectionViews: [String: UIKitLayout.CollectionViewFactory] = [:],
        descriptors: [LayoutDescriptor] = []
    ) -> Never {
        let uikit: [LayoutDescriptor]
        do {
            uikit = try UIKitLayout.descriptors(
                layouts: layouts, cells: cells, collectionViews: collectionViews)
        } catch {
            FrameGenCommands.fail(.badInput(nil, error.message))
        }
        FrameGenCommands.main(descriptors: uikit + descriptors, runsUserCode: !layouts.isEmpty)
    }

    /// `main` for cell factories kept in a dictionary whose values make one class
    /// (`[String: (CGRect) -> UICollectionViewCell]`): `UICollectionViewCellFactories` says why.
    public static func main<View: UICollectionReusableView>(
        layouts: [String: UIKitLayout.Factory] = [:], cells: [String: (CGRect) -> View],
        collectionViews: [String: UIKitLayout.CollectionViewFactory] = [:],
        descriptors: [LayoutDescriptor] = []
    ) -> Never {
        main(
            layouts: layouts, cells: UICollectionViewCellFactories.wrapping(cells),
            collectionViews: collectionViews,
            descriptors: descriptors)
    }

    public static func main<View: UICollectionReusableView>(
        layouts: [String: UIKitLayout.Factory] = [:], cells: [String: @Sendable (CGRect) -> View],
        collectionViews: [String: UIKitLayout.CollectionViewFactory] = [:],
        descriptors: [LayoutDescriptor] = []
    ) -> Never {
        main(
            layouts: layouts, cells: UICollectionViewCellFactories.wrapping(cells),
            collectionViews: collectionViews,
            descriptors: descriptors)
    }
}
