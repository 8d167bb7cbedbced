import { Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fieldErrors } from "#common/action-result";
import { CONTENT_ENTITIES, CONTENT_SCHEMAS, type ContentEntity } from "#common/admin/forms";
import { buttonClass, Checkbox, Field, SelectField, TextareaField } from "~/components/forms/field";
import { Link, useNavigate } from "~/components/link";
import { CONTENT_UI, type ColumnDef, type FieldDef, formValue } from "./content-fields";
import { MarkdownEditor } from "./markdown-editor";
import type { TabData } from "./tab-data";
import { AdminSearch, AdminTable } from "./table";
import {
  Badge,
  dangerButton,
  FormMessage,
  formatDate,
  formatDateTime,
  Pagination,
  Panel,
  smallButton,
  tdClass,
  useAdminFetcher,
  useHrefWith,
} from "./ui";
import "~/locales/admin";

type Data = TabData<"content">;
type Row = Data["rows"][number];

export function ContentTab({ data }: { data: Data }) {
  const { t } = useTranslation("admin");
  const { entity } = data;
  return (
    <div className="flex flex-col gap-4">
      <nav aria-label={t("content.types")} className="flex flex-wrap gap-2">
        {CONTENT_ENTITIES.map((e) => (
          <Link
            key={e}
            to={`/admin?tab=content&type=${e}`}
            aria-current={e === entity ? "page" : undefined}
            className={`rounded-full px-3 py-1 text-sm font-medium ring-1 ${
              e === entity
                ? "bg-brand-700 text-white ring-brand-700"
                : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"
            }`}
          >
            {t(`content.entities.${e}`)}
          </Link>
        ))}
      </nav>
      {data.edit ? (
        data.edit === "new" || data.editing ? (
          <EntityForm key={`${entity}-${data.edit}`} entity={entity} row={data.editing} />
        ) : (
          <Panel title={t("content.notFound")}>
            <Link className="text-brand-700 underline" to={`/admin?tab=content&type=${entity}`}>
              {t("content.backToList")}
            </Link>
          </Panel>
        )
      ) : (
        <ContentList data={data} />
      )}
    </div>
  );
}

function ContentList({ data }: { data: Data }) {
  const { t } = useTranslation("admin");
  const hrefWith = useHrefWith();
  const { entity } = data;
  const columns = CONTENT_UI[entity].columns;
  // One fetcher for the list: a deleted row unmounts, and its outcome must still be shown.
  const actions = useAdminFetcher();
  return (
    <Panel
      title={t(`content.entities.${entity}`)}
      actions={
        <Link to={hrefWith({ edit: "new" })} className={buttonClass}>
          <Plus className="size-4" aria-hidden />
          {t(`content.new.${entity}`)}
        </Link>
      }
    >
      <AdminSearch
        tab="content"
        keep={{ type: entity }}
        id="content-search"
        label={t("content.search")}
        placeholder={t("content.searchPlaceholder")}
        query={data.q}
      />
      <AdminTable
        columns={columns.map((c) => t(`content.fields.${c.name}`))}
        actions={t("content.actions")}
        rows={data.rows}
        row={(row) => (
          <ContentRow key={row.id} entity={entity} row={row} columns={columns} actions={actions} />
        )}
        empty={t("content.empty")}
      />
      <Pagination pageSize={20} total={data.total} param="page" label={t("content.pages")} />
    </Panel>
  );
}

function Cell({ column, row }: { column: ColumnDef; row: Row }) {
  const { t } = useTranslation("admin");
  const v = row[column.name];
  switch (column.kind) {
    case "bool":
      return v ? <Badge tone="green">{t("users.yes")}</Badge> : <Badge tone="slate">{t("users.no")}</Badge>;
    case "badge":
      return (
        <Badge tone={v === "urgent" || v === "high" ? "red" : v === "medium" ? "amber" : "blue"}>
          {t(`content.options.${String(v)}`, { defaultValue: String(v) })}
        </Badge>
      );
    case "date":
      return <span className="whitespace-nowrap">{formatDate(v as Date)}</span>;
    case "datetime":
      return <span className="whitespace-nowrap">{formatDateTime(v as Date)}</span>;
    case "rating":
      return <span>{t("content.ratingOutOf5", { rating: Number(v).toFixed(1) })}</span>;
    case "feedStatus":
      return (
        <span className="flex flex-col gap-1">
          <span className="whitespace-nowrap">
            {row.lastFetchedAt ? formatDateTime(row.lastFetchedAt as Date) : t("content.neverFetched")}
            {row.lastStatus ? ` · ${String(row.lastStatus)}` : ""}
          </span>
          {row.lastError ? (
            <span className="text-xs text-red-700">
              {t("content.lastError", { error: String(row.lastError) })}
            </span>
          ) : null}
        </span>
      );
    default:
      return <span className="break-words">{String(v ?? "—")}</span>;
  }
}

