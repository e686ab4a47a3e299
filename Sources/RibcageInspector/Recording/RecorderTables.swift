/// What records point into, interned once: the RIBs the recorder knows (with their namings and
/// paths) and the view model types. Lines are written from records and these.
@MainActor
struct RecorderTables {
  var ribs: RIBTable
  var viewModelTypes = ViewModelTypes()
}
