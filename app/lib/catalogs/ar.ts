// Arabic's catalogs as one chunk, loaded only by Arabic pages (see loadLanguage in ../i18n.ts).
// The admin namespace stays with the admin route (app/locales/admin.ts); mail is the
// server's alone (server/mail/i18n.ts).
export default import.meta.glob<{ default: Record<string, unknown> }>(
  ["../../locales/ar/*.json", "!../../locales/ar/admin.json", "!../../locales/ar/mail.json"],
  { eager: true },
);
