import type { ExternalToast, toast as sonnerToast } from "sonner";

/**
 * The app's toasts, with the same calls as sonner's `toast` (message, success, error). Sonner and
 * its <Toaster> load on the first toast instead of with every page: most page views never show
 * one. A toast waits until the toaster has mounted, so none is lost.
 */
type Sonner = typeof sonnerToast;

let wanted = false;
let mountToaster: (() => void) | null = null;
let toasterMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  toasterMounted = resolve;
});
let api: Promise<Sonner> | null = null;

function load(): Promise<Sonner> {
  if (!api) {
    wanted = true;
    mountToaster?.();
    api = Promise.all([import("sonner"), mounted]).then(([m]) => m.toast);
  }
  return api;
}

const show =
  (pick: (t: Sonner) => (message: string, options?: ExternalToast) => unknown) =>
  (message: string, options?: ExternalToast) => {
    void load().then((t) => pick(t)(message, options));
  };

export const toast = Object.assign(
  show((t) => t),
  { success: show((t) => t.success), error: show((t) => t.error) },
);

/** For <LazyToaster>: how to mount it when the first toast comes; called at once if one came. */
export function onToasterWanted(mount: () => void) {
  mountToaster = mount;
  if (wanted) mount();
}

/** For <LazyToaster>: its toaster is subscribed; queued toasts may now show. */
export function toasterReady() {
  toasterMounted();
}
