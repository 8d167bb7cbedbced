import { addNamespaces } from "~/lib/i18n";

// The admin area's strings load with the admin route, not with every page (see ~/lib/i18n).
addNamespaces(import.meta.glob("../../locales/*/admin.json", { eager: true }));
