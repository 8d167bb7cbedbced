export * from "./alerting";
export * from "./app-tables";
export * from "./auth";
export * from "./channels";
export * from "./content";
export * from "./instruments";
export * from "./watchlists";
