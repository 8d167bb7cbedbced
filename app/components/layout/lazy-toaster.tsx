import { lazy, Suspense, useEffect, useState } from "react";
import { onToasterWanted, toasterReady } from "~/lib/toast";

const Toaster = lazy(() => import("sonner").then((m) => ({ default: m.Toaster })));

/** Runs after the Toaster sibling before it has subscribed (effects run in tree order). */
function Ready() {
  useEffect(() => toasterReady(), []);
  return null;
}

/** Sonner's toaster, loaded and mounted with the first toast (see ~/lib/toast). */
export function LazyToaster() {
  const [show, setShow] = useState(false);
  useEffect(() => onToasterWanted(() => setShow(true)), []);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <Toaster richColors position="top-right" />
      <Ready />
    </Suspense>
  );
}
