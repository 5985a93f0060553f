/// A table's reusable views of one kind (cells, or headers and footers), by reuse identifier:
/// how to make each identifier's views, why an identifier's registered class or nib cannot be
/// made, and the views that left the screen, oldest first.
struct TableReusePool<View: TableReusableView> {
    private var makers: [String: (String) -> View] = [:]
    /// What framegen cannot make for an identifier a class or nib was registered for.
    private var unmakeable: [String: String] = [:]
    private var queues: [String: [View]] = [:]

    /// `identifier`'s views are made by `maker`, or, with none, cannot be made for `why` (nil:
    /// nothing is registered).
    mutating func register(
        _ maker: ((String) -> View)?, unmakeable why: String? = nil, for identifier: String
    ) {
        makers[identifier] = maker
        unmakeable[identifier] = why
    }

    enum Dequeued {
        /// A waiting view (after its `prepareForReuse()`) or a new one.
        case view(View)
        /// Registered as something framegen cannot make: why.
        case unmakeable(String)
        case unregistered
    }

    mutating func dequeue(_ identifier: String) -> Dequeued {
        if var queue = queues[identifier], !queue.isEmpty {
            let view = queue.removeFirst()
            queues[identifier] = queue
            view.prepareForReuse()
            return .view(view)
        }
        if let maker = makers[identifier] {
            let view = maker(identifier)
            view.reuseIdentifier = identifier
            return .view(view)
        }
        return unmakeable[identifier].map(Dequeued.unmakeable) ?? .unregistered
    }

    /// Waits under its reuse identifier; a view without one is dropped.
    mutating func enqueue(_ view: View) {
        guard let identifier = view.reuseIdentifier else { return }
        queues[identifier, default: []].append(view)
    }
}

/// What a table reuses: cells, headers and footers.
protocol TableReusableView: UIView {
    var reuseIdentifier: String? { get set }
    func prepareForReuse()
}

extension UITableViewCell: TableReusableView {}
extension UITableViewHeaderFooterView: TableReusableView {}
