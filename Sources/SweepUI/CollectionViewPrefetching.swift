import SweepGeometry

/// A data source that loads ahead, UIKit's
/// `UICollectionViewDataSourcePrefetching` told in ranges: the
/// `CollectionView` showing it calls these at most once a frame, after
/// the frame is committed, as it scrolls. Hand them to an `ImageLoader`
/// (`prefetch(_:key:)`, `cancelRequests(in:)`) or to your own loading.
@MainActor
public protocol CollectionViewPrefetching: AnyObject {
    /// The items of the next screen in the scrolling direction (down at
    /// first), minus those on screen or named before: start loading what
    /// they show. The ranges lie within the current item counts.
    func prefetchItems(_ ranges: [ItemRange])
    /// Items that were on screen or named by `prefetchItems` and are now
    /// neither: stop loading for them.
    func cancelPrefetching(_ ranges: [ItemRange])
}
