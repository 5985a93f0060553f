import UIKit

/// A mailbox as a list (iOS 14's `UICollectionLayoutListConfiguration`) with swipe actions, as
/// Mail shows them: Delete and Flag behind each message's trailing edge, Unread behind its
/// leading one. A scene's sideways drag over a message uncovers them (docs/uikit.md "Lists").
public enum Mailbox {
    static let senders = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Frances", "Ken"]
    static let subjects = [
        "Lunch on Friday?", "The build is green again", "Slides for Monday", "Re: the parser",
        "Photos from the trip", "Invoice 2026-11", "Your order has shipped", "Welcome aboard",
    ]

    public static let layouts: [String: UIKitLayout.Factory] = [
        "mailbox": { _ in
            var configuration = UICollectionLayoutListConfiguration(appearance: .plain)
            configuration.trailingSwipeActionsConfigurationProvider = { _ in
                let delete = UIContextualAction(style: .destructive, title: "Delete") { _, _, done in
                    done(true)
                }
                let flag = UIContextualAction(style: .normal, title: "Flag") { _, _, done in done(true) }
                flag.backgroundColor = .systemOrange
                return UISwipeActionsConfiguration(actions: [delete, flag])
            }
            configuration.leadingSwipeActionsConfigurationProvider = { _ in
                let unread = UIContextualAction(style: .normal, title: "Unread") { _, _, done in done(true) }
                unread.backgroundColor = .systemBlue
                return UISwipeActionsConfiguration(actions: [unread])
            }
            return UICollectionViewCompositionalLayout.list(using: configuration)
        }
    ]

    public static let cells: [String: UICollectionViewCellFactory] = [
        "message-cell": { MessageCell(frame: $0) }
    ]
}

/// A message: its sender over its subject, configured from its item.
final class MessageCell: UICollectionViewListCell {
    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        let item = layoutAttributes.indexPath.item
        var content = UIListContentConfiguration.subtitleCell()
        content.text = Mailbox.senders[item % Mailbox.senders.count]
        content.secondaryText = Mailbox.subjects[item % Mailbox.subjects.count]
        contentConfiguration = content
    }
}
