// The screens namespace's English texts (saved screener screens), loaded by the modules that read them (see ~/lib/i18n).
import { addNamespaces } from "~/lib/i18n";

addNamespaces(import.meta.glob("./en/screens.json", { eager: true }));
