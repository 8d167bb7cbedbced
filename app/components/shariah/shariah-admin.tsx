import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useFetcher } from "react-router";
import type { ShariahAuthority, ShariahRuling } from "#common/shariah";
import { AdminTable } from "~/components/admin/table";
import { dangerButton, Pagination, Panel, smallButton, tdClass } from "~/components/admin/ui";
import { Input } from "~/components/forms/field";
import { useLang } from "~/lib/locale";
import { ShariahImport } from "./shariah-import";
import { ShariahRowForm } from "./shariah-row-form";
import "~/locales/shariah";

export interface ShariahAdminData {
  authorities: ShariahAuthority[];
  rows: ShariahRuling[];
  total: number;
  pageSize: number;
  symbol: string;
}

/** The Shariah editor: the authorities' ids, one row, a CSV import with a dry run, and the rows. */
export function ShariahAdmin({ data }: { data: ShariahAdminData }) {
  const { t } = useTranslation("shariah");
  const lang = useLang();
  const [editing, setEditing] = useState<ShariahRuling | null>(null);
  const formBox = useRef<HTMLDivElement>(null);
  // Editing a row moves the reader to the form above the list, as a link to it would.
  const edit = (r: ShariahRuling) => {
    setEditing(r);
    formBox.current?.scrollIntoView({ block: "start" });
  };
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">{t("admin.intro")}</p>
      <Panel title={t("admin.authoritiesHeading")}>
        <ul className="grid gap-1 text-sm sm:grid-cols-2">
          {data.authorities.map((a) => (
            <li key={a.id}>
              <code dir="ltr" className="rounded bg-slate-100 px-1">
                {a.id}
              </code>{" "}
              {lang === "ar" ? a.nameAr : a.nameEn}
            </li>
          ))}
        </ul>
      </Panel>
      <div id="shariah-row-form" ref={formBox}>
        <ShariahRowForm
          key={editing ? `${editing.symbol}/${editing.authority.id}` : "new"}
          authorities={data.authorities}
          row={editing}
        />
      </div>
      <ShariahImport />
      <Panel title={`${t("admin.heading")} — ${t("admin.total", { n: data.total })}`}>
        <Form method="get" className="mb-3 flex gap-2">
          <Input
            name="symbol"
            defaultValue={data.symbol}
            aria-label={t("admin.filter")}
            dir="ltr"
            className="max-w-40"
          />
          <button type="submit" className={smallButton}>
            {t("admin.show")}
          </button>
        </Form>
        <AdminTable
          columns={[t("admin.symbol"), t("authority"), t("ruling"), t("listDate"), t("purification")]}
          actions={`${t("admin.edit")} / ${t("admin.remove")}`}
          rows={data.rows}
          empty={t("admin.empty")}
          row={(r) => <RulingRow key={`${r.symbol}-${r.authority.id}`} r={r} onEdit={() => edit(r)} />}
        />
        <Pagination pageSize={data.pageSize} total={data.total} param="page" label={t("admin.heading")} />
      </Panel>
    </div>
  );
}

function RulingRow({ r, onEdit }: { r: ShariahRuling; onEdit: () => void }) {
  const { t } = useTranslation("shariah");
  const lang = useLang();
  const fetcher = useFetcher();
  const remove = () =>
    fetcher.submit(
      { intent: "remove", symbol: r.symbol, authority: r.authority.id },
      { method: "post", action: "/api/admin/shariah", encType: "application/json" },
    );
  return (
    <tr>
      <td className={tdClass} dir="ltr">
        {r.symbol}
      </td>
      <td className={tdClass}>{lang === "ar" ? r.authority.nameAr : r.authority.nameEn}</td>
      <td className={tdClass}>
        <a
          href={r.listUrl}
          rel="noopener noreferrer nofollow"
          target="_blank"
          className="text-brand-700 hover:underline"
        >
          {t(`rulings.${r.ruling}`)}
        </a>
      </td>
      <td className={tdClass} dir="ltr">
        {r.listDate}
      </td>
      <td className={tdClass} dir="ltr">
        {r.purificationPerShare ?? "—"}
      </td>
      <td className={`${tdClass} whitespace-nowrap`}>
        <button type="button" className={`${smallButton} me-2`} onClick={onEdit}>
          {t("admin.edit")}
        </button>
        <button type="button" className={dangerButton} disabled={fetcher.state !== "idle"} onClick={remove}>
          {t("admin.remove")}
        </button>
      </td>
    </tr>
  );
}
