/// The port's values without its parser: an app's file, a ported copy, what the scan of an app
/// found. The command line (`uikit init`) and the tests exchange them with the `framegen-port`
/// tool as JSON, so that only that tool links SwiftSyntax, which takes minutes to compile
/// (README, "Start-up"); `SourcePort` adds the functions that parse.
public enum SourcePort {
    /// One file of the app: where it is, and its text.
    public struct File: Sendable, Codable {
        public var path: String
        public var text: String
        public init(path: String, text: String) {
            self.path = path
            self.text = text
        }
    }

    /// A ported copy: the text to compile, and what was changed, a line each.
    public struct Ported: Sendable, Codable {
        public var path: String
        public var text: String
        public var changes: [Change]
        public init(path: String, text: String, changes: [Change]) {
            self.path = path
            self.text = text
            self.changes = changes
        }
    }

    /// One rewrite, at a line of the original file.
    public struct Change: Sendable, Equatable, Codable, CustomStringConvertible {
        public var line: Int
        public var what: String
        public var description: String { "\(line): \(what)" }
        public init(line: Int, what: String) {
            self.line = line
            self.what = what
        }
    }

    /// What the port writes for a test's `self.name`: Apple's form, `-[Class method]`, of
    /// Linux's `Class.method`, on one line (the file's lines keep their numbers).
    public static let applesTestName =
        #"{ (linux: String) -> String in guard let dot = linux.lastIndex(of: "."), !linux.hasPrefix("-[") else { return linux }; return "-[\(linux[..<dot]) \(linux[linux.index(after: dot)...])]" }(self.name)"#
}

/// What `framegen uikit init` registers from an app's files: every collection view layout class,
/// every cell and reusable view class and every `UICollectionView` subclass, with whether
/// framegen can make one as UIKit does (`Layout()`, `Cell(frame:)`, `View(frame:
/// collectionViewLayout:)`) and, when it cannot, what the user must add; and for each layout,
/// which way it scrolls and the cell and collection view the app's code gives it.
/// `SourcePort`'s `AppScan.scan(_:)` finds them.
public struct AppScan: Sendable, Codable {
    public enum Kind: String, Sendable, Codable {
        case layout, cell, reusableView, collectionView
    }

    public struct Class: Sendable, Equatable, Codable {
        public var name: String
        public var kind: Kind
        /// The file and line that declare it.
        public var file: String
        public var line: Int
        /// Why framegen cannot make it with the initialiser UIKit uses (nil: it can).
        public var cannotMake: String?
        /// Layouts: it scrolls sideways (its `scrollDirection` set to, or declared defaulting to,
        /// `.horizontal`, in its class or on an instance of it in the app's code; or its content
        /// as tall as the view), so its starter scene drags along x.
        public var scrollsHorizontally: Bool
        /// Layouts: where the app says it scrolls sideways (`File.swift:12: ...`), for the summary.
        public var horizontalBecause: String?
        /// Layouts: only the app's code that makes one sets `scrollDirection = .horizontal`, not
        /// the class: the registration's factory sets it as that code does.
        public var setsScrollDirection: Bool
        /// Layouts: the cell class the app's code that makes or uses the layout registers or
        /// dequeues (nil: none found, the starter scene takes the app's first).
        public var cell: String?
        /// Layouts: the app's `UICollectionView` subclass the layout is shown in (nil: a plain one).
        public var collectionView: String?
        /// Layouts: it animates batch updates (initial or final attributes for items, or
        /// `prepare(forCollectionViewUpdates:)`), so its starter scene inserts and deletes.
        public var animatesUpdates: Bool
        /// Layouts: protocols of the app's its stored properties are typed with (a delegate or a
        /// data source the layout asks), whose required members someone must implement.
        public var needs: [String]

        public init(
            name: String, kind: Kind, file: String, line: Int, cannotMake: String?, scrollsHorizontally: Bool,
            animatesUpdates: Bool, needs: [String], horizontalBecause: String? = nil,
            setsScrollDirection: Bool = false, cell: String? = nil, collectionView: String? = nil
        ) {
            self.name = name
            self.kind = kind
            self.file = file
            self.line = line
            self.cannotMake = cannotMake
            self.scrollsHorizontally = scrollsHorizontally
            self.animatesUpdates = animatesUpdates
            self.needs = needs
            self.horizontalBecause = horizontalBecause
            self.setsScrollDirection = setsScrollDirection
            self.cell = cell
            self.collectionView = collectionView
        }
    }

    /// A file's import of an Apple framework that Linux has no module for (SwiftUI, Combine,
    /// Core Image...): its build stops at `no such module` until the file is taken off the list
    /// or the package gives a module of that name.
    public struct AppleOnlyImport: Sendable, Equatable, Codable {
        public var module: String
        public var file: String
        public var line: Int
        public init(module: String, file: String, line: Int) {
            self.module = module
            self.file = file
            self.line = line
        }
    }

    public var classes: [Class]
    public var appleOnlyImports: [AppleOnlyImport]
    /// The names of every class, struct, enum and protocol the files declare (nested ones too):
    /// what a test file names when it tests the app.
    public var declaredTypes: Set<String>

    public init(classes: [Class], appleOnlyImports: [AppleOnlyImport] = [], declaredTypes: Set<String> = []) {
        self.classes = classes
        self.appleOnlyImports = appleOnlyImports
        self.declaredTypes = declaredTypes
    }

    public var layouts: [Class] { classes.filter { $0.kind == .layout } }
    public var cells: [Class] { classes.filter { $0.kind == .cell || $0.kind == .reusableView } }
    public var collectionViews: [Class] { classes.filter { $0.kind == .collectionView } }
}
