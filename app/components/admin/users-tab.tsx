import { Search } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Input } from "~/components/forms/field";
import type { TabData } from "./tab-data";
import {
  Badge,
  dangerButton,
  formatDate,
  Pagination,
  Panel,
  smallButton,
  TableScroll,
  tableClass,
  tdClass,
  thClass,
  useAdminFetcher,
} from "./ui";
import "~/locales/admin";

type Data = TabData<"users">;
type Row = Data["rows"][number];

export function UsersTab({ data, me }: { data: Data; me: { id: string; email: string } }) {
  const { t } = useTranslation("admin");
  return (
    <Panel title={t("users.title", { count: data.total })}>
      <Form method="get" action="." className="mb-4 flex gap-2" role="search">
        <input type="hidden" name="tab" value="users" />
        <label htmlFor="user-search" className="sr-only">
          {t("users.search")}
        </label>
        <Input
          id="user-search"
          name="q"
          type="search"
          defaultValue={data.q}
          placeholder={t("users.searchPlaceholder")}
        />
        <button type="submit" className={smallButton}>
          <Search className="size-4" aria-hidden />
          {t("users.search")}
        </button>
      </Form>
      {data.rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t("users.empty")}</p>
      ) : (
        <TableScroll>
          <table className={tableClass}>
            <thead>
              <tr>
                <th className={thClass}>{t("users.email")}</th>
                <th className={thClass}>{t("users.name")}</th>
                <th className={thClass}>{t("users.joined")}</th>
                <th className={thClass}>{t("users.verified")}</th>
                <th className={thClass}>{t("users.role")}</th>
                <th className={thClass}>
                  <span className="sr-only">{t("users.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.rows.map((u) => (
                <UserRow key={u.id} user={u} isMe={u.id === me.id} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Pagination pageSize={20} total={data.total} param="page" label={t("users.pages")} />
    </Panel>
  );
}

function UserRow({ user, isMe }: { user: Row; isMe: boolean }) {
  const { t } = useTranslation("admin");
  const { fetcher, busy } = useAdminFetcher();
  const act = (intent: string, label: string, danger = false, confirm?: string) => (
    <fetcher.Form
      method="post"
      action="?tab=users"
      preventScrollReset
      onSubmit={(e) => {
        if (confirm && !window.confirm(confirm)) e.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="userId" value={user.id} />
      <button
        type="submit"
        className={danger ? dangerButton : smallButton}
        disabled={busy}
        aria-label={`${label}: ${user.email}`}
      >
        {label}
      </button>
    </fetcher.Form>
  );
  return (
    <tr>
      <td className={`${tdClass} whitespace-nowrap`}>
        {user.email}
        {isMe ? <span className="ms-1 text-xs text-slate-500">{t("users.you")}</span> : null}
      </td>
      <td className={tdClass}>{user.name}</td>
      <td className={`${tdClass} whitespace-nowrap`}>{formatDate(user.createdAt)}</td>
      <td className={tdClass}>
        {user.emailVerified ? (
          <Badge tone="green">{t("users.yes")}</Badge>
        ) : (
          <Badge tone="slate">{t("users.no")}</Badge>
        )}
      </td>
      <td className={tdClass}>
        <span className="flex flex-wrap gap-1">
          {user.isAdmin ? (
            <Badge tone="blue">{t("users.admin")}</Badge>
          ) : (
            <Badge tone="slate">{t("users.member")}</Badge>
          )}
          {user.banned ? <Badge tone="red">{t("users.banned")}</Badge> : null}
        </span>
      </td>
      <td className={tdClass}>
        <div className="flex flex-wrap justify-end gap-2">
          {user.isAdmin
            ? act(
                "revokeAdmin",
                t("users.revokeAdmin"),
                false,
                t("users.confirmRevoke", { email: user.email }),
              )
            : act("grantAdmin", t("users.grantAdmin"))}
          {isMe
            ? null
            : user.banned
              ? act("unban", t("users.unban"))
              : act("ban", t("users.ban"), true, t("users.confirmBan", { email: user.email }))}
        </div>
      </td>
    </tr>
  );
}
