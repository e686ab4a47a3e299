// The soak harness is its own module so that an app can link it without Swift Testing; tests
// that import RibcageTesting get it too, as before the split.
@_exported import RibcageSoak
