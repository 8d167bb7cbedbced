import { useTranslation } from "react-i18next";
import { fieldErrors } from "#common/action-result";
import { alertFormSchema } from "#common/alert-schema";
import { useForm } from "~/components/forms/use-form";
import { instrumentName } from "~/components/market/format";
import { useLang } from "~/lib/locale";
import { useServerText } from "~/lib/server-text";
import { toast } from "~/lib/toast";
import { useFormat } from "~/lib/use-format";
import type { AlertActionResult, AlertHolds, AlertView } from "./types";
import "~/locales/alerts";

/**
 * The alert form's submission (create, or update with `alert`) and what it says afterwards: the
 * success toast (with the level that already holds, when one does), or why it failed.
 */
export function useAlertForm(alert: AlertView | undefined, onSaved: () => void) {
  const { t } = useTranslation("alerts");
  const f = useFormat();
  const lang = useLang();
  const st = useServerText();
  const intent = alert ? "update" : "create";
  const holdsText = (h: AlertHolds) => ({
    name: instrumentName(h, lang),
    target: f.target(h.target),
  });
  const holdsNow = (holds: AlertHolds | undefined) =>
    holds ? t(`form.holdsNow.${holds.alertType}`, holdsText(holds)) : "";
  const form = useForm<AlertActionResult>({
    key: alert ? `edit-alert-${alert.id}` : "create-alert",
    schema: alertFormSchema,
    resetOnSuccess: !alert,
    invalid: (error) => ({ ok: false, intent, error: "", fields: fieldErrors(error) }),
    onResult: (result) => {
      if (result.intent !== intent) return;
      if (result.ok) {
        if (alert)
          toast.success(t("toast.updated"), {
            description: [t("toast.updatedText"), holdsNow(result.holds)].filter(Boolean).join(". "),
          });
        else
          toast.success(t("toast.created"), {
            description: [t("toast.createdText", { symbol: result.symbol }), holdsNow(result.holds)]
              .filter(Boolean)
              .join(". "),
          });
        onSaved();
      } else if (result.error === "auth") {
        toast.error(t("toast.authRequired"), { description: t("toast.authRequiredText") });
      } else {
        toast.error(alert ? t("toast.updateFailed") : t("toast.createFailed"), {
          description: st(result.error),
        });
      }
    },
  });
  return { form, intent };
}
