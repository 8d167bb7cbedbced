// The admin area's texts in every language, loaded by the admin's modules only: the Arabic chunk
// that other pages load leaves them out too (see ~/lib/i18n and ~/lib/catalogs/ar.ts).
import { addNamespaces } from "~/lib/i18n";

addNamespaces(import.meta.glob("./*/admin.json", { eager: true }));
