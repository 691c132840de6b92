/** Lets code outside React (the HTTP client) move the router to a path. */
let navigateTo: (path: string) => void = (path) => window.location.assign(path);

/** Registers the router's navigate function; the app shell calls it once. */
export function setNavigator(navigate: (path: string) => void): void {
  navigateTo = navigate;
}

/** Sends the browser to one of our paths. */
export function navigate(path: string): void {
  navigateTo(path);
}
