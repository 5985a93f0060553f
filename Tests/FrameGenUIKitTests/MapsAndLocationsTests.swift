import Foundation
import FrameGenUIKit
import TestTiers
import Testing

@testable import FrameGenMapKit

/// Core Location's values and MapKit's map view without a map (docs/uikit.md "Maps and
/// locations"): what an app's screen and view model keep and compute.
@Suite struct MapsAndLocationsTests {
    @Test func aDistanceIsTheGreatCircleOnesWithinHalfAPercentOfTheEllipsoids() {
        let paris = CLLocation(latitude: 48.8566, longitude: 2.3522)
        let london = CLLocation(latitude: 51.5074, longitude: -0.1278)
        // 343.92 km on WGS 84 (Vincenty's formula); the sphere's, 343.56 km, is within 0.5 % of it.
        expect(abs(paris.distance(from: london) - 343_923) < 343_923 * 0.005)
        expect(paris.distance(from: paris) == 0)
        expect(CLLocationCoordinate2DIsValid(paris.coordinate))
        expect(!CLLocationCoordinate2DIsValid(kCLLocationCoordinate2DInvalid))
    }

    @Test func aRegionInMetresIsItsSpanInDegrees() {
        let equator = MKCoordinateRegion(
            center: CLLocationCoordinate2D(latitude: 0, longitude: 0), latitudinalMeters: 111_195,
            longitudinalMeters: 111_195)
        expect(abs(equator.span.latitudeDelta - 1) < 1e-4 && abs(equator.span.longitudeDelta - 1) < 1e-4)
        let north = MKCoordinateRegion(
            center: CLLocationCoordinate2D(latitude: 60, longitude: 10), latitudinalMeters: 1000,
            longitudinalMeters: 1000)
        expect(abs(north.span.longitudeDelta / north.span.latitudeDelta - 2) < 1e-9, "cos 60° = 1/2")
    }

    @Test func aMapViewKeepsItsRegionAndAnnotationsAndTellsItsDelegate() {
        final class Listener: MKMapViewDelegate {
            var heard: [String] = []
            func mapView(_ mapView: MKMapView, regionWillChangeAnimated animated: Bool) {
                heard.append("will")
            }
            func mapView(_ mapView: MKMapView, regionDidChangeAnimated animated: Bool) { heard.append("did") }
        }
        let map = MKMapView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        let listener = Listener()
        map.delegate = listener
        let home = CLLocationCoordinate2D(latitude: -23.55, longitude: -46.63)
        map.setRegion(
            MKCoordinateRegion(
                center: home, span: MKCoordinateSpan(latitudeDelta: 0.01, longitudeDelta: 0.01)),
            animated: false)
        expect(map.centerCoordinate == home && listener.heard == ["will", "did"])
        let pin = MKPointAnnotation(coordinate: home, title: "Home", subtitle: nil)
        map.addAnnotation(pin)
        expect(map.annotations.count == 1 && map.annotations.first?.title == "Home")
        map.removeAnnotation(pin)
        expect(map.annotations.isEmpty)
        expect(
            map.dequeueReusableAnnotationView(withIdentifier: "pin") == nil, "no view ever left the screen")
    }

    @Test func aLocationManagerHasNoDeviceUnderIt() {
        let manager = CLLocationManager()
        manager.requestWhenInUseAuthorization()
        manager.startUpdatingLocation()
        expect(manager.authorizationStatus == .notDetermined && manager.location == nil)
    }
}
