import FrameGenCommandLine
import GalleryLayouts

// framegen's whole command line, with this package's layouts as scenes' `layout: {type: ...}`.
// The photo library (PhotoLibraryLayout.swift) is a compositional layout built by a function.
// The wheel and the photo cards draw their items with their own cell classes (`cell: wheel-cell`
// in scenes/wheel.yaml, `cell: card-cell` in scenes/cards.yaml, `cell: progress-cell` in
// scenes/progress.yaml, `cell: stack-card-cell` in scenes/stack-cards.yaml, `cell:
// swipe-deck-cell` in scenes/swipe-deck.yaml, `cell: message-cell` in scenes/mailbox.yaml);
// the ports of the built-in layouts come as descriptors, with the built-ins' looks, and so does the
// contacts table (ContactsViewController.swift, scenes/contacts.yaml).
FrameGenCommandLine.main(
    layouts: Gallery.layouts.merging(Wheel.layouts) { a, _ in a }.merging(PhotoLibrary.layouts) { a, _ in a }
        .merging(StackCards.layouts) { a, _ in a }.merging(SwipeDeck.layouts) { a, _ in a }
        .merging(Mailbox.layouts) { a, _ in a },
    cells: Wheel.cells.merging(PhotoCards.cells) { a, _ in a }.merging(ProgressTiles.cells) { a, _ in a }
        .merging(StackCards.cells) { a, _ in a }.merging(SwipeDeck.cells) { a, _ in a }
        .merging(Mailbox.cells) { a, _ in a },
    descriptors: Gallery.descriptors + Contacts.descriptors)
