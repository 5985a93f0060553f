import UIKit

import struct FrameGenLayout.LayoutDescriptor

/// A contacts list as an iOS app writes one: a plain `UITableViewController` with a section per
/// initial (its header pins while the section scrolls), subtitle cells with a disclosure
/// indicator, deletion through `tableView(_:commit:forRowAt:)` and a check mark on the contact
/// tapped. framegen shows it in a scene (scenes/contacts.yaml) through
/// `UIKitLayout.tableDescriptor(type:controller:)`.
public final class ContactsViewController: UITableViewController {
    private var sections: [(initial: String, people: [(name: String, phone: String)])] = [
        ("A", [("Ada Lovelace", "+44 20 7946 0018"), ("Alan Turing", "+44 20 7946 0912")]),
        ("B", [("Barbara Liskov", "+1 617 555 0143"), ("Bjarne Stroustrup", "+45 89 42 31 00")]),
        (
            "G",
            [
                ("Grace Hopper", "+1 202 555 0187"), ("Guido van Rossum", "+31 20 555 0172"),
                ("Gordon Moore", "+1 408 555 0110"),
            ]
        ),
        ("K", [("Katherine Johnson", "+1 757 555 0163"), ("Ken Thompson", "+1 908 555 0121")]),
        ("L", [("Linus Torvalds", "+1 503 555 0199"), ("Leslie Lamport", "+1 650 555 0134")]),
        ("M", [("Margaret Hamilton", "+1 617 555 0151"), ("Marvin Minsky", "+1 617 555 0176")]),
        ("T", [("Tim Berners-Lee", "+44 20 7946 0345"), ("Tony Hoare", "+44 1865 555 013")]),
    ]
    private var chosen: IndexPath?

    public override func viewDidLoad() {
        super.viewDidLoad()
        tableView.rowHeight = 60
        tableView.register(
            { ContactCell(style: .subtitle, reuseIdentifier: $0) }, forCellReuseIdentifier: "contact")
    }

    public override func numberOfSections(in tableView: UITableView) -> Int { sections.count }

    public override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        sections[section].people.count
    }

    public override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String?
    {
        sections[section].initial
    }

    public override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath)
        -> UITableViewCell
    {
        let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
        let person = sections[indexPath.section].people[indexPath.row]
        cell.textLabel?.text = person.name
        cell.detailTextLabel?.text = person.phone
        cell.detailTextLabel?.textColor = .secondaryLabel
        cell.accessoryType = indexPath == chosen ? .checkmark : .disclosureIndicator
        return cell
    }

    public override func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
        forRowAt indexPath: IndexPath
    ) {
        guard editingStyle == .delete else { return }
        sections[indexPath.section].people.remove(at: indexPath.row)
        tableView.deleteRows(at: [indexPath], with: .automatic)
    }

    public override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        if let old = chosen { tableView.cellForRow(at: old)?.accessoryType = .disclosureIndicator }
        chosen = indexPath
        tableView.cellForRow(at: indexPath)?.accessoryType = .checkmark
    }
}

/// The contact's cell: the name in semibold.
final class ContactCell: UITableViewCell {
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        textLabel?.font = UIFont.systemFont(ofSize: 17, weight: .semibold)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

public enum Contacts {
    /// `layout: {type: contacts}`: the controller's table.
    public static let descriptors: [LayoutDescriptor] = [
        UIKitLayout.tableDescriptor(type: "contacts") { ContactsViewController(style: .plain) }
    ]
}
