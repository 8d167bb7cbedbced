// Every table, one file per feature that owns it (drizzle-kit reads this module).
export * from "./admin";
export * from "./alerts";
export * from "./auth";
export * from "./calendar";
export * from "./chat";
export * from "./content";
export * from "./delivery";
export * from "./dividends";
export * from "./mail";
export * from "./market";
export * from "./news";
export * from "./newsletter";
export * from "./push";
export * from "./rate-limit";
export * from "./settings";
export * from "./site-forms";
export * from "./watchlists";
