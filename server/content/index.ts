export { seedContent } from "./seed";
export { createContent } from "./service";
export type * from "./types";
