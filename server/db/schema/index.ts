export * from "./app-tables";
export * from "./auth";
export * from "./content";
export * from "./instruments";
