import { defineConfig } from "drizzle-kit";

// Generates SQL migrations from the schema; the app applies them at start (server/db/migrate.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema/index.ts",
  out: "./server/db/migrations",
});
