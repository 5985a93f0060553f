import Foundation

// Core Foundation's types as Apple's frameworks take them. Linux's Foundation has no Core
// Foundation bridging (`url as CFURL` does not compile there), so each is the Foundation type
// iOS bridges it to, toll-free: the `as CFURL` an app writes is then a no-op, and what an
// API hands back reads as it does on iOS (`error.takeRetainedValue().localizedDescription`).
// CFArray is with CGGradient, which took it first.

/// A file URL, as Core Text's font manager takes one (`fontURL as CFURL`).
public typealias CFURL = URL
/// Bytes, as `CGDataProvider(data:)` takes them (`data as CFData`).
public typealias CFData = Data
/// A string, as Core Graphics names fonts (`CGFont.postScriptName`).
public typealias CFString = String
/// An error, as `Unmanaged<CFError>` carries one out of Core Text's registration calls; a class,
/// as `Unmanaged` needs, and an `Error`, as iOS bridges it.
public typealias CFError = NSError
/// Core Foundation's signed index, the raw type of Core Text's error codes.
public typealias CFIndex = Int
