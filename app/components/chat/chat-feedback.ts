import type { TFunction } from "i18next";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { serverText } from "~/lib/server-text";
import { toast } from "~/lib/toast";
import { type ChatFailure, type ChatNotice, chatStore } from "./chat-store";
import "~/locales/chat";

/** The banner text of a failed reply (docs/product/chat.md). */
export function failureBanner(f: ChatFailure, t: TFunction<"chat">): string {
  switch (f.kind) {
    case "rate_limit":
      return t("errors.rateLimitBanner");
    case "site_limit":
      return (f.message && serverText(t as unknown as TFunction, f.message)) || t("errors.siteLimitFallback");
    case "auth":
      return t("errors.authBanner");
    case "quota":
      return t("errors.quotaBanner");
    case "no_response":
      return t("errors.noResponse");
    case "thrown":
      return f.message || t("errors.unknown");
    default:
      return f.message || t("errors.otherFallback");
  }
}

/**
 * The toast of a failed reply (docs/product/chat.md). One per kind: a repeated failure replaces
 * its toast instead of piling another on top.
 */
function failureToast(f: ChatFailure, t: TFunction<"chat">) {
  const id = `chat-failure:${f.kind}`;
  switch (f.kind) {
    case "site_limit":
      return toast.error(t("errors.siteLimitToast"), { id, description: failureBanner(f, t) });
    case "rate_limit":
      return toast.error(t("errors.rateLimitToast"), {
        id,
        description: t("errors.rateLimitToastDescription"),
      });
    case "auth":
      return toast.error(t("errors.authToast"), { id, description: t("errors.authToastDescription") });
    case "quota":
      return toast.error(t("errors.quotaToast"), { id, description: t("errors.quotaToastDescription") });
    case "other":
      return toast.error(t("errors.otherToast"), { id, description: failureBanner(f, t) });
    default:
      // "No response" and a request that failed in the browser get the toast of a request that threw.
      return toast.error(t("errors.thrownToast"), { id });
  }
}

function showNotice(n: ChatNotice, t: TFunction<"chat">) {
  if (n.type === "failure") failureToast(n.failure, t);
  else if (n.type === "deleted") toast.success(t("history.deleted"));
  else toast.error(t("history.errorTitle"), { description: t(`history.${n.key}`) });
}

/** Shows the chat's notices as toasts while the calling component is mounted. */
export function useChatToasts() {
  const { t } = useTranslation("chat");
  useEffect(() => chatStore.onNotice((n) => showNotice(n, t)), [t]);
}
