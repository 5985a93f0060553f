import XCTest

// On iOS a test case is an NSObject whose description is its Objective-C method name,
// `-[ParentPostViewTests testDefaultLayout]`; suites name references by it
// (`verifySnapshot(..., named: String(describing: self))` gives `...ParentPostViewTests-testDefaultLayout.png`
// once the library has made it a file name). corelibs-xctest's test case is a plain Swift class,
// described as `Module.ParentPostViewTests` for every test of the class, so those suites looked
// for one reference per class, and recorded over it test after test.
extension XCTestCase: @retroactive CustomStringConvertible {
    /// `-[Class method]`, as XCTest on iOS describes a test case.
    public var description: String { Self.objectiveCDescription(ofTestNamed: name) }

    /// corelibs-xctest names a test `Class.method`; iOS's name and description are `-[Class method]`.
    package static func objectiveCDescription(ofTestNamed name: String) -> String {
        guard !name.hasPrefix("-["), let dot = name.lastIndex(of: ".") else { return name }
        return "-[\(name[..<dot]) \(name[name.index(after: dot)...])]"
    }
}