function ContentRow({
  entity,
  row,
  columns,
  actions,
}: {
  entity: ContentEntity;
  row: Row;
  columns: ColumnDef[];
  actions: ReturnType<typeof useAdminFetcher>;
}) {
  const { t } = useTranslation("admin");
  const hrefWith = useHrefWith();
  const { fetcher, busy } = actions;
  const title = String(row.title ?? row.name ?? "");
  return (
    <tr>
      {columns.map((c, i) => (
        // The first column (title or name) keeps a readable width; narrow screens scroll instead.
        <td key={c.name} className={i === 0 ? `${tdClass} min-w-48` : tdClass}>
          <Cell column={c} row={row} />
        </td>
      ))}
      <td className={tdClass}>
        <div className="flex flex-wrap justify-end gap-2">
          <Link
            to={hrefWith({ edit: row.id })}
            className={smallButton}
            aria-label={`${t("content.edit")}: ${title}`}
          >
            {t("content.edit")}
          </Link>
          {entity === "feeds" ? (
            <fetcher.Form method="post" action="?tab=content" preventScrollReset>
              <input type="hidden" name="intent" value="refreshFeed" />
              <input type="hidden" name="id" value={row.id} />
              <button type="submit" className={smallButton} disabled={busy}>
                {t("content.fetchNow")}
              </button>
            </fetcher.Form>
          ) : null}
          <fetcher.Form
            method="post"
            action="?tab=content"
            preventScrollReset
            onSubmit={(e) => {
              if (!window.confirm(t("content.confirmDelete", { title }))) e.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="deleteContent" />
            <input type="hidden" name="entity" value={entity} />
            <input type="hidden" name="id" value={row.id} />
            <button
              type="submit"
              className={dangerButton}
              disabled={busy}
              aria-label={`${t("content.delete")}: ${title}`}
            >
              {t("content.delete")}
            </button>
          </fetcher.Form>
        </div>
      </td>
    </tr>
  );
}

function EntityForm({ entity, row }: { entity: ContentEntity; row: Row | null }) {
  const { t } = useTranslation("admin");
  const navigate = useNavigate();
  const listHref = `/admin?tab=content&type=${entity}`;
  const { fetcher, busy, result } = useAdminFetcher({ onSuccess: () => navigate(listHref) });
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const errors = { ...(result && !result.ok ? result.fields : {}), ...clientErrors };
  const fields = CONTENT_UI[entity].fields;
  return (
    <Panel
      title={row ? t(`content.editTitle.${entity}`) : t(`content.new.${entity}`)}
      actions={
        <Link to={listHref} className={smallButton}>
          {t("content.backToList")}
        </Link>
      }
    >
      <fetcher.Form
        method="post"
        action="?tab=content"
        noValidate
        className="grid gap-4 md:grid-cols-2"
        onSubmit={(e) => {
          const values = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
          const parsed = CONTENT_SCHEMAS[entity].safeParse(values);
          if (!parsed.success) {
            e.preventDefault();
            setClientErrors(fieldErrors(parsed.error));
          } else setClientErrors({});
        }}
      >
        <input type="hidden" name="intent" value="saveContent" />
        <input type="hidden" name="entity" value={entity} />
        <input type="hidden" name="id" value={row?.id ?? ""} />
        {fields.map((f) => (
          <FieldInput key={f.name} field={f} row={row} error={errors[f.name]} />
        ))}
        <div className="flex flex-wrap items-center gap-3 md:col-span-2">
          <button type="submit" className={buttonClass} disabled={busy}>
            {busy ? t("content.saving") : row ? t("content.save") : t("content.create")}
          </button>
          <Link to={listHref} className="text-sm text-slate-600 underline">
            {t("content.cancel")}
          </Link>
        </div>
        <div className="md:col-span-2">
          <FormMessage result={result && !result.ok ? result : undefined} />
        </div>
      </fetcher.Form>
    </Panel>
  );
}

function FieldInput({ field, row, error }: { field: FieldDef; row: Row | null; error?: string }) {
  const { t } = useTranslation("admin");
  const label = t(`content.fields.${field.name}`) + (field.required ? " *" : "");
  const value = formValue(field, row);
  const wide = field.wide ? "md:col-span-2" : "";
  const help = t(`content.help.${field.name}`, { defaultValue: "" }) || undefined;
  // An Arabic version is written right to left whatever the admin's own language.
  const arabic = field.arabic ? ({ dir: "rtl", lang: "ar" } as const) : {};
  switch (field.type) {
    case "checkbox":
      return (
        <div className={wide || "md:col-span-2"}>
          <Checkbox name={field.name} label={label} help={help} defaultChecked={Boolean(value)} />
        </div>
      );
    case "select":
      return (
        <SelectField
          className={wide}
          name={field.name}
          label={label}
          error={error}
          defaultValue={String(value)}
          options={[
            ...(field.optional ? [{ value: "", label: t("content.none") }] : []),
            ...(field.options ?? []).map((o) => ({
              value: o,
              label: t(`content.options.${o}`, { defaultValue: o }),
            })),
          ]}
        />
      );
    case "textarea":
    case "list":
      return (
        <TextareaField
          className={wide}
          name={field.name}
          label={label}
          error={error}
          rows={field.rows ?? 2}
          defaultValue={String(value)}
          placeholder={field.type === "list" ? t("content.listPlaceholder") : undefined}
          {...arabic}
        />
      );
    case "markdown":
      return (
        <MarkdownEditor
          className={wide}
          name={field.name}
          label={label}
          error={error}
          rows={field.rows}
          defaultValue={String(value)}
          arabic={field.arabic}
        />
      );
    default:
      return (
        <Field
          className={wide}
          name={field.name}
          label={label}
          error={error}
          defaultValue={String(value)}
          type={
            field.type === "datetime"
              ? "datetime-local"
              : field.type === "url"
                ? "url"
                : field.type === "number"
                  ? "number"
                  : "text"
          }
          step={field.step}
          min={field.min}
          max={field.max}
          title={field.type === "datetime" ? t("content.gmt") : undefined}
          {...arabic}
        />
      );
  }
}
