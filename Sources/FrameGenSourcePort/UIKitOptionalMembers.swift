/// The base names of the optional members of UIKit's Objective-C protocols an app's files call
/// with `?(` (`dataSource?.numberOfSections?(in: collectionView)`). framegen declares these
/// protocols in Swift with a default for every member (docs/uikit.md, "Porting a file: `@objc`"), so such a
/// call loses the `?` before its parenthesis. Only these names and the app's own optional members
/// are rewritten: `handler?(x)` calls an optional closure, in Swift as in Objective-C.
enum UIKitOptionalMembers {
    static let baseNames: Set<String> = [
        // UICollectionViewDataSource, UICollectionViewDelegate, UICollectionViewDelegateFlowLayout,
        // UICollectionViewDataSourcePrefetching, UICollectionViewDragDelegate, UICollectionViewDropDelegate
        "collectionView", "numberOfSections", "indexTitles",
        // UITableViewDataSource, UITableViewDelegate
        "tableView", "sectionIndexTitles",
        // UIScrollViewDelegate
        "scrollViewDidScroll", "scrollViewDidZoom", "scrollViewWillBeginDragging",
        "scrollViewWillEndDragging",
        "scrollViewDidEndDragging", "scrollViewWillBeginDecelerating", "scrollViewDidEndDecelerating",
        "scrollViewDidEndScrollingAnimation", "viewForZooming", "scrollViewWillBeginZooming",
        "scrollViewDidEndZooming", "scrollViewShouldScrollToTop", "scrollViewDidScrollToTop",
        "scrollViewDidChangeAdjustedContentInset",
        // UICollectionViewDelegate, UITableViewDelegate (focus)
        "indexPathForPreferredFocusedView",
        // UIContextMenuInteractionDelegate
        "contextMenuInteraction",
        // UIGestureRecognizerDelegate
        "gestureRecognizerShouldBegin", "gestureRecognizer",
        // UIDynamicAnimatorDelegate, UICollisionBehaviorDelegate
        "dynamicAnimatorWillResume", "dynamicAnimatorDidPause", "collisionBehavior",
        // UITextFieldDelegate, UITextViewDelegate
        "textFieldShouldBeginEditing", "textFieldDidBeginEditing", "textFieldShouldEndEditing",
        "textFieldDidEndEditing", "textField", "textFieldShouldClear", "textFieldShouldReturn",
        "textFieldDidChangeSelection", "textViewDidChange", "textView", "textViewShouldBeginEditing",
        "textViewDidBeginEditing", "textViewShouldEndEditing", "textViewDidEndEditing",
        "textViewDidChangeSelection",
        // UISearchBarDelegate
        "searchBar", "searchBarShouldBeginEditing", "searchBarTextDidBeginEditing",
        "searchBarShouldEndEditing",
        "searchBarTextDidEndEditing", "searchBarSearchButtonClicked", "searchBarCancelButtonClicked",
        "searchBarBookmarkButtonClicked", "searchBarResultsListButtonClicked",
        // UIAdaptivePresentationControllerDelegate, UIPopoverPresentationControllerDelegate,
        // UIViewControllerTransitioningDelegate
        "presentationControllerShouldDismiss", "presentationControllerWillDismiss",
        "presentationControllerDidDismiss",
        "presentationControllerDidAttemptToDismiss", "adaptivePresentationStyle", "presentationController",
        "prepareForPopoverPresentation", "popoverPresentationControllerShouldDismissPopover",
        "popoverPresentationControllerDidDismissPopover", "animationController",
        "interactionControllerForPresentation",
        "interactionControllerForDismissal",
        // UINavigationControllerDelegate, UITabBarControllerDelegate, UITabBarDelegate
        "navigationController", "navigationControllerSupportedInterfaceOrientations", "tabBarController",
        "tabBar",
        // URLSessionDelegate and its task and data delegates (Foundation on Linux declares them with
        // defaults too)
        "urlSession",
        // UIPageViewControllerDataSource, UIPageViewControllerDelegate, UIPickerViewDelegate
        "pageViewController", "presentationCount", "presentationIndex", "pickerView",
    ]
}
