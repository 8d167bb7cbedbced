import { useTranslation } from "react-i18next";
import type { TabData } from "./tab-data";
import { AdminSearch, AdminTable } from "./table";
import {
  Badge,
  dangerButton,
  formatDate,
  Pagination,
  Panel,
  smallButton,
  tdClass,
  useAdminFetcher,
} from "./ui";
import "~/locales/admin";

type Data = TabData<"users">;
type Row = Data["rows"][number];

export function UsersTab({ data, me }: { data: Data; me: { id: string; email: string } }) {
  const { t } = useTranslation("admin");
  return (
    <Panel title={t("users.title", { count: data.total })}>
      <AdminSearch
        tab="users"
        id="user-search"
        label={t("users.search")}
        placeholder={t("users.searchPlaceholder")}
        query={data.q}
      />
      <AdminTable
        columns={[t("users.email"), t("users.name"), t("users.joined"), t("users.verified"), t("users.role")]}
        actions={t("users.actions")}
        rows={data.rows}
        row={(u) => <UserRow key={u.id} user={u} isMe={u.id === me.id} />}
        empty={t("users.empty")}
      />
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
