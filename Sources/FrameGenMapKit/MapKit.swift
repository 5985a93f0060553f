import Foundation
@_exported import FrameGenCoreLocation
import FrameGenUIKit

// MapKit's map view and annotations, as an app's screens hold them, which the port makes
// `import MapKit` import (docs/uikit.md "Maps and locations"). iOS draws map tiles it downloads;
// framegen has no map, so a map view draws nothing of its own (its background colour and its
// subviews only): a snapshot of a screen with a map differs where the map is, and every other
// view of it is drawn. Regions, annotations and the delegate keep what the app gives them.

public enum MKMapType: UInt, Sendable {
    case standard = 0
    case satellite = 1
    case hybrid = 2
    case satelliteFlyover = 3
    case hybridFlyover = 4
    case mutedStandard = 5
}

/// How much of the map a region shows, in degrees.
public struct MKCoordinateSpan: Equatable, Sendable {
    public var latitudeDelta: CLLocationDegrees
    public var longitudeDelta: CLLocationDegrees

    public init() { (latitudeDelta, longitudeDelta) = (0, 0) }

    public init(latitudeDelta: CLLocationDegrees, longitudeDelta: CLLocationDegrees) {
        self.latitudeDelta = latitudeDelta
        self.longitudeDelta = longitudeDelta
    }
}

/// A region of the map: its centre and span.
public struct MKCoordinateRegion: Equatable, Sendable {
    public var center: CLLocationCoordinate2D
    public var span: MKCoordinateSpan

    public init() { (center, span) = (CLLocationCoordinate2D(), MKCoordinateSpan()) }

    public init(center: CLLocationCoordinate2D, span: MKCoordinateSpan) {
        self.center = center
        self.span = span
    }

    /// The span of `latitudinalMeters` north to south and `longitudinalMeters` east to west
    /// around `center`, on a sphere of the Earth's mean radius (framegen's reading of MapKit's
    /// conversion: a degree of latitude is 111.195 km, a degree of longitude that times the
    /// cosine of the latitude).
    public init(
        center: CLLocationCoordinate2D, latitudinalMeters: CLLocationDistance,
        longitudinalMeters: CLLocationDistance
    ) {
        let metresPerDegree = CLLocation.earthMeanRadius * .pi / 180
        let across = max(cos(center.latitude * .pi / 180), 1e-9)
        self.init(
            center: center,
            span: MKCoordinateSpan(
                latitudeDelta: latitudinalMeters / metresPerDegree,
                longitudeDelta: longitudinalMeters / (metresPerDegree * across)))
    }
}

/// Something shown at a coordinate of a map.
public protocol MKAnnotation: AnyObject {
    var coordinate: CLLocationCoordinate2D { get }
    var title: String? { get }
    var subtitle: String? { get }
}

extension MKAnnotation {
    public var title: String? { nil }
    public var subtitle: String? { nil }
}

open class MKShape: NSObject {
    open var title: String?
    open var subtitle: String?
}

/// An annotation at a coordinate, with a title and subtitle.
open class MKPointAnnotation: MKShape, MKAnnotation {
    open var coordinate = CLLocationCoordinate2D()

    public override init() { super.init() }

    public convenience init(coordinate: CLLocationCoordinate2D) {
        self.init()
        self.coordinate = coordinate
    }

    public convenience init(coordinate: CLLocationCoordinate2D, title: String?, subtitle: String?) {
        self.init(coordinate: coordinate)
        self.title = title
        self.subtitle = subtitle
    }
}

/// The view an annotation is shown with: kept, not placed (framegen draws no map to place it on).
open class MKAnnotationView: UIView {
    open var annotation: MKAnnotation?
    open private(set) var reuseIdentifier: String?
    open var image: UIImage?
    open var centerOffset = CGPoint.zero
    open var calloutOffset = CGPoint.zero
    open var canShowCallout = false
    open var isDraggable = false
    open var displayPriority: Float = 1000

