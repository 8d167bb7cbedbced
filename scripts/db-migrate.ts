// npm run db:migrate — migrations also run at every start; this runs them alone.
import { withServices } from "./cli-services";

await withServices(async () => {
  console.log("Database is migrated.");
});
