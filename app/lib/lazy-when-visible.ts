/** How far below the viewport a section starts loading, so it is ready when scrolled to. */
const PRELOAD_MARGIN = "400px";

/**
 * Resolves once the element with `id` comes within PRELOAD_MARGIN of the viewport. The element is
 * looked up again whenever it left the document: React may replace the server's HTML with the
 * placeholder before the code has arrived.
 */
export function whenNearViewport(id: string): Promise<void> {
  return new Promise((resolve) => {
    if (typeof IntersectionObserver === "undefined") return resolve();
    let watched: Element | null = null;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        clearInterval(timer);
        resolve();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    const watch = () => {
      if (watched?.isConnected) return;
      if (watched) observer.unobserve(watched);
      watched = document.getElementById(id);
      if (watched) observer.observe(watched);
    };
    const timer = setInterval(watch, 250);
    watch();
  });
}

/**
 * A module the server imports as soon as this file loads (null in the browser, and until it has
 * arrived): lets a server render use code that the browser loads on demand.
 */
export function serverPreload<T>(load: () => Promise<T>): { current: T | null } {
  const ref: { current: T | null } = { current: null };
  if (import.meta.env.SSR) void load().then((m) => (ref.current = m));
  return ref;
}
