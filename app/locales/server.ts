// The server's refusals and confirmations (AppError and schema messages) in the page's language,
// loaded with ~/lib/server-text, which every form that shows them imports.
import { addNamespaces } from "~/lib/i18n";

addNamespaces(import.meta.glob("./en/server.json", { eager: true }));
