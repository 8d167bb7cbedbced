// npm run admin:grant -- <email>
import { grantAdminByEmail } from "#server/auth/roles";
import { withServices } from "./cli-services";

const email = process.argv[2];
if (!email) {
  console.error("Usage: npm run admin:grant -- <email>");
  process.exit(64);
}
await withServices(async (s) => {
  if (await grantAdminByEmail(s.db, email)) {
    console.log(`${email} is now an admin.`);
  } else {
    console.error(`No user with email ${email}. Ask them to sign up first.`);
    process.exitCode = 1;
  }
});
