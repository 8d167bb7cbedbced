import { History } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRootData } from "~/lib/root-data";

// The drawer (dialog, chat store, client and the chat texts) loads on the first click: every page shows the
// button to signed-in users, few open it.
const HistoryDrawer = lazy(() => import("./history-drawer").then((m) => ({ default: m.HistoryDrawer })));

/** The header's chat history icon and its drawer: signed-in users only. */
export function ChatHistoryButton() {
  const { t } = useTranslation();
  const userId = useRootData()?.user?.id ?? null;
  // Counts clicks: each one (re)opens the drawer once its code is there.
  const [openRequests, setOpenRequests] = useState(0);
  if (!userId) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpenRequests((n) => n + 1)}
        className="rounded p-2 text-slate-100 hover:bg-white/10"
        aria-label={t("chatHistory.open")}
        title={t("chatHistory.open")}
      >
        <History className="size-5" aria-hidden />
      </button>
      {openRequests > 0 ? (
        <Suspense fallback={null}>
          <HistoryDrawer userId={userId} openRequests={openRequests} />
        </Suspense>
      ) : null}
    </>
  );
}
