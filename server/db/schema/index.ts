export * from "./app-tables";
export * from "./auth";
