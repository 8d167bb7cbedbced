import { Search } from "lucide-react";
import { Form } from "react-router";
import { Input } from "~/components/forms/field";
import { smallButton, TableScroll, tableClass, thClass } from "./ui";

/**
 * An admin list's table: it scrolls sideways (TableScroll), has one header cell per column and,
 * with `actions`, a last column for row buttons whose header only screen readers read. Each row
 * is rendered by `row` (a whole `<tr>`). With no rows it shows `empty`, or nothing without it.
 */
export function AdminTable<T>({
  columns,
  actions,
  rows,
  row,
  empty,
}: {
  columns: string[];
  actions?: string;
  rows: readonly T[];
  row: (item: T) => React.ReactNode;
  empty?: string;
}) {
  if (rows.length === 0) return empty ? <p className="text-sm text-slate-600">{empty}</p> : null;
  return (
    <TableScroll>
      <table className={tableClass}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} className={thClass}>
                {c}
              </th>
            ))}
            {actions ? (
              <th className={thClass}>
                <span className="sr-only">{actions}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{rows.map(row)}</tbody>
      </table>
    </TableScroll>
  );
}

/**
 * An admin list's search: a GET form back to the admin page that keeps the tab (and any other
 * `keep` parameters) and sends the query as `q`.
 */
export function AdminSearch({
  tab,
  id,
  label,
  placeholder,
  query,
  keep = {},
}: {
  tab: string;
  id: string;
  label: string;
  placeholder: string;
  query: string | undefined;
  keep?: Record<string, string>;
}) {
  return (
    <Form method="get" action="." className="mb-4 flex gap-2" role="search">
      <input type="hidden" name="tab" value={tab} />
      {Object.entries(keep).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Input id={id} name="q" type="search" defaultValue={query} placeholder={placeholder} />
      <button type="submit" className={smallButton}>
        <Search className="size-4" aria-hidden />
        {label}
      </button>
    </Form>
  );
}
