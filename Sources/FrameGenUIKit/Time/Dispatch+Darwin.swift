// Darwin's Dispatch constants, which Dispatch on Linux lacks: app code computes deadlines with
// them (`DispatchTime.now().uptimeNanoseconds + 2 * NSEC_PER_SEC`). Darwin's are UInt64.
public let NSEC_PER_SEC: UInt64 = 1_000_000_000
public let NSEC_PER_MSEC: UInt64 = 1_000_000
public let NSEC_PER_USEC: UInt64 = 1_000
public let USEC_PER_SEC: UInt64 = 1_000_000
