import UIKit

/// The compositional photo library (PhotoLibraryLayout.swift) as this package's command line
/// names it: `layout: {type: photo-library}` (scenes/photo-library.yaml).
public enum PhotoLibrary {
    public static let layouts: [String: UIKitLayout.Factory] = [
        "photo-library": { _ in PhotoLibraryLayout.make() }
    ]
}
