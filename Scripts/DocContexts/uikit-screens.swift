// The Request RIB of docs/Apple.md's UIKit excerpt, for the screen-sync excerpt that extends it.
// @include uikit-request

final class RequestRouter: ViewableRouter<RequestInteractable, RequestViewController> {}
