// `import RibcageUIKit` is all a router or view controller file needs: Ribcage comes with it, as
// `uiviewController` did with `import RIBs`/`import ModernRIBs`.
@_exported import Ribcage
