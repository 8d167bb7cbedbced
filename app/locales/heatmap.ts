// The heatmap namespace's English texts, loaded by the modules that read them (see ~/lib/i18n).
import { addNamespaces } from "~/lib/i18n";

addNamespaces(import.meta.glob("./en/heatmap.json", { eager: true }));
