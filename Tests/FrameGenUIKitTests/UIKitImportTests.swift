import TestTiers
import Testing
import UIKit

/// What `import UIKit` alone brings a file, as on iOS: Foundation with its networking
/// (`URLRequest`, `URLSession`), which Linux keeps in FoundationNetworking and Foundation alone
/// declares as a placeholder.
@Test func uikitBringsFoundationsNetworking() {
    var request = URLRequest(url: URL(fileURLWithPath: "/dev/null"))
    request.httpMethod = "POST"
    expect(request.httpMethod == "POST")
    let configuration: URLSessionConfiguration = URLSession.shared.configuration
    expect(configuration.timeoutIntervalForRequest == 60)
}
