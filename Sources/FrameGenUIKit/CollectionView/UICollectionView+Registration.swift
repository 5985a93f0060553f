import Foundation

// iOS 14's cell and supplementary registrations: a class and the code that configures its views,
// dequeued by the registration instead of by a reuse identifier. framegen makes the class's
// views through the factory the program registered for it (`cells:`, docs/uikit.md "Cells").

extension UICollectionView {
    public struct CellRegistration<Cell: UICollectionViewCell, Item> {
        public typealias Handler = (_ cell: Cell, _ indexPath: IndexPath, _ itemIdentifier: Item) -> Void

        package let handler: Handler
        /// The reuse identifier: unique while the registration lives (its token's address).
        package let identifier: String
        private let token = RegistrationToken()

        public init(handler: @escaping Handler) {
            self.handler = handler
            identifier = token.identifier("cell")
        }
    }

    public struct SupplementaryRegistration<Supplementary: UICollectionReusableView> {
        public typealias Handler = (
            _ supplementaryView: Supplementary, _ elementKind: String, _ indexPath: IndexPath
        ) -> Void

        public let elementKind: String
        package let handler: Handler
        package let identifier: String
        private let token = RegistrationToken()

        public init(elementKind: String, handler: @escaping Handler) {
            self.elementKind = elementKind
            self.handler = handler
            identifier = token.identifier("supplementary")
        }
    }

    /// A cell of the registration's class for `indexPath`, configured by its handler with `item`
    /// (not called when `item` is nil).
    public func dequeueConfiguredReusableCell<Cell, Item>(
        using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?
    ) -> Cell {
        if cells.identifiers[registration.identifier] == nil {
            register(Cell.self, forCellWithReuseIdentifier: registration.identifier)
        }
        let view = dequeueReusableCell(withReuseIdentifier: registration.identifier, for: indexPath)
        guard let cell = view as? Cell else { Self.noFactory(for: Cell.self, "CellRegistration") }
        if let item { registration.handler(cell, indexPath, item) }
        return cell
    }

    public func dequeueConfiguredReusableSupplementary<Supplementary>(
        using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath
    ) -> Supplementary {
        let kind = registration.elementKind
        if cells.viewIdentifiers[kind]?[registration.identifier] == nil {
            register(
                Supplementary.self, forSupplementaryViewOfKind: kind,
                withReuseIdentifier: registration.identifier)
        }
        let view = dequeueReusableSupplementaryView(
            ofKind: kind, withReuseIdentifier: registration.identifier, for: indexPath)
        guard let typed = view as? Supplementary else {
            Self.noFactory(for: Supplementary.self, "SupplementaryRegistration")
        }
        registration.handler(typed, kind, indexPath)
        return typed
    }

    /// Swift makes a class chosen at run time only through a `required` initialiser, which
    /// UIKit's views do not have: without the program's factory there is no way to make one.
    private static func noFactory(for viewClass: AnyClass, _ registration: String) -> Never {
        fatalError(
            "\(registration) of \(viewClass): this program has no factory for \(viewClass); framegen makes views through factories: register one, e.g. cells: [\"name\": { \(viewClass)(frame: $0) }] (docs/uikit.md \"Cells\")"
        )
    }
}

/// Gives a registration a reuse identifier of its own for as long as it lives.
private final class RegistrationToken: Sendable {
    func identifier(_ kind: String) -> String {
        "framegen.\(kind)-registration.\(UInt(bitPattern: ObjectIdentifier(self).hashValue))"
    }
}