    public init(annotation: MKAnnotation?, reuseIdentifier: String?) {
        self.annotation = annotation
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open func prepareForReuse() {}
}

open class MKMarkerAnnotationView: MKAnnotationView {
    open var markerTintColor: UIColor?
    open var glyphTintColor: UIColor?
    open var glyphText: String?
    open var glyphImage: UIImage?
    open var titleVisibility = MKFeatureVisibility.adaptive
    open var subtitleVisibility = MKFeatureVisibility.adaptive
}

@available(iOS, deprecated: 16.0, message: "Use MKMarkerAnnotationView")
open class MKPinAnnotationView: MKAnnotationView {
    open var pinTintColor: UIColor?
    open var animatesDrop = false
}

public enum MKFeatureVisibility: Int, Sendable {
    case adaptive = 0
    case hidden = 1
    case visible = 2
}

/// Told of the map's changes and asked for annotation views; every member optional, as in MapKit.
public protocol MKMapViewDelegate: AnyObject {
    func mapView(_ mapView: MKMapView, viewFor annotation: MKAnnotation) -> MKAnnotationView?
    func mapView(_ mapView: MKMapView, regionWillChangeAnimated animated: Bool)
    func mapView(_ mapView: MKMapView, regionDidChangeAnimated animated: Bool)
    func mapView(_ mapView: MKMapView, didSelect view: MKAnnotationView)
    func mapView(_ mapView: MKMapView, didDeselect view: MKAnnotationView)
}

extension MKMapViewDelegate {
    public func mapView(_ mapView: MKMapView, viewFor annotation: MKAnnotation) -> MKAnnotationView? { nil }
    public func mapView(_ mapView: MKMapView, regionWillChangeAnimated animated: Bool) {}
    public func mapView(_ mapView: MKMapView, regionDidChangeAnimated animated: Bool) {}
    public func mapView(_ mapView: MKMapView, didSelect view: MKAnnotationView) {}
    public func mapView(_ mapView: MKMapView, didDeselect view: MKAnnotationView) {}
}

/// A map view without a map: its region, annotations and settings kept, its delegate told of
/// region changes as they are set (docs/uikit.md "Maps and locations").
open class MKMapView: UIView {
    open weak var delegate: MKMapViewDelegate?
    open var mapType = MKMapType.standard
    open var isZoomEnabled = true
    open var isScrollEnabled = true
    open var isRotateEnabled = true
    open var isPitchEnabled = true
    open var showsUserLocation = false
    open var showsCompass = true
    open var showsScale = false
    open var showsTraffic = false
    open var showsBuildings = true
    open private(set) var annotations: [MKAnnotation] = []
    open private(set) var selectedAnnotations: [MKAnnotation] = []
    private var registered: [String: AnyClass] = [:]

    /// A region centred on (0, 0), as MapKit's before a region is set.
    open var region = MKCoordinateRegion(
        center: CLLocationCoordinate2D(), span: MKCoordinateSpan(latitudeDelta: 180, longitudeDelta: 360))

    open var centerCoordinate: CLLocationCoordinate2D {
        get { region.center }
        set { setCenter(newValue, animated: false) }
    }

    open func setRegion(_ region: MKCoordinateRegion, animated: Bool) {
        delegate?.mapView(self, regionWillChangeAnimated: animated)
        self.region = region
        delegate?.mapView(self, regionDidChangeAnimated: animated)
    }

    open func setCenter(_ coordinate: CLLocationCoordinate2D, animated: Bool) {
        setRegion(MKCoordinateRegion(center: coordinate, span: region.span), animated: animated)
    }

    open func addAnnotation(_ annotation: MKAnnotation) { annotations.append(annotation) }
    open func addAnnotations(_ annotations: [MKAnnotation]) { self.annotations += annotations }
    open func removeAnnotation(_ annotation: MKAnnotation) { annotations.removeAll { $0 === annotation } }
    open func removeAnnotations(_ annotations: [MKAnnotation]) {
        self.annotations.removeAll { a in annotations.contains { $0 === a } }
    }

    open func selectAnnotation(_ annotation: MKAnnotation, animated: Bool) {
        if !selectedAnnotations.contains(where: { $0 === annotation }) {
            selectedAnnotations.append(annotation)
        }
    }

    open func deselectAnnotation(_ annotation: MKAnnotation?, animated: Bool) {
        selectedAnnotations.removeAll { $0 === annotation }
    }

    /// Kept; framegen shows no annotation views, so none is ever made from it.
    open func register(_ viewClass: AnyClass?, forAnnotationViewWithReuseIdentifier identifier: String) {
        registered[identifier] = viewClass
    }

    /// Nil: a map enqueues an annotation view when it leaves the screen, and framegen's map
    /// shows none.
    open func dequeueReusableAnnotationView(withIdentifier identifier: String) -> MKAnnotationView? { nil }
}
