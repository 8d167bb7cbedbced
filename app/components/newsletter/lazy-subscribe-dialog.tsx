import { lazy, Suspense, useState } from "react";
import type { SubscribeSource } from "./subscribe-dialog";

// The modal (dialog primitives, form and its Zod schema) loads when first opened, not with the
// home page: most visitors never open it.
const SubscribeDialog = lazy(() =>
  import("./subscribe-dialog").then((m) => ({ default: m.SubscribeDialog })),
);

/** SubscribeDialog, fetched on the first open; after that it stays mounted like any dialog. */
export function LazySubscribeDialog(props: {
  source: SubscribeSource;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SubscribeDialog {...props} />
    </Suspense>
  );
}
