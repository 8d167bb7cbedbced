import { useTranslation } from "react-i18next";
import type { ShariahRowError } from "#common/shariah";
import { TableScroll, tableClass, tdClass, thClass } from "~/components/admin/ui";
import { useLang } from "~/lib/locale";
import "~/locales/shariah";

/** The refused rows of a file or a form: line, field and reason, in the page's language. */
export function RowErrors({ errors }: { errors: ShariahRowError[] }) {
  const { t } = useTranslation("shariah");
  const lang = useLang();
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3">
      <p className="text-sm font-medium text-red-800">{t("admin.refused")}</p>
      <TableScroll>
        <table className={`${tableClass} mt-2`} data-testid="shariah-row-errors">
          <thead>
            <tr>
              <th className={thClass}>{t("admin.row")}</th>
              <th className={thClass}>{t("admin.field")}</th>
              <th className={thClass}>{t("admin.reason")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-red-100">
            {errors.map((e) => (
              <tr key={`${e.row}-${e.field}-${e.code}`}>
                <td className={tdClass}>{e.row}</td>
                <td className={tdClass} dir="ltr">
                  {e.field}
                </td>
                <td className={tdClass}>{lang === "ar" ? e.message.ar : e.message.en}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
