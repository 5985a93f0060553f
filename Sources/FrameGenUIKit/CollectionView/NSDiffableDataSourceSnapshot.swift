import Foundation

/// NSDiffableDataSourceSnapshot: sections of items, each named by an identifier of the app's,
/// in order. A value, as on iOS. The operations that iOS refuses with an exception (an item or
/// section identifier twice, appending items with no section, naming one the snapshot lacks)
/// stop the program with the same complaint, which framegen reports as the layout's crash.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    private var sections: [(id: SectionIdentifierType, items: [ItemIdentifierType])] = []
    private var sectionIndex: [SectionIdentifierType: Int] = [:]
    private var itemSection: [ItemIdentifierType: SectionIdentifierType] = [:]

    public private(set) var reloadedSectionIdentifiers: [SectionIdentifierType] = []
    public private(set) var reloadedItemIdentifiers: [ItemIdentifierType] = []
    public private(set) var reconfiguredItemIdentifiers: [ItemIdentifierType] = []

    public init() {}

    // MARK: What it holds

    public var numberOfSections: Int { sections.count }
    public var numberOfItems: Int { itemSection.count }
    public var sectionIdentifiers: [SectionIdentifierType] { sections.map(\.id) }
    public var itemIdentifiers: [ItemIdentifierType] { sections.flatMap(\.items) }

    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        items(of: identifier, "numberOfItems(inSection:)").count
    }

    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        items(of: identifier, "itemIdentifiers(inSection:)")
    }

    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        itemSection[identifier]
    }

    /// The item's index among all items of the snapshot, as iOS counts it.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        itemIdentifiers.firstIndex(of: identifier)
    }

    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { sectionIndex[identifier] }

    /// The item at `indexPath`, nil past the snapshot's sections or items.
    package func item(at indexPath: IndexPath) -> ItemIdentifierType? {
        guard indexPath.count == 2, sections.indices.contains(indexPath.section) else { return nil }
        let items = sections[indexPath.section].items
        return items.indices.contains(indexPath.item) ? items[indexPath.item] : nil
    }

    package func indexPath(of identifier: ItemIdentifierType) -> IndexPath? {
        guard let section = itemSection[identifier], let s = sectionIndex[section],
            let i = sections[s].items.firstIndex(of: identifier)
        else { return nil }
        return IndexPath(item: i, section: s)
    }

    /// The number of items of each section, in order.
    var itemCounts: [Int] { sections.map(\.items.count) }

    // MARK: Items

    /// Appends to `sectionIdentifier`, or to the last section when nil.
    public mutating func appendItems(
        _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil
    ) {
        guard let section = sectionIdentifier ?? sections.last?.id else {
            Self.refuse("appendItems(_:toSection:): there are no sections to append items to")
        }
        let s = index(of: section, "appendItems(_:toSection:)")
        add(identifiers, to: section)
        sections[s].items += identifiers
    }

    public mutating func insertItems(
        _ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType
    ) {
        insert(identifiers, at: beforeIdentifier, after: false, "insertItems(_:beforeItem:)")
    }

    public mutating func insertItems(
        _ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType
    ) {
        insert(identifiers, at: afterIdentifier, after: true, "insertItems(_:afterItem:)")
    }

    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        let gone = Set(identifiers)
        for s in sections.indices { sections[s].items.removeAll { gone.contains($0) } }
        for identifier in identifiers { itemSection[identifier] = nil }
    }

    public mutating func deleteAllItems() {
        sections = []
        sectionIndex = [:]
        itemSection = [:]
    }

    public mutating func moveItem(
        _ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType
    ) {
        move(identifier, to: toIdentifier, after: false, "moveItem(_:beforeItem:)")
    }

    public mutating func moveItem(
        _ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType
    ) {
        move(identifier, to: toIdentifier, after: true, "moveItem(_:afterItem:)")
    }

    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        for identifier in identifiers { _ = place(of: identifier, "reloadItems(_:)") }
        reloadedItemIdentifiers += identifiers
    }

    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        for identifier in identifiers { _ = place(of: identifier, "reconfigureItems(_:)") }
        reconfiguredItemIdentifiers += identifiers
    }

    // MARK: Sections

    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        insert(sections: identifiers, at: sections.count, "appendSections(_:)")
    }

    public mutating func insertSections(
        _ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType
    ) {
        insert(
            sections: identifiers, at: index(of: toIdentifier, "insertSections(_:beforeSection:)"),
            "insertSections(_:beforeSection:)")
    }

    public mutating func insertSections(
        _ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType
    ) {
        insert(
            sections: identifiers, at: index(of: toIdentifier, "insertSections(_:afterSection:)") + 1,
            "insertSections(_:afterSection:)")
    }

    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        let gone = Set(identifiers)
        for section in sections where gone.contains(section.id) {
            for item in section.items { itemSection[item] = nil }
        }
        sections.removeAll { gone.contains($0.id) }
        reindexSections()
    }

    public mutating func moveSection(
        _ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType
    ) {
        moveSection(identifier, to: toIdentifier, after: false, "moveSection(_:beforeSection:)")
    }

    public mutating func moveSection(
        _ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType
    ) {
        moveSection(identifier, to: toIdentifier, after: true, "moveSection(_:afterSection:)")
    }

    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers { _ = index(of: identifier, "reloadSections(_:)") }
        reloadedSectionIdentifiers += identifiers
    }

    // MARK: Checks and bookkeeping

    private static func refuse(_ problem: String) -> Never {
        fatalError("NSDiffableDataSourceSnapshot." + problem)
    }

    private func index(of section: SectionIdentifierType, _ call: String) -> Int {
        guard let s = sectionIndex[section] else {
            Self.refuse("\(call): no section \(section) in the snapshot")
        }
        return s
    }

    private func items(of section: SectionIdentifierType, _ call: String) -> [ItemIdentifierType] {
        sections[index(of: section, call)].items
    }

    private func place(of item: ItemIdentifierType, _ call: String) -> (section: Int, item: Int) {
        guard let path = indexPath(of: item) else { Self.refuse("\(call): no item \(item) in the snapshot") }
        return (path.section, path.item)
    }

    private mutating func add(_ identifiers: [ItemIdentifierType], to section: SectionIdentifierType) {
        for identifier in identifiers {
            guard itemSection[identifier] == nil else {
                Self.refuse(
                    "the item identifier \(identifier) is already in the snapshot; identifiers must be unique"
                )
            }
            itemSection[identifier] = section
        }
    }

    private mutating func insert(
        _ identifiers: [ItemIdentifierType], at anchor: ItemIdentifierType, after: Bool, _ call: String
    ) {
        let at = place(of: anchor, call)
        add(identifiers, to: sections[at.section].id)
        sections[at.section].items.insert(contentsOf: identifiers, at: at.item + (after ? 1 : 0))
    }

    private mutating func move(
        _ identifier: ItemIdentifierType, to anchor: ItemIdentifierType, after: Bool, _ call: String
    ) {
        let from = place(of: identifier, call)
        sections[from.section].items.remove(at: from.item)
        itemSection[identifier] = nil
        insert([identifier], at: anchor, after: after, call)
    }

    private mutating func insert(sections identifiers: [SectionIdentifierType], at index: Int, _ call: String)
    {
        for identifier in identifiers
        where sectionIndex[identifier] != nil || identifiers.filter({ $0 == identifier }).count > 1 {
            Self.refuse(
                "\(call): the section identifier \(identifier) is already in the snapshot; identifiers must be unique"
            )
        }
        sections.insert(contentsOf: identifiers.map { ($0, []) }, at: index)
        reindexSections()
    }

    private mutating func moveSection(
        _ identifier: SectionIdentifierType, to anchor: SectionIdentifierType, after: Bool, _ call: String
    ) {
        let section = sections.remove(at: index(of: identifier, call))
        reindexSections()
        sections.insert(section, at: index(of: anchor, call) + (after ? 1 : 0))
        reindexSections()
    }

    private mutating func reindexSections() {
        sectionIndex = Dictionary(uniqueKeysWithValues: sections.enumerated().map { ($1.id, $0) })
    }
}

extension NSDiffableDataSourceSnapshot: Sendable
where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}
