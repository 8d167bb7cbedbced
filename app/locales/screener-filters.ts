// The screener's Shariah and dividend-yield texts (English), loaded by the modules that read them (see ~/lib/i18n).
import { addNamespaces } from "~/lib/i18n";

addNamespaces(import.meta.glob("./en/screener-filters.json", { eager: true }));
