import type { FormKind } from "#common/site-forms-schema";

/** The admin inbox: "open" hides handled submissions. */
export type InboxFilter = "open" | "all";

/** A stored contact, partnership or access-request submission. */
export interface Submission {
  id: string;
  kind: FormKind;
  email: string;
  payload: Record<string, string>;
  handled: boolean;
  createdAt: Date;
}

/** The site's forms (contact, partnership, live market access) and the admin's inbox of them. */
export interface SiteForms {
  /** Checks, stores and forwards one submission; AppErrors carry a "forms" i18n key. */
  submit(kind: FormKind, form: Record<string, unknown>, meta: { ip: string }): Promise<{ id: string }>;
  /** The admin inbox: submissions newest first, with the total and the open count. */
  submissions(opts: {
    filter: InboxFilter;
    page: number;
    pageSize: number;
  }): Promise<{ rows: Submission[]; total: number; open: number }>;
  /** Marks a submission handled (or open again); not_found when it is gone. */
  setHandled(input: { id: string; handled: boolean }): Promise<Pick<Submission, "id" | "kind" | "email">>;
}
